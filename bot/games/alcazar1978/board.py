"""The 4 × 4 board: squares, towers, wall positions and their names.

Squares are numbered ``rank * 4 + file`` (``a1`` = 0, ``d4`` = 15), towers
are grid points ``(x, y)`` with ``x`` in A–E and ``y`` in 0–4, and the 40
wall positions are numbered 0–39: the 20 horizontal ones first
(``A0-B0`` = 0 … ``D4-E4`` = 19), then the 20 vertical ones
(``A0-A1`` = 20 … ``E3-E4`` = 39).  Everything here is computed once at
import so the rules can work with small integers and bit masks.
"""
from __future__ import annotations

SIZE = 4                      # squares per side
TOWERS_PER_SIDE = SIZE + 1    # towers per side
FILES = "abcd"
TOWER_FILES = "ABCDE"

Tower = tuple[int, int]       # (x, y) grid point, possibly off the board while a wall swings

# The four directions from a tower in counter-clockwise order, so that a
# counter-clockwise quarter turn is ``+1`` and a clockwise one ``-1`` (mod 4).
EAST, NORTH, WEST, SOUTH = 0, 1, 2, 3
DIRECTIONS: tuple[Tower, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


# ---- squares -------------------------------------------------------------

def square_index(file: int, rank: int) -> int:
    return rank * SIZE + file


def square_name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


SQUARE_NAMES: tuple[str, ...] = tuple(square_name(s) for s in range(SIZE * SIZE))
SQUARE_BY_NAME: dict[str, int] = {name: s for s, name in enumerate(SQUARE_NAMES)}


def on_board_square(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


# ---- towers --------------------------------------------------------------

def on_board_tower(tower: Tower) -> bool:
    x, y = tower
    return 0 <= x < TOWERS_PER_SIDE and 0 <= y < TOWERS_PER_SIDE


def tower_name(tower: Tower) -> str:
    x, y = tower
    return f"{TOWER_FILES[x]}{y}"


TOWER_BY_NAME: dict[str, Tower] = {
    tower_name((x, y)): (x, y) for y in range(TOWERS_PER_SIDE) for x in range(TOWERS_PER_SIDE)
}


# ---- wall positions ------------------------------------------------------

HORIZONTAL_COUNT = SIZE * TOWERS_PER_SIDE          # 20
WALL_POSITION_COUNT = 2 * HORIZONTAL_COUNT         # 40


def _position_towers(position: int) -> tuple[Tower, Tower]:
    if position < HORIZONTAL_COUNT:
        x, y = position % SIZE, position // SIZE
        return (x, y), (x + 1, y)
    vertical = position - HORIZONTAL_COUNT
    x, y = vertical % TOWERS_PER_SIDE, vertical // TOWERS_PER_SIDE
    return (x, y), (x, y + 1)


POSITION_TOWERS: tuple[tuple[Tower, Tower], ...] = tuple(
    _position_towers(p) for p in range(WALL_POSITION_COUNT)
)
POSITION_BY_TOWERS: dict[frozenset[Tower], int] = {
    frozenset(towers): p for p, towers in enumerate(POSITION_TOWERS)
}
POSITION_NAMES: tuple[str, ...] = tuple(
    f"{tower_name(lo)}-{tower_name(hi)}" for lo, hi in POSITION_TOWERS
)
POSITION_BY_NAME: dict[str, int] = {name: p for p, name in enumerate(POSITION_NAMES)}


def position_between(a: Tower, b: Tower) -> int | None:
    """The wall position joining two towers, or None when one is off the board."""
    return POSITION_BY_TOWERS.get(frozenset((a, b)))


def is_rim_position(position: int) -> bool:
    """A rim position runs along the edge of the board and separates no squares."""
    (x0, y0), (x1, y1) = POSITION_TOWERS[position]
    if y0 == y1:
        return y0 in (0, SIZE)
    return x0 in (0, SIZE)


# ---- the sides of a square ----------------------------------------------

def _side(square: int, direction: int) -> tuple[int, int]:
    """(neighbouring square or -1 at the edge, wall position on that side)."""
    file, rank = square % SIZE, square // SIZE
    dx, dy = DIRECTIONS[direction]
    # The side's two towers: the square's corners facing that direction.
    if direction == EAST:
        towers = ((file + 1, rank), (file + 1, rank + 1))
    elif direction == WEST:
        towers = ((file, rank), (file, rank + 1))
    elif direction == NORTH:
        towers = ((file, rank + 1), (file + 1, rank + 1))
    else:
        towers = ((file, rank), (file + 1, rank))
    position = POSITION_BY_TOWERS[frozenset(towers)]
    nf, nr = file + dx, rank + dy
    neighbour = square_index(nf, nr) if on_board_square(nf, nr) else -1
    return neighbour, position


# SIDES[square] = four (neighbour, wall position) pairs, E N W S.
SIDES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_side(s, d) for d in range(4)) for s in range(SIZE * SIZE)
)


def square_of_corner_quadrant(pivot: Tower, first: int, second: int) -> int | None:
    """The square with ``pivot`` as a corner lying between two neighbouring
    directions from it (None when that square is outside the board)."""
    x, y = pivot
    dx = DIRECTIONS[first][0] + DIRECTIONS[second][0]
    dy = DIRECTIONS[first][1] + DIRECTIONS[second][1]
    file = x if dx > 0 else x - 1
    rank = y if dy > 0 else y - 1
    return square_index(file, rank) if on_board_square(file, rank) else None
