"""The bot's messages it edits in place (lobby, board, hand DMs, questions), remembered per game.

The service only keeps the ids: which message shows what, at which version.
Discord objects stay in the Discord layer.
"""
from __future__ import annotations

from typing import Any

from bot.store import PostedMessageRow, Store


class Messages:
    """remember_message, posted_message, forget_message."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def remember_message(self, game_id: int, role: str, channel_id: int, message_id: int, *,
                               version: int, user_id: int = 0, detail: Any = None) -> None:
        """Record the message now showing ``role`` (lobby, board, hand, question) of a game."""
        async with self.store.write() as tx:
            await tx.messages.put(PostedMessageRow(game_id, role, user_id, channel_id, message_id, version, detail))

    async def posted_message(self, game_id: int, role: str, user_id: int = 0) -> PostedMessageRow | None:
        """The message last recorded for ``role`` (and, for a hand, its owner), if any."""
        async with self.store.read() as tx:
            return await tx.messages.get(game_id, role, user_id)

    async def forget_message(self, game_id: int, role: str, user_id: int = 0) -> None:
        """The message is gone or shows nothing to edit any more."""
        async with self.store.write() as tx:
            await tx.messages.delete(game_id, role, user_id)
