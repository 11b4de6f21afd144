"""What one move costs the service: hops to the worker thread, transactions and reads of the store.

The figures of ``bench/pipeline.py`` rest on these: a move that grew a hop or a
transaction would be found there only as a slower median.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

import pytest

from bot.service import GameService
from bot.store import GameStatus, Store

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


async def test_a_move_and_its_posting_are_read_in_one_transaction(
        store: Store, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    # The turn line's time away and the hand DM's row are read in the move's own transaction, so no
    # second one follows the commit (on PostgreSQL: no second connection from the pool).
    opened: list[str] = []

    def counting(kind: str, original: Callable[[], Any]) -> Callable[[], Any]:
        @asynccontextmanager
        async def counted() -> AsyncIterator[Any]:
            opened.append(kind)
            async with original() as tx:
                yield tx
        return counted

    for channel, (kind, players) in enumerate((("alcazar", 3), ("alcazar1978", 2))):
        table = await open_table(service, kind, players, seed=5, channel_id=500 + channel)
        await table.play()                     # held in memory from here on
        monkeypatch.setattr(store, "read", counting("read", store.read))
        monkeypatch.setattr(store, "write", counting("write", store.write))
        for _ in range(6):
            opened.clear()
            result = await table.play()
            assert opened == ["write"], opened
            if result.game.status is not GameStatus.ACTIVE:
                break
        monkeypatch.undo()
