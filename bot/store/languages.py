"""The ``user_languages`` table: the language of each user's last interaction with the bot."""
from __future__ import annotations

from typing import Iterable

from bot.store.repo import Repo, marks, upsert


class LanguageRepo(Repo):
    """Each user's last-used language, which the DMs the bot sends them unasked follow."""

    async def remember(self, user_id: int, language: str, now: float) -> None:
        await self._conn.execute(
            upsert("user_languages", ("user_id",), ("language", "seen_at")), (user_id, language, now)
        )

    async def of_users(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The known languages of these users (users never seen are left out)."""
        ids = list(dict.fromkeys(user_ids))
        rows = await self._rows(
            f"SELECT user_id, language FROM user_languages WHERE user_id IN ({marks(ids)})", ids
        ) if ids else []
        return {int(user): str(language) for user, language in rows}
