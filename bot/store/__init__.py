"""Storage of games in one SQLite file (aiosqlite): the only place that writes SQL.

    store = await Store.open("local/alcazar.sqlite3")
    async with store.write() as tx:                  # one transaction
        game = await tx.games.create_lobby(...)
        await tx.seats.add(game.id, user_id, now)
    async with store.read() as tx:
        game = await tx.games.live_in_channel(channel_id)
    await store.close()

The file runs in WAL mode with foreign keys on; the schema is a list of
numbered migrations (``schema.MIGRATIONS``) applied at open and tracked by
``PRAGMA user_version``. A move is one transaction: append to the log, replace
the game's snapshot and bump ``games.version`` with ``UPDATE … WHERE version
= ?`` (``GameRepo.advance``), which raises ``StaleVersion`` when the game moved
on; the caller's transaction is then rolled back whole. The move log plus the
seed rebuild any game; snapshots only make loading fast.
"""
from __future__ import annotations

from bot.store.games import ChannelBusy, StaleVersion
from bot.store.records import (
    DrawOfferRow,
    EntryKind,
    GameRow,
    GameStatus,
    LogEntry,
    PostedMessageRow,
    ReminderRow,
    ResultRow,
    SeatRow,
    Snapshot,
    UndoRequestRow,
)
from bot.store.schema import SCHEMA_VERSION, SchemaTooNew
from bot.store.store import Store, Tx

__all__ = [
    "SCHEMA_VERSION",
    "ChannelBusy",
    "DrawOfferRow",
    "EntryKind",
    "GameRow",
    "GameStatus",
    "LogEntry",
    "PostedMessageRow",
    "ReminderRow",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "Snapshot",
    "StaleVersion",
    "Store",
    "Tx",
    "UndoRequestRow",
]
