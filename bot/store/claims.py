"""Claims on scheduled work (a reminder, a deadline, a computer's turn), so that several bot
processes sharing one database do each piece of work exactly once.

A claim names one piece of work by game, task and turn (the game ``version``,
and the reminder's ``number`` within the turn; 0 for a deadline). The process
that claims it holds it until ``lease_until``; when the work is done the
claim is marked done and can never be taken again. A process that dies
holding a claim leaves it undone: once its lease has passed, another process
claims the same work and does it.

One row per game and task is kept: a claim on newer work (a later turn, the
next reminder) replaces the row, a claim on older work is refused.
"""
from __future__ import annotations

from bot.store.repo import Repo

#: The claim may be taken: the row holds older work, or the same work, undone, whose lease is over.
_CLAIMABLE = (
    "(claims.version < ? OR (claims.version = ? AND claims.number < ?)"
    " OR (claims.version = ? AND claims.number = ? AND claims.done_at IS NULL"
    "     AND claims.lease_until <= ?))"
)


class ClaimRepo(Repo):
    """The ``claims`` table.

    SQLite writes one transaction at a time, so one conditional upsert is an
    atomic claim. ``PostgresClaimRepo`` takes the row with ``FOR UPDATE SKIP
    LOCKED`` instead, so a process never waits on another's claim.
    """

    async def claim(self, game_id: int, task: str, version: int, number: int, *,
                    owner: str, now: float, lease: float) -> bool:
        """Take the work for ``lease`` seconds; False when it is done or another process holds it."""
        cursor = await self._conn.execute(
            "INSERT INTO claims (game_id, task, version, number, owner, lease_until, done_at)"
            " VALUES (?, ?, ?, ?, ?, ?, NULL)"
            " ON CONFLICT (game_id, task) DO UPDATE SET version = excluded.version,"
            " number = excluded.number, owner = excluded.owner,"
            " lease_until = excluded.lease_until, done_at = NULL"
            f" WHERE {_CLAIMABLE}",
            (game_id, task, version, number, owner, now + lease,
             *_claimable_params(version, number, now)),
        )
        return cursor.rowcount == 1

    async def renew(self, game_id: int, task: str, version: int, number: int, *,
                    owner: str, now: float, lease: float) -> bool:
        """Hold ``owner``'s own undone claim for ``lease`` seconds more; False when it is done or no longer theirs."""
        cursor = await self._conn.execute(
            "UPDATE claims SET lease_until = ? WHERE game_id = ? AND task = ? AND version = ?"
            " AND number = ? AND owner = ? AND done_at IS NULL",
            (now + lease, game_id, task, version, number, owner),
        )
        return cursor.rowcount == 1

    async def finish(self, game_id: int, task: str, version: int, number: int, *, now: float) -> bool:
        """Mark the work done (whoever holds it); False when the row holds other work."""
        cursor = await self._conn.execute(
            "UPDATE claims SET done_at = ? WHERE game_id = ? AND task = ? AND version = ?"
            " AND number = ? AND done_at IS NULL",
            (now, game_id, task, version, number),
        )
        return cursor.rowcount == 1

    async def holder(self, game_id: int, task: str) -> tuple[int, int, str, float, float | None] | None:
        """(version, number, owner, lease_until, done_at) of the game's claim on ``task``, if any."""
        cursor = await self._conn.execute(
            "SELECT version, number, owner, lease_until, done_at FROM claims"
            " WHERE game_id = ? AND task = ?", (game_id, task),
        )
        row = await cursor.fetchone()
        return None if row is None else tuple(row)


class PostgresClaimRepo(ClaimRepo):
    """Claims on PostgreSQL: lock the row with ``FOR UPDATE SKIP LOCKED``, or insert it."""

    async def claim(self, game_id: int, task: str, version: int, number: int, *,
                    owner: str, now: float, lease: float) -> bool:
        # A row another process is claiming right now is skipped, not waited for: it is theirs.
        cursor = await self._conn.execute(
            "UPDATE claims SET version = ?, number = ?, owner = ?, lease_until = ?, done_at = NULL"
            " WHERE (game_id, task) IN (SELECT game_id, task FROM claims"
            f"   WHERE game_id = ? AND task = ? AND {_CLAIMABLE} FOR UPDATE SKIP LOCKED)",
            (version, number, owner, now + lease, game_id, task,
             *_claimable_params(version, number, now)),
        )
        if cursor.rowcount == 1:
            return True
        cursor = await self._conn.execute(
            "INSERT INTO claims (game_id, task, version, number, owner, lease_until, done_at)"
            " VALUES (?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (game_id, task) DO NOTHING",
            (game_id, task, version, number, owner, now + lease),
        )
        return cursor.rowcount == 1


def _claimable_params(version: int, number: int, now: float) -> tuple[float, ...]:
    return (version, version, number, version, number, now)
