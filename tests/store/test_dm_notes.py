"""The note that a player's DMs are closed: recorded once per game and player, kept across a reopen."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import SCHEMA_VERSION, open_store

from .helpers import lobby_id


async def test_a_note_is_recorded_once_per_game_and_player_and_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    try:
        first, second = await lobby_id(store, 10), await lobby_id(store, 11)
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
        game = await lobby_id(store, 12)
        async with store.write() as tx:
            assert await tx.dm_notes.note_once(game, 42, 200.0) is True
    finally:
        await store.close()
