"""Small anti-aliased pictures drawn once per size and pasted many times.

Pillow draws shapes without anti-aliasing, so every round piece is drawn at
four times its size and scaled down once; the result is cached, so a board
costs a paste per piece.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.cached_draw import Draw
from renderer.labels import colour_letter
from renderer.theme import (
    BRIDGE_RAMP,
    INK,
    RGB,
    TROPHY,
    font,
    player_colour,
    player_outline,
    text_on,
)

SUPERSAMPLE = 4
Point = tuple[float, float]


def _scaled(points: list[Point], size: int) -> list[tuple[float, float]]:
    return [(x * size, y * size) for x, y in points]


def canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A clear square ``SUPERSAMPLE`` times ``size`` wide, its pen and its width: a sprite is drawn
    large and shrunk (``finished``) so that its edges are smooth."""
    big_size = size * SUPERSAMPLE
    big = Image.new("RGBA", (big_size, big_size), (0, 0, 0, 0))
    return big, Draw(big, scale=SUPERSAMPLE), big_size


def finished(big: Image.Image, size: int) -> Image.Image:
    """A sprite drawn on a ``canvas``, shrunk to ``size``."""
    return big.resize((size, size), Image.Resampling.LANCZOS)


# A deep band under three points, so the colour's letter on it can be as large as a Baron's.
_CROWN: list[Point] = [
    (0.08, 0.94), (0.92, 0.94), (0.97, 0.22), (0.74, 0.44),
    (0.50, 0.06), (0.26, 0.44), (0.03, 0.22),
]
# The letter's font size as a share of the sprite's side, for each rank.
LETTER_SHARE = {"grande": 0.58, "baron": 0.6}


def noble_size(rank: str, letter: int, least: int = 0) -> int:
    """The side of a noble sprite whose letter is at least ``letter`` px (and the sprite at least ``least``)."""
    return max(least, math.ceil(letter / LETTER_SHARE[rank]))


