"""The move value type and its notation (see docs/rules/alcazar.md, "Move notation").

A ``Move`` is its canonical notation: two moves are equal when their
notation is.  Its parts (withdrawal, action, noble step) are parsed from the
text on first use, so ``legal_moves`` can hand out thousands of moves cheaply.

    withdraw 12; raise 10 + move 8>10
    castle 8 7-9 + baron 7 grande 8
    bridge 7-17 + swap 7<>g7,1
"""
from __future__ import annotations

import re
from typing import NamedTuple

from bot.games.alcazar import board
from bot.games.alcazar.pieces import BARON, GRANDE, RANK_NAMES
from bot.games.common import MoveError, quoted, small_number
from bot.i18n.message import Msg

CARD_ACTIONS = ("castle", "mansion", "extend", "raise")
ACTIONS = ("buy", *CARD_ACTIONS, "tower", "bridge", "pass")


class Step(NamedTuple):
    """The noble step after a build.

    ``place``: ``cells`` and ``ranks`` pair up (one or two nobles);
    ``move``: ``cells`` is (from, to); ``swap``: ``cells`` is both ends.
    """

    kind: str
    cells: tuple[int, ...]
    ranks: tuple[int, ...] = ()


class MoveParts(NamedTuple):
    """A move taken apart.

    ``card`` is the building card (or the face-up card bought); ``source`` of
    a buy is ``"card"``, ``"deck"`` or ``"tower"``; ``span`` is a castle's
    (low, high) space numbers; ``cells`` the target of ``tower`` (one cell)
    or the two ends of ``bridge``.
    """

    withdraw: int | None
    kind: str
    card: int | None = None
    source: str | None = None
    span: tuple[int, int] | None = None
    cells: tuple[int, ...] = ()
    step: Step | None = None


class Outline(NamedTuple):
    """The shape of a move, known without taking it apart: its action, and whether it withdraws or steps."""

    action: str
    withdraws: bool
    steps: bool


class Move:
    """One complete move, identified by its canonical notation."""

    __slots__ = ("text", "_parts", "_outline")

    def __init__(self, text: str, parts: MoveParts | None = None, outline: Outline | None = None) -> None:
        self.text = text
        self._parts = parts
        self._outline = outline

    @classmethod
    def from_parts(cls, parts: MoveParts) -> Move:
        return cls(notation(parts), parts)

    @property
    def parts(self) -> MoveParts:
        if self._parts is None:
            self._parts = parse_notation(self.text)
        return self._parts

    @property
    def kind(self) -> str:
        return self.parts.kind

    @property
    def outline(self) -> Outline:
        """The move's action and whether it withdraws or steps; cheap for the moves ``legal_moves`` lists,
        which the computer players sort by action many times a second."""
        if self._outline is None:
            parts = self.parts
            self._outline = Outline(parts.kind, parts.withdraw is not None, parts.step is not None)
        return self._outline

    @property
    def withdraw(self) -> int | None:
        return self.parts.withdraw

    @property
    def step(self) -> Step | None:
        return self.parts.step

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


# -- writing ------------------------------------------------------------------------
def step_notation(step: Step) -> str:
    name = board.CELL_NAME
    if step.kind == "place":
        return " ".join(f"{RANK_NAMES[r]} {name[c]}" for r, c in zip(step.ranks, step.cells))
    if step.kind == "move":
        return f"move {name[step.cells[0]]}>{name[step.cells[1]]}"
    return f"swap {name[step.cells[0]]}<>{name[step.cells[1]]}"


def action_notation(parts: MoveParts) -> str:
    kind, name = parts.kind, board.CELL_NAME
    if kind == "buy":
        return f"buy {parts.card if parts.source == 'card' else parts.source}"
    if kind == "castle":
        assert parts.span is not None
        return f"castle {parts.card} {parts.span[0]}-{parts.span[1]}"
    if kind in CARD_ACTIONS:
        return f"{kind} {parts.card}"
    if kind == "tower":
        return f"tower {name[parts.cells[0]]}"
    if kind == "bridge":
        return f"bridge {name[parts.cells[0]]}-{name[parts.cells[1]]}"
    return "pass"


def notation(parts: MoveParts) -> str:
    """The canonical notation of a move."""
    text = action_notation(parts)
    if parts.withdraw is not None:
        text = f"withdraw {board.CELL_NAME[parts.withdraw]}; {text}"
    if parts.step is not None:
        text = f"{text} + {step_notation(parts.step)}"
    return text


# -- reading ------------------------------------------------------------------------
_TOKEN = re.compile(r"\s*(g\s*\d+\s*,\s*\d+|\d+|[a-z]+|<>|[-;+>])")


def _tokens(text: str) -> list[str]:
    text = text.strip().lower()
    tokens, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            if text[pos:].strip() == "":
                break
            raise MoveError(Msg("notation.unreadable", text=quoted(text[pos:])))
        tokens.append(re.sub(r"\s+", "", m.group(1)))
        pos = m.end()
    return tokens


