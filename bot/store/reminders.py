"""Reminder state, muted games, and notes about closed DMs.

Reminders are tied to the game ``version`` at which the turn began: a row of
an older version belongs to a turn that is over, so a move never has to clean
it up.
"""
from __future__ import annotations

from typing import Iterable

from bot.store.repo import Repo, marks, upsert
from bot.store.records import ReminderRow


class ReminderRepo(Repo):
    """The ``reminders`` table: how many reminders went out for the current turn."""

    async def of_games(self, game_ids: Iterable[int]) -> dict[int, ReminderRow]:
        ids = list(game_ids)
        rows = await self._rows(
            f"SELECT game_id, version, sent, last_sent_at FROM reminders WHERE game_id IN ({marks(ids)})", ids,
        ) if ids else []
        return {g: ReminderRow(game_id=g, version=v, sent=s, last_sent_at=t) for g, v, s, t in rows}

    async def record_sent(self, game_id: int, version: int, sent: int, now: float) -> bool:
        """Record that reminder number ``sent`` of the turn at ``version`` went out.

        Only the next number is accepted (``sent`` = what was recorded + 1), so
        recording the same reminder twice changes nothing and returns False.
        """
        cursor = await self._conn.execute(
            upsert("reminders", ("game_id",), ("version", "sent", "last_sent_at")) +
            " WHERE (reminders.version = excluded.version AND reminders.sent = excluded.sent - 1)"
            "    OR (reminders.version <> excluded.version AND excluded.sent = 1)",
            (game_id, version, sent, now),
        )
        return cursor.rowcount == 1


class MuteRepo(Repo):
    """The ``muted_games`` table: a user's choice not to be reminded in a game."""

    async def set_muted(self, game_id: int, user_id: int, muted: bool) -> None:
        if muted:
            await self._insert_new("muted_games", ("game_id", "user_id"), {"game_id": game_id, "user_id": user_id})
        else:
            await self._conn.execute(
                "DELETE FROM muted_games WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )

    async def is_muted(self, game_id: int, user_id: int) -> bool:
        cursor = await self._conn.execute(
            "SELECT 1 FROM muted_games WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return await cursor.fetchone() is not None

    async def muted_in_active_games(self) -> set[tuple[int, int]]:
        """Every (game id, user id) pair that is muted, for games still active."""
        cursor = await self._conn.execute(
            "SELECT m.game_id, m.user_id FROM muted_games m JOIN games g ON g.id = m.game_id"
            " WHERE g.status = 'active'"
        )
        return {(g, u) for g, u in await cursor.fetchall()}


class DmNoteRepo(Repo):
    """The ``dm_closed_notes`` table: who was told in a game's channel that the bot cannot DM them."""

    async def note_once(self, game_id: int, user_id: int, now: float) -> bool:
        """Record the note; False when it was recorded before (it is said once per game)."""
        return await self._insert_new(
            "dm_closed_notes", ("game_id", "user_id"), {"game_id": game_id, "user_id": user_id, "noted_at": now}
        )
