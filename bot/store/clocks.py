"""How long turns took, the time banks they left, and who lost a game on time.

A row of ``turn_times`` belongs to the log line that ended a turn (its ply).
An undo deletes the rows of the plies it takes back, so a seat's newest row
always holds its bank as the live log left it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from bot.store.db import Db


@dataclass(frozen=True)
class TurnTime:
    """One ended turn: who, how long it took (time away not counted), and their bank after it."""

    game_id: int
    ply: int
    seat: int
    user_id: int
    used: float
    bank: float | None
    ended_at: float


class TurnTimeRepo:
    """The ``turn_times`` and ``out_of_time`` tables."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def record(self, turn: TurnTime) -> None:
        """Record an ended turn (one statement, sent with the next: it runs in every move's transaction)."""
        await self._conn.send(
            "INSERT INTO turn_times (game_id, ply, seat, user_id, used, bank, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, ply) DO UPDATE SET seat = excluded.seat,"
            " user_id = excluded.user_id, used = excluded.used, bank = excluded.bank, ended_at = excluded.ended_at",
            (turn.game_id, turn.ply, turn.seat, turn.user_id, turn.used, turn.bank, turn.ended_at),
        )

    async def take_back(self, game_id: int, from_ply: int) -> int:
        """Forget the turns ended at ``from_ply`` and after (an undo took them back)."""
        cursor = await self._conn.execute(
            "DELETE FROM turn_times WHERE game_id = ? AND ply >= ?", (game_id, from_ply))
        return cursor.rowcount

    async def banks(self, game_ids: Iterable[int]) -> dict[int, dict[int, float]]:
        """Per game, each seat's bank after its newest turn (seats without one: not there)."""
        ids = list(game_ids)
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        cursor = await self._conn.execute(
            "SELECT t.game_id, t.seat, t.bank FROM turn_times t"
            f" WHERE t.game_id IN ({marks}) AND t.bank IS NOT NULL AND t.ply = (SELECT max(n.ply)"
            "   FROM turn_times n WHERE n.game_id = t.game_id AND n.seat = t.seat AND n.bank IS NOT NULL)",
            ids,
        )
        found: dict[int, dict[int, float]] = {}
        for game_id, seat, bank in await cursor.fetchall():
            found.setdefault(game_id, {})[seat] = bank
        return found

    async def turns_of(self, user_id: int, guild_id: int, kind: str) -> list[tuple[float, float]]:
        """(when, how long) of each of the user's turns, time away included, in a guild and game kind."""
        cursor = await self._conn.execute(
            "SELECT t.ended_at, t.used FROM turn_times t JOIN games g ON g.id = t.game_id"
            " WHERE t.user_id = ? AND g.guild_id = ? AND g.kind = ?",
            (user_id, guild_id, kind),
        )
        return [(ended_at, used) for ended_at, used in await cursor.fetchall()]

    async def note_out_of_time(self, game_id: int, user_id: int, now: float) -> None:
        """The user lost the game on time (or was retired from it for that)."""
        await self._conn.execute(
            "INSERT INTO out_of_time (game_id, user_id, at) VALUES (?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING",
            (game_id, user_id, now),
        )

    async def ends_of(self, user_id: int, guild_id: int, kind: str) -> tuple[int, int, int]:
        """(games finished, games lost on time, games abandoned) of the user in a guild and game kind.

        Abandoned: resigned or retired from a game, other than for running out of time."""
        cursor = await self._conn.execute(
            "SELECT"
            " sum(CASE WHEN g.status = 'finished' THEN 1 ELSE 0 END),"
            " sum(CASE WHEN o.user_id IS NOT NULL THEN 1 ELSE 0 END),"
            " sum(CASE WHEN s.resigned <> 0 AND o.user_id IS NULL THEN 1 ELSE 0 END)"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " LEFT JOIN out_of_time o ON o.game_id = s.game_id AND o.user_id = s.user_id"
            " WHERE s.user_id = ? AND g.guild_id = ? AND g.kind = ? AND g.status IN ('active', 'finished')",
            (user_id, guild_id, kind),
        )
        row = await cursor.fetchone()
        finished, on_time, abandoned = row if row is not None else (0, 0, 0)
        return int(finished or 0), int(on_time or 0), int(abandoned or 0)
