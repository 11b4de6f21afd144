"""A move's parts as the other layers see them: a pawn step, a wall turn and where it ends, or a pass.

``describe(state, move)`` takes a ``Move`` apart into typed values, so that
nobody above the engine reads ``a4-b4`` or ``w3 B3 ccw1``.  The engine also
knows which wall turns are the same choice: a turn that leaves the wall where
a shorter turn of the same wall around the same tower does (a quarter turn
one way and three quarters the other).  ``distinct_wall_turns`` keeps one of
each; ``WallTurnParts.same_as`` names the one kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from bot.games.alcazar1978.board import POSITION_NAMES, SQUARE_NAMES, Tower, tower_name
from bot.games.alcazar1978.moves import Move, Pass, PawnMove, WallTurn
from bot.games.alcazar1978.rotation import Direction
from bot.games.alcazar1978.rules import legal_moves
from bot.games.alcazar1978.state import State
from bot.games.alcazar1978.view import swing_of

Action1978 = Literal["pawn", "wall", "pass"]


@dataclass(frozen=True, slots=True)
class PawnStep:
    """The pawn steps from ``origin`` to ``target`` (square names, "a4")."""

    origin: str
    target: str


@dataclass(frozen=True, slots=True)
class WallTurnParts:
    """Wall ``wall`` turns ``quarters`` right angles ``direction`` around ``pivot`` from ``start`` to ``end``.

    ``end`` is None for a turn that would leave the board; ``same_as`` is the
    notation of the shorter legal turn that ends in the same place (None when
    this turn is the one offered).
    """

    wall: int
    pivot: str                 # the tower's name, "B3"
    direction: Direction
    quarters: int
    start: str                 # wall positions, "B3-C3"
    end: str | None
    same_as: str | None = None


@dataclass(frozen=True, slots=True)
class Alcazar1978MoveParts:
    """One Alcazar (1978) move taken apart: exactly one of ``pawn`` and ``wall`` for those actions."""

    notation: str
    action: Action1978
    pawn: PawnStep | None = None
    wall: WallTurnParts | None = None

    @property
    def draws_from_deck(self) -> bool:
        """Alcazar (1978) has no cards."""
        return False

    @property
    def extras(self) -> tuple[bool, ...]:
        """A move here is one thing, with nothing added to it."""
        return ()

    @property
    def same_as(self) -> str | None:
        """For a wall turn that ends where a shorter one does, that shorter turn's notation."""
        return None if self.wall is None else self.wall.same_as


def turn_end(turn: WallTurn) -> tuple[int, Tower, int]:
    """Where a turn leaves its wall, whatever the wall's position: (wall, pivot, quarter turns clockwise mod 4)."""
    clockwise = turn.quarters % 4 if turn.direction == "cw" else (4 - turn.quarters) % 4
    return turn.wall, turn.pivot, clockwise


def equal_turns(moves: Sequence[Move]) -> dict[WallTurn, WallTurn]:
    """Each wall turn of ``moves`` mapped to the one offered for its end: the fewest quarters,
    the first listed on a tie."""
    best: dict[tuple[int, Tower, int], WallTurn] = {}
    for move in moves:
        if isinstance(move, WallTurn):
            kept = best.get(turn_end(move))
            if kept is None or move.quarters < kept.quarters:
                best[turn_end(move)] = move
    return {move: best[turn_end(move)] for move in moves if isinstance(move, WallTurn)}


def distinct_wall_turns(moves: Sequence[Move]) -> list[Move]:
    """``moves`` with each wall turn that ends where a shorter one does left out (in their order)."""
    kept = equal_turns(moves)
    return [m for m in moves if not isinstance(m, WallTurn) or kept[m] == m]


def describe(state: State, move: Move) -> Alcazar1978MoveParts:
    """The parts of ``move`` for the seat to act in ``state`` (the state says where the wall stands)."""
    if isinstance(move, Pass):
        return Alcazar1978MoveParts(str(move), "pass")
    if isinstance(move, PawnMove):
        return Alcazar1978MoveParts(str(move), "pawn",
                                    pawn=PawnStep(SQUARE_NAMES[move.origin], SQUARE_NAMES[move.target]))
    swing = swing_of(state, move)
    offered = equal_turns(legal_moves(state)).get(move, move)
    return Alcazar1978MoveParts(str(move), "wall", wall=WallTurnParts(
        move.wall, tower_name(move.pivot), move.direction, move.quarters, POSITION_NAMES[swing.start],
        None if swing.end is None else POSITION_NAMES[swing.end], None if offered == move else str(offered)))
