"""Moves and their notation: ``a4-b4``, ``w3 B3 ccw1`` and ``pass``.

A move is a small immutable value whose ``str`` is its one canonical
notation.  ``read_notation`` turns text back into a move (forgiving about
case, spaces and arrows) and raises ``MoveError`` for text that is not a
move at all; whether the move is legal is the rules' business.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.alcazar1978.board import (
    SQUARE_BY_NAME,
    SQUARE_NAMES,
    TOWER_BY_NAME,
    Tower,
    tower_name,
)
from bot.games.alcazar1978.rotation import Direction
from bot.games.common import MoveError, quoted, shortened, small_number
from bot.i18n.message import Msg

WALL_IDS = range(1, 9)


@dataclass(frozen=True, slots=True)
class PawnMove:
    """The pawn steps from ``origin`` to ``target`` (square numbers)."""

    origin: int
    target: int

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.origin]}-{SQUARE_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class WallTurn:
    """Wall ``wall`` (1–8) turns ``quarters`` right angles around ``pivot``."""

    wall: int
    pivot: Tower
    direction: Direction
    quarters: int

    def __str__(self) -> str:
        return f"w{self.wall} {tower_name(self.pivot)} {self.direction}{self.quarters}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The player has no legal move and passes."""

    def __str__(self) -> str:
        return "pass"


Move = PawnMove | WallTurn | Pass
PASS = Pass()

_PAWN = re.compile(r"([a-z]\d+)\s*(?:-|–|—|→|->|>)?\s*([a-z]\d+)")
_WALL = re.compile(r"(?:w|wall)\s*(\d+)\s*(?:around\s*)?([a-z]\d+)\s*(ccw|cw)\s*(\d*)")


def read_notation(text: str) -> Move:
    """The move a piece of text names; ``MoveError`` when it names none."""
    cleaned = " ".join(text.strip().lower().split())
    if cleaned == "pass":
        return PASS
    if match := _WALL.fullmatch(cleaned):
        return _read_wall_turn(*match.groups())
    if match := _PAWN.fullmatch(cleaned):
        return PawnMove(_read_square(match.group(1)), _read_square(match.group(2)))
    raise MoveError(Msg("notation78.not_a_move", text=quoted(text)))


def _read_square(name: str) -> int:
    try:
        return SQUARE_BY_NAME[name]
    except KeyError:
        raise MoveError(Msg("notation78.not_a_square", text=shortened(name))) from None


def _read_wall_turn(wall_text: str, pivot_text: str, direction: str, quarters_text: str) -> WallTurn:
    wall = small_number(wall_text)
    if wall is None or wall not in WALL_IDS:
        raise MoveError(Msg("notation78.no_wall", text=shortened(wall_text)))
    pivot = TOWER_BY_NAME.get(pivot_text.upper())
    if pivot is None:
        raise MoveError(Msg("notation78.not_a_tower", text=shortened(pivot_text.upper())))
    quarters = small_number(quarters_text) if quarters_text else 1
    if quarters not in (1, 2, 3):
        raise MoveError(Msg("notation78.turn_size", text=shortened(quarters_text)))
    return WallTurn(wall, pivot, "cw" if direction == "cw" else "ccw", quarters)
