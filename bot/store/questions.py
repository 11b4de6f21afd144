"""The question open to a game's table: an undo request or a draw offer.

A question belongs to the game ``version`` at which it was asked; a row of an
older version is void, so a move never has to clean it up. A game has at
most one question open at a time.
"""
from __future__ import annotations

import json

from bot.store.repo import Repo, upsert
from bot.store.records import QuestionRow


class QuestionRepo(Repo):
    """The ``questions`` table: at most one row per game."""

    async def put(self, question: QuestionRow) -> None:
        """Ask ``question``, replacing a void one; or record its answers so far."""
        await self._conn.execute(
            upsert("questions", ("game_id",), ("question", "asked_by", "version", "asked_at", "agreed_by")),
            (question.game_id, question.question, question.asked_by, question.version, question.asked_at,
             json.dumps(list(question.agreed_by))),
        )

    async def get(self, game_id: int) -> QuestionRow | None:
        """The game's question, void or not (compare its ``version`` with the game's)."""
        row = await self._row(
            "SELECT question, asked_by, version, asked_at, agreed_by FROM questions WHERE game_id = ?", (game_id,)
        )
        if row is None:
            return None
        question, asked_by, version, asked_at, agreed_by = row
        return QuestionRow(game_id=game_id, question=question, asked_by=asked_by, version=version,
                           asked_at=asked_at, agreed_by=tuple(json.loads(agreed_by)))

    async def clear(self, game_id: int) -> None:
        await self._conn.execute("DELETE FROM questions WHERE game_id = ?", (game_id,))
