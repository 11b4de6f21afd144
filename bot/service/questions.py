"""Questions to the table: an undo request and a draw offer, asked and answered the same way.

Both belong to the game version at which they were asked (any move voids
them), both are answered yes or no by the players named in the event that
asked them, and both are refused alike when repeated in the same position.
``ask`` and ``answer`` are the one entry for the Discord layer; the rules of
each question stay in ``undo`` and ``draws``.
"""
from __future__ import annotations

from bot.service.draws import DrawOperations
from bot.service.events import DrawOffered, UndoRequested
from bot.service.results import Accepted, Refusal
from bot.service.undo import UndoOperations

QUESTIONS = ("undo", "draw")


def answerers(asked: Accepted) -> tuple[int, ...]:
    """Who must answer a question just asked: every other player (undo), the opponent (draw)."""
    for event in asked.events:
        if isinstance(event, UndoRequested):
            return event.waiting_for
        if isinstance(event, DrawOffered):
            return (event.to_user_id,)
    return ()


class QuestionOperations(UndoOperations, DrawOperations):
    """ask (undo or draw) → answer yes or no."""

    async def ask(self, question: str, game_id: int, user_id: int) -> Accepted | Refusal:
        """Put ``question`` ("undo" or "draw") to the table; ``answerers(result)`` says who must answer."""
        if question == "undo":
            return await self.request_undo(game_id, user_id)
        if question == "draw":
            return await self.offer_draw(game_id, user_id)
        raise ValueError(f"there is no question called {question!r}")

    async def answer(self, question: str, game_id: int, user_id: int, yes: bool) -> Accepted | Refusal:
        """Answer the open ``question``: an undo needs every yes, a draw the opponent's."""
        if question == "undo":
            return await (self.approve_undo if yes else self.decline_undo)(game_id, user_id)
        if question == "draw":
            return await (self.accept_draw if yes else self.decline_draw)(game_id, user_id)
        raise ValueError(f"there is no question called {question!r}")
