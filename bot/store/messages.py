"""The bot's own messages that it edits later: a lobby, the newest board, hand DMs, open questions.

Editing a message does not notify anyone, so the bot keeps one message per
role and edits it where Discord allows; the ids live here so that a restart
still finds them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.store.db import Rows
from bot.store.repo import Repo, upsert
from bot.store.records import PostedMessageRow


_GET = ("SELECT channel_id, message_id, version, detail FROM posted_messages"
        " WHERE game_id = ? AND role = ? AND user_id = ?")


def _posted(game_id: int, role: str, user_id: int, found: Any) -> PostedMessageRow | None:
    if found is None:
        return None
    channel_id, message_id, version, detail = found
    decoded: Any = json.loads(detail) if detail else None
    return PostedMessageRow(game_id, role, user_id, channel_id, message_id, version, decoded)


@dataclass(frozen=True)
class AskedMessage:
    """A message's row asked ahead (``PostedMessageRepo.ask``)."""

    game_id: int
    role: str
    user_id: int
    rows: Rows


class PostedMessageRepo(Repo):
    """The ``posted_messages`` table: at most one message per game, role and user."""

    async def put(self, row: PostedMessageRow) -> None:
        await self._conn.execute(
            upsert("posted_messages", ("game_id", "role", "user_id"), ("channel_id", "message_id", "version", "detail")),
            (row.game_id, row.role, row.user_id, row.channel_id, row.message_id, row.version,
             json.dumps(row.detail)),
        )

    async def get(self, game_id: int, role: str, user_id: int = 0) -> PostedMessageRow | None:
        return _posted(game_id, role, user_id, await self._row(_GET, (game_id, role, user_id)))

    async def ask(self, game_id: int, role: str, user_id: int = 0) -> AskedMessage:
        """``get``, asked now (``Db.ask``) and answered with the transaction's next wait for the
        database: ``answer`` gives the row."""
        return AskedMessage(game_id, role, user_id, await self._conn.ask(_GET, (game_id, role, user_id)))

    async def answer(self, asked: AskedMessage) -> PostedMessageRow | None:
        """The row ``ask`` asked for (waiting for it if no statement since has brought it)."""
        return _posted(asked.game_id, asked.role, asked.user_id, await asked.rows.fetchone())

    async def delete(self, game_id: int, role: str, user_id: int = 0) -> None:
        await self._conn.execute(
            "DELETE FROM posted_messages WHERE game_id = ? AND role = ? AND user_id = ?",
            (game_id, role, user_id),
        )
