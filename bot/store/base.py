"""What both backends share: the repositories of one transaction (``Tx``) and the ``Store`` interface.

The backends (``bot.store.store`` for SQLite, ``bot.store.postgres``) build on
this module and ``bot.store.store.open_store`` picks one of them, so imports
run one way: opening → backends → this base.
"""
from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable, Protocol, Sequence

from bot.store.backup import BackupError, BackupSummary
from bot.store.changes import ChangeNote, ChangeNotes
from bot.store.claims import ClaimRepo
from bot.store.clocks import TurnTimeRepo
from bot.store.db import Availability, Db, StoreUnavailable
from bot.store.dm_channels import DmChannelRepo
from bot.store.games import GameRepo, ResultRepo, SeatRepo
from bot.store.languages import LanguageRepo
from bot.store.log import MoveLog, SnapshotRepo
from bot.store.messages import PostedMessageRepo
from bot.store.players import AwayRepo, QuietRepo
from bot.store.questions import QuestionRepo
from bot.store.ratings import RatingRepo
from bot.store.reminders import DmNoteRepo, MuteRepo, ReminderRepo
from bot.store.tournaments import TournamentRepo
from bot.store.web_links import ActivityLaunchRepo, LinksEndedRepo, WebKeyRepo

POSTGRES_SCHEMES = ("postgresql://", "postgres://")

log = logging.getLogger(__name__)


class ChangeListenerLike(Protocol):
    """A listener for the changes other processes commit (``bot.store.notices.ChangeListener``)."""

    async def start(self, *, timeout: float = ...) -> None: ...

    async def stop(self) -> None: ...


class Tx:
    """The repositories, bound to one connection for one read or transaction."""

    def __init__(self, conn: Db, claims: type[ClaimRepo] = ClaimRepo) -> None:
        self.db = conn   # plain SQL, for checks and tests; the repositories are the interface
        # The games this transaction changed, told to listeners once it commits (``bot.store.changes``).
        self.changes = ChangeNotes()
        self.games = GameRepo(conn, self.changes)
        self.seats = SeatRepo(conn)
        self.results = ResultRepo(conn)
        self.moves = MoveLog(conn)
        self.snapshots = SnapshotRepo(conn)
        self.reminders = ReminderRepo(conn)
        self.mutes = MuteRepo(conn)
        self.questions = QuestionRepo(conn)
        self.dm_notes = DmNoteRepo(conn)
        self.claims = claims(conn)
        self.messages = PostedMessageRepo(conn)
        self.languages = LanguageRepo(conn)
        self.ratings = RatingRepo(conn)
        self.away = AwayRepo(conn)
        self.quiet = QuietRepo(conn)
        self.tournaments = TournamentRepo(conn)
        self.turn_times = TurnTimeRepo(conn)
        self.dm_channels = DmChannelRepo(conn)
        self.web_keys = WebKeyRepo(conn)
        self.links_ended = LinksEndedRepo(conn)
        self.activity_launches = ActivityLaunchRepo(conn)


def is_database_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Store(ABC):
    """The game database. Open with ``await open_store(path_or_url)``; close with ``await close()``.

    ``async with store.read() as tx`` runs queries (each seeing the last commit);
    ``async with store.consistent_read() as tx`` runs queries that all see one moment;
    ``async with store.write() as tx`` runs one transaction (committed when the block ends, rolled back on any
    exception). ``tx`` offers the repositories: ``games``, ``seats``, ``results``,
    ``moves``, ``snapshots``, ``reminders``, ``mutes``, ``questions``,
    ``dm_notes``, ``claims``, ``messages``, ``languages``, ``ratings``, ``away``,
    ``quiet``, ``tournaments``, ``turn_times``, ``dm_channels``, ``web_keys``, ``links_ended``,
    ``activity_launches``;
    and ``changes``, the games the transaction changed (``bot.store.changes``).

    ``on_commit(listener)``: the listener hears the changes of games of every transaction of this
    store once it commits (in this process). ``change_listener(…)`` (PostgreSQL): hears those of
    other processes, through ``LISTEN``.
    """

    #: Other processes may change the database meanwhile (several bot processes, one PostgreSQL).
    shared: bool = False
    #: The last outage, if the store is in one (set up by each backend).
    availability: Availability
    #: Told of each committed transaction's changes of games (``on_commit``); set up by each backend.
    _commit_listeners: list[Callable[[Sequence[ChangeNote]], None]]

    def on_commit(self, listener: Callable[[Sequence[ChangeNote]], None]) -> None:
        """``listener`` hears the changes of games of each transaction of this store once it has committed."""
        self._commit_listeners.append(listener)

    def _committed(self, tx: Tx) -> None:
        """``tx`` committed: its changes of games go to the listeners. A listener's failure is logged and
        is not the writer's: the transaction did commit, and the caller must not hear otherwise."""
        notes = tx.changes.taken()
        if notes:
            for listener in self._commit_listeners:
                try:
                    listener(notes)
                except Exception:    # noqa: BLE001 - see above
                    log.exception("A listener of committed changes of games failed")

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Tx]:
        """Queries outside a transaction (each statement sees the last commit)."""

    @abstractmethod
    def write(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction: committed when the block ends, rolled back when it raises."""

    @abstractmethod
    def consistent_read(self) -> AbstractAsyncContextManager[Tx]:
        """Queries that all see the database at one moment (a read-only transaction): what another
        process commits meanwhile is seen by none of them. For reads whose rows must agree, such as
        a game's row, snapshot and log lines; a single statement needs no such read."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connection(s); the store cannot be used after."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def ping(self) -> None:
        """One trivial query (``SELECT 1``): raises when the database does not answer (closed, gone, broken)."""
        async with self.read() as tx:
            cursor = await tx.db.execute("SELECT 1")
            if await cursor.fetchone() is None:
                raise RuntimeError("SELECT 1 returned no row")

    def change_listener(self, on_note: Callable[[ChangeNote], None],
                        on_resumed: Callable[[float], Awaitable[None]]) -> ChangeListenerLike | None:
        """What hears the changes of games that other processes commit (PostgreSQL's ``LISTEN``:
        ``bot.store.notices``); None where no other process writes (SQLite)."""
        return None

    async def backup(self, folder: Path, *, keep: int, now: float) -> BackupSummary:
        """A checked copy of the database in ``folder``, keeping the newest ``keep``; ``BackupError`` if not."""
        raise BackupError("The bot backs up only its SQLite file; back up PostgreSQL with "
                          "python3 manage.py backup (pg_dump).")

    def newest_backup_time(self, folder: Path) -> float | None:
        """When the newest backup in ``folder`` was made, or None."""
        return None


@asynccontextmanager
async def outage_edge(availability: Availability, problem_of: Callable[[BaseException], StoreUnavailable | None],
                      *, writes: bool) -> AsyncIterator[None]:
    """Around one read or transaction (``writes``): a driver's failure that ``problem_of`` knows
    becomes ``StoreUnavailable``; a success may end an outage."""
    try:
        yield
    except Exception as error:
        unavailable = problem_of(error)
        if unavailable is None:
            raise
        availability.failed(unavailable)
        raise unavailable from error
    availability.worked(wrote=writes)


