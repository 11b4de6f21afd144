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


async def test_a_move_makes_no_hop_to_a_worker_thread(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    # A hop wakes a thread and the event loop again, which costs as much as the step itself: the
    # step, the move's parts and the views the posting shows are worked out on the loop.
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
            assert hops == [], [h.__name__ for h in hops]
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


def _counting_waits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every time the service waits for the database: a trip to aiosqlite's thread; a wait for
    PostgreSQL's answer outside pipeline mode, and each Sync (the COMMIT's included) in it."""
    import aiosqlite
    import psycopg
    from psycopg._pipeline_base import BasePipeline

    waits: list[str] = []
    trip = aiosqlite.Connection._execute

    async def sqlite_trip(conn: Any, work: Any, *args: Any, **kwargs: Any) -> Any:
        waits.append("sqlite")
        return await trip(conn, work, *args, **kwargs)

    exchange = psycopg.AsyncConnection.wait

    def reads(gen: Any) -> Any:
        """psycopg's generator of one exchange, noting each wait for the server's answer."""
        item = None
        try:
            item = gen.send(None)
            while True:
                if item == psycopg.waiting.Wait.R:
                    waits.append("exchange")
                item = gen.send((yield item))
        except StopIteration as stop:
            return stop.value

    async def postgres_exchange(conn: Any, gen: Any, *args: Any, **kwargs: Any) -> Any:
        return await exchange(conn, reads(gen) if conn._pipeline is None else gen, *args, **kwargs)

    def syncing(method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(pipeline: Any) -> Any:
            waits.append("sync")
            return method(pipeline)
        return counted

    monkeypatch.setattr(aiosqlite.Connection, "_execute", sqlite_trip)
    monkeypatch.setattr(psycopg.AsyncConnection, "wait", postgres_exchange)
    monkeypatch.setattr(BasePipeline, "_sync_gen", syncing(BasePipeline._sync_gen))
    monkeypatch.setattr(BasePipeline, "_exit_gen", syncing(BasePipeline._exit_gen))
    return waits


async def test_a_move_waits_for_the_database_once_for_its_changes_and_reads_and_once_for_the_commit(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    # The changes (version, log line, turn time, snapshot) and the hand DMs' rows, asked ahead, go
    # with the first read after them, the players' time away; then the COMMIT.
    for channel, (kind, players) in enumerate((("alcazar", 3), ("alcazar1978", 2))):
        table = await open_table(service, kind, players, seed=5, channel_id=500 + channel)
        await table.play()
        waits = _counting_waits(monkeypatch)
        for _ in range(6):
            waits.clear()
            result = await table.play()
            assert len(waits) == 2, (kind, len(result.hands), waits)
            if result.game.status is not GameStatus.ACTIVE:
                break
        monkeypatch.undo()
