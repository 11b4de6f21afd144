"""Each user's last-used language: what the DMs the bot sends them unasked are written in."""
from __future__ import annotations

from typing import Iterable

from bot.i18n import ENGLISH, LANGUAGES
from bot.service.clock import Clock
from bot.store import Store


class Languages:
    """Remembers the language of each user's interactions (a private reply follows it at once anyway)."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    async def remember_language(self, user_id: int, language: str) -> None:
        """Note the language of the user's latest interaction; a language without a catalog reads English."""
        if language not in LANGUAGES:
            language = ENGLISH
        async with self.store.write() as tx:
            await tx.languages.remember(user_id, language, self.clock.now())

    async def languages_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's last-used language; English for users the bot has not heard from."""
        ids = list(user_ids)
        async with self.store.read() as tx:
            known = await tx.languages.of_users(ids)
        return {user_id: known.get(user_id, ENGLISH) for user_id in ids}
