"""The connection to the game database and its transactions.

One ``aiosqlite`` connection serves the whole process. Every read and every
transaction holds the store's lock, so statements of two coroutines never
interleave inside one transaction (SQLite writes one transaction at a time
anyway, so nothing is lost by it).
"""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import aiosqlite

from bot.store.games import GameRepo, ResultRepo, SeatRepo
from bot.store.languages import LanguageRepo
from bot.store.log import ComputerClaimRepo, MoveLog, SnapshotRepo
from bot.store.messages import PostedMessageRepo
from bot.store.reminders import DmNoteRepo, MuteRepo, ReminderRepo
from bot.store.requests import DrawOfferRepo, UndoRepo
from bot.store.schema import apply_migrations


class Tx:
    """The repositories, bound to the store's connection for one read or transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.games = GameRepo(conn)
        self.seats = SeatRepo(conn)
        self.results = ResultRepo(conn)
        self.moves = MoveLog(conn)
        self.snapshots = SnapshotRepo(conn)
        self.reminders = ReminderRepo(conn)
        self.mutes = MuteRepo(conn)
        self.undo = UndoRepo(conn)
        self.draws = DrawOfferRepo(conn)
        self.dm_notes = DmNoteRepo(conn)
        self.messages = PostedMessageRepo(conn)
        self.computer_claims = ComputerClaimRepo(conn)
        self.languages = LanguageRepo(conn)


def _prepare(path: str) -> None:
    """Switch the file to WAL and bring its schema up to date (before the shared connection opens)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")     # stored in the file: set once, kept
        conn.execute("PRAGMA foreign_keys = ON")
        apply_migrations(conn)
    finally:
        conn.close()


def _connect(path: str) -> sqlite3.Connection:
    """The shared connection, with the settings SQLite keeps per connection."""
    # "IMMEDIATE": sqlite3 opens the write transaction (BEGIN IMMEDIATE) itself, right
    # before a transaction's first INSERT/UPDATE/DELETE, in the same call; that saves a
    # trip to the connection's thread on every move. Reads outside ``write()`` stay in
    # autocommit (a SELECT never opens a transaction).
    conn = sqlite3.connect(path, isolation_level="IMMEDIATE", check_same_thread=False)
    # FULL: a move the players were told about survives a power cut, not only a crash.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 5000")
    return conn


class Store:
    """The game database. Open with ``await Store.open(path)``; close with ``await close()``.

    ``async with store.read() as tx`` runs queries; ``async with store.write() as tx``
    runs one transaction (``BEGIN IMMEDIATE``, issued by sqlite3 before the first
    change, … ``COMMIT``; rolled back on any exception). ``tx`` offers the repositories: ``games``, ``seats``, ``results``,
    ``moves``, ``snapshots``, ``reminders``, ``mutes``, ``undo``, ``draws``, ``dm_notes``, ``messages``,
    ``computer_claims``, ``languages``.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._tx = Tx(conn)
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating and migrating when needed) the database file at ``path``."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(_prepare, str(path))
        conn = aiosqlite.Connection(lambda: _connect(str(path)), iter_chunk_size=64)
        await conn
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Queries outside a transaction (each statement sees the last commit)."""
        async with self._lock:
            yield self._tx

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Tx]:
        """One transaction: committed when the block ends, rolled back when it raises."""
        async with self._lock:
            try:
                yield self._tx
            except BaseException:
                await self._conn.rollback()
                raise
            await self._conn.commit()

    async def schema_version(self) -> int:
        async with self._lock:
            cursor = await self._conn.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            assert row is not None
            return int(row[0])

    async def pragma(self, name: str) -> object:
        """The value of a PRAGMA (journal_mode, foreign_keys, …), for checks and tests."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        async with self._lock:
            cursor = await self._conn.execute(f"PRAGMA {name}")
            row = await cursor.fetchone()
            return None if row is None else row[0]
