"""The game database and its transactions, on SQLite or PostgreSQL.

``open_store(target)`` opens a SQLite file for a path and PostgreSQL for a
``postgresql://`` URL; both give the same interface, and nothing above the
store knows which one it is, except ``shared``: whether other processes may
change the database too (PostgreSQL), so that what a process remembers of a
game must be checked against the database before it is trusted.

SQLite: one ``aiosqlite`` connection serves the whole process. Every read and
every transaction holds the store's lock, so statements of two coroutines
never interleave inside one transaction (SQLite writes one transaction at a
time anyway, so nothing is lost by it). PostgreSQL: see ``bot.store.postgres``.

Both backends turn the failures that are the host's (a full disk, a read-only
or unopenable file, an unreachable server) into ``StoreUnavailable`` at the
edge of ``read()`` and ``write()``, after rolling the transaction back, so a
caller meets one exception whichever backend failed, and knows nothing of it
was kept.
"""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import aiosqlite

from bot.store.backup import BackupSummary, backup_sqlite, newest_backup_time
from bot.store.base import Store, Tx, is_database_url, outage_edge
from bot.store.db import Availability, SqliteDb, sqlite_problem
from bot.store.lockfile import DatabaseLock, hold_shared
from bot.store.schema import apply_migrations


async def open_store(target: str | Path) -> Store:
    """Open (creating and migrating when needed) a SQLite file, or the PostgreSQL database of a URL."""
    if is_database_url(target):
        # Imported here so that a bot on SQLite never loads psycopg; the backend imports only the base.
        from bot.store.postgres import PostgresStore

        return await PostgresStore.connect(str(target))
    return await SqliteStore.connect(Path(target))


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


class SqliteStore(Store):
    """The game database in one SQLite file (WAL, foreign keys on), for one process.

    While it is open it holds a shared lock on ``<file>.lock`` (``bot.store.lockfile``),
    so that ``restore`` can tell that a bot is using the file.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path, file_lock: DatabaseLock | None = None) -> None:
        self._conn = conn
        self._db = SqliteDb(conn)
        self._tx = Tx(self._db)
        self._commit_listeners = []
        self._lock = asyncio.Lock()
        self._file_lock = file_lock
        self.path = path
        self.availability = Availability(f"SQLite file {path}")

    @classmethod
    async def connect(cls, path: Path) -> SqliteStore:
        path.parent.mkdir(parents=True, exist_ok=True)
        file_lock = await asyncio.to_thread(hold_shared, path)
        try:
            await asyncio.to_thread(_prepare, str(path))
            conn = aiosqlite.Connection(lambda: _connect(str(path)), iter_chunk_size=64)
            await conn
        except BaseException:
            file_lock.release()
            raise
        return cls(conn, path, file_lock)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()
            if self._file_lock is not None:
                self._file_lock.release()
                self._file_lock = None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self._lock, outage_edge(self.availability, sqlite_problem, writes=False):
            yield self._tx

    @asynccontextmanager
    async def consistent_read(self) -> AsyncIterator[Tx]:
        # In WAL mode a read transaction sees the database as its first SELECT found it, whatever
        # another process commits to the file meanwhile. BEGIN is held and goes with that SELECT.
        async with self._transaction(writes=False, begin="BEGIN DEFERRED") as tx:
            yield tx

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Tx]:
        # sqlite3 issues BEGIN IMMEDIATE itself before the first change (see ``_connect``).
        async with self._transaction(writes=True) as tx:
            yield tx

    @asynccontextmanager
    async def _transaction(self, *, writes: bool, begin: str | None = None) -> AsyncIterator[Tx]:
        """One transaction under the store's lock: ``begin`` (if given) held to go with the first
        statement; committed with the changes still held back, in one trip; rolled back on any error."""
        async with self._lock, outage_edge(self.availability, sqlite_problem, writes=writes):
            if begin is not None:
                await self._db.send(begin)
            self._tx.changes.clear()      # one Tx serves every transaction of the connection
            try:
                yield self._tx
                await self._db.commit()
            except BaseException:
                self._db.drop_held()
                self._tx.changes.clear()
                await self._roll_back()
                raise
            self._committed(self._tx)

    async def _roll_back(self) -> None:
        """End a failed transaction. After SQLITE_FULL or an I/O error SQLite may have rolled it
        back itself already; a ROLLBACK that fails then changes nothing, so it is not news."""
        try:
            await self._conn.rollback()
        except sqlite3.Error:
            pass

    async def schema_version(self) -> int:
        return int(await self.pragma("user_version"))  # type: ignore[call-overload]

    async def backup(self, folder: Path, *, keep: int, now: float) -> BackupSummary:
        # In a thread of its own, with its own connections: the bot's connection and event
        # loop go on serving players while the copy runs, step by step.
        return await asyncio.to_thread(backup_sqlite, self.path, folder, keep=keep, now=now)

    def newest_backup_time(self, folder: Path) -> float | None:
        return newest_backup_time(self.path, folder)

    async def pragma(self, name: str) -> object:
        """The value of a PRAGMA (journal_mode, foreign_keys, …), for checks and tests."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        async with self._lock, outage_edge(self.availability, sqlite_problem, writes=False):
            cursor = await self._conn.execute(f"PRAGMA {name}")
            row = await cursor.fetchone()
            return None if row is None else row[0]
