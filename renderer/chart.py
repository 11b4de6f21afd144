"""A small line chart of a player's rating over their rated games.

    from renderer.chart import rating_chart
    png = rating_chart([(when, rating), ...], title="Ana · Alcazar", lang="hu")

The first point is the rating every player starts from; each later point is
the rating after one game. Dates are drawn in UTC, the words, numbers and dates
the way ``lang`` writes them.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from babel.dates import format_date
from PIL import Image, ImageFont


from renderer import theme
from renderer.cached_draw import Draw
from renderer.drawing import drawable_text, fit_text, png_bytes, shorten_text, wrap_text
from renderer.labels import label

WIDTH, HEIGHT = 560, 260
LINE: theme.RGB = (181, 86, 43)          # the bot's terracotta
GRID: theme.RGB = (226, 214, 190)
START_RATING = 1000


def rating_chart(points: Sequence[tuple[float, int]], *, title: str, start: int = START_RATING,
                 lang: str = "en") -> bytes:
    """The chart as PNG bytes; ``points`` are (seconds since the epoch, rating after that game)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.PANEL)
    draw = Draw(image)
    headings, face = _heading(draw, drawable_text(title) or label(lang, "chart.rating"))
    for number, heading in enumerate(headings):
        draw.text((12, 10 + number * (face.size + 4)), heading, font=face, fill=theme.INK)
    ratings = [start] + [rating for _, rating in points]
    low, high = min(ratings), max(ratings)
    pad = max(10, (high - low) // 8)
    low, high = low - pad, high + pad
    latest_face = theme.font(18, "bold")
    # the latest rating stands right of its point, in a margin of its own, clear of the line
    latest_room = round(draw.textlength(str(ratings[-1]), font=latest_face)) + 16
    top = 52 + (len(headings) - 1) * (face.size + 4)
    left, right, bottom = 70, WIDTH - 10 - latest_room, HEIGHT - 40
    small = theme.font(16)
    for value in _ticks(low, high):
        y = bottom - (value - low) / (high - low) * (bottom - top)
        draw.line([(left, y), (right, y)], fill=GRID, width=1)
        draw.text((left - 8, y), str(value), font=small, fill=theme.INK_SOFT, anchor="rm")
    draw.rectangle([left, top, right, bottom], outline=theme.PANEL_LINE, width=1)
    step = (right - left) / max(1, len(ratings) - 1)
    xy = [(left + i * step, bottom - (r - low) / (high - low) * (bottom - top)) for i, r in enumerate(ratings)]
    if len(xy) > 1:
        draw.line(xy, fill=LINE, width=3, joint="curve")
    radius = 4 if len(xy) <= 40 else 2
    for x, y in xy:
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=LINE, outline=theme.PANEL, width=1)
    last_x, last_y = xy[-1]
    draw.text((last_x + 10, last_y), str(ratings[-1]), font=latest_face, fill=theme.INK, anchor="lm")
    if points:
        draw.text((left, bottom + 8), _date(points[0][0], lang), font=small, fill=theme.INK_SOFT, anchor="la")
        draw.text((right, bottom + 8), _date(points[-1][0], lang), font=small, fill=theme.INK_SOFT, anchor="ra")
        draw.text(((left + right) / 2, bottom + 8), label(lang, "chart.rated_games", count=len(points)),
                  font=small, fill=theme.INK_SOFT, anchor="ma")
    return png_bytes(image)


def _heading(draw: Draw, title: str) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """The title on one line (shrunk a little if need be), else whole on two lines; never smaller than 18 px."""
    text, face = fit_text(draw, title, "bold", 24, WIDTH - 24, smallest=18)
    if text == title:
        return [text], face
    lines = wrap_text(draw, title, face, WIDTH - 24)
    if len(lines) > 2:
        lines = [lines[0], shorten_text(draw, " ".join(lines[1:]), face, WIDTH - 24)]
    return lines, face


def _ticks(low: int, high: int) -> list[int]:
    """Three to six round values between ``low`` and ``high``."""
    span = max(1, high - low)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _date(seconds: float, lang: str) -> str:
    """A day as ``lang`` writes it short: "Dec 1, 2026", "2026. dec. 1."."""
    return format_date(datetime.fromtimestamp(seconds, timezone.utc).date(), "medium", locale=lang)
