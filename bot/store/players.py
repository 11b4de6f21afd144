"""What belongs to a player rather than to one game: times away and quiet hours."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from bot.store.repo import Repo, marks, upsert


@dataclass(frozen=True)
class AwayPeriod:
    """A player is away from ``starts_at`` until ``ends_at`` (seconds since the epoch)."""

    user_id: int
    starts_at: float
    ends_at: float

    def overlap(self, start: float, end: float) -> float:
        """Seconds of this period that fall between ``start`` and ``end``."""
        return max(0.0, min(self.ends_at, end) - max(self.starts_at, start))


@dataclass(frozen=True)
class QuietHours:
    """Local hours ``start_hour`` up to ``end_hour`` (may wrap past midnight) in ``time_zone``."""

    user_id: int
    time_zone: str
    start_hour: int
    end_hour: int


class AwayRepo(Repo):
    """The ``away_periods`` table (plain SQL that SQLite and PostgreSQL share)."""

    async def add(self, user_id: int, starts_at: float, ends_at: float) -> None:
        await self._conn.execute(
            "INSERT INTO away_periods (user_id, starts_at, ends_at) VALUES (?, ?, ?)",
            (user_id, starts_at, ends_at),
        )

    async def end_now(self, user_id: int, now: float) -> int:
        """Cut every period still running (or still to come) at ``now``; returns how many."""
        cursor = await self._conn.execute(
            "UPDATE away_periods SET ends_at = CASE WHEN starts_at > ? THEN starts_at ELSE ? END"
            " WHERE user_id = ? AND ends_at > ?",
            (now, now, user_id, now),
        )
        await self._conn.execute(
            "DELETE FROM away_periods WHERE user_id = ? AND ends_at <= starts_at", (user_id,)
        )
        return cursor.rowcount

    async def of_user(self, user_id: int, since: float) -> list[AwayPeriod]:
        """The user's periods that end after ``since``, oldest first."""
        cursor = await self._conn.execute(
            "SELECT user_id, starts_at, ends_at FROM away_periods"
            " WHERE user_id = ? AND ends_at > ? ORDER BY starts_at", (user_id, since),
        )
        return [AwayPeriod(u, s, e) for u, s, e in await cursor.fetchall()]

    async def ended_between(self, start: float, end: float) -> list[int]:
        """Users whose time away ran out after ``start`` and by ``end``."""
        cursor = await self._conn.execute(
            "SELECT DISTINCT user_id FROM away_periods WHERE ends_at > ? AND ends_at <= ? ORDER BY user_id",
            (start, end),
        )
        return [user for (user,) in await cursor.fetchall()]

    async def of_users(self, user_ids: Iterable[int], since: float) -> dict[int, list[AwayPeriod]]:
        """For each of the users, their periods that end after ``since``."""
        ids = sorted(set(user_ids))
        rows = await self._rows(
            f"SELECT user_id, starts_at, ends_at FROM away_periods WHERE user_id IN ({marks(ids)})"
            " AND ends_at > ? ORDER BY starts_at", (*ids, since),
        ) if ids else []
        periods: dict[int, list[AwayPeriod]] = {}
        for u, s, e in rows:
            periods.setdefault(u, []).append(AwayPeriod(u, s, e))
        return periods


class QuietRepo(Repo):
    """The ``quiet_hours`` table: at most one setting per player."""

    async def put(self, quiet: QuietHours) -> None:
        await self._conn.execute(
            upsert("quiet_hours", ("user_id",), ("time_zone", "start_hour", "end_hour")),
            (quiet.user_id, quiet.time_zone, quiet.start_hour, quiet.end_hour),
        )

    async def clear(self, user_id: int) -> bool:
        cursor = await self._conn.execute("DELETE FROM quiet_hours WHERE user_id = ?", (user_id,))
        return cursor.rowcount == 1

    async def of_users(self, user_ids: Iterable[int]) -> dict[int, QuietHours]:
        ids = sorted(set(user_ids))
        rows = await self._rows(
            f"SELECT user_id, time_zone, start_hour, end_hour FROM quiet_hours WHERE user_id IN ({marks(ids)})", ids,
        ) if ids else []
        return {u: QuietHours(u, z, s, e) for u, z, s, e in rows}
