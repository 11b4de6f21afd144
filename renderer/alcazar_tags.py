"""Which plots form each building, on the Alcazar (2009) board: castle outlines and name tags.

A castle is outlined in its province's colour, along the gaps between its
tiles, so the outline never covers a number. Its tag (coat of arms, name and
value; a mansion's is "⌂ value") stands on a garden beside it: never on a
plot, a bridge, a level or another tag, so every plot number stays in view.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderer import theme
from renderer.alcazar_geometry import Box, Geometry
from renderer.alcazar_layout import layout
from renderer.alcazar_pieces import bridge_band, bridge_lanes
from renderer.drawing import badge, text_size
from renderer.sprites import flag_colours, shield
from renderer.theme import font

View = dict[str, Any]
Cell = tuple[int, int]


def draw_castle_outlines(draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> None:
    """Each castle's outline: its province's colour edged in ink, on the cell edges round its cells."""
    width = max(3, round(geo.cell * 0.075))
    for building in view.get("buildings", ()):
        if building.get("flag") is None:
            continue
        main, _ = flag_colours(building["flag"])
        cells = {(int(x), int(y)) for x, y in building.get("cells", ())}
        edges = [_inside_board(geo, line, width) for line in _outer_edges(geo, cells, width)]
        for line in edges:
            draw.line(line, fill=theme.INK, width=width + 2)
        for line in edges:
            draw.line(line, fill=main, width=width)


def _outer_edges(geo: Geometry, cells: set[Cell], width: int) -> Iterator[tuple[float, float, float, float]]:
    """The sides of ``cells`` that no other of them shares, each a little longer so that corners close."""
    reach = width / 2 + 1
    for x, y in cells:
        left, top, right, bottom = geo.cell_box(x, y)
        if (x, y - 1) not in cells:
            yield (left - reach, top, right + reach, top)
        if (x, y + 1) not in cells:
            yield (left - reach, bottom, right + reach, bottom)
        if (x - 1, y) not in cells:
            yield (left, top - reach, left, bottom + reach)
        if (x + 1, y) not in cells:
            yield (right, top - reach, right, bottom + reach)


def _inside_board(geo: Geometry, line: tuple[float, float, float, float], width: int) -> tuple[float, ...]:
    """``line`` no further out than the board's edge: a castle on the edge has its outline there, half on the
    frame, clear of its tiles."""
    left, top, right, bottom = geo.board_box
    half = 0
    x0, y0, x1, y1 = line
    clamp_x = (lambda x: min(max(x, left + half), right - half))
    clamp_y = (lambda y: min(max(y, top + half), bottom - half))
    return (clamp_x(x0), clamp_y(y0), clamp_x(x1), clamp_y(y1))


@dataclass(frozen=True)
class Tag:
    """A building's tag as drawn: its text, the province (None for a mansion) and its box."""

    text: str
    flag: int | None
    box: Box


