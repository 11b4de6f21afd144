"""Colours and fonts shared by every image: one look for the whole bot."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

RGB = tuple[int, int, int]

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=None)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """The project's font (DejaVu Sans, shipped in data/fonts) at a pixel size."""
    return ImageFont.truetype(str(FONT_DIR / _FONT_FILES[weight]), size)


# --- the table and the board ---------------------------------------------------
PARCHMENT: RGB = (244, 236, 218)
PANEL: RGB = (250, 246, 236)
PANEL_LINE: RGB = (214, 198, 168)
INK: RGB = (52, 40, 30)
INK_SOFT: RGB = (118, 98, 78)
INK_FAINT: RGB = (170, 152, 128)
FRAME: RGB = (128, 82, 52)
FRAME_DARK: RGB = (92, 58, 36)

GARDEN: RGB = (120, 160, 96)
GARDEN_DARK: RGB = (92, 132, 74)
GARDEN_LIGHT: RGB = (146, 184, 118)
GARDEN_PATH: RGB = (196, 182, 140)

SPACE: RGB = (240, 228, 202)
SPACE_EDGE: RGB = (196, 174, 136)
SPACE_NUMBER: RGB = (112, 88, 64)
ROAD: RGB = (222, 204, 168)
ROAD_ARROW: RGB = (176, 146, 104)

# Stacks darken with height: sandstone at level 1 to burnt terracotta at 7+.
HEIGHT_RAMP: tuple[RGB, ...] = (
    (238, 214, 170),
    (226, 186, 130),
    (212, 156, 98),
    (192, 124, 74),
    (166, 96, 58),
    (138, 72, 46),
    (110, 54, 36),
)
# Bridges are slate stone, darker the higher they lie: never confused with stacks.
BRIDGE_RAMP: tuple[RGB, ...] = (
    (120, 150, 168),
    (98, 128, 150),
    (80, 108, 132),
    (64, 90, 116),
    (50, 74, 100),
    (38, 60, 86),
    (28, 48, 72),
)
BRIDGE_EDGE: RGB = (24, 36, 52)
PLANK: RGB = (210, 222, 230)

HIGHLIGHT: RGB = (255, 96, 160)      # the last move, on the board and in the panel
# Whose turn it is and who won: a pale lilac behind a heavy frame, a colour no
# player has, so a yellow (or any) player's token stays plain on it (a white
# token has its dark rim, as on the pale panel itself).
TURN: RGB = (228, 220, 248)
TURN_FRAME: RGB = FRAME_DARK
WINNER: RGB = (226, 214, 250)
WINNER_FRAME: RGB = (176, 124, 20)   # old gold
TROPHY: RGB = (232, 178, 48)
# Behind the first three places of a tournament: gold (the trophy's), silver, bronze.
MEDALS: tuple[RGB, ...] = (TROPHY, (200, 200, 208), (214, 150, 96))


def height_colour(level: int) -> RGB:
    """Fill of a stack whose top is at ``level`` (1 = ground floor)."""
    return HEIGHT_RAMP[max(1, min(level, len(HEIGHT_RAMP))) - 1]


def bridge_colour(level: int) -> RGB:
    """Fill of a bridge lying at ``level`` (bridges start at level 2)."""
    return BRIDGE_RAMP[max(0, min(level - 2, len(BRIDGE_RAMP) - 1))]


def text_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


# --- players -----------------------------------------------------------------------
# The five colours of the box. The letter on every noble and token names the
# colour, so the board reads without telling colours apart; red is dark and
# green light, so the two also differ in lightness for red-green colour blindness.
PLAYER_COLOURS: dict[str, RGB] = {
    "blue": (40, 104, 206),
    "yellow": (246, 196, 40),
    "green": (72, 186, 96),
    "red": (168, 32, 38),
    "white": (250, 250, 246),
}


def player_colour(name: str) -> RGB:
    return PLAYER_COLOURS.get(name, (150, 150, 150))


def player_outline(name: str) -> RGB:
    """A darker rim so light colours (white, yellow) stand out on sandstone."""
    r, g, b = player_colour(name)
    return (int(r * 0.45), int(g * 0.45), int(b * 0.45)) if name != "white" else (60, 60, 60)


# --- Alcazar 1978 -----------------------------------------------------------------
SQUARE_LIGHT: RGB = (236, 222, 190)
SQUARE_DARK: RGB = (224, 206, 168)
TOWER: RGB = (150, 140, 126)
TOWER_DARK: RGB = (92, 84, 74)
WALL: RGB = (108, 70, 44)
WALL_DARK: RGB = (64, 40, 24)
COORD: RGB = (120, 96, 70)
RIM: RGB = (206, 176, 130)          # the board's rim: light, so walls on it stand out
