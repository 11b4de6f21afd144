"""Value types shared by both rules engines (pure: no I/O, no Discord)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.i18n.message import Msg, message_of

QUOTE_LIMIT = 60
_ZERO_WIDTH_SPACE = "\u200b"


class GameError(Exception):
    """Base of every error a player can cause with a move; its argument is a ``Msg`` saying why."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)

    @property
    def reason(self) -> Msg:
        """Why, as a message to word in the reader's language."""
        reason: Msg = self.args[0]
        return reason


class MoveError(GameError):
    """The text is not a move at all (malformed notation)."""


class IllegalMove(GameError):
    """A well-formed move that the rules forbid; the message (a ``Msg``) names the rule."""


def shortened(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User text made safe to echo: one line, at most ``limit`` characters, no live mention.

    Whitespace runs become one space; longer text is cut with an ellipsis.
    Every ``@`` gets a zero-width space after it, so ``@everyone``, ``@here``,
    ``<@123>`` and ``<@&123>`` show as typed but ping nobody.
    """
    flat = " ".join(text.split())
    if len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return flat.replace("@", "@" + _ZERO_WIDTH_SPACE)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> Msg:
    """``shortened`` text in the reader's quotation marks (“…”, „…”), for refusals that echo what was typed."""
    return Msg("quote", text=shortened(text, limit))


def small_number(text: str, digits: int = 6) -> int | None:
    """The number ``text`` writes in ASCII digits, or None (also for absurdly long numbers).

    ``int()`` of thousands of digits raises ``ValueError``, and other scripts'
    digits are not notation, so parsers read numbers only through here.
    """
    significant = text.lstrip("0") or "0"
    if not text.isascii() or not text.isdigit() or len(significant) > digits:
        return None
    return int(significant)


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
