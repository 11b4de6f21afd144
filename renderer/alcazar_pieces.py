"""What stands on the Alcazar (2009) board: stacks, bridges, nobles, flags.

Everything here is drawn from the public part of a view: ``cells``,
``bridges``, ``buildings`` and ``last_move``.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import theme
from renderer.alcazar_geometry import Geometry, geometry
from renderer.drawing import badge
from renderer.sprites import noble, noble_size
from renderer.theme import RGB, font

View = dict[str, Any]
Cell = tuple[int, int]


def _shade(colour: RGB, factor: float) -> RGB:
    r, g, b = colour
    return (int(r * factor), int(g * factor), int(b * factor))


def _is_space(cell: dict[str, Any]) -> bool:
    return cell.get("space") is not None


def _top_piece_level(cell: dict[str, Any]) -> int:
    levels = [e["level"] for e in cell.get("stack", ()) if e.get("kind") == "piece"]
    return max(levels, default=0)


def draw_structures(image: Image.Image, draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> None:
    """Stacks and bridges, lowest level first, so whatever is higher lies on top."""
    layers: list[tuple[int, int, str, Any]] = []
    for cell in view.get("cells", ()):
        level = _top_piece_level(cell)
        if level:
            layers.append((level, 0, "block", cell))
    lanes = bridge_lanes(view.get("bridges", ()))
    for bridge in view.get("bridges", ()):
        layers.append((bridge["level"], 1, "bridge", bridge))
    buildings_of = {(c["x"], c["y"]): c.get("building") for c in view.get("cells", ())}
    _joints(draw, geo, view, buildings_of)
    for _, _, kind, item in sorted(layers, key=lambda layer: (layer[0], layer[1], _layer_key(layer[3]))):
        if kind == "block":
            _block(image, geo, item)
        else:
            _bridge(draw, geo, item, lanes.get(item["id"], (0, 1)))


def _layer_key(item: dict[str, Any]) -> tuple[int, int]:
    if "id" in item:
        return (0, int(item["id"]))
    return (int(item["y"]), int(item["x"]))


def _block(image: Image.Image, geo: Geometry, cell: dict[str, Any]) -> None:
    """A stack seen from above and a little to the side: taller stacks cast a deeper edge."""
    x0, y0, _, _ = geo.tile_box(cell["x"], cell["y"])
    sprite = block_sprite(geo.cell, min(_top_piece_level(cell), len(theme.HEIGHT_RAMP)))
    image.paste(sprite, (x0, y0), sprite)


@lru_cache(maxsize=32)
def block_sprite(cell: int, level: int) -> Image.Image:
    """A tile's stack at ``level``, drawn once: its corners are clear, so it pastes with the drawing's pixels."""
    x0, y0, x1, y1 = geometry(cell).tile_box(0, 0)
    width, height = x1 - x0, y1 - y0
    sprite = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    colour = theme.height_colour(level)
    depth = round(cell * 0.022 * min(level, 6)) + 1
    radius = cell // 9
    draw.rounded_rectangle((depth, depth, width, height), radius=radius, fill=_shade(colour, 0.62))
    draw.rounded_rectangle((0, 0, width - depth, height - depth), radius=radius, fill=colour,
                           outline=_shade(colour, 0.7), width=2)
    return sprite


def _joints(draw: ImageDraw.ImageDraw, geo: Geometry, view: View,
            buildings_of: dict[Cell, Any]) -> None:
    """Fill the path gap between neighbouring cells of one building, so it reads as one."""
    half = geo.cell * 0.28
    for (x, y), building in buildings_of.items():
        if building is None:
            continue
        for dx, dy in ((1, 0), (0, 1)):
            if buildings_of.get((x + dx, y + dy)) != building:
                continue
            (ax, ay), (bx, by) = geo.centre(x, y), geo.centre(x + dx, y + dy)
            if dy == 0:
                box = (ax, ay - half, bx, ay + half)
            else:
                box = (ax - half, ay, ax + half, by)
            draw.rectangle(box, fill=theme.FRAME)


def bridge_lanes(bridges: Iterable[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """Side-by-side lanes for bridges that overlap on the same row or column.

    Returns bridge id -> (lane, lanes in its cluster); a lone bridge gets (0, 1).
    """
    lines: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for bridge in bridges:
        (ax, ay), (bx, by) = bridge["ends"]
        lines.setdefault(("row", ay) if ay == by else ("column", ax), []).append(bridge)
    lanes: dict[int, tuple[int, int]] = {}
    for members in lines.values():
        members.sort(key=lambda b: (min(_along(b)), b["id"]))
        clusters: list[list[dict[str, Any]]] = []
        for bridge in members:
            if clusters and min(_along(bridge)) <= max(max(_along(b)) for b in clusters[-1]):
                clusters[-1].append(bridge)
            else:
                clusters.append([bridge])
        for cluster in clusters:
            lanes.update(_lanes_in_cluster(cluster))
    return lanes


def _lanes_in_cluster(cluster: list[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """Greedy lanes for overlapping bridges sorted by where they start."""
    lane_ends: list[int] = []
    assigned: dict[int, int] = {}
    for bridge in cluster:
        start, end = min(_along(bridge)), max(_along(bridge))
        lane = next((i for i, last in enumerate(lane_ends) if last < start), len(lane_ends))
        if lane == len(lane_ends):
            lane_ends.append(end)
        lane_ends[lane] = end
        assigned[bridge["id"]] = lane
    return {bid: (lane, len(lane_ends)) for bid, lane in assigned.items()}


def _along(bridge: dict[str, Any]) -> tuple[int, int]:
    (ax, ay), (bx, by) = bridge["ends"]
    return (ax, bx) if ay == by else (ay, by)


def bridge_band(geo: Geometry, bridge: dict[str, Any], lane: tuple[int, int]) -> tuple[float, float, float, float]:
    """The rectangle a bridge covers on the image (its lane applied)."""
    (ax, ay), (bx, by) = bridge["ends"]
    (px, py), (qx, qy) = geo.centre(ax, ay), geo.centre(bx, by)
    index, count = lane
    reach = geo.cell * 0.40
    width = geo.cell * (0.46 if count == 1 else 0.46 / count + 0.06)
    shift = (index - (count - 1) / 2) * geo.cell * (0.46 / count + 0.02)
    if ay == by:
        return (min(px, qx) - reach, py + shift - width / 2, max(px, qx) + reach, py + shift + width / 2)
    return (px + shift - width / 2, min(py, qy) - reach, px + shift + width / 2, max(py, qy) + reach)


def _bridge(draw: ImageDraw.ImageDraw, geo: Geometry, bridge: dict[str, Any], lane: tuple[int, int]) -> None:
    left, top, right, bottom = bridge_band(geo, bridge, lane)
    colour = theme.bridge_colour(bridge["level"])
    horizontal = right - left > bottom - top
    shadow = max(2, geo.cell // 20)
    draw.rectangle((left + shadow, top + shadow, right + shadow, bottom + shadow), fill=(70, 56, 44))
    draw.rectangle((left, top, right, bottom), fill=colour, outline=theme.BRIDGE_EDGE, width=2)
    plank = _shade(colour, 1.25) if sum(colour) < 600 else _shade(colour, 0.85)
    plank = (min(plank[0], 255), min(plank[1], 255), min(plank[2], 255))
    step = max(6, geo.cell // 7)
    if horizontal:
        for x in range(int(left) + step, int(right) - 2, step):
            draw.line((x, top + 3, x, bottom - 3), fill=plank, width=1)
        for end in (left, right):
            draw.rectangle((end - 1, top - 2, end + 3 if end == left else end + 1, bottom + 2), fill=theme.BRIDGE_EDGE)
    else:
        for y in range(int(top) + step, int(bottom) - 2, step):
            draw.line((left + 3, y, right - 3, y), fill=plank, width=1)
        for end in (top, bottom):
            draw.rectangle((left - 2, end - 1, right + 2, end + 3 if end == top else end + 1), fill=theme.BRIDGE_EDGE)


def draw_bridge_levels(draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> None:
    """Each bridge's level, on the joint between its first end and its middle."""
    lanes = bridge_lanes(view.get("bridges", ()))
    face = font(geo.text(0.33), "bold")
    for bridge in view.get("bridges", ()):
        left, top, right, bottom = bridge_band(geo, bridge, lanes.get(bridge["id"], (0, 1)))
        horizontal = right - left > bottom - top
        if horizontal:
            centre = (left + geo.cell * 0.4 + geo.cell / 2, (top + bottom) / 2)
        else:
            centre = ((left + right) / 2, top + geo.cell * 0.4 + geo.cell / 2)
        colour = theme.bridge_colour(bridge["level"])
        badge(draw, centre, str(bridge["level"]), face, colour, (255, 255, 255),
              outline=(255, 255, 255), pad=2, min_width=round(geo.cell * 0.36))


