"""The web board's tables: the key its links are signed with, and when each user ended their links."""
from __future__ import annotations

import secrets

from bot.store.repo import Repo, upsert

#: Random bytes in a new signing key (HMAC-SHA256 gains nothing from a longer one).
KEY_BYTES = 32


class WebKeyRepo(Repo):
    """``web_keys``: the signing key of the web board's links and sessions, one for every process."""

    async def key(self, name: str, now: float) -> bytes:
        """The key called ``name``, made now if there is none yet. Made with insert-if-missing and then
        read, so that processes making it at the same moment all read the one that was kept."""
        await self._insert_new("web_keys", ("name",),
                               {"name": name, "secret": secrets.token_hex(KEY_BYTES), "created_at": now})
        row = await self._row("SELECT secret FROM web_keys WHERE name = ?", (name,))
        return bytes.fromhex(row[0])


class LinksEndedRepo(Repo):
    """``web_links_ended``: when each user last ended all their web links and sessions."""

    async def end(self, user_id: int, now: float) -> None:
        await self._conn.execute(upsert("web_links_ended", ("user_id",), ("ended_at",)), (user_id, now))

    async def ended_at(self, user_id: int) -> float | None:
        """When the user last ended their links, or None if they never did."""
        row = await self._row("SELECT ended_at FROM web_links_ended WHERE user_id = ?", (user_id,))
        return None if row is None else float(row[0])


class ActivityLaunchRepo(Repo):
    """``activity_launches``: the game each user's last launch of the Activity in a channel meant."""

    async def record(self, user_id: int, channel_id: int, game_id: int, now: float) -> None:
        await self._conn.execute(upsert("activity_launches", ("user_id", "channel_id"), ("game_id", "launched_at")),
                                 (user_id, channel_id, game_id, now))

    async def launched(self, user_id: int, channel_id: int) -> tuple[int, float] | None:
        """``(game id, launched at)`` of the user's last launch in the channel, or None."""
        row = await self._row("SELECT game_id, launched_at FROM activity_launches"
                              " WHERE user_id = ? AND channel_id = ?", (user_id, channel_id))
        return None if row is None else (int(row[0]), float(row[1]))
