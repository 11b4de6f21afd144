"""A survey reads a database's schema version and live games and changes nothing, on both backends."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, GameStatus, Store, is_database_url
from bot.store.postgres import DatabaseUnavailable
from bot.store.survey import DatabaseUnreadable, LiveGame, survey


async def add_games(store: Store) -> list[int]:
    """A lobby, a running game and a finished one, in three channels of guild 1."""
    ids = []
    async with store.write() as tx:
        for channel_id, status in ((10, None), (11, GameStatus.ACTIVE), (12, GameStatus.FINISHED)):
            game = await tx.games.create_lobby(guild_id=1, channel_id=channel_id, kind="alcazar1978", host_id=5,
                                               settings={}, seed=1, now=1.0)
            if status is not None:
                await tx.games.set_status(game.id, status, 2.0)
            ids.append(game.id)
    return ids


async def set_version(store: Store, version: int) -> None:
    async with store.write() as tx:
        if store.shared:
            await tx.db.execute("UPDATE schema_version SET version = ?", (version,))
        else:
            await tx.db.execute(f"PRAGMA user_version = {int(version)}")


async def test_a_current_database_and_its_live_games(store: Store, database: str | Path) -> None:
    lobby, running, _finished = await add_games(store)
    found = await survey(database)
    assert found.exists and found.is_current and found.schema_version == SCHEMA_VERSION
    assert found.live_games == (LiveGame(lobby, 1, 10, "lobby"), LiveGame(running, 1, 11, "active"))


async def test_a_newer_database_is_said_newer_and_not_touched(store: Store, database: str | Path) -> None:
    await add_games(store)
    await set_version(store, SCHEMA_VERSION + 1)
    found = await survey(database)
    assert found.is_newer and not found.is_older and found.schema_version == SCHEMA_VERSION + 1
    assert len(found.live_games or ()) == 2   # the games table is still readable
    assert await store.schema_version() == SCHEMA_VERSION + 1


async def test_an_older_database_is_not_migrated_by_the_survey(store: Store, database: str | Path) -> None:
    await set_version(store, SCHEMA_VERSION - 1)
    found = await survey(database)
    assert found.is_older and found.schema_version == SCHEMA_VERSION - 1
    assert await store.schema_version() == SCHEMA_VERSION - 1


async def test_a_missing_sqlite_file_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "games.sqlite3"
    found = await survey(path)
    assert not found.exists and found.schema_version == 0 and found.live_games == ()
    assert not path.parent.exists()


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_text("not a database" * 200)
    with pytest.raises(DatabaseUnreadable, match="Cannot read the SQLite file"):
        await survey(path)


async def test_a_postgresql_database_without_tables_is_at_version_0(postgres_database: str) -> None:
    assert is_database_url(postgres_database)
    found = await survey(postgres_database)
    assert found.exists and found.schema_version == 0 and found.live_games == () and found.is_older


async def test_an_unreachable_postgresql_server_is_said_without_the_password() -> None:
    with pytest.raises(DatabaseUnavailable) as raised:
        await survey("postgresql://alcazar:secret@127.0.0.1:9/alcazar")
    assert "alcazar:***@127.0.0.1:9" in str(raised.value) and "secret" not in str(raised.value)
