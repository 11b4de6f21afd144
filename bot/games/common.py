"""Value types shared by both rules engines (pure: no I/O, no Discord)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.i18n.message import Msg, message_of


class GameError(Exception):
    """Base of every error a player can cause with a move; its argument is a ``Msg`` saying why."""

    @property
    def reason(self) -> Msg | str:
        """Why, as a message to word in the reader's language."""
        return self.args[0] if self.args else ""


class MoveError(GameError):
    """The text is not a move at all (malformed notation)."""


class IllegalMove(GameError):
    """A well-formed move that the rules forbid; the message (a ``Msg``) names the rule."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists the winning seats (several on a shared win, none on a
    draw); ``reason`` says why, as a message (a string in results stored
    before messages).  ``scores`` holds each seat's final points where the game keeps
    score (Alcazar 2009), ``details`` a JSON-ready breakdown per seat.
    """

    winners: tuple[int, ...]
    reason: Msg | str
    scores: tuple[int, ...] | None = None
    details: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason.to_json() if isinstance(self.reason, Msg) else self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "details": [dict(d) for d in self.details],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        scores = d.get("scores")
        return cls(
            winners=tuple(d["winners"]),
            reason=message_of(d["reason"]),
            scores=None if scores is None else tuple(scores),
            details=tuple(d.get("details", ())),
        )
