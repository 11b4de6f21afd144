"""Value types shared by both rules engines (pure: no I/O, no Discord)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class GameError(Exception):
    """Base of every error a player can cause with a move."""


class MoveError(GameError):
    """The text is not a move at all (malformed notation)."""


class IllegalMove(GameError):
    """A well-formed move that the rules forbid; the message names the rule."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists the winning seats (several on a shared win, none on a
    draw).  ``scores`` holds each seat's final points where the game keeps
    score (Alcazar 2009), ``details`` a JSON-ready breakdown per seat.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None
    details: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "details": [dict(d) for d in self.details],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        scores = d.get("scores")
        return cls(
            winners=tuple(d["winners"]),
            reason=d["reason"],
            scores=None if scores is None else tuple(scores),
            details=tuple(d.get("details", ())),
        )
