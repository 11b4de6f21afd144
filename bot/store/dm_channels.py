"""The ``dm_channels`` table: each user's DM channel with the bot, so a DM costs one request."""
from __future__ import annotations

from typing import Iterable

from bot.store.db import Db


class DmChannelRepo:
    """Where the bot's DMs to a user go. Discord gives a user one DM channel with the bot,
    for good; knowing it saves asking Discord to open it before every DM."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def remember(self, user_id: int, channel_id: int) -> None:
        await self._conn.execute(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            (user_id, channel_id),
        )

    async def of_users(self, user_ids: Iterable[int]) -> dict[int, int]:
        """The known DM channels of these users (users never written to are left out)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        cursor = await self._conn.execute(
            f"SELECT user_id, channel_id FROM dm_channels WHERE user_id IN ({marks})", ids
        )
        return {int(user): int(channel) for user, channel in await cursor.fetchall()}
