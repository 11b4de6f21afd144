"""The ``user_languages`` table: the language of each user's last interaction with the bot."""
from __future__ import annotations

from typing import Iterable

from bot.store.db import Db


class LanguageRepo:
    """Each user's last-used language, which the DMs the bot sends them unasked follow."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def remember(self, user_id: int, language: str, now: float) -> None:
        await self._conn.execute(
            "INSERT INTO user_languages (user_id, language, seen_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, seen_at = excluded.seen_at",
            (user_id, language, now),
        )

    async def of_users(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The known languages of these users (users never seen are left out)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        cursor = await self._conn.execute(
            f"SELECT user_id, language FROM user_languages WHERE user_id IN ({marks})", ids
        )
        return {int(user): str(language) for user, language in await cursor.fetchall()}
