"""Where things go on the Alcazar (2009) image: board, value track, panel.

The image is portrait, for phones: the board on top, the value track under
it, and the panel under the track at the board's width. Every length
derives from ``cell``, the side of one grid cell in pixels, so the whole
image scales with one number.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renderer.alcazar_layout import layout

Box = tuple[int, int, int, int]
TRACK_PER_ROW = 25          # the value track 1..50 in two rows
PANEL_CELLS = 7.4           # the panel's height in cells: five players beside cards, supply and last move


@dataclass(frozen=True)
class Geometry:
    cell: int
    columns: int
    rows: int
    margin: int
    frame: int
    board_left: int
    board_top: int
    track_top: int
    track_row: int
    panel_left: int
    panel_top: int
    panel_width: int
    panel_height: int
    width: int
    height: int

    @property
    def gap(self) -> int:
        """Half the space between two tiles, where the path is drawn."""
        return max(2, self.cell // 16)

    @property
    def board_width(self) -> int:
        return self.columns * self.cell

    @property
    def board_height(self) -> int:
        return self.rows * self.cell

    def cell_box(self, x: int, y: int) -> Box:
        left = self.board_left + x * self.cell
        top = self.board_top + y * self.cell
        return (left, top, left + self.cell, top + self.cell)

    def tile_box(self, x: int, y: int) -> Box:
        left, top, right, bottom = self.cell_box(x, y)
        g = self.gap
        return (left + g, top + g, right - g - 1, bottom - g - 1)

    def centre(self, x: int, y: int) -> tuple[float, float]:
        left, top, right, bottom = self.cell_box(x, y)
        return ((left + right) / 2, (top + bottom) / 2)

    def track_slot(self, value: int) -> Box:
        """The box of ``value`` (1..50) on the value track below the board."""
        index = value - 1
        row, column = divmod(index, TRACK_PER_ROW)
        slot = (self.board_width + 2 * self.frame) / TRACK_PER_ROW
        left = self.board_left - self.frame + column * slot
        top = self.track_top + row * self.track_row
        return (round(left), top, round(left + slot), top + self.track_row)

    @property
    def panel_box(self) -> Box:
        return (self.panel_left, self.panel_top, self.panel_left + self.panel_width,
                self.panel_top + self.panel_height)


@lru_cache(maxsize=8)
def geometry(cell: int) -> Geometry:
    """The geometry of the board image for a cell size in pixels."""
    board = layout()
    margin = max(8, round(cell * 0.32))
    frame = max(4, round(cell * 0.16))
    board_left = margin + frame
    board_top = margin + frame
    board_bottom = board_top + board.rows * cell + frame
    track_top = board_bottom + round(cell * 0.28)
    track_row = round(cell * 0.84)          # a castle's shield above the value's number
    panel_top = track_top + 2 * track_row + round(cell * 0.28)
    panel_left = margin                     # the panel lines up with the board's frame
    panel_width = board.columns * cell + 2 * frame
    panel_height = round(cell * PANEL_CELLS)
    width = panel_left + panel_width + margin
    height = panel_top + panel_height + margin
    return Geometry(
        cell=cell, columns=board.columns, rows=board.rows, margin=margin, frame=frame,
        board_left=board_left, board_top=board_top, track_top=track_top, track_row=track_row,
        panel_left=panel_left, panel_top=panel_top, panel_width=panel_width, panel_height=panel_height,
        width=width, height=height,
    )
