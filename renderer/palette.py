"""Fixed 256-colour palettes, built once per kind of image, so no image computes its own.

Choosing a palette for each image (an octree over a million pixels) cost
more than drawing the board. Every image of one kind shows the same few
dozen flat colours and the same anti-aliased edges between them, so one
palette serves them all: the theme's colours exactly, then the colours most
used on specimen images of that kind (random games with fixed seeds, drawn
by the renderer itself). Mapping an image onto a fixed palette is a lookup
per pixel.

The palette depends only on colours, never on words, so it is shared by
every language; it is keyed by the image's kind and size.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any

from PIL import Image

from renderer import sprites, theme
from renderer.theme import RGB

COLOURS = 256

View = dict[str, Any]


def theme_colours() -> list[RGB]:
    """Every colour the theme names (flat fills, inks, ramps, players, coats of arms), in a fixed order."""
    found: list[RGB] = []

    def add(value: Any) -> None:
        if _is_rgb(value):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)
        elif isinstance(value, (tuple, list)):
            for item in value:
                add(item)

    for name in sorted(vars(theme)):
        if name.isupper():
            add(getattr(theme, name))
    add(sprites.HERALDRY)
    add([theme.player_outline(name) for name in theme.PLAYER_COLOURS])
    add([(255, 255, 255), (0, 0, 0)])
    return list(dict.fromkeys(found))


# Palette colours this close (in every channel) to one already chosen are left out:
# an octree colour next to a flat theme colour is that flat colour blurred by its
# edges, and would pull the flat colour's pixels off their exact value.
NEAR = 6


def _apart(a: RGB, b: RGB) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])) >= NEAR


def _is_rgb(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 3
            and all(isinstance(c, int) and 0 <= c <= 255 for c in value))


def build_palette(specimens: Iterable[Image.Image]) -> Image.Image:
    """A "P" image carrying the palette: the theme's colours, then the specimens' most used colours."""
    images = [image.convert("RGB") for image in specimens]
    sheet = Image.new("RGB", (max(i.width for i in images), sum(i.height for i in images)))
    top = 0
    for image in images:
        sheet.paste(image, (0, top))
        top += image.height
    colours = theme_colours()
    octree = sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries: list[int] = octree.getpalette() or []
    by_use = sorted(octree.getcolors(COLOURS) or [], key=lambda counted: (-counted[0], counted[1]))
    for _, index in by_use:
        i = 3 * int(index)   # type: ignore[call-overload]
        colour = (entries[i], entries[i + 1], entries[i + 2])
        if all(_apart(colour, kept) for kept in colours):
            colours.append(colour)
    colours = colours[:COLOURS]
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in colours for c in colour] + [0, 0, 0] * (COLOURS - len(colours)))
    return palette


@lru_cache(maxsize=16)
def palette_for(kind: str, size: int, draw: Callable[..., Image.Image]) -> Image.Image:
    """The palette of ``kind`` images at ``size``, built once from specimens drawn by ``draw(view, size=size)``.

    ``kind`` is "alcazar", "alcazar1978" (public boards) or "hand" (Alcazar
    hands, from their owner's view).
    """
    return build_palette(draw(view, size=size) for view in specimen_views(kind))


def specimen_views(kind: str) -> Iterator[View]:
    """Views of seeded random games, from the first moves to the end, for building a palette."""
    from bot.games import get_game   # only to play the specimen games; drawing never needs an engine

    engine = get_game("alcazar1978" if kind == "alcazar1978" else "alcazar")
    for players, seed in ((2, 1978), (2, 1979)) if kind == "alcazar1978" else ((5, 13), (4, 24), (3, 31), (2, 42)):
        rng = random.Random(seed)
        state = engine.new_game(players=players, seed=seed)
        plies: list[Any] = []
        while engine.to_move(state) is not None and len(plies) < 400:
            plies.append(state)
            state = engine.play(state, rng.choice(engine.legal_moves(state)))
        for position in [plies[len(plies) * k // 4] for k in (1, 2, 3)] + [state]:
            if kind == "hand":
                yield engine.view(position, engine.to_move(position) or 0)
            else:
                yield engine.view(position, None)
