"""What the service tells the host: moves counted by game and by who chose them, the database's state."""
from __future__ import annotations

import asyncio

from bot.service import FakeClock, GameService
from bot.store import Store
from bot.telemetry import Metrics

from .helpers import computer_to_move, open_table


def moves(metrics: Metrics, game: str, player: str) -> float:
    return metrics.registry.get_sample_value("alcazar_moves_total", {"game": game, "player": player}) or 0.0


async def test_moves_are_counted_by_game_and_by_person_or_computer(store: Store, clock: FakeClock) -> None:
    metrics = Metrics()
    service = GameService(store, clock, metrics=metrics, think_scale=0.01)
    table = await open_table(service, "alcazar1978", 2)
    for _ in range(3):
        await table.play()
    assert moves(metrics, "alcazar1978", "human") == 3
    due = await computer_to_move(service, "easy", channel_id=501)
    assert await service.computers.play_computer_turn(due.game_id, due.version) is not None
    assert moves(metrics, "alcazar1978", "computer") == 1
    assert moves(metrics, "alcazar1978", "human") in (3, 4)
    counts = await service.records.games_by_status()
    assert set(counts) == {"lobby", "active", "finished", "cancelled"}
    assert counts["lobby"] == counts["cancelled"] == 0 and counts["active"] + counts["finished"] == 2


async def test_the_database_is_answering_until_it_is_busy_past_the_timeout_or_closed(
        service: GameService, store: Store) -> None:
    assert await service.records.database_trouble() is None
    if not store.shared:      # SQLite: one transaction at a time in this process, so a long one holds the query
        held, release = asyncio.Event(), asyncio.Event()

        async def long_transaction() -> None:
            async with store.write():
                held.set()
                await release.wait()

        task = asyncio.create_task(long_transaction())
        await held.wait()
        assert await service.records.database_trouble(timeout=0.1) == "timeout"
        release.set()
        await task
    await store.close()
    assert await service.records.database_trouble() not in (None, "timeout")
