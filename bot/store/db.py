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
from typing import Any, Callable, Iterable, Protocol, Sequence, TypeVar

import aiosqlite

T = TypeVar("T")

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

    ``execute`` answers at once. ``send`` and ``send_many`` are for changes whose
    answer nobody reads: a backend may hold them and send them with the next
    statement or the COMMIT, so that a transaction waits once for several (each
    wait is a trip to SQLite's thread or to the PostgreSQL server). Their
    failures come out at the latest when the transaction ends, and nothing of it
    is kept. ``send(…, or_else=error)``: the change must change exactly one row,
    or the transaction fails with ``error`` before it commits; that failure
    outranks one of a statement sent after it, which only followed from it.

    ``ask`` is a read whose rows are wanted a little later: a backend may send it
    with the next statement, so that one wait answers both; fetching its rows
    waits for them if nothing has brought them yet.
    """

    row_lock: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def send(self, sql: str, params: Sequence[Any] = (), *, or_else: Exception | None = None) -> None: ...

    async def send_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def ask(self, sql: str, params: Sequence[Any] = ()) -> Rows: ...


class Held:
    """A statement held back: a change sent with ``send`` (its rows, and what a change of no row means),
    or a read sent with ``ask`` (its ``answer``, filled in SQLite's thread)."""

    __slots__ = ("sql", "rows", "or_else", "answer")

    def __init__(self, sql: str, rows: list[Sequence[Any]], or_else: Exception | None,
                 answer: Asked | None = None) -> None:
        self.sql, self.rows, self.or_else, self.answer = sql, rows, or_else, answer


class Answer:
    """``Rows`` read in SQLite's thread with the statement, so that fetching them is no second trip there."""

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    async def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[Any]:
        rest, self._next = self._rows[self._next:], len(self._rows)
        return rest


class Asked(Answer):
    """The rows of a read sent with ``ask``: they come with the next trip to SQLite's thread, which
    fetching them makes if none has come yet."""

    def __init__(self, db: SqliteDb) -> None:
        super().__init__([], -1)
        self._db: SqliteDb | None = db

    def fill(self, rows: list[Any], rowcount: int) -> None:
        self._rows, self.rowcount, self._db = rows, rowcount, None

    async def fetchone(self) -> Any:
        await self._arrived()
        return await super().fetchone()

    async def fetchall(self) -> list[Any]:
        await self._arrived()
        return await super().fetchall()

    async def _arrived(self) -> None:
        if self._db is not None:      # no trip has brought the rows yet: this one does
            await self._db.flush()


def _run_held(conn: sqlite3.Connection, held: list[Held]) -> None:
    """In SQLite's thread: the statements held back, in order; a change of no row fails with its
    ``or_else`` before the statements after it run; a read's rows go to its answer."""
    for change in held:
        if len(change.rows) == 1:
            cursor = conn.execute(change.sql, change.rows[0])
        else:
            cursor = conn.executemany(change.sql, change.rows)
        if change.or_else is not None and cursor.rowcount != 1:
            raise change.or_else
        if change.answer is not None:
            change.answer.fill(cursor.fetchall(), cursor.rowcount)


def _held_then_statement(conn: sqlite3.Connection, held: list[Held], sql: str, params: Sequence[Any]) -> Answer:
    """In SQLite's thread: the changes held back, then ``sql`` with its rows read."""
    _run_held(conn, held)
    cursor = conn.execute(sql, params)
    rows = cursor.fetchall() if cursor.description is not None else []
    return Answer(rows, cursor.rowcount)


def _held_then_commit(conn: sqlite3.Connection, held: list[Held]) -> None:
    _run_held(conn, held)
    conn.commit()


class SqliteDb:
    """``Db`` over the store's aiosqlite connection.

    Every call is one trip to aiosqlite's thread: the changes ``send`` held back,
    the statement, and its rows (read there, not in a second trip). The functions
    run there take the ``sqlite3`` connection aiosqlite keeps (``_conn``), since
    aiosqlite runs only its own methods with one statement each.
    """

    row_lock = ""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._held: list[Held] = []

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        return await self._trip(_held_then_statement, sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.send_many(sql, rows)
        await self.flush()

    async def send(self, sql: str, params: Sequence[Any] = (), *, or_else: Exception | None = None) -> None:
        self._held.append(Held(sql, [params], or_else))

    async def send_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = list(rows)
        if batch:
            self._held.append(Held(sql, batch, None))

    async def ask(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        answer = Asked(self)
        self._held.append(Held(sql, [params], None, answer))
        return answer

    async def flush(self) -> None:
        """Run the statements held back (one trip to the thread, none when there are none)."""
        if self._held:
            await self._trip(_run_held)

    async def commit(self) -> None:
        """The changes held back and COMMIT, in one trip to the thread."""
        await self._trip(_held_then_commit)

    async def _trip(self, work: Callable[..., T], *args: Any) -> T:
        """``work(connection, held, *args)`` in aiosqlite's thread, taking the statements held back;
        a broken constraint comes out as the store's ``IntegrityError``."""
        held, self._held = self._held, []
        try:
            return await self._conn._execute(work, self._conn._conn, held, *args)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    def drop_held(self) -> None:
        """Forget the changes held back (the transaction is rolled back)."""
        self._held.clear()
