"""The one database call the repositories make, for either backend.

Repositories write their SQL once, with ``?`` placeholders, in the dialect
SQLite and PostgreSQL share (``INSERT … ON CONFLICT``, ``RETURNING``, row
values). A backend's ``Db`` runs it: SQLite as it is, PostgreSQL after
turning the placeholders into psycopg's ``%s``. Constraint violations come
out as this module's ``IntegrityError`` whichever driver raised them.
"""
from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Protocol, Sequence

import aiosqlite


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