def draw_last_move(draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> None:
    """A bright frame on the edge of every tile the last move built on (inside the tile, clear of
    the castle outlines in the gaps between tiles)."""
    last = view.get("last_move") or {}
    width = max(3, round(geo.cell * 0.07))
    for x, y in last.get("cells") or ():
        left, top, right, bottom = geo.tile_box(x, y)
        draw.rounded_rectangle((left, top, right, bottom), radius=geo.cell // 9, outline=theme.HIGHLIGHT, width=width)


def noble_sizes(geo: Geometry) -> dict[str, int]:
    """A noble's side on the board: its colour's letter no smaller than any other text."""
    letter = geo.text(0.33)
    return {"grande": noble_size("grande", letter, geo.px(0.58)), "baron": noble_size("baron", letter, geo.px(0.52))}


def noble_centre(geo: Geometry, x: int, y: int) -> tuple[int, int]:
    """Where a noble stands on a cell: low and to the left, under the space number and beside the level."""
    left, top, _, _ = geo.cell_box(x, y)
    return (round(left + geo.cell * 0.31), round(top + geo.cell * 0.66))


def draw_nobles(image: Image.Image, geo: Geometry, view: View, lang: str = "en") -> None:
    colours = {p["seat"]: p["color"] for p in view.get("players", ())}
    sizes = noble_sizes(geo)
    for cell in view.get("cells", ()):
        standing = cell.get("noble")
        if not standing:
            continue
        rank = standing["rank"]
        sprite = noble(colours.get(standing["seat"], "white"), rank, sizes[rank], lang)
        cx, cy = noble_centre(geo, cell["x"], cell["y"])
        image.paste(sprite, (cx - sprite.width // 2, cy - sprite.height // 2), sprite)


def draw_cell_labels(draw: ImageDraw.ImageDraw, geo: Geometry, view: View) -> None:
    """On every built cell: its space number (top left) and its level (bottom right).

    They stand in opposite corners, the level white on a dark disc, so "48" at
    level 2 never reads "482", and a noble stands between them, covering neither.
    """
    number_face = font(geo.text(0.34), "bold")
    level_face = font(geo.text(0.33), "bold")
    r = geo.cell * 0.19
    for cell in view.get("cells", ()):
        x0, y0, x1, y1 = geo.tile_box(cell["x"], cell["y"])
        if _is_space(cell):
            level = _top_piece_level(cell) or cell["height"]
            face_colour = theme.height_colour(level)
            draw.text((x0 + geo.cell * 0.07, y0 + geo.cell * 0.04), str(cell["space"]), font=number_face,
                      fill=theme.text_on(face_colour), anchor="lt", stroke_width=2, stroke_fill=face_colour)
        badge(draw, (x1 - r - 1, y1 - r - 1), str(cell["height"]), level_face, theme.INK, (255, 255, 255),
              outline=(255, 255, 255), pad=1, min_width=round(2 * r))
