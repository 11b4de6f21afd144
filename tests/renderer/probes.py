"""Pixel probes: how much of a small patch of an image is one colour."""
from __future__ import annotations

import io

from PIL import Image

Colour = tuple[int, int, int]


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return Image.open(io.BytesIO(data)).convert("RGB")


def share(image: Image.Image, centre: tuple[float, float], colour: Colour, *, radius: int = 3,
          tolerance: int = 24) -> float:
    """The fraction of pixels within ``radius`` of ``centre`` close to ``colour``."""
    cx, cy = round(centre[0]), round(centre[1])
    hits = total = 0
    for x in range(cx - radius, cx + radius + 1):
        for y in range(cy - radius, cy + radius + 1):
            pixel = image.getpixel((x, y))
            assert isinstance(pixel, tuple)
            total += 1
            if max(abs(int(a) - int(b)) for a, b in zip(pixel[:3], colour)) <= tolerance:
                hits += 1
    return hits / total


def count(image: Image.Image, colour: Colour) -> int:
    """How many pixels of ``image`` are exactly ``colour``."""
    colours = image.getcolors(maxcolors=image.width * image.height) or []
    return sum(n for n, c in colours if c == colour)
