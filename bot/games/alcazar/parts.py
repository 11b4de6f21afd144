"""A move's parts as the other layers see them: what a player does, piece by piece.

``describe(state, move)`` takes a ``Move`` apart into typed values: the
withdrawal, the action with its card(s) and cells, whether it draws from the
deck, and the noble step.  Everyone above the engine (the chooser, the words
of a move, the computer players, the sorting of suggestions) reads these
instead of the notation, so a rule that changes is changed here only.  Each
part also carries its own notation (``withdraw 12``, ``castle 8 7-9``,
``grande 8``): the chooser keys its steps by them, and those keys are digested
into button ids that must keep their meaning across releases.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.games.alcazar import board
from bot.games.alcazar.moves import Move, MoveParts, Step, action_notation, step_notation
from bot.games.alcazar.pieces import GRANDE
from bot.games.alcazar.state import State

Action = Literal["buy", "castle", "mansion", "extend", "raise", "tower", "bridge", "pass"]
Purchase = Literal["card", "deck", "tower"]
Rank = Literal["baron", "grande"]
StepKind = Literal["place", "move", "swap"]
BUILDING_CARD_ACTIONS: tuple[Action, ...] = ("castle", "mansion", "extend", "raise")


@dataclass(frozen=True, slots=True)
class Place:
    """A cell as players know it: a numbered space, or a garden between spaces."""

    name: str                  # as notation writes it: "12", "g7,1"
    space: int | None          # the space number; None for a garden
    garden: str | None         # a garden's grid position "x,y"; None for a space


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """The noble taken back before the action: from which cell, and which rank it is."""

    place: Place
    rank: Rank | None          # None when the position described has no noble there
    notation: str              # "withdraw 12"


@dataclass(frozen=True, slots=True)
class NobleStep:
    """The noble step after a build.

    ``place``: one noble per cell of ``places``, of the rank at the same index of
    ``ranks``; ``move``: ``places`` is (from, to); ``swap``: both ends.
    """

    kind: StepKind
    places: tuple[Place, ...]
    ranks: tuple[Rank, ...]
    notation: str              # "baron 7 grande 8", "move 4>11", "swap 7<>g7,1"


@dataclass(frozen=True, slots=True)
class AlcazarMoveParts:
    """One complete Alcazar (2009) move taken apart.

    ``cards`` is the building card played or the face-up card bought; ``places``
    the cells built on (a castle's three spaces, the card's space, the tower's
    cell, a bridge's two ends); ``span`` a castle's (low, high) spaces;
    ``purchase`` what a buy takes.
    """

    notation: str
    withdrawal: Withdrawal | None
    action: Action
    action_notation: str       # the action alone: "castle 8 7-9", "buy deck", "pass"
    cards: tuple[int, ...]
    places: tuple[Place, ...]
    span: tuple[int, int] | None
    purchase: Purchase | None
    noble_step: NobleStep | None

    @property
    def draws_from_deck(self) -> bool:
        """A purchase from the face-down deck: it brings a card nobody has seen."""
        return self.purchase == "deck"

    @property
    def plays_building_card(self) -> bool:
        return self.action in BUILDING_CARD_ACTIONS

    @property
    def extras(self) -> tuple[bool, ...]:
        """What the move adds to its action: (a noble step, a withdrawal)."""
        return (self.noble_step is not None, self.withdrawal is not None)

    @property
    def same_as(self) -> None:
        """Every listed Alcazar move is a choice of its own."""
        return None


def place_of(cell: int) -> Place:
    name = board.CELL_NAME[cell]
    space = board.CELL_SPACE[cell] or None
    return Place(name, space, None if space else name[1:])


def _rank(rank: int) -> Rank:
    return "grande" if rank == GRANDE else "baron"


_ACTIONS: dict[str, Action] = {"buy": "buy", "castle": "castle", "mansion": "mansion", "extend": "extend",
                               "raise": "raise", "tower": "tower", "bridge": "bridge", "pass": "pass"}
_STEP_KINDS: dict[str, StepKind] = {"place": "place", "move": "move", "swap": "swap"}


def _noble_step(step: Step) -> NobleStep:
    return NobleStep(_STEP_KINDS[step.kind],
                     tuple(place_of(c) for c in step.cells), tuple(_rank(r) for r in step.ranks),
                     step_notation(step))


def _built_places(parts: MoveParts) -> tuple[Place, ...]:
    if parts.kind == "castle":
        assert parts.span is not None
        return tuple(place_of(board.SPACE_CELL[n]) for n in range(parts.span[0], parts.span[1] + 1))
    if parts.kind in BUILDING_CARD_ACTIONS:
        assert parts.card is not None
        return (place_of(board.SPACE_CELL[parts.card]),)
    return tuple(place_of(c) for c in parts.cells)


def describe(state: State, move: Move) -> AlcazarMoveParts:
    """The parts of ``move`` for the player to act in ``state`` (the state names the withdrawn noble)."""
    parts = move.parts
    withdrawal = None
    if parts.withdraw is not None:
        noble = state.nobles.get(parts.withdraw)
        withdrawal = Withdrawal(place_of(parts.withdraw), None if noble is None else _rank(noble[1]),
                                f"withdraw {board.CELL_NAME[parts.withdraw]}")
    purchase: Purchase | None = None
    if parts.kind == "buy":
        purchase = "deck" if parts.source == "deck" else "tower" if parts.source == "tower" else "card"
    return AlcazarMoveParts(
        notation=move.text,
        withdrawal=withdrawal,
        action=_ACTIONS[parts.kind],
        action_notation=action_notation(parts),
        cards=() if parts.card is None else (parts.card,),
        places=() if parts.kind in ("buy", "pass") else _built_places(parts),
        span=parts.span,
        purchase=purchase,
        noble_step=None if parts.step is None else _noble_step(parts.step),
    )

