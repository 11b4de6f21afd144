"""An ``ImageDraw`` that renders each piece of text (and each rounded box) once and stamps it after that.

Text was a third of the time spent drawing a board: FreeType renders the
same labels ("12", "Supply", a player's name) on every board. ``Draw`` keeps
each rendered mask, keyed by everything its pixels depend on (font, text,
anchor, stroke width and the fraction of a pixel where the text starts), and
stamps it with the same call Pillow makes, so the pixels are identical to
``ImageDraw.text``. Measurements (``textlength``, ``textbbox``) are kept too,
and so are rounded boxes in whole pixels (badges, tiles). Anything unusual (several lines, layout features, non-FreeType fonts) goes to
Pillow unchanged.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable

from PIL import Image, ImageDraw, ImageFont

# Enough for every label of a few hundred different boards; a mask is a few hundred bytes.
MASKS_KEPT = 8192


@lru_cache(maxsize=MASKS_KEPT)
def _mask(face: ImageFont.FreeTypeFont, text: str, mode: str, anchor: str, stroke_width: float,
          start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    return face.getmask2(text, mode, None, None, None, stroke_width, anchor, 0, start, stroke_filled=True)


def _colour(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@lru_cache(maxsize=512)
def _rounded(width: int, height: int, radius: float, fill: Any, outline: Any, line: int,
             corners: tuple[bool, bool, bool, bool] | None) -> Image.Image:
    shape = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, width, height), radius, fill, outline, line, corners=corners)
    return shape


class _Measures:
    """Measurements of text by (font, text, …), forgotten all at once when too many are kept."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Any, ...], Any] = {}

    def get(self, key: tuple[Any, ...], measure: Callable[[], Any]) -> Any:
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            found = self._kept[key] = measure()
        return found


_MEASURES = _Measures()

# While a test listens (``text_sizes``), every text drawn notes its font size here.
_LISTENERS: list[list[float]] = []


@contextmanager
def text_sizes() -> Iterator[list[float]]:
    """Every font size text is drawn with while inside, in pixels of the finished image.

    A size drawn on a sprite's enlarged canvas counts at the size the sprite
    is shown (``Draw``'s ``scale``). Kept images (backgrounds, sprites) are
    drawn once: clear their caches first to hear their text.
    """
    heard: list[float] = []
    _LISTENERS.append(heard)
    try:
        yield heard
    finally:
        _LISTENERS.remove(heard)


def _note_text(font: Any, scale: float) -> None:
    if _LISTENERS and isinstance(font, ImageFont.FreeTypeFont):
        for heard in _LISTENERS:
            heard.append(font.size / scale)


class Draw(ImageDraw.ImageDraw):
    """``ImageDraw.Draw`` for RGB(A) images, with text rendered once per label and position fraction.

    ``scale`` is how many times larger than shown the image is drawn (a
    sprite drawn large and shrunk): its text counts as that much smaller.
    Every text of every image goes through ``Draw.text``.
    """

    def __init__(self, image: Image.Image, *, scale: float = 1) -> None:
        super().__init__(image)
        self.image = image
        self.scale = scale
        self._inks: dict[Any, int] = {}

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None,
                          width: int = 1, *, corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        """``ImageDraw.rounded_rectangle``; a box in whole pixels is drawn once per size and pasted after that.

        Pillow draws the corners in Python, which made the badges and tiles of a
        board cost more than its text. The shape has no anti-aliasing, so a
        pasted copy has exactly the pixels of a fresh drawing.
        """
        box = tuple(xy[0]) + tuple(xy[1]) if len(xy) == 2 else tuple(xy)
        if self.image.mode != "RGB" or not all(isinstance(v, int) for v in box) or box[2] < box[0] \
                or box[3] < box[1]:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        x0, y0, x1, y1 = box
        shape = _rounded(x1 - x0, y1 - y0, radius, _colour(fill), _colour(outline), width, corners)
        self.image.paste(shape, (x0, y0), shape)

    @staticmethod
    def _plain(text: Any, font: Any, direction: Any = None, features: Any = None, language: Any = None,
               embedded_color: bool = False) -> bool:
        """Whether the call is the one-line, plain-layout case the caches cover."""
        return (isinstance(text, str) and "\n" not in text and isinstance(font, ImageFont.FreeTypeFont)
                and direction is None and features is None and language is None and not embedded_color)

    def text(self, xy: tuple[float, float], text: Any, fill: Any = None, font: Any = None,
             anchor: str | None = None, spacing: float = 4, align: str = "left", direction: str | None = None,
             features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
             stroke_fill: Any = None, embedded_color: bool = False, **kwargs: Any) -> None:
        """``ImageDraw.text``, stamping a kept mask when the same text was drawn before."""
        _note_text(font, self.scale)
        if fill is None or kwargs or not self._plain(text, font, direction, features, language, embedded_color):
            super().text(xy, text, fill, font, anchor, spacing, align, direction, features, language,
                         stroke_width, stroke_fill, embedded_color, **kwargs)
            return
        anchor = anchor or "la"
        ink = self._ink(fill)
        if stroke_width:
            stroke_ink = self._ink(stroke_fill) if stroke_fill is not None else ink
            self._stamp(xy, text, font, anchor, stroke_width, stroke_ink)
            if ink != stroke_ink:
                self._stamp(xy, text, font, anchor, 0, ink)
        else:
            self._stamp(xy, text, font, anchor, 0, ink)

    def _ink(self, fill: Any) -> int:
        key = tuple(fill) if isinstance(fill, list) else fill
        found = self._inks.get(key)
        if found is None:
            ink, fill_ink = self._getink(fill)
            found = self._inks[key] = int(fill_ink if ink is None else ink)  # type: ignore[arg-type]
        return found

    def _stamp(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont, anchor: str,
               stroke_width: float, ink: int) -> None:
        # the same steps as ImageDraw.text: whole pixels place the mask, the fraction is rendered into it
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (dx, dy) = _mask(font, text, self.fontmode, anchor, stroke_width, start)
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)

    def textlength(self, text: Any, font: Any = None, direction: str | None = None,
                   features: list[str] | None = None, language: str | None = None,
                   embedded_color: bool = False, **kwargs: Any) -> float:
        """``ImageDraw.textlength``, measured once per font and text."""
        if kwargs or not self._plain(text, font, direction, features, language, embedded_color):
            return super().textlength(text, font, direction, features, language, embedded_color, **kwargs)
        return float(_MEASURES.get(("length", font, text, self.mode),
                                   lambda: super(Draw, self).textlength(text, font)))

    def textbbox(self, xy: tuple[float, float], text: Any, font: Any = None,
                 anchor: str | None = None, spacing: float = 4, align: str = "left",
                 direction: str | None = None, features: list[str] | None = None, language: str | None = None,
                 stroke_width: float = 0, embedded_color: bool = False, **kwargs: Any
                 ) -> tuple[float, float, float, float]:
        """``ImageDraw.textbbox``, measured once per font, text, anchor and stroke."""
        if kwargs or not self._plain(text, font, direction, features, language, embedded_color):
            return super().textbbox(xy, text, font, anchor, spacing, align, direction, features, language,
                                    stroke_width, embedded_color, **kwargs)
        # a one-line box does not depend on where the text is, only on its anchor
        left, top, right, bottom = _MEASURES.get(
            ("bbox", font, text, self.mode, anchor, stroke_width),
            lambda: super(Draw, self).textbbox((0, 0), text, font, anchor, stroke_width=stroke_width))
        return (left + xy[0], top + xy[1], right + xy[0], bottom + xy[1])
