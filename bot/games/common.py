"""Value types shared by both rules engines (pure: no I/O, no Discord)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, Union

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


@dataclass(frozen=True)
class MoveWords:
    """A move in plain words, whole and part by part (in the order of the move's parts; None for a
    part the move leaves out), so that a chooser can label each step without taking the words apart."""

    whole: Msg
    parts: tuple[Msg | None, ...]


# -- the engine protocol ----------------------------------------------------------------------
#: What JSON can hold: views, snapshots and options are made of these only.
JsonValue = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
Json = dict[str, JsonValue]


class MoveDescription(Protocol):
    """What every engine's description of a move says, whatever the game (each adds its own parts)."""

    @property
    def notation(self) -> str: ...

    @property
    def action(self) -> str: ...

    @property
    def draws_from_deck(self) -> bool:
        """It brings a card from the face-down deck, which only the mover may see."""
        ...

    @property
    def extras(self) -> tuple[bool, ...]:
        """Which optional parts the move adds to its action, in the order suggestions list them
        (moves with fewer extras first)."""
        ...

    @property
    def same_as(self) -> str | None:
        """The notation of an equal move offered instead of this one (None: this one is offered)."""
        ...


State_ = TypeVar("State_")
Move_ = TypeVar("Move_")
Parts_ = TypeVar("Parts_", bound=MoveDescription, covariant=True)


class Engine(Protocol[State_, Move_, Parts_]):
    """A rules engine module, as ``docs/engine-contract.md`` and ``docs/engine-extras.md`` describe it.

    Both ``bot.games.alcazar`` and ``bot.games.alcazar1978`` satisfy it (the
    registry in ``bot.games`` assigns each to this type, so mypy checks them).
    ``CAN_SKIP`` and ``CAN_RETIRE`` say whether ``skip`` and ``retire`` may be
    called; where they may not, a missed deadline or a resignation ends the game.
    """

    @property
    def NAME(self) -> str: ...
    @property
    def TITLE(self) -> str: ...
    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def COLORS(self) -> tuple[str, ...]: ...
    @property
    def DEFAULT_OPTIONS(self) -> dict[str, JsonValue]: ...
    @property
    def CAN_SKIP(self) -> bool: ...
    @property
    def CAN_RETIRE(self) -> bool: ...

    def new_game(self, players: int, seed: int | None = None, *, deck: list[int] | None = None,
                 options: dict[str, JsonValue] | None = None) -> State_: ...
    def to_move(self, state: State_) -> int | None: ...
    def legal_moves(self, state: State_) -> list[Move_]: ...
    def parse_move(self, state: State_, text: str) -> Move_: ...
    def play(self, state: State_, move: Move_ | str) -> State_: ...
    def outcome(self, state: State_) -> Outcome | None: ...
    def describe(self, state: State_, move: Move_) -> Parts_: ...
    def describe_move(self, state: State_, move: Move_ | str) -> Msg: ...
    def describe_move_by_part(self, state: State_, move: Move_) -> MoveWords: ...
    def extras(self, move: Move_) -> tuple[bool, ...]: ...
    def forced_pass(self, state: State_) -> bool: ...
    def why_no_take_back(self, move: Move_ | str) -> Msg | None: ...
    def view(self, state: State_, seat: int | None) -> Json: ...
    def hand(self, state: State_, seat: int) -> tuple[int, ...] | None: ...
    def options(self, state: State_) -> Json: ...
    def ply(self, state: State_) -> int: ...
    def to_dict(self, state: State_) -> Json: ...
    def from_dict(self, data: Json) -> State_: ...
    def skip(self, state: State_) -> State_: ...
    def retire(self, state: State_, seat: int) -> State_: ...