def draw_building_tags(image: Image.Image, draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> list[Tag]:
    """Each building's tag beside it; returns the tags as placed."""
    tags = building_tags(draw, geo, view)
    face = tag_face(geo)
    for tag in tags:
        left, top, right, bottom = tag.box
        cy = (top + bottom) / 2
        if tag.flag is None:
            badge(draw, ((left + right) / 2, cy), tag.text, face, theme.PANEL, theme.INK,
                  outline=theme.FRAME_DARK, pad=_pad(geo))
            continue
        # the coat of arms, then the name and value on a band in the province's colour that starts under it
        main, _ = flag_colours(tag.flag)
        arms = shield(tag.flag, bottom - top, numbered=False)
        draw.rounded_rectangle((left + arms.width // 2, top, right, bottom), radius=(bottom - top) // 2, fill=main,
                               outline=theme.INK, width=1)
        draw.text((left + arms.width + _pad(geo), cy), tag.text, font=face, fill=theme.text_on(main), anchor="lm")
        image.paste(arms, (left, top), arms)
    return tags


def tag_face(geo: Geometry) -> Any:
    return font(geo.text(0.33), "condensed")


def _pad(geo: Geometry) -> int:
    return max(2, round(geo.cell * 0.05))


def building_tags(draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> list[Tag]:
    """Where each building's tag goes: castles first (most valuable first), then mansions."""
    taken = _obstacles(geo, view)
    face = tag_face(geo)
    tags: list[Tag] = []
    buildings = sorted((b for b in view.get("buildings", ()) if b.get("cells")),
                       key=lambda b: (b.get("flag") is None, -int(b.get("value", 0)), int(b.get("id", 0))))
    for building in buildings:
        flag = building.get("flag")
        text = f"⌂ {building['value']}" if flag is None else f"{building.get('name') or ''} {building['value']}".strip()
        width, height = _tag_size(draw, geo, text, face, flag is not None)
        cells = [(int(x), int(y)) for x, y in building["cells"]]
        box = _free_place(geo, cells, width, height, taken)
        taken.append(box)
        tags.append(Tag(text, flag, box))
    return tags


def _tag_size(draw: ImageDraw.ImageDraw, geo: Geometry, text: str, face: Any, arms: bool) -> tuple[int, int]:
    w, h = text_size(draw, text, face)
    h = max(h, int(face.size * 0.74)) + 2 * _pad(geo)
    w = w + 2 * _pad(geo)
    return (w + h if arms else w, h)


def _obstacles(geo: Geometry, view: View) -> list[Box]:
    """What a tag must not cover: every plot (its number), every built cell (its level), every bridge."""
    boxes = [geo.tile_box(x, y) for x, y in layout().spaces]
    boxes += [geo.tile_box(c["x"], c["y"]) for c in view.get("cells", ()) if c.get("space") is None]
    lanes = bridge_lanes(view.get("bridges", ()))
    for bridge in view.get("bridges", ()):
        left, top, right, bottom = bridge_band(geo, bridge, lanes.get(bridge["id"], (0, 1)))
        boxes.append((int(left), int(top), int(right) + 1, int(bottom) + 1))
    return boxes


def _free_place(geo: Geometry, cells: list[Cell], width: int, height: int, taken: list[Box]) -> Box:
    """The first place beside ``cells`` where a ``width`` x ``height`` tag covers nothing in ``taken``.

    Tried in order: hugging the building from above, then from below, as near
    the middle of its cells in that row as is free (up to three cells aside);
    then beside its ends. With no free place, the one of these that covers least.
    """
    left_edge, _, right_edge, _ = geo.board_box
    reach = geo.cell * 3
    fallbacks: list[Box] = []
    for tag_top, centre in _lanes(geo, cells, height):
        bottom = tag_top + height
        blocked = sorted((box[0], box[2]) for box in taken if box[1] < bottom and tag_top < box[3])
        lo, hi = max(left_edge + 2, round(centre - reach - width / 2)), min(right_edge - 2, round(centre + reach + width / 2))
        left = _nearest_gap(blocked, lo, hi, width, centre)
        if left is not None:
            return (left, tag_top, left + width, bottom)
        left = min(max(round(centre - width / 2), left_edge + 2), right_edge - 2 - width)
        fallbacks.append((left, tag_top, left + width, bottom))
    for box in _beside(geo, cells, width, height):
        if not any(_overlap(box, other) for other in taken):
            return box
        fallbacks.append(box)
    return min(fallbacks, key=lambda box: sum(_overlap_area(box, other) for other in taken))


def _lanes(geo: Geometry, cells: list[Cell], height: int) -> Iterator[tuple[int, float]]:
    """(top of the tag, the x it is best centred on) for the rows above and below the building, nearest first."""
    _, top_edge, _, bottom_edge = geo.board_box
    hug = max(2, round(geo.cell * 0.08))
    rows = sorted({y for _, y in cells})
    for side in (-1, 1):
        for y in (rows if side < 0 else reversed(rows)):
            in_row = [x for x, cy in cells if cy == y]
            centre = geo.board_left + (sum(in_row) / len(in_row) + 0.5) * geo.cell
            _, top, _, bottom = geo.cell_box(0, y)
            tag_top = top - hug - height if side < 0 else bottom + hug
            if top_edge + 1 <= tag_top and tag_top + height <= bottom_edge - 1:
                yield (tag_top, centre)


def _nearest_gap(blocked: list[tuple[int, int]], lo: int, hi: int, width: int, centre: float) -> int | None:
    """The left edge of a ``width`` span within ``lo``..``hi`` that meets no ``blocked`` span, centred as near
    ``centre`` as can be (None when there is none)."""
    best: int | None = None
    start = lo
    for block_left, block_right in [*blocked, (hi, hi)]:
        end = min(block_left, hi)
        if end - start >= width:
            left = round(min(max(centre - width / 2, start), end - width))
            if best is None or abs(left + width / 2 - centre) < abs(best + width / 2 - centre):
                best = left
        start = max(start, block_right)
    return best


def _beside(geo: Geometry, cells: list[Cell], width: int, height: int) -> Iterator[Box]:
    """Beside the building's cells, on the left or the right, level with them."""
    left_edge, _, right_edge, _ = geo.board_box
    hug = max(2, round(geo.cell * 0.08))
    for x, y in sorted(cells):
        cell_left, _, cell_right, _ = geo.cell_box(x, y)
        top = round(geo.centre(x, y)[1] - height / 2)
        for left in (cell_left - hug - width, cell_right + hug):
            if left_edge + 1 <= left and left + width <= right_edge - 1:
                yield (left, top, left + width, top + height)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _overlap_area(a: Box, b: Box) -> int:
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
