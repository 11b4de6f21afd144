"""The one database call the repositories make, for either backend.

Repositories write their SQL once, with ``?`` placeholders, in the dialect
SQLite and PostgreSQL share (``INSERT … ON CONFLICT``, ``RETURNING``, row
values). A backend's ``Db`` runs it: SQLite as it is, PostgreSQL after
turning the placeholders into psycopg's ``%s``. Constraint violations come
out as this module's ``IntegrityError`` whichever driver raised them.

Failures that are the host's and not the player's (the server unreachable,
the disk full, the file read-only) come out of the store's transaction
wrappers as ``StoreUnavailable``, with a ``Problem`` saying which; nothing of
the transaction was kept. ``Availability`` says so in the log once per outage.
"""
from __future__ import annotations

import logging
import sqlite3
from enum import Enum
from typing import Any, Iterable, Protocol, Sequence

import aiosqlite

log = logging.getLogger(__name__)


class IntegrityError(Exception):
    """A constraint of the schema refused a write (unique, foreign key, check).

    ``constraint`` names the constraint when the driver says which one
    (PostgreSQL); with SQLite the message names the columns instead.
    """

    def __init__(self, message: str, constraint: str | None = None) -> None:
        super().__init__(message)
        self.constraint = constraint

    def about(self, constraint: str, columns: str) -> bool:
        """Whether the violated constraint is ``constraint`` (PostgreSQL) or covers ``columns`` (SQLite)."""
        return self.constraint == constraint or columns in str(self)


class Problem(Enum):
    """Why the store cannot take work now: always the host's to fix, never the player's."""

    UNREACHABLE = "unreachable"      # the server is down or the pool has no connection for us
    DISK_FULL = "disk full"
    READ_ONLY = "read-only"
    DISK_ERROR = "disk error"        # the file cannot be opened or read and written


class StoreUnavailable(Exception):
    """The store cannot take this now (``problem`` says why); the read or transaction left nothing behind."""

    def __init__(self, problem: Problem, detail: str) -> None:
        super().__init__(f"{problem.value}: {detail}")
        self.problem = problem
        self.detail = detail


# SQLite's primary result codes (the low byte of an extended code) that are the host's failures.
_SQLITE_PROBLEMS = {
    8: Problem.READ_ONLY,     # SQLITE_READONLY
    10: Problem.DISK_ERROR,   # SQLITE_IOERR
    13: Problem.DISK_FULL,    # SQLITE_FULL: "database or disk is full"
    14: Problem.DISK_ERROR,   # SQLITE_CANTOPEN: "unable to open database file"
}


def sqlite_problem(error: BaseException) -> StoreUnavailable | None:
    """``error`` as ``StoreUnavailable`` when SQLite failed for the host's reasons; None otherwise."""
    if not isinstance(error, sqlite3.Error) or isinstance(error, sqlite3.IntegrityError):
        return None
    code = getattr(error, "sqlite_errorcode", None)
    problem = None if code is None else _SQLITE_PROBLEMS.get(code & 0xFF)
    return None if problem is None else StoreUnavailable(problem, str(error))


class Availability:
    """Whether the store took its last piece of work; the log hears of an outage once, and of its end.

    Every click and every poll of the background work meets the same outage: one
    warning with the reason when it begins, one line when the store works again.
    """

    def __init__(self, store_name: str) -> None:
        self.store_name = store_name
        self.down: StoreUnavailable | None = None

    def failed(self, error: StoreUnavailable) -> None:
        if self.down is None or self.down.problem is not error.problem:
            log.warning("The game store (%s) is unavailable, %s: %s. Players are told nothing was changed; "
                        "work goes on by itself when it is back.", self.store_name, error.problem.value,
                        error.detail)
        self.down = error

    def worked(self, *, wrote: bool) -> None:
        """A read or (``wrote``) a transaction went through. On a full disk or a read-only file
        reads still work: only a write ends such an outage."""
        if self.down is not None and (wrote or self.down.problem is Problem.UNREACHABLE):
            log.info("The game store (%s) is available again.", self.store_name)
            self.down = None


class Rows(Protocol):
    """What a statement returns: its rows and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...


class Db(Protocol):
    """A connection inside one read or transaction of the store.

    ``row_lock`` ends a SELECT that locks the rows it reads until the
    transaction ends: ``FOR UPDATE`` on PostgreSQL; nothing on SQLite, where
    one process writes one transaction at a time anyway.
    """

    row_lock: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


class SqliteDb:
    """``Db`` over the store's aiosqlite connection."""

    row_lock = ""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        try:
            return await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
