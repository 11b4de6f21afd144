"""The note that a player's DMs are closed: recorded once per game and player, kept across a reopen."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import SCHEMA_VERSION, Store, open_store


async def _lobby(store: Store, channel_id: int) -> int:
    async with store.write() as tx:
        game = await tx.games.create_lobby(guild_id=5, channel_id=channel_id, kind="alcazar", host_id=1,
                                           settings={}, seed=7, now=100.0)
    return game.id


async def test_a_note_is_recorded_once_per_game_and_player_and_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    try:
        first, second = await _lobby(store, 10), await _lobby(store, 11)
        async with store.write() as tx:
            assert await tx.dm_notes.note_once(first, 42, 200.0) is True
            assert await tx.dm_notes.note_once(first, 42, 201.0) is False
            assert await tx.dm_notes.note_once(first, 43, 202.0) is True
            assert await tx.dm_notes.note_once(second, 42, 203.0) is True
    finally:
        await store.close()
    reopened = await open_store(path)
    try:
        async with reopened.write() as tx:
            assert await tx.dm_notes.note_once(first, 42, 300.0) is False
    finally:
        await reopened.close()


async def test_a_version_2_database_gains_the_notes_table(tmp_path: Path) -> None:
    from bot.store.schema import MIGRATIONS, split_statements

    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for migration in MIGRATIONS[:2]:
        for statement in split_statements(migration):
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 2")
    conn.close()
    store = await open_store(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game = await _lobby(store, 12)
        async with store.write() as tx:
            assert await tx.dm_notes.note_once(game, 42, 200.0) is True
    finally:
        await store.close()
