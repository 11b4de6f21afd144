"""The public board image of an Alcazar (2009) game.

    from renderer.alcazar import board
    png = board(game.view(state, None), names=["Ana", "Ben", "Cleo"])

Only public information is drawn: a ``hand`` key in the view is ignored, so
an image posted to a channel can never show a player's cards.
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from renderer.alcazar_background import background
from renderer.alcazar_geometry import MAX_PLAYERS, geometry
from renderer.alcazar_panel import draw_panel
from renderer.alcazar_pieces import (
    draw_bridge_levels,
    draw_cell_labels,
    draw_last_move,
    draw_nobles,
    draw_structures,
)
from renderer.alcazar_tags import draw_building_tags, draw_castle_outlines
from renderer.cached_draw import Draw
from renderer.drawing import Names, png_bytes
from renderer.palette import palette_for

DEFAULT_CELL = 64

# The keys of a view that the public board is drawn from; everything else
# (above all "hand") is dropped before drawing.
PUBLIC_KEYS = frozenset({
    "game", "seat", "to_move", "ply", "players", "face_up", "deck", "tower_deck", "supply",
    "cells", "bridges", "buildings", "flag_names", "last_move", "pass_streak", "outcome",
})


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    """The view without anything secret (a seat's own hand)."""
    return {key: value for key, value in view.items() if key in PUBLIC_KEYS}


def board_image(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_CELL,
                lang: str = "en") -> Image.Image:
    """The board as a Pillow image (``size`` is one grid cell in pixels; words in ``lang``)."""
    view = public_part(view)
    players = max(1, min(MAX_PLAYERS, len(view.get("players", ()))))
    geo = geometry(size, players)
    image = background(size, players).copy()
    draw = Draw(image)
    draw_structures(image, draw, geo, view)
    draw_castle_outlines(draw, geo, view)
    draw_last_move(draw, geo, view)
    draw_bridge_levels(draw, geo, view)
    draw_nobles(image, geo, view, lang)
    draw_cell_labels(draw, geo, view)
    draw_building_tags(image, draw, geo, view)
    draw_panel(image, geo, view, names, lang)
    return image


def board(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_CELL, lang: str = "en") -> bytes:
    """The board as PNG bytes, drawn from the public part of ``view``, its words in ``lang``."""
    return png_bytes(board_image(view, names=names, size=size, lang=lang), palette=board_palette(size))


def board_palette(size: int = DEFAULT_CELL) -> Image.Image:
    """The fixed palette of these images at ``size``, built once from specimen games."""
    return palette_for("alcazar", size, board_image)
