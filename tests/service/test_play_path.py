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


async def test_a_lost_race_costs_the_loser_a_few_waits_and_leaves_its_connection_as_good_as_a_won_one(
        db_path: Any, service: GameService, clock: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Another process (its own store) wins the race for a board's button; this one's commit finds the
    # version moved on and is rolled back. On PostgreSQL psycopg prepares statements (by default,
    # from their fifth use) and the pipeline skips everything after the error the lost race causes,
    # a statement's preparation among them: the loser's connection must still serve its next moves.
    # What a lost race costs is in docs/service.md: these are its figures.
    from bot.service import Reason, Refusal
    from bot.store import open_store

    other_store = await open_store(db_path)
    try:
        other = GameService(other_store, clock)
        table = await open_table(service, "alcazar", 3, seed=5)
        for _ in range(8):       # statements are prepared on both processes' connections
            await table.play()
        for _ in range(5):
            # The loser plays four moves first: its commit in the race is the fifth use of each of a
            # move's statements since its last rollback, the one psycopg prepares.
            other.core.forget(table.game_id)
            for _ in range(4):
                await _played_on(other, table)
            version, user, text = table.last.game.version, table.to_move_id, table.pick(win=False)
            await table.play(text)
            waits = _counting_waits(monkeypatch)
            lost = await other.turns.play(table.game_id, user, text, version)
            monkeypatch.undo()
            assert isinstance(lost, Refusal) and lost.reason is Reason.STALE_VERSION, lost
            # SQLite: the changes, ROLLBACK. PostgreSQL: the changes, then psycopg's rollback (a Sync,
            # ROLLBACK with DEALLOCATE ALL), the pipeline's end, and at times the deallocation's own.
            assert len(waits) == 2 if waits[0] == "sqlite" else 4 <= len(waits) <= 5, waits
            await _played_on(other, table)      # the loser plays on at once
        if other_store.shared:
            for _ in range(5):
                await _played_on(other, table)
            async with other_store.read() as tx:     # the pool's one connection prepares again
                cursor = await tx.db.execute("SELECT count(*) FROM pg_prepared_statements")
                assert (await cursor.fetchone())[0] > 0
    finally:
        await other_store.close()


async def _played_on(service: GameService, table: Any) -> None:
    """The player to act makes a move through ``service`` (another process than the table's own)."""
    from bot.service import Accepted

    played = await service.turns.play(table.game_id, table.to_move_id, table.pick(win=False), table.last.game.version)
    assert isinstance(played, Accepted), played
    table.follow(played)
