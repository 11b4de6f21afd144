"""Where things go on the Alcazar (2009) image: the board, and the key under it.

The image is as wide as the board, so that on a phone (about 400 px wide)
the board fills the screen: the board on top, under it a key of one row per
player (who is which colour, their points, whose turn it is), the last move
and the symbols. Everything else a player counts (money, nobles, cards) is
written in the board's message. Every length derives from ``cell``, the side
of one grid cell in pixels, so the whole image scales with one number.

``Geometry.to_dict`` exports these positions, so that any other drawing of
the board (a web page) places things where this image does.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from renderer.alcazar_layout import layout
from renderer.drawing import phone_min_text

Box = tuple[int, int, int, int]

# A phone shows the image about this wide; no text may be smaller than MIN_TEXT_ON_PHONE there.
PHONE_WIDTH = 400
MIN_TEXT_ON_PHONE = 10
MAX_PLAYERS = 5

# The key under the board, in cells.
PLAYER_ROW = 0.62       # one player: token, name, points, whose turn
NOTE_ROW = 0.58         # the last move; the symbols
PANEL_PAD = 0.16


@dataclass(frozen=True)
class Geometry:
    cell: int
    columns: int
    rows: int
    players: int
    margin: int
    frame: int
    board_left: int
    board_top: int
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

    @property
    def min_text(self) -> int:
        """The smallest font size (px) this image may use: 10 px when a phone shows it 400 px wide."""
        return phone_min_text(self.width)

    def text(self, fraction: float) -> int:
        """A font size of ``fraction`` of a cell, never under ``min_text``."""
        return max(self.min_text, round(self.cell * fraction))

    def px(self, fraction: float) -> int:
        """A length of ``fraction`` of a cell, in whole pixels (at least one)."""
        return max(1, round(self.cell * fraction))

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

    @property
    def board_box(self) -> Box:
        """The playing area inside the frame."""
        return (self.board_left, self.board_top, self.board_left + self.board_width,
                self.board_top + self.board_height)

    @property
    def panel_box(self) -> Box:
        return (self.panel_left, self.panel_top, self.panel_left + self.panel_width,
                self.panel_top + self.panel_height)

    def player_row(self, index: int) -> Box:
        """The row of the key for the ``index``-th player (in seat order)."""
        left, top, right, _ = self.panel_box
        pad = self.px(PANEL_PAD)
        row = self.px(PLAYER_ROW)
        y = top + pad + index * row
        return (left + pad, y, right - pad, y + row)

    def note_row(self, index: int) -> Box:
        """Under the players: row 0 is the last move, row 1 the symbols."""
        left, _, right, bottom = self.panel_box
        pad = self.px(PANEL_PAD)
        row = self.px(NOTE_ROW)
        y = bottom - pad - (2 - index) * row
        return (left + pad, y, right - pad, y + row)

    def to_dict(self) -> dict[str, Any]:
        """Every position of the image as plain data (pixels), for anything else that draws this board."""
        board = layout()
        return {
            "cell": self.cell, "gap": self.gap, "columns": self.columns, "rows": self.rows,
            "width": self.width, "height": self.height, "min_text": self.min_text,
            "board": list(self.board_box), "panel": list(self.panel_box),
            "spaces": {str(number): {"cell": [x, y], "box": list(self.tile_box(x, y))}
                       for (x, y), number in sorted(board.spaces.items(), key=lambda item: item[1])},
            # the cells between spaces, named as notation names them ("g7,1"): a bridge can span one,
            # and a tower or a noble stand on such a bridge
            "gardens": {f"g{x},{y}": {"cell": [x, y], "box": list(self.tile_box(x, y))}
                        for y in range(self.rows) for x in range(self.columns) if (x, y) not in board.spaces},
            "players": [list(self.player_row(i)) for i in range(self.players)],
            "last_move": list(self.note_row(0)), "legend": list(self.note_row(1)),
        }


@lru_cache(maxsize=16)
def geometry(cell: int, players: int = MAX_PLAYERS) -> Geometry:
    """The geometry of the board image for a cell size in pixels and a number of players."""
    board = layout()
    margin = max(4, round(cell * 0.12))
    frame = max(4, round(cell * 0.14))
    board_left = margin + frame
    board_top = margin + frame
    board_bottom = board_top + board.rows * cell + frame
    panel_top = board_bottom + max(4, round(cell * 0.16))
    panel_left = margin                     # the key lines up with the board's frame
    panel_width = board.columns * cell + 2 * frame
    panel_height = (2 * round(cell * PANEL_PAD) + players * round(cell * PLAYER_ROW)
                    + 2 * round(cell * NOTE_ROW) + round(cell * 0.1))
    width = panel_left + panel_width + margin
    height = panel_top + panel_height + margin
    return Geometry(
        cell=cell, columns=board.columns, rows=board.rows, players=players, margin=margin, frame=frame,
        board_left=board_left, board_top=board_top, panel_left=panel_left, panel_top=panel_top,
        panel_width=panel_width, panel_height=panel_height, width=width, height=height,
    )
