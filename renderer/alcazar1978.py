"""The board image of an Alcazar (1978) game.

    from renderer.alcazar1978 import board
    png = board(game.view(state, None), names=["Ana", "Ben"])

Squares are named a1..d4 (files along the bottom, ranks on the left), towers
A0..E4 (letters along the top, numbers on the right), as in the notation.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.alcazar1978.board import POSITION_NAMES, SQUARE_NAMES
from renderer import theme
from renderer.cached_draw import Draw
from renderer.drawing import Names, badge, fit_text, player_name, png_bytes, sentence, wrap_text
from renderer.labels import colour_letter, colour_word, label, stored_text
from renderer.palette import palette_for
from renderer.sprites import canvas, finished, noble
from renderer.theme import font

DEFAULT_SQUARE = 120
ARC_RADIUS = 0.58          # the wall-turn arc around its pivot tower, in squares
FILES = "abcd"
TOWER_FILES = "ABCDE"
Point = tuple[float, float]
Box = tuple[int, int, int, int]
WALL_HALF_WIDTH = 0.065    # half a wall's thickness, in squares


@dataclass(frozen=True)
class Geometry:
    square: int
    left: int            # pixel x of tower file A
    top: int             # pixel y of tower rank 4
    width: int
    height: int
    info_top: int

    def tower(self, name: str) -> Point:
        """Pixel centre of a tower such as ``B3``."""
        column = TOWER_FILES.index(name[0].upper())
        row = int(name[1:])
        return (self.left + column * self.square, self.top + (4 - row) * self.square)

    def square_centre(self, name: str) -> Point:
        """Pixel centre of a square such as ``b2``."""
        column = FILES.index(name[0].lower())
        row = int(name[1:])
        return (self.left + (column + 0.5) * self.square, self.top + (4 - row + 0.5) * self.square)

    def wall_ends(self, position: str) -> tuple[Point, Point]:
        a, b = position.split("-")
        return self.tower(a), self.tower(b)

    def square_box(self, name: str) -> Box:
        """The square ``b2`` as (left, top, right, bottom) pixels."""
        cx, cy = self.square_centre(name)
        half = self.square / 2
        return (round(cx - half), round(cy - half), round(cx + half), round(cy + half))

    def wall_rect(self, position: str) -> tuple[float, float, float, float]:
        """The wall standing at ``position`` ("B3-C3") as it is drawn: a bar from tower to tower."""
        (ax, ay), (bx, by) = self.wall_ends(position)
        half = self.square * WALL_HALF_WIDTH
        return (min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)

    def wall_box(self, position: str) -> Box:
        """``wall_rect`` in whole pixels."""
        left, top, right, bottom = self.wall_rect(position)
        return (round(left), round(top), round(right), round(bottom))

    def to_dict(self) -> dict[str, Any]:
        """Every position of the image as plain data (pixels), for anything else that draws this board:
        the squares, the towers and every place a wall can stand."""
        return {
            "square": self.square, "width": self.width, "height": self.height,
            "board": [self.left, self.top, self.left + 4 * self.square, self.top + 4 * self.square],
            "info": [0, self.info_top, self.width, self.height],
            "squares": {name: list(self.square_box(name)) for name in SQUARE_NAMES},
            "towers": {f"{column}{row}": [round(c) for c in self.tower(f"{column}{row}")]
                       for column in TOWER_FILES for row in range(5)},
            "walls": {position: list(self.wall_box(position)) for position in POSITION_NAMES},
        }


@lru_cache(maxsize=8)
def geometry(square: int) -> Geometry:
    # wide enough for a wall turned around a tower on the rim: its arc (ARC_RADIUS) and arrowhead stay inside
    margin = round(square * 0.72)
    board = 4 * square
    info = round(square * 1.3)
    return Geometry(square=square, left=margin, top=margin, width=board + 2 * margin,
                    height=board + 2 * margin + info, info_top=board + 2 * margin)


def _pawn_colour(view: dict[str, Any], seat: int) -> str:
    for pawn in view.get("pawns", ()):
        if pawn.get("seat") == seat:
            return str(pawn.get("color", "white"))
    return "red" if seat == 0 else "green"


# --- the part that never changes --------------------------------------------------
@lru_cache(maxsize=4)
def background(square: int) -> Image.Image:
    """Board, coordinates and towers (do not draw on it: copy it)."""
    geo = geometry(square)
    image = Image.new("RGB", (geo.width, geo.height), theme.PARCHMENT)
    draw = Draw(image)
    s = square
    edge = round(s * 0.16)
    draw.rounded_rectangle((geo.left - edge, geo.top - edge, geo.left + 4 * s + edge, geo.top + 4 * s + edge),
                           radius=edge, fill=theme.RIM, outline=theme.FRAME, width=2)
    for column in range(4):
        for row in range(4):
            fill = theme.SQUARE_LIGHT if (column + row) % 2 else theme.SQUARE_DARK
            left, top = geo.left + column * s, geo.top + (3 - row) * s
            draw.rectangle((left, top, left + s, top + s), fill=fill)
    _coordinates(draw, geo)
    return image


def _coordinates(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    s = geo.square
    square_face = font(round(s * 0.2), "bold")
    tower_face = font(round(s * 0.16), "bold")
    outside = round(s * 0.3)
    for i, letter in enumerate(FILES):
        draw.text((geo.left + (i + 0.5) * s, geo.top + 4 * s + outside), letter, font=square_face,
                  fill=theme.COORD, anchor="mm")
        draw.text((geo.left - outside, geo.top + (3 - i + 0.5) * s), str(i + 1), font=square_face,
                  fill=theme.COORD, anchor="mm")
    for i, letter in enumerate(TOWER_FILES):
        draw.text((geo.left + i * s, geo.top - outside), letter, font=tower_face, fill=theme.INK_SOFT, anchor="mm")
        draw.text((geo.left + 4 * s + outside, geo.top + (4 - i) * s), str(i), font=tower_face,
                  fill=theme.INK_SOFT, anchor="mm")


@lru_cache(maxsize=8)
def tower_sprite(size: int) -> Image.Image:
    """A round stone tower seen from above, with battlements."""
    image, draw, big = canvas(size)
    m = big * 0.06
    draw.ellipse((m, m, big - m, big - m), fill=theme.TOWER_DARK)
    for k in range(8):
        angle = k * math.pi / 4
        cx, cy = big / 2 + math.cos(angle) * big * 0.34, big / 2 + math.sin(angle) * big * 0.34
        r = big * 0.1
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.TOWER)
    inner = big * 0.28
    draw.ellipse((inner, inner, big - inner, big - inner), fill=(176, 166, 150))
    return finished(image, size)


@lru_cache(maxsize=4)
def start_cross(square: int, colour: str, lang: str = "en") -> Image.Image:
    """The cross on a starting square, in its owner's colour, with the colour's letter at its heart."""
    image, draw, big = canvas(square)
    r, g, b = theme.player_colour(colour)
    width = round(big * 0.07)
    m = big * 0.2
    draw.line((m, m, big - m, big - m), fill=(r, g, b, 110), width=width)
    draw.line((big - m, m, m, big - m), fill=(r, g, b, 110), width=width)
    centre = big / 2
    disc = big * 0.13
    draw.ellipse((centre - disc, centre - disc, centre + disc, centre + disc), fill=(r, g, b, 200))
    draw.text((centre, centre), colour_letter(lang, colour), font=font(round(big * 0.17), "bold"),
              fill=theme.text_on((r, g, b)), anchor="mm")
    return finished(image, square)


# --- one position ------------------------------------------------------------------
def board_image(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_SQUARE,
                lang: str = "en") -> Image.Image:
    """The board as a Pillow image (``size`` is one square in pixels; words in ``lang``)."""
    geo = geometry(size)
    image = background(size).copy()
    draw = Draw(image)
    for pawn in view.get("pawns", ()):
        cx, cy = geo.square_centre(pawn["start"])
        cross = start_cross(size, pawn.get("color", "white"), lang)
        image.paste(cross, (round(cx - size / 2), round(cy - size / 2)), cross)
    last = view.get("last_move") or {}
    if last.get("kind") == "wall":
        _wall_turn_before(draw, geo, last)
    _walls(draw, geo, view)
    _towers(image, geo)
    if last.get("kind") == "wall":
        _wall_turn_arc(draw, geo, last)
    if last.get("kind") == "pawn":
        _pawn_step(draw, geo, last)
    _pawns(image, geo, view, lang)
    _info(image, draw, geo, view, names, lang)
    return image


def _towers(image: Image.Image, geo: Geometry) -> None:
    sprite = tower_sprite(round(geo.square * 0.24))
    for column in TOWER_FILES:
        for row in range(5):
            x, y = geo.tower(f"{column}{row}")
            image.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def _walls(draw: ImageDraw.ImageDraw, geo: Geometry, view: dict[str, Any]) -> None:
    # once the game is over no wall is locked any more
    locked = None if view.get("outcome") else view.get("locked_wall")
    face = font(round(geo.square * 0.17), "bold")
    for wall in view.get("walls", ()):
        (ax, ay), (bx, by) = geo.wall_ends(wall["position"])
        is_locked = wall["id"] == locked
        fill = (150, 40, 40) if is_locked else theme.WALL
        box = geo.wall_rect(wall["position"])
        draw.rectangle((box[0] + 3, box[1] + 3, box[2] + 3, box[3] + 3), fill=(120, 100, 76))
        draw.rectangle(box, fill=fill, outline=theme.WALL_DARK, width=2)
        centre = ((ax + bx) / 2, (ay + by) / 2)
        badge(draw, centre, str(wall["id"]), face, (255, 250, 238), theme.INK, outline=theme.WALL_DARK, pad=3,
              min_width=round(geo.square * 0.26))
        if is_locked:
            _padlock(draw, (centre[0] + geo.square * 0.2, centre[1] - geo.square * 0.2), geo.square * 0.11)


def _padlock(draw: ImageDraw.ImageDraw, centre: Point, r: float) -> None:
    """Marks the wall the player to move may not turn."""
    cx, cy = centre
    draw.arc((cx - r * 0.7, cy - r * 1.5, cx + r * 0.7, cy), 180, 360, fill=theme.INK, width=max(2, round(r / 3)))
    draw.rounded_rectangle((cx - r, cy - r * 0.55, cx + r, cy + r), radius=r / 4, fill=(150, 40, 40),
                           outline=theme.INK, width=2)


def _wall_turn_before(draw: ImageDraw.ImageDraw, geo: Geometry, last: dict[str, Any]) -> None:
    """The swept squares tinted and the wall's old place ghosted."""
    for name in last.get("swept") or ():
        cx, cy = geo.square_centre(name)
        h = geo.square / 2 - 2
        draw.rectangle((cx - h, cy - h, cx + h, cy + h), fill=(246, 200, 214))
    (ax, ay), (bx, by) = geo.wall_ends(last["from"])
    half = geo.square * 0.065
    box = (min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)
    _dashed_box(draw, box, theme.HIGHLIGHT, dash=max(4, geo.square // 14))


def _dashed_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: theme.RGB,
                dash: int) -> None:
    left, top, right, bottom = box
    for x0, y0, x1, y1 in ((left, top, right, top), (left, bottom, right, bottom),
                           (left, top, left, bottom), (right, top, right, bottom)):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // dash))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            draw.line((x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
                      fill=colour, width=3)


