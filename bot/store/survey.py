"""A look at a game database without changing it: its schema version and its live games.

``manage.py check`` asks this before the bot starts. ``open_store`` would
migrate an older database (and create a missing one); a survey only reads,
so it can say what starting the bot *would* do.
"""
from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store.postgres import DatabaseUnavailable, without_password
from bot.store.schema import SCHEMA_VERSION
from bot.store.base import is_database_url

#: Every schema version has had these columns (migration 1 made them).
LIVE_GAMES = "SELECT id, guild_id, channel_id, status FROM games WHERE status IN ('lobby', 'active') ORDER BY id"


class DatabaseUnreadable(Exception):
    """The database could not be opened or read; the message says why."""


@dataclass(frozen=True)
class LiveGame:
    """A lobby or a running game, where it is played."""

    game_id: int
    guild_id: int
    channel_id: int     # a channel or a thread
    status: str         # lobby or active


@dataclass(frozen=True)
class DatabaseSurvey:
    """What a database holds, as far as starting the bot is concerned."""

    where: str                              # the file, or the URL without its password
    exists: bool                            # False: a SQLite file the bot will create
    schema_version: int                     # 0: no tables yet
    live_games: tuple[LiveGame, ...] | None  # None: a newer schema whose games this bot cannot read

    @property
    def is_current(self) -> bool:
        return self.schema_version == SCHEMA_VERSION

    @property
    def is_older(self) -> bool:
        """Starting the bot migrates it."""
        return self.schema_version < SCHEMA_VERSION

    @property
    def is_newer(self) -> bool:
        """Written by a newer bot: this one refuses to start on it."""
        return self.schema_version > SCHEMA_VERSION


async def survey(target: str | Path) -> DatabaseSurvey:
    """Survey the SQLite file at a path or the PostgreSQL database of a URL, read-only."""
    if is_database_url(target):
        return await _survey_postgres(str(target))
    return await asyncio.to_thread(_survey_sqlite, Path(target))


def _live_games(rows: Any) -> tuple[LiveGame, ...]:
    return tuple(LiveGame(int(game_id), int(guild_id), int(channel_id), str(status))
                 for game_id, guild_id, channel_id, status in rows)


def _survey_sqlite(path: Path) -> DatabaseSurvey:
    if not path.exists():
        return DatabaseSurvey(str(path), exists=False, schema_version=0, live_games=())
    try:
        # mode=ro: the survey never writes, not even a journal of its own.
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise DatabaseUnreadable(f"Cannot open the SQLite file {path}: {error}") from None
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        games: tuple[LiveGame, ...] | None = ()
        if version > 0:
            try:
                games = _live_games(conn.execute(LIVE_GAMES).fetchall())
            except sqlite3.Error:
                if version <= SCHEMA_VERSION:
                    raise
                games = None    # a newer bot's tables, which this one need not understand
        return DatabaseSurvey(str(path), exists=True, schema_version=version, live_games=games)
    except sqlite3.Error as error:
        raise DatabaseUnreadable(f"Cannot read the SQLite file {path}: {error}") from None
    finally:
        conn.close()


async def _survey_postgres(url: str) -> DatabaseSurvey:
    import psycopg

    where = without_password(url)
    try:
        conn = await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=15)
    except psycopg.OperationalError as error:
        raise DatabaseUnavailable(f"Cannot connect to the PostgreSQL database {where}: {str(error).strip()}") from None
    async with conn:
        try:
            version = await _postgres_version(conn)
            games: tuple[LiveGame, ...] | None = ()
            if version > 0:
                try:
                    games = _live_games(await (await conn.execute(LIVE_GAMES)).fetchall())
                except psycopg.Error:
                    if version <= SCHEMA_VERSION:
                        raise
                    games = None    # a newer bot's tables, which this one need not understand
        except psycopg.Error as error:
            raise DatabaseUnreadable(f"Cannot read the PostgreSQL database {where}: {str(error).strip()}") from None
    return DatabaseSurvey(where, exists=True, schema_version=version, live_games=games)


async def _postgres_version(conn: Any) -> int:
    """The ``schema_version`` table's number; 0 when the bot has not made its tables yet."""
    cursor = await conn.execute("SELECT to_regclass('schema_version') IS NOT NULL")
    if not (await cursor.fetchone())[0]:
        return 0
    row = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
    return 0 if row is None else int(row[0])