@lru_cache(maxsize=256)
def noble(colour: str, rank: str, size: int, lang: str = "en", *, lettered: bool = True) -> Image.Image:
    """A noble seen from above: a Grande is a crown, a Baron a round token.

    Both carry the initial of the colour's name in ``lang`` (B, Y, G, R, W;
    K, S, Z, P, F in Hungarian) so colour-blind players can tell the owners
    apart by the word the image and the messages use.
    """
    big, draw, big_size = canvas(size)
    fill = player_colour(colour)
    rim = player_outline(colour)
    rim_width = max(2, big_size // 18)
    shadow = (0, 0, 0, 90)
    offset = big_size * 0.04
    if rank == "grande":
        # The crown's jagged edge needs a heavier rim than a token to stand out on pale stone.
        rim_width = max(3, big_size // 11)
        outline = _scaled(_CROWN, big_size)
        draw.polygon([(x + offset, y + offset) for x, y in outline], fill=shadow)
        draw.polygon(outline, fill=fill, outline=rim, width=rim_width)
        for tip in (_CROWN[2], _CROWN[4], _CROWN[6]):
            cx, cy = tip[0] * big_size, tip[1] * big_size
            r = big_size * 0.075
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=rim, width=rim_width // 2 + 1)
        letter_centre = (big_size * 0.5, big_size * 0.68)
    else:
        m = big_size * 0.10
        draw.ellipse((m + offset, m + offset, big_size - m + offset, big_size - m + offset), fill=shadow)
        draw.ellipse((m, m, big_size - m, big_size - m), fill=fill, outline=rim, width=rim_width)
        inner = big_size * 0.22
        draw.ellipse((inner, inner, big_size - inner, big_size - inner), outline=rim, width=max(1, rim_width // 2))
        letter_centre = (big_size * 0.5, big_size * 0.5)
    if not lettered:        # a key's example of the shape alone
        return finished(big, size)
    letter_size = math.ceil(big_size * LETTER_SHARE[rank])
    draw.text(letter_centre, colour_letter(lang, colour), font=font(letter_size, "bold"),
              fill=text_on(fill), anchor="mm")
    return finished(big, size)


# The eight provinces' coats of arms: two tinctures and a division each.
# Flags are numbered 1..8 in the order Almería, Cádiz, Córdoba, Granada,
# Huelva, Jaén, Málaga, Sevilla.
HERALDRY: dict[int, tuple[RGB, RGB, str]] = {
    1: ((200, 40, 44), (246, 204, 64), "pale"),
    2: ((34, 84, 170), (248, 248, 240), "fess"),
    3: ((120, 48, 140), (246, 204, 64), "quarterly"),
    4: ((30, 128, 70), (220, 50, 60), "bend"),
    5: ((22, 44, 110), (246, 204, 64), "chevron"),
    6: ((170, 24, 48), (248, 248, 240), "cross"),
    7: ((0, 128, 128), (248, 248, 240), "saltire"),
    8: ((30, 30, 30), (246, 204, 64), "bordure"),
}

_SHIELD: list[Point] = [
    (0.10, 0.06), (0.90, 0.06), (0.90, 0.52), (0.85, 0.70), (0.72, 0.84),
    (0.50, 0.96), (0.28, 0.84), (0.15, 0.70), (0.10, 0.52),
]


def flag_colours(flag: int) -> tuple[RGB, RGB]:
    """The two tinctures of a province's arms (the first is the main one)."""
    main, second, _ = HERALDRY.get(flag, ((120, 120, 120), (230, 230, 230), "pale"))
    return main, second


def _division(draw: ImageDraw.ImageDraw, kind: str, s: float, colour: RGB) -> None:
    if kind == "pale":
        draw.rectangle((s * 0.5, 0, s, s), fill=colour)
    elif kind == "fess":
        draw.rectangle((0, s * 0.45, s, s), fill=colour)
    elif kind == "quarterly":
        draw.rectangle((s * 0.5, 0, s, s * 0.45), fill=colour)
        draw.rectangle((0, s * 0.45, s * 0.5, s), fill=colour)
    elif kind == "bend":
        draw.polygon([(0, 0), (s, s), (0, s)], fill=colour)
    elif kind == "chevron":
        draw.polygon([(0, s * 0.75), (s * 0.5, s * 0.3), (s, s * 0.75), (s, s), (0, s)], fill=colour)
    elif kind == "cross":
        w = s * 0.11
        draw.rectangle((s * 0.5 - w, 0, s * 0.5 + w, s), fill=colour)
        draw.rectangle((0, s * 0.42 - w, s, s * 0.42 + w), fill=colour)
    elif kind == "saltire":
        w = s * 0.12
        draw.line((0, 0, s, s), fill=colour, width=int(w * 2))
        draw.line((s, 0, 0, s), fill=colour, width=int(w * 2))


@lru_cache(maxsize=64)
def shield(flag: int, size: int, *, numbered: bool = True) -> Image.Image:
    """The coat of arms of castle flag ``flag``, with its number on it."""
    big_size = size * SUPERSAMPLE
    main, second, kind = HERALDRY.get(flag, ((120, 120, 120), (230, 230, 230), "pale"))
    field = Image.new("RGBA", (big_size, big_size), main + (255,))
    _division(ImageDraw.Draw(field), kind, big_size, second)
    if kind == "bordure":
        # a gold rim around a plain field: the inner shield in the main tincture
        field = Image.new("RGBA", (big_size, big_size), second + (255,))
        ImageDraw.Draw(field).polygon(
            _scaled([(0.5 + (x - 0.5) * 0.62, 0.5 + (y - 0.5) * 0.62) for x, y in _SHIELD], big_size),
            fill=main)
    mask = Image.new("L", (big_size, big_size), 0)
    outline = _scaled(_SHIELD, big_size)
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    big = Image.new("RGBA", (big_size, big_size), (0, 0, 0, 0))
    big.paste(field, mask=mask)
    draw = Draw(big, scale=SUPERSAMPLE)
    draw.polygon(outline, outline=INK, width=max(2, big_size // 22))
    if numbered:
        draw.text((big_size * 0.5, big_size * 0.47), str(flag), font=font(int(big_size * 0.5), "bold"),
                  fill=(255, 255, 255), anchor="mm", stroke_width=max(2, big_size // 20), stroke_fill=INK)
    return finished(big, size)


@lru_cache(maxsize=16)
def card_back(size: int) -> Image.Image:
    """A tiny stack-of-cards icon for hand and deck counts."""
    big, draw, big_size = canvas(size)
    w = max(2, big_size // 16)
    for i, colour in enumerate(((170, 120, 80), (200, 150, 100), (244, 236, 218))):
        o = i * big_size * 0.1
        draw.rounded_rectangle((big_size * 0.12 + o, big_size * 0.22 - o * 0.6, big_size * 0.68 + o,
                                big_size * 0.92 - o * 0.6), radius=big_size * 0.08, fill=colour,
                               outline=INK, width=w)
    return finished(big, size)


@lru_cache(maxsize=16)
def trophy(size: int) -> Image.Image:
    """A gold cup on a plinth: the winner's mark, unlike any playing piece."""
    big, draw, big_size = canvas(size)
    s = big_size
    w = max(2, s // 20)
    gold, rim = TROPHY, (120, 82, 12)
    for side in (-1, 1):        # the handles
        cx = s * 0.5 + side * s * 0.3
        draw.ellipse((cx - s * 0.14, s * 0.16, cx + s * 0.14, s * 0.44), outline=rim, width=round(w * 1.6))
    draw.pieslice((s * 0.2, s * -0.22, s * 0.8, s * 0.62), 0, 180, fill=gold, outline=rim, width=w)
    draw.rectangle((s * 0.2, s * 0.08, s * 0.8, s * 0.2), fill=gold, outline=rim, width=w)
    draw.rectangle((s * 0.45, s * 0.58, s * 0.55, s * 0.76), fill=gold, outline=rim, width=w)
    draw.rounded_rectangle((s * 0.26, s * 0.74, s * 0.74, s * 0.92), radius=s * 0.04, fill=gold, outline=rim, width=w)
    return finished(big, size)


COIN_LETTER_SHARE = 0.6


def coin_size(letter: int) -> int:
    """The side of a coin whose "R" is ``letter`` px."""
    return math.ceil(letter / COIN_LETTER_SHARE)


@lru_cache(maxsize=16)
def coin(size: int) -> Image.Image:
    """A gold Real coin."""
    image, draw, big = canvas(size)
    m = big * 0.06
    draw.ellipse((m, m, big - m, big - m), fill=(236, 184, 52), outline=(150, 104, 20), width=max(2, big // 14))
    draw.text((big / 2, big / 2), "R", font=font(math.ceil(big * COIN_LETTER_SHARE), "bold"), fill=(150, 104, 20),
              anchor="mm")
    return finished(image, size)


@lru_cache(maxsize=16)
def tower_card(size: int) -> Image.Image:
    """A tower card: a slate card with a little tower on it."""
    image, draw, big = canvas(size)
    draw.rounded_rectangle((big * 0.16, big * 0.06, big * 0.84, big * 0.94), radius=big * 0.1,
                           fill=BRIDGE_RAMP[1], outline=INK, width=max(2, big // 16))
    w = big * 0.2
    cx = big / 2
    draw.rectangle((cx - w, big * 0.36, cx + w, big * 0.78), fill=(240, 232, 214))
    for i in range(3):
        x = cx - w + i * w * 0.8
        draw.rectangle((x, big * 0.26, x + w * 0.4, big * 0.38), fill=(240, 232, 214))
    return finished(image, size)
