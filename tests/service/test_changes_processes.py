"""The change feed across processes on one PostgreSQL database: LISTEN/NOTIFY, and its reconnection."""
from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import psycopg
import pytest

from bot.service import FakeClock, GameChange, GameService, SystemClock
from bot.store import open_store

from .helpers import open_table
from .test_process_races import Process

pytestmark = pytest.mark.usefixtures("postgres_database")


async def test_a_move_made_in_another_process_reaches_a_subscriber_here_within_a_second(
        postgres_database: str) -> None:
    clock = FakeClock()
    store = await open_store(postgres_database)
    service = GameService(store, clock)
    other = Process(postgres_database)       # a real OS process, with its own store and service
    try:
        table = await open_table(service, "alcazar1978", 2)
        await service.changes.start()
        await other.start()
        async with service.changes.subscribe() as feed:
            for _ in range(3):
                version = table.last.game.version
                move = table.pick(win=False)
                sent = time.monotonic()
                other.send(clock.now(), [("play", table.game_id, table.to_move_id, move, version)])
                change = await asyncio.wait_for(feed.__anext__(), 1.0)
                heard_after = time.monotonic() - sent
                [answer] = await other.answers()
                assert answer.outcome == "accepted", answer
                assert change == GameChange(table.game_id, version + 1)
                assert heard_after < 1.0
                # This process follows the game on from the other's move.
                table.shadow = table.engine.play(table.shadow, move)
                table.last = replace(table.last, game=await service.records.game(table.game_id))
            # A move made here reaches the subscriber once: at its commit, not again through the server.
            await table.play()
            assert await asyncio.wait_for(feed.__anext__(), 1.0) == GameChange(table.game_id, table.last.game.version)
            await asyncio.sleep(0.5)
            assert feed.waiting == 0
    finally:
        other.stop()
        await service.changes.stop()
        await store.close()


async def test_after_a_lost_connection_the_feed_listens_again_and_catches_up(postgres_database: str) -> None:
    here_store, there_store = await open_store(postgres_database), await open_store(postgres_database)
    here, there = GameService(here_store, SystemClock()), GameService(there_store, SystemClock())
    try:
        table = await open_table(there, "alcazar1978", 2)
        await here.changes.start()
        listener = here.changes.listener
        assert listener is not None and listener.listening
        async with here.changes.subscribe() as feed:
            await _end_the_listening_connection(postgres_database)     # as a server restart would
            for _ in range(100):
                if not listener.listening:
                    break
                await asyncio.sleep(0.01)
            await table.play()                # while nobody listens here: caught up after reconnecting
            change = await asyncio.wait_for(feed.__anext__(), 5.0)
            # Heard from the move's notice, or caught up as a change that may have left the version.
            assert (change.game_id, change.version) == (table.game_id, table.last.game.version)
            assert listener.listening and listener.losses == 1
            await table.play()                # and heard as it happens again
            assert await asyncio.wait_for(feed.__anext__(), 1.0) == GameChange(table.game_id, table.last.game.version)
    finally:
        await here.changes.stop()
        await here_store.close()
        await there_store.close()


async def _end_the_listening_connection(url: str) -> None:
    """The server ends the connection that LISTENs on this test's channel (its name holds the schema)."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        schema = (await (await conn.execute("SELECT current_schema()")).fetchone())[0]
        cursor = await conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE query LIKE %s AND pid <> pg_backend_pid()", (f"LISTEN %{schema}%",))
        assert [row[0] for row in await cursor.fetchall()] == [True]
