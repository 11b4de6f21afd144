"""The parts of the Alcazar (2009) image that never change during a game.

Frame, gardens, the numbered path and the empty key are drawn once per
cell size (and number of players) and copied for every board.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderer import theme
from renderer.cached_draw import Draw
from renderer.alcazar_geometry import Geometry, geometry
from renderer.alcazar_layout import Cell, layout
from renderer.sprites import SUPERSAMPLE
from renderer.theme import font


@lru_cache(maxsize=8)
def background(cell: int, players: int) -> Image.Image:
    """The empty board image for a cell size and number of players (do not draw on it: copy it)."""
    geo = geometry(cell, players)
    image = Image.new("RGB", (geo.width, geo.height), theme.PARCHMENT)
    draw = Draw(image)
    _frame(draw, geo)
    _gardens(image, geo)
    _path(draw, geo)
    _spaces(draw, geo)
    _panel(draw, geo)
    return image


def _frame(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    f = geo.frame
    outer = (geo.board_left - f, geo.board_top - f,
             geo.board_left + geo.board_width + f, geo.board_top + geo.board_height + f)
    draw.rounded_rectangle(outer, radius=f, fill=theme.FRAME, outline=theme.FRAME_DARK, width=2)
    inner = (geo.board_left - 2, geo.board_top - 2,
             geo.board_left + geo.board_width + 1, geo.board_top + geo.board_height + 1)
    draw.rectangle(inner, fill=theme.GARDEN, outline=theme.FRAME_DARK, width=2)


# Bush positions (fractions of a cell) for a few garden variants, so the
# gardens look planted rather than tiled.
_BUSHES = (
    ((0.30, 0.34, 0.15), (0.68, 0.64, 0.13)),
    ((0.66, 0.30, 0.14), (0.34, 0.68, 0.15)),
    ((0.50, 0.50, 0.17),),
)


@lru_cache(maxsize=16)
def garden_tile(cell: int, variant: int = 0) -> Image.Image:
    """A garden bed: grass with round bushes, plainly not a building space."""
    s = cell * SUPERSAMPLE
    big = Image.new("RGB", (s, s), theme.GARDEN)
    draw = ImageDraw.Draw(big)
    for fx, fy, fr in _BUSHES[variant % len(_BUSHES)]:
        cx, cy, r = fx * s, fy * s, fr * s
        draw.ellipse((cx - r + s * 0.02, cy - r + s * 0.03, cx + r + s * 0.02, cy + r + s * 0.03),
                     fill=(84, 118, 66))
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.GARDEN_DARK)
        h = r * 0.45
        draw.ellipse((cx - h - r * 0.3, cy - h - r * 0.3, cx + h - r * 0.3, cy + h - r * 0.3),
                     fill=theme.GARDEN_LIGHT)
    return big.resize((cell, cell), Image.Resampling.LANCZOS)


def _gardens(image: Image.Image, geo: Geometry) -> None:
    board = layout()
    for y in range(geo.rows):
        for x in range(geo.columns):
            if board.space_at((x, y)) is None:
                left, top, _, _ = geo.cell_box(x, y)
                image.paste(garden_tile(geo.cell, (x * 5 + y * 3) % 3), (left, top))


def _path(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    """The road joining space N to N+1, with an arrow showing the way up."""
    cells = layout().cells
    half = geo.cell * 0.17
    for n in range(1, max(cells)):
        a, b = cells.get(n), cells.get(n + 1)
        if a is None or b is None:
            continue
        (ax, ay), (bx, by) = geo.centre(*a), geo.centre(*b)
        if ay == by:
            draw.rectangle((min(ax, bx), ay - half, max(ax, bx), ay + half), fill=theme.ROAD)
        else:
            draw.rectangle((ax - half, min(ay, by), ax + half, max(ay, by)), fill=theme.ROAD)
        _arrow(draw, geo, a, b)


def _arrow(draw: ImageDraw.ImageDraw, geo: Geometry, a: Cell, b: Cell) -> None:
    (ax, ay), (bx, by) = geo.centre(*a), geo.centre(*b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = (1 if bx > ax else -1 if bx < ax else 0), (1 if by > ay else -1 if by < ay else 0)
    length, spread = geo.gap * 1.1, geo.cell * 0.13
    tip = (mx + dx * length, my + dy * length)
    back = (mx - dx * length, my - dy * length)
    side = (-dy * spread, dx * spread)
    draw.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])],
                 fill=theme.ROAD_ARROW)


def _spaces(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    face = font(geo.text(0.40), "bold")
    for (x, y), number in layout().spaces.items():
        box = geo.tile_box(x, y)
        draw.rounded_rectangle(box, radius=geo.cell // 9, fill=theme.SPACE, outline=theme.SPACE_EDGE, width=2)
        draw.text(geo.centre(x, y), str(number), font=face, fill=theme.SPACE_NUMBER, anchor="mm")


def _panel(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    draw.rounded_rectangle(geo.panel_box, radius=geo.cell // 5, fill=theme.PANEL,
                           outline=theme.PANEL_LINE, width=2)
