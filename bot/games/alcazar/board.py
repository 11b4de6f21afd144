"""The Alcazar (2009) board: the 72 building spaces on a 12×11 grid of cells.

The layout is read once from ``data/alcazar/board.json``; everything here is
derived from it at import time so that move generation never recomputes
geometry.  Inside the engine a *cell* is an index ``y * COLUMNS + x``; the
public names (``SPACES``, ``SPACE_AT``) speak in ``(x, y)`` pairs.
"""
from __future__ import annotations

import json
from pathlib import Path

from bot.games.common import small_number

BOARD_FILE = Path(__file__).resolve().parents[3] / "data" / "alcazar" / "board.json"

Cell = int
XY = tuple[int, int]


def _load() -> tuple[int, int, list[XY]]:
    """Columns, rows and the grid position of every space in path order."""
    with BOARD_FILE.open(encoding="utf-8") as f:
        data = json.load(f)
    spaces = [(int(x), int(y)) for x, y in data["spaces"]]
    return int(data["columns"]), int(data["rows"]), spaces


COLUMNS, ROWS, _PATH = _load()
CELL_COUNT: int = COLUMNS * ROWS
SPACE_COUNT: int = len(_PATH)

#: space number -> (x, y)
SPACES: dict[int, XY] = {n: xy for n, xy in enumerate(_PATH, start=1)}
#: (x, y) -> space number; gardens are absent
SPACE_AT: dict[XY, int] = {xy: n for n, xy in SPACES.items()}


def cell_at(x: int, y: int) -> Cell:
    """The internal cell index of grid position (x, y)."""
    return y * COLUMNS + x


def xy_of(cell: Cell) -> XY:
    """The grid position (x, y) of a cell."""
    return cell % COLUMNS, cell // COLUMNS


#: space number -> cell (index 0 unused)
SPACE_CELL: list[Cell] = [-1] + [cell_at(*SPACES[n]) for n in range(1, SPACE_COUNT + 1)]
#: cell -> space number, 0 for a garden
CELL_SPACE: list[int] = [0] * CELL_COUNT
for _n in range(1, SPACE_COUNT + 1):
    CELL_SPACE[SPACE_CELL[_n]] = _n


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    x, y = xy_of(cell)
    found = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < COLUMNS and 0 <= ny < ROWS:
            found.append(cell_at(nx, ny))
    return tuple(found)


def _two_apart(cell: Cell) -> tuple[tuple[Cell, Cell], ...]:
    """(other end, middle) for every cell two steps away in a row or column."""
    x, y = xy_of(cell)
    found = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        ox, oy = x + 2 * dx, y + 2 * dy
        if 0 <= ox < COLUMNS and 0 <= oy < ROWS:
            found.append((cell_at(ox, oy), cell_at(x + dx, y + dy)))
    return tuple(found)


#: orthogonal neighbours of every cell
NEIGHBOURS: list[tuple[Cell, ...]] = [_neighbours(c) for c in range(CELL_COUNT)]
#: (other end, middle) pairs two cells away in a straight line
TWO_APART: list[tuple[tuple[Cell, Cell], ...]] = [_two_apart(c) for c in range(CELL_COUNT)]
#: every unordered (end, middle, end) triple a bridge could span, ends in canonical order
BRIDGE_SPANS: tuple[tuple[Cell, Cell, Cell], ...]


def cell_name(cell: Cell) -> str:
    """Notation of a cell: the space number, or ``g<x>,<y>`` for a garden."""
    return CELL_NAME[cell]


def _name(cell: Cell) -> str:
    n = CELL_SPACE[cell]
    if n:
        return str(n)
    x, y = xy_of(cell)
    return f"g{x},{y}"


CELL_NAME: list[str] = [_name(c) for c in range(CELL_COUNT)]


def _order_key(cell: Cell) -> tuple[int, int, int]:
    n = CELL_SPACE[cell]
    if n:
        return (0, n, 0)
    x, y = xy_of(cell)
    return (1, y, x)


#: canonical order of cells in notation: spaces by number, then gardens by (y, x)
CELLS_IN_ORDER: tuple[Cell, ...] = tuple(sorted(range(CELL_COUNT), key=_order_key))
CELL_ORDER: list[int] = [0] * CELL_COUNT
for _rank, _c in enumerate(CELLS_IN_ORDER):
    CELL_ORDER[_c] = _rank


def ordered(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """The two cells in canonical notation order."""
    return (a, b) if CELL_ORDER[a] < CELL_ORDER[b] else (b, a)


BRIDGE_SPANS = tuple(
    (a, m, b)
    for a in range(CELL_COUNT)
    for b, m in TWO_APART[a]
    if CELL_ORDER[a] < CELL_ORDER[b]
)


def parse_cell(text: str) -> Cell | None:
    """The cell named by ``text`` (``"12"`` or ``"g7,1"``), or None if it names none."""
    text = text.strip().lower()
    n = small_number(text)
    if n is not None:
        return SPACE_CELL[n] if 1 <= n <= SPACE_COUNT else None
    if text.startswith("g") and "," in text:
        xs, _, ys = text[1:].partition(",")
        x, y = small_number(xs.strip()), small_number(ys.strip())
        if x is not None and y is not None and 0 <= x < COLUMNS and 0 <= y < ROWS:
            return cell_at(x, y)
    return None


def path_distance(a: int, b: int) -> int:
    """Distance between two space numbers along the numbered path."""
    return abs(a - b)
