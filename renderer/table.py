"""Columns of a table laid out from the measured widths of what they hold.

    widths = [column_width(draw, [header, *cells], face) for ...]
    spans = column_spans(widths, left, right, gap=12, shrink=1)

A column is as wide as its widest header or cell; columns stand ``gap`` apart;
room left over widens the gaps; when room is short, one column (the names,
which can be shortened) gives it up. Fixed
fractions of the width cannot do this: a word longer in one language, or a
heading in capitals, runs into its neighbour ("NOBLESMONEY").
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw, ImageFont


@dataclass(frozen=True)
class Span:
    """Where one column lies across the row, in pixels: ``left`` to ``right``."""

    left: int
    right: int

    @property
    def width(self) -> int:
        return self.right - self.left

    def anchor(self, align: str) -> tuple[float, str]:
        """The x to draw at and Pillow's horizontal anchor letter for text aligned ``left``, ``right`` or ``centre``."""
        if align == "right":
            return self.right, "r"
        if align == "centre":
            return (self.left + self.right) / 2, "m"
        return self.left, "l"


def column_width(draw: ImageDraw.ImageDraw, texts: Iterable[str], face: ImageFont.FreeTypeFont) -> float:
    """The width of the widest of ``texts`` in ``face`` (0 for none)."""
    return max((draw.textlength(text, font=face) for text in texts), default=0.0)


def column_spans(widths: Sequence[float], left: int, right: int, *, gap: int,
                 shrink: int | None = None) -> list[Span]:
    """Spans for columns of ``widths`` between ``left`` and ``right``, ``gap`` apart.

    Room left over is shared out between the gaps, so the last column ends at
    ``right``; when the columns are too wide, the ``shrink`` column (the names,
    which can be shortened) gives up what is missing (down to nothing).
    """
    if not widths:
        return []
    sizes = [max(0, round(w + 0.4999)) for w in widths]    # whole pixels, never narrower than measured
    spare = right - left - sum(sizes) - gap * (len(sizes) - 1)
    gaps = [gap] * (len(sizes) - 1)
    if spare < 0 and shrink is not None:
        sizes[shrink] = max(0, sizes[shrink] + spare)
    elif spare > 0 and gaps:
        share, rest = divmod(spare, len(gaps))
        gaps = [g + share + (1 if i < rest else 0) for i, g in enumerate(gaps)]
    spans = []
    x = left
    for i, size in enumerate(sizes):
        spans.append(Span(x, x + size))
        x += size + (gaps[i] if i < len(gaps) else 0)
    return spans

