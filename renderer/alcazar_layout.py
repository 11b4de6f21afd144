"""Which grid cell of the Alcazar (2009) board is which building space.

The renderer never writes the layout down itself: it reads it from the rules
engine's board module, which loads ``data/alcazar/board.json``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

Cell = tuple[int, int]


@dataclass(frozen=True)
class Layout:
    columns: int
    rows: int
    spaces: dict[Cell, int]          # cell -> space number (gardens are absent)

    @property
    def cells(self) -> dict[int, Cell]:
        """Space number -> cell."""
        return {n: c for c, n in self.spaces.items()}

    def space_at(self, cell: Cell) -> int | None:
        return self.spaces.get(cell)


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The board layout, read once from the engine."""
    from bot.games.alcazar import board

    return Layout(columns=board.COLUMNS, rows=board.ROWS, spaces=dict(board.SPACE_AT))
