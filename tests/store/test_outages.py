"""The store when its host fails it: a full disk, a read-only file, a PostgreSQL server that goes away.

Each failure is a real one (a file SQLite may not grow, ``query_only``, a
private server stopped with ``pg_ctl``) and comes out of ``read()`` and
``write()`` as ``StoreUnavailable`` with its problem named, with nothing of the
transaction kept; the store works again, in the same process, once the
failure is gone.
"""
from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest
from outages import PrivateServer, fill_file, private_postgres  # noqa: F401  (fixture)

from bot.store import GameStatus, Problem, Store, StoreUnavailable, open_store
from bot.store import postgres as postgres_store

from .helpers import lobby_id


async def _languages(store: Store) -> dict[int, str]:
    async with store.read() as tx:
        return await tx.languages.of_users([1, 2])


async def test_a_full_sqlite_file_refuses_the_whole_transaction_and_takes_writes_again_when_there_is_room(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = await open_store(tmp_path / "games.sqlite3")
    try:
        await lobby_id(store, 10, host_seated=True)
        pages = await asyncio.to_thread(fill_file, tmp_path / "games.sqlite3")
        async with store.read() as tx:
            await tx.db.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StoreUnavailable) as raised:
            async with store.write() as tx:
                await tx.languages.remember(1, "hu", 200.0)       # fits in a page the file has
                for channel in range(11, 200):                    # these do not
                    await tx.games.create_lobby(guild_id=5, channel_id=channel, kind="alcazar", host_id=1,
                                                settings={"padding": "x" * 500}, seed=7, now=200.0)
        assert raised.value.problem is Problem.DISK_FULL and "full" in raised.value.detail
        assert await _languages(store) == {}, "nothing of the transaction was kept"
        async with store.read() as tx:
            assert [g.channel_id for g in await tx.games.with_status(GameStatus.LOBBY)] == [10]
        assert len([r for r in caplog.records if "unavailable, disk full" in r.getMessage()]) == 1

        async with store.read() as tx:
            await tx.db.execute("PRAGMA max_page_count = 1073741823")
        async with store.write() as tx:
            await tx.languages.remember(1, "hu", 300.0)
        assert await _languages(store) == {1: "hu"}
    finally:
        await store.close()


async def test_a_read_only_sqlite_file_is_unavailable_for_writes_and_still_read(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "games.sqlite3")
    try:
        game_id = await lobby_id(store, 10, host_seated=True)
        async with store.read() as tx:
            await tx.db.execute("PRAGMA query_only = 1")   # SQLite refuses writes: SQLITE_READONLY
        with pytest.raises(StoreUnavailable) as raised:
            async with store.write() as tx:
                await tx.seats.add(game_id, 2, 200.0)
        assert raised.value.problem is Problem.READ_ONLY
        async with store.read() as tx:
            assert [s.user_id for s in await tx.seats.of_game(game_id)] == [1], "still read, unchanged"
            await tx.db.execute("PRAGMA query_only = 0")
        async with store.write() as tx:
            await tx.seats.add(game_id, 2, 200.0)
        async with store.read() as tx:
            assert [s.user_id for s in await tx.seats.of_game(game_id)] == [1, 2]
    finally:
        await store.close()


async def test_postgres_going_away_mid_transaction_and_for_longer_than_the_pool_retries_comes_back(
        private_postgres: PrivateServer, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    """Longer than ``RECONNECT_TIMEOUT`` (shortened here to 2 s), after which psycopg_pool gives its
    attempt up: the store still finds the server again, in seconds, without being opened anew."""
    caplog.set_level(logging.INFO, logger="bot.store")
    monkeypatch.setattr(postgres_store, "RECONNECT_TIMEOUT", 2.0)
    store = await open_store(private_postgres.url)
    try:
        game_id = await lobby_id(store, 10, host_seated=True)
        with pytest.raises(StoreUnavailable) as raised:
            async with store.write() as tx:
                await tx.seats.add(game_id, 2, 200.0)
                await asyncio.to_thread(private_postgres.stop)     # the server goes before COMMIT
                await tx.seats.add(game_id, 3, 200.0)
        assert raised.value.problem is Problem.UNREACHABLE

        waits = []
        outage_ends = time.monotonic() + 6.0     # three times the shortened give-up time
        while time.monotonic() < outage_ends:
            started = time.monotonic()
            with pytest.raises(StoreUnavailable):
                await _languages(store)
            waits.append(time.monotonic() - started)
            await asyncio.sleep(0.5)
        assert max(waits) < postgres_store.CONNECTION_TIMEOUT + 0.5, waits
        assert any("still no connection" in r.getMessage() for r in caplog.records), \
            "the pool gave an attempt up during the outage"

        await asyncio.to_thread(private_postgres.start)
        started = time.monotonic()
        while True:
            try:
                async with store.read() as tx:
                    seats = [s.user_id for s in await tx.seats.of_game(game_id)]
                break
            except StoreUnavailable:
                assert time.monotonic() - started < 15.0, "the store did not find the server again"
                await asyncio.sleep(0.2)
        back_after = time.monotonic() - started
        assert seats == [1], "the transaction cut short left nothing"
        async with store.write() as tx:
            await tx.seats.add(game_id, 2, 300.0)
        async with store.read() as tx:
            assert [s.user_id for s in await tx.seats.of_game(game_id)] == [1, 2]
        assert len([r for r in caplog.records if "is unavailable, unreachable" in r.getMessage()]) == 1
        assert any("available again" in r.getMessage() for r in caplog.records)
        print(f"waits during the outage {min(waits):.2f}-{max(waits):.2f} s; back {back_after:.2f} s after start")
    finally:
        await store.close()
