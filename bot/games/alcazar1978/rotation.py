"""How a wall swings around one of its towers: every turn computed once.

A wall turn is a wall position, a pivot (one of its two towers), a
direction and 1–3 quarter turns.  Each quarter turn sweeps the square that
has the pivot as a corner and lies between the old and the new direction,
and each quarter turn puts the wall on a new position; around a tower on the
rim the wall may swing through the space outside the board, where there are
no squares and no positions to block it.  ``SWINGS`` holds all 40 × 2 × 6
turns with their swept squares and passed positions as bit masks, so the
rules only AND a few integers per candidate turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.games.alcazar1978.board import (
    DIRECTIONS,
    POSITION_TOWERS,
    WALL_POSITION_COUNT,
    Tower,
    position_between,
    square_of_corner_quadrant,
)

Direction = Literal["cw", "ccw"]
TURN_DIRECTIONS: tuple[Direction, Direction] = ("cw", "ccw")
QUARTERS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Swing:
    """One wall turn's geometry, independent of the walls and pawns around."""

    start: int                    # the wall position before the turn
    pivot: Tower
    direction: Direction
    quarters: int
    passed: tuple[int, ...]       # board positions touched on the way (end excluded)
    end: int | None               # the position it ends on; None when off the board
    swept: tuple[int, ...]        # board squares swept, in order
    block_mask: int               # bits of ``passed`` and ``end``: these must be free
    swept_mask: int               # bits of ``swept``: these must hold no pawn


def _direction_index(pivot: Tower, other: Tower) -> int:
    return DIRECTIONS.index((other[0] - pivot[0], other[1] - pivot[1]))


def _build(start: int, pivot: Tower, direction: Direction, quarters: int) -> Swing:
    lo, hi = POSITION_TOWERS[start]
    heading = _direction_index(pivot, hi if pivot == lo else lo)
    step = 1 if direction == "ccw" else -1
    touched: list[int | None] = []
    swept: list[int] = []
    for _ in range(quarters):
        new_heading = (heading + step) % 4
        square = square_of_corner_quadrant(pivot, heading, new_heading)
        if square is not None:
            swept.append(square)
        dx, dy = DIRECTIONS[new_heading]
        touched.append(position_between(pivot, (pivot[0] + dx, pivot[1] + dy)))
        heading = new_heading
    end = touched[-1]
    passed = tuple(p for p in touched[:-1] if p is not None)
    block_mask = 0
    for p in passed + ((end,) if end is not None else ()):
        block_mask |= 1 << p
    swept_mask = 0
    for s in swept:
        swept_mask |= 1 << s
    return Swing(start, pivot, direction, quarters, passed, end, tuple(swept), block_mask, swept_mask)


def _all_swings() -> dict[tuple[int, Tower, Direction, int], Swing]:
    table = {}
    for start in range(WALL_POSITION_COUNT):
        for pivot in POSITION_TOWERS[start]:
            for direction in TURN_DIRECTIONS:
                for quarters in QUARTERS:
                    table[(start, pivot, direction, quarters)] = _build(start, pivot, direction, quarters)
    return table


# (start position, pivot, direction, quarters) -> Swing; every turn of every position.
SWINGS: dict[tuple[int, Tower, Direction, int], Swing] = _all_swings()

# start position -> the swings that end on the board, in listing order
# (lower tower first, clockwise before counter-clockwise, fewer quarters first).
SWINGS_ON_BOARD: tuple[tuple[Swing, ...], ...] = tuple(
    tuple(
        SWINGS[(start, pivot, direction, quarters)]
        for pivot in POSITION_TOWERS[start]
        for direction in TURN_DIRECTIONS
        for quarters in QUARTERS
        if SWINGS[(start, pivot, direction, quarters)].end is not None
    )
    for start in range(WALL_POSITION_COUNT)
)
