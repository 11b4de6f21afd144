"""The append-only move log and the latest snapshot of each game."""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from bot.store.repo import Repo, upsert
from bot.store.records import EntryKind, LogEntry, Snapshot


def _entry(row: Iterable[Any]) -> LogEntry:
    ply, seat, kind, notation, words, forced, played_at, stand_in = row
    return LogEntry(
        ply=ply, seat=seat, kind=EntryKind(kind), notation=notation, words=words,
        forced=bool(forced), played_at=played_at, stand_in=bool(stand_in),
    )


_ENTRY_COLUMNS = "ply, seat, kind, notation, words, forced, played_at, by_stand_in"


class MoveLog(Repo):
    """The ``moves`` table. Lines are appended, and an undo only marks them undone."""

    async def append(self, game_id: int, entries: Sequence[LogEntry]) -> None:
        """Append lines; a ply already in the live log is an ``IntegrityError`` (``bot.store.db``), by the
        end of the transaction at the latest (``Db.send``)."""
        await self._conn.send_many(
            "INSERT INTO moves (game_id, ply, seat, kind, notation, words, forced, played_at,"
            " by_stand_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (game_id, e.ply, e.seat, e.kind.value, e.notation, e.words, int(e.forced),
                 e.played_at, int(e.stand_in))
                for e in entries
            ],
        )

    async def entries(self, game_id: int) -> list[LogEntry]:
        """The live log (undone lines left out), in order."""
        cursor = await self._conn.execute(
            f"SELECT {_ENTRY_COLUMNS} FROM moves WHERE game_id = ? AND undone_at IS NULL"
            " ORDER BY ply", (game_id,),
        )
        return [_entry(row) for row in await cursor.fetchall()]

    async def entries_after(self, game_id: int, ply: int) -> list[LogEntry]:
        """The live log's lines after ``ply`` (those a snapshot at ``ply`` leaves to replay), in order."""
        cursor = await self._conn.execute(
            f"SELECT {_ENTRY_COLUMNS} FROM moves WHERE game_id = ? AND ply > ? AND undone_at IS NULL"
            " ORDER BY ply", (game_id, ply),
        )
        return [_entry(row) for row in await cursor.fetchall()]

    async def stand_in_seats(self, game_id: int) -> tuple[int, ...]:
        """The seats the stand-in played a live turn for (an absent player's), in order."""
        cursor = await self._conn.execute(
            "SELECT DISTINCT seat FROM moves WHERE game_id = ? AND by_stand_in = 1 AND undone_at IS NULL"
            " ORDER BY seat", (game_id,),
        )
        return tuple(seat for (seat,) in await cursor.fetchall())

    async def mark_undone(self, game_id: int, from_ply: int, now: float) -> int:
        """Take back every live line from ``from_ply`` on; returns how many."""
        cursor = await self._conn.execute(
            "UPDATE moves SET undone_at = ? WHERE game_id = ? AND ply >= ? AND undone_at IS NULL",
            (now, game_id, from_ply),
        )
        return cursor.rowcount


class SnapshotRepo(Repo):
    """The ``snapshots`` table: only the latest state of each game is kept."""

    async def put(self, snapshot: Snapshot) -> None:
        await self._conn.send(
            upsert("snapshots", ("game_id",), ("version", "ply", "state")),
            (snapshot.game_id, snapshot.version, snapshot.ply, snapshot.state),
        )

    async def get(self, game_id: int) -> Snapshot | None:
        row = await self._row("SELECT version, ply, state FROM snapshots WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        version, ply, state = row
        return Snapshot(game_id=game_id, version=version, ply=ply, state=state)