def _angle(pivot: Point, other: Point) -> float:
    return math.degrees(math.atan2(other[1] - pivot[1], other[0] - pivot[0]))


def _wall_turn_arc(draw: ImageDraw.ImageDraw, geo: Geometry, last: dict[str, Any]) -> None:
    """An arc around the pivot tower from the wall's old direction to its new one."""
    pivot_name = last["pivot"]
    pivot = geo.tower(pivot_name)

    def far_end(position: str) -> Point:
        a, b = position.split("-")
        return geo.tower(b if a.upper() == pivot_name.upper() else a)

    start = _angle(pivot, far_end(last["from"]))
    turn = 90 * int(last.get("quarters", 1))
    # screen angles grow clockwise because y grows downwards
    end = start + turn if last.get("direction") == "cw" else start - turn
    r = geo.square * ARC_RADIUS
    box = (pivot[0] - r, pivot[1] - r, pivot[0] + r, pivot[1] + r)
    width = max(3, geo.square // 22)
    low, high = (start, end) if end > start else (end, start)
    draw.arc(box, low + 6, high - 6, fill=theme.HIGHLIGHT, width=width)
    tip_angle = math.radians(end - math.copysign(6, end - start))
    tip = (pivot[0] + r * math.cos(tip_angle), pivot[1] + r * math.sin(tip_angle))
    sense = 1 if end > start else -1
    tangent = (-math.sin(tip_angle) * sense, math.cos(tip_angle) * sense)
    normal = (math.cos(tip_angle), math.sin(tip_angle))
    size = geo.square * 0.13
    draw.polygon([
        (tip[0] + tangent[0] * size, tip[1] + tangent[1] * size),
        (tip[0] - tangent[0] * size * 0.4 + normal[0] * size * 0.7, tip[1] - tangent[1] * size * 0.4 + normal[1] * size * 0.7),
        (tip[0] - tangent[0] * size * 0.4 - normal[0] * size * 0.7, tip[1] - tangent[1] * size * 0.4 - normal[1] * size * 0.7),
    ], fill=theme.HIGHLIGHT)


def _pawn_step(draw: ImageDraw.ImageDraw, geo: Geometry, last: dict[str, Any]) -> None:
    """The square the pawn left, ringed, and an arrow to where it went."""
    (fx, fy), (tx, ty) = geo.square_centre(last["from"]), geo.square_centre(last["to"])
    r = geo.square * 0.3
    draw.ellipse((fx - r, fy - r, fx + r, fy + r), outline=theme.HIGHLIGHT, width=max(3, geo.square // 24))
    dx, dy = (tx - fx) / geo.square, (ty - fy) / geo.square
    start = (fx + dx * r, fy + dy * r)
    tip = (tx - dx * geo.square * 0.34, ty - dy * geo.square * 0.34)
    draw.line((start, tip), fill=theme.HIGHLIGHT, width=max(4, geo.square // 16))
    size = geo.square * 0.14
    draw.polygon([
        (tip[0] + dx * size, tip[1] + dy * size),
        (tip[0] - dy * size * 0.8, tip[1] + dx * size * 0.8),
        (tip[0] + dy * size * 0.8, tip[1] - dx * size * 0.8),
    ], fill=theme.HIGHLIGHT)


def pawn_size(geo: Geometry) -> int:
    return round(geo.square * 0.56)


def _pawns(image: Image.Image, geo: Geometry, view: dict[str, Any], lang: str) -> None:
    for pawn in view.get("pawns", ()):
        sprite = noble(pawn.get("color", "white"), "baron", pawn_size(geo), lang)
        cx, cy = geo.square_centre(pawn["square"])
        image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _info(image: Image.Image, draw: ImageDraw.ImageDraw, geo: Geometry, view: dict[str, Any], names: Names,
          lang: str) -> None:
    """Whose turn (or the result), the last move in words, the locked wall."""
    s = geo.square
    left, right = round(s * 0.3), geo.width - round(s * 0.3)
    y = geo.info_top - round(s * 0.05)
    outcome = view.get("outcome")
    big = font(round(s * 0.22), "bold")
    text_face = font(round(s * 0.17))
    if outcome:
        winners = outcome.get("winners") or []
        seat = winners[0] if winners else None
        verb = "" if seat is None else label(lang, "wins_suffix")
    else:
        seat = view.get("to_move")
        verb = label(lang, "to_move_suffix")
    x = left
    if seat is not None:
        token = noble(_pawn_colour(view, seat), "baron", round(s * 0.34), lang)
        image.paste(token, (x, round(y + s * 0.14 - token.height / 2)), token)
        x += token.width + round(s * 0.08)
    room = right - x - round(s * 0.9)
    if seat is None:
        line, face = fit_text(draw, label(lang, "draw_title") if outcome else "", "bold", round(big.size), room)
    else:
        name, colour = _name_and_colour(view, names, seat, lang)
        # a long name is shortened, never the colour or what the player does
        line, face = fit_text(draw, name, "bold", round(big.size), room, suffix=colour + verb)
    draw.text((x, y + s * 0.14), line, font=face, fill=theme.INK, anchor="lm")
    draw.text((right, y + s * 0.14), label(lang, "move_number", number=view.get("ply", 0) + (0 if outcome else 1)),
              font=text_face,
              fill=theme.INK_SOFT, anchor="rm")
    y += round(s * 0.34)
    lines: list[str] = []
    if outcome and outcome.get("reason"):
        lines += wrap_text(draw, sentence(stored_text(lang, outcome["reason"])), text_face, right - left)
    last = view.get("last_move")
    if last:
        said = stored_text(lang, last.get("text") or last.get("notation"))
        lines += wrap_text(draw, label(lang, "last_move_line", move=said), text_face, right - left)
    locked = view.get("locked_wall")
    if locked is not None and not outcome:
        lines.append(label(lang, "wall_locked", wall=locked))
    for text in lines[:4]:
        draw.text((left, y), text, font=text_face, fill=theme.INK, anchor="lt")
        y += round(s * 0.23)


def _name_and_colour(view: dict[str, Any], names: Names, seat: int, lang: str) -> tuple[str, str]:
    """The seat's name, and " (Colour)" after it when the name is not the colour itself.

    A name that ends in brackets of its own ("Computer 2 (normal)") takes the colour inside them,
    "Computer 2 (normal, Red) wins", rather than a second pair after them."""
    colour = colour_word(lang, _pawn_colour(view, seat))
    name = player_name(names, seat, colour)
    if name == colour:
        return name, ""
    if name.endswith(")") and "(" in name:
        return name[:-1], f", {colour})"
    return name, f" ({colour})"


def board(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_SQUARE, lang: str = "en") -> bytes:
    """The board as PNG bytes, its words in ``lang``."""
    return png_bytes(board_image(view, names=names, size=size, lang=lang), palette=board_palette(size))


def board_palette(size: int = DEFAULT_SQUARE) -> Image.Image:
    """The fixed palette of these images at ``size``, built once from specimen games."""
    return palette_for("alcazar1978", size, board_image)