class _Reader:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.i = 0
        #: The part of the move being read ("castle", "step" …): a malformed move is shown its form.
        self.form = "move"

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, what: Msg | str) -> str:
        token = self.peek()
        if token is None:
            raise MoveError(Msg("notation.ends_early", what=what))
        self.i += 1
        return token

    def expect(self, literal: str) -> None:
        token = self.take(f"'{literal}'")
        if token != literal:
            raise MoveError(Msg("notation.expected", literal=literal, text=quoted(token)))

    def cell(self) -> int:
        token = self.take(Msg("notation.want_cell"))
        cell = board.parse_cell(token)
        if cell is None:
            raise MoveError(Msg("notation.not_a_cell", text=quoted(token)))
        return cell

    def space(self) -> int:
        token = self.take(Msg("notation.want_space"))
        number = small_number(token)
        if number is None or not 1 <= number <= board.SPACE_COUNT:
            raise MoveError(Msg("notation.not_a_space", text=quoted(token)))
        return number


def _step(r: _Reader) -> Step:
    r.form = "step"
    word = r.take(Msg("notation.want_step"))
    if word in RANK_NAMES:
        ranks = [GRANDE if word == "grande" else BARON]
        cells = [r.cell()]
        if r.peek() in RANK_NAMES:
            ranks.append(GRANDE if r.take("") == "grande" else BARON)
            cells.append(r.cell())
        if len(cells) == 2 and board.CELL_ORDER[cells[1]] < board.CELL_ORDER[cells[0]]:
            cells.reverse()
            ranks.reverse()
        return Step("place", tuple(cells), tuple(ranks))
    if word == "move":
        a = r.cell()
        r.expect(">")
        return Step("move", (a, r.cell()))
    if word == "swap":
        a = r.cell()
        r.expect("<>")
        return Step("swap", board.ordered(a, r.cell()))
    raise MoveError(Msg("notation.not_a_step", text=quoted(word)))


def _action(r: _Reader, withdraw: int | None) -> MoveParts:
    word = r.take(Msg("notation.want_action"))
    if word in FORMS:
        r.form = word
    if word == "buy":
        what = r.take(Msg("notation.want_purchase"))
        if what in ("deck", "tower"):
            return MoveParts(withdraw, "buy", source=what)
        card = small_number(what)
        if card is not None and 1 <= card <= board.SPACE_COUNT:
            return MoveParts(withdraw, "buy", card=card, source="card")
        raise MoveError(Msg("notation.cannot_buy", text=quoted(what)))
    if word == "castle":
        card = r.space()
        low = r.space()
        r.expect("-")
        high = r.space()
        return MoveParts(withdraw, "castle", card=card, span=(min(low, high), max(low, high)))
    if word in ("mansion", "extend", "raise"):
        return MoveParts(withdraw, word, card=r.space())
    if word == "tower":
        return MoveParts(withdraw, "tower", cells=(r.cell(),))
    if word == "bridge":
        a = r.cell()
        r.expect("-")
        return MoveParts(withdraw, "bridge", cells=board.ordered(a, r.cell()))
    if word == "pass":
        return MoveParts(withdraw, "pass")
    raise MoveError(Msg("notation.not_an_action", text=quoted(word), actions=", ".join(ACTIONS)))


#: The parts of a move whose form a malformed move is shown (``notation.form.<part>``); "move" is
#: the whole move, before its action is known.
FORMS = ("move", "withdraw", "buy", "castle", "mansion", "extend", "raise", "tower", "bridge", "step")
#: Words that begin a noble step: after a complete action without its "+", the step's form is shown.
_STEP_WORDS = (*RANK_NAMES, "move", "swap")


def parse_notation(text: str) -> MoveParts:
    """Read a move's notation (forgiving about spaces and case); ``MoveError`` if malformed, saying
    what is wrong and how the part being read is written (``castle 8`` gets the form ``castle 8 7-9``)."""
    r = _Reader([])
    try:
        return _read(text, r)
    except MoveError as error:
        raise MoveError(Msg("notation.with_form", reason=error.reason, form=Msg(f"notation.form.{r.form}"))) \
            from None


def _read(text: str, r: _Reader) -> MoveParts:
    # The bot writes ranges with an en dash (7–9) and moves with an arrow (4 → 11): accept what it shows.
    text = text.replace("–", "-").replace("—", "-").replace("→", ">")
    r.tokens = _tokens(text)
    if r.peek() is None:
        raise MoveError(Msg("notation.empty"))
    withdraw = None
    if r.peek() == "withdraw":
        r.form = "withdraw"
        r.take("")
        withdraw = r.cell()
        r.expect(";")
    parts = _action(r, withdraw)
    if r.peek() == "+":
        r.take("")
        if parts.kind in ("buy", "pass"):
            raise MoveError(Msg("notation.step_after", kind=parts.kind))
        parts = parts._replace(step=_step(r))
    if r.peek() is not None:
        if r.peek() in _STEP_WORDS:
            r.form = "step"
        raise MoveError(Msg("notation.trailing", text=quoted(r.peek() or "")))
    return parts
