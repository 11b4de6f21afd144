"""What one move costs the service: hops to the worker thread.

The figures of ``bench/pipeline.py`` rest on these: a move that grew a hop would
be found there only as a slower median.
"""
from __future__ import annotations

import asyncio
from typing import Any, Callable

import pytest

from bot.service import GameService
from bot.store import GameStatus

from .helpers import open_table


async def test_a_move_hops_to_the_worker_thread_once(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each hop wakes a thread and the event loop again: the step, the move's parts and the views
    # the posting shows are worked out in one.
    for channel, (kind, players) in enumerate((("alcazar", 3), ("alcazar1978", 2))):
        table = await open_table(service, kind, players, seed=5, channel_id=500 + channel)
        await table.play()
        hops: list[Callable[..., Any]] = []
        to_thread = asyncio.to_thread

        async def counted(work: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
            hops.append(work)
            return await to_thread(work, *args, **kwargs)

        monkeypatch.setattr(asyncio, "to_thread", counted)
        for _ in range(6):
            hops.clear()
            result = await table.play()
            assert len(hops) == 1, [h.__name__ for h in hops]
            if result.game.status is not GameStatus.ACTIVE:
                break
        monkeypatch.undo()
