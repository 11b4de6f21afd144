"""Storage of games: the only place that writes SQL.

SQLite in one file (aiosqlite) by default; PostgreSQL (psycopg 3 with its
pool) for a ``postgresql://`` URL, shared by several bot processes. Both
offer the same interface:

    store = await open_store("local/alcazar.sqlite3")    # or "postgresql://…"
    async with store.write() as tx:                  # one transaction
        game = await tx.games.create_lobby(...)
        await tx.seats.add(game.id, user_id, now)
    async with store.read() as tx:
        game = await tx.games.live_in_channel(channel_id)
    await store.close()

The SQLite file runs in WAL mode with foreign keys on; the schema is a list
of numbered migrations (``schema.MIGRATIONS``) applied at open and tracked by
``PRAGMA user_version`` (PostgreSQL: the table ``schema_version``). A move is one transaction: append to the log, replace
the game's snapshot and bump ``games.version`` with ``UPDATE … WHERE version
= ?`` (``GameRepo.advance``), which raises ``StaleVersion`` when the game moved
on; the caller's transaction is then rolled back whole. The move log plus the
seed rebuild any game; snapshots only make loading fast. Scheduled work
(reminders, deadlines) is claimed with a lease (``tx.claims``), so that it is
done once across processes. Failures that are the host's and not the
player's (disk full, server unreachable, file read-only) come out of ``read()``
and ``write()`` as ``StoreUnavailable`` (its ``problem`` says which), with
nothing of the transaction kept.
"""
from __future__ import annotations

from bot.store.backup import BackupError, BackupSummary
from bot.store.db import IntegrityError, Problem, StoreUnavailable
from bot.store.games import ChannelBusy, StaleVersion
from bot.store.records import (
    EntryKind,
    GameRow,
    GameStatus,
    LogEntry,
    PostedMessageRow,
    QuestionRow,
    ReminderRow,
    ResultRow,
    SeatRow,
    Snapshot,
)
from bot.store.schema import SCHEMA_VERSION, SchemaTooNew
from bot.store.tournaments import (
    EntrantRow, RoundRow, TableRow, TournamentBusy, TournamentMovedOn, TournamentRow, TournamentStatus,
)
from bot.store.base import Store, Tx, is_database_url
from bot.store.store import SqliteStore, open_store

__all__ = [
    "SCHEMA_VERSION",
    "BackupError",
    "BackupSummary",
    "ChannelBusy",
    "EntryKind",
    "GameRow",
    "GameStatus",
    "IntegrityError",
    "LogEntry",
    "PostedMessageRow",
    "Problem",
    "QuestionRow",
    "ReminderRow",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "SqliteStore",
    "Snapshot",
    "StaleVersion",
    "Store",
    "StoreUnavailable",
    "Tx",
    "EntrantRow",
    "RoundRow",
    "TableRow",
    "TournamentBusy",
    "TournamentMovedOn",
    "TournamentRow",
    "TournamentStatus",
    "is_database_url",
    "open_store",
]
