"""The bot's own messages that it edits later: a lobby, the newest board, hand DMs, open questions.

Editing a message does not notify anyone, so the bot keeps one message per
role and edits it where Discord allows; the ids live here so that a restart
still finds them.
"""
from __future__ import annotations

import json
from typing import Any

from bot.store.repo import Repo, upsert
from bot.store.records import PostedMessageRow


class PostedMessageRepo(Repo):
    """The ``posted_messages`` table: at most one message per game, role and user."""

    async def put(self, row: PostedMessageRow) -> None:
        await self._conn.execute(
            upsert("posted_messages", ("game_id", "role", "user_id"), ("channel_id", "message_id", "version", "detail")),
            (row.game_id, row.role, row.user_id, row.channel_id, row.message_id, row.version,
             json.dumps(row.detail)),
        )

    async def get(self, game_id: int, role: str, user_id: int = 0) -> PostedMessageRow | None:
        found = await self._row(
            "SELECT channel_id, message_id, version, detail FROM posted_messages"
            " WHERE game_id = ? AND role = ? AND user_id = ?", (game_id, role, user_id),
        )
        if found is None:
            return None
        channel_id, message_id, version, detail = found
        decoded: Any = json.loads(detail) if detail else None
        return PostedMessageRow(game_id, role, user_id, channel_id, message_id, version, decoded)

    async def delete(self, game_id: int, role: str, user_id: int = 0) -> None:
        await self._conn.execute(
            "DELETE FROM posted_messages WHERE game_id = ? AND role = ? AND user_id = ?",
            (game_id, role, user_id),
        )
