"""A tournament's standings table as an image, for both games.

    from renderer.standings import standings_png
    png = standings_png(view, lang="hu", reader="1234")

The view (JSON-ready, see docs/engine-extras.md, "Tournament standings view")::

    {"name": "Winter Cup",              # the tournament's name, as its host wrote it
     "game": "alcazar" | "alcazar1978",
     "format": "swiss" | "round_robin", # or a message ({"msg": ..., "args": ...}) for another format
     "round": 3,                        # rounds played (0 before the first)
     "rounds": 5 | None,                # rounds planned, None when not fixed
     "final": False,                    # True once the tournament is over
     "rows": [                          # best first
         {"rank": 1,                    # players with equal rank share the place ("2–3")
          "player": "1234",             # who this is (compared with ``reader``)
          "name": "Ana",
          "score": 2.5,                 # tournament points, in halves
          "buchholz": 6.5,              # the opponents' scores added up, in halves
          "game_points": 41,            # points won in the games: Alcazar (2009) only
          "played": 3,                  # games played
          "withdrawn": False}]}

Every column is as wide as its heading or its widest cell (measured in the
reader's language), so Hungarian headings, longer than English ones, never
run into their neighbours; a long name is shortened with an ellipsis.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderer import theme
from renderer.cached_draw import Draw
from renderer.drawing import drawable_text, fit_text, phone_min_text, png_bytes, shorten_text, wrap_text
from renderer.labels import label, stored_text
from renderer.palette import build_palette
from renderer.table import Span, column_spans, column_width
from renderer.theme import RGB, font

# Discord shows an image about 400 px wide on a phone: at 640 px the smallest text (the headings, 16 px)
# is 10 px high there and a name 14 px. Every size is a fraction of the unit, so a narrower image is the
# same table scaled.
WIDTH = 640
UNITS_ACROSS = 16
GAME_TITLES = {"alcazar": "Alcazar", "alcazar1978": "Alcazar (1978)"}
# Gold, silver and bronze behind the first three places: a hint, the row stays as plain as the others.
MEDALS = theme.MEDALS
MEDAL_HEIGHT, MEDAL_RIM = 0.7, 0.15     # in units
ZEBRA: RGB = theme.PANEL


@dataclass(frozen=True)
class Text:
    """One piece of text as it is drawn: where, how, in what."""

    xy: tuple[float, float]
    text: str
    face: ImageFont.FreeTypeFont
    fill: RGB
    anchor: str


@dataclass(frozen=True)
class Row:
    """A player's line of the table: its texts in column order and how it is marked."""

    top: int
    cells: tuple[Text, ...]
    medal: RGB | None       # the first three places
    reader: bool            # the row of whoever looks at the image


@dataclass(frozen=True)
class Layout:
    """Everything the image draws, measured and placed; ``standings_image`` only paints it."""

    width: int
    height: int
    unit: float
    row_height: int
    spans: tuple[Span, ...]
    title: tuple[Text, ...]
    headers: tuple[Text, ...]
    rows: tuple[Row, ...]
    notes: tuple[Text, ...] = ()     # under the table: what a marker means


def standings_png(view: dict[str, Any], *, lang: str = "en", width: int = WIDTH,
                  reader: str | int | None = None) -> bytes:
    """The standings as PNG bytes, its words in ``lang``; ``reader``'s row (a row's ``player``) is marked."""
    return png_bytes(standings_image(view, lang=lang, width=width, reader=reader), palette=standings_palette())


@lru_cache(maxsize=1)
def standings_palette() -> Image.Image:
    """The fixed palette of every standings image (the theme's colours exactly, so flat fills stay flat)."""
    return build_palette([standings_image(_SPECIMEN, reader="specimen 2")])


_SPECIMEN: dict[str, Any] = {
    "name": "Alcazar", "game": "alcazar", "format": "swiss", "round": 1, "rounds": 2, "final": False,
    "rows": [{"rank": n // 2 + 1, "player": f"specimen {n}", "name": "Alcazar " * (n % 3 + 1), "score": n / 2,
              "buchholz": n, "game_points": 10 * n, "played": 1, "withdrawn": n == 5} for n in range(8)],
}


def standings_image(view: dict[str, Any], *, lang: str = "en", width: int = WIDTH,
                    reader: str | int | None = None) -> Image.Image:
    """The standings as a Pillow image."""
    layout = standings_layout(view, lang=lang, width=width, reader=reader)
    image = Image.new("RGB", (layout.width, layout.height), theme.PARCHMENT)
    draw = Draw(image)
    u = layout.unit
    for number, row in enumerate(layout.rows):
        _row_band(draw, layout, row, number)
    for text in (*layout.title, *layout.headers, *layout.notes):
        draw.text(text.xy, text.text, font=text.face, fill=text.fill, anchor=text.anchor)
    line_y = layout.rows[0].top - 1 if layout.rows else layout.height - round(u * 0.5)
    draw.line((round(u * 0.5), line_y, layout.width - round(u * 0.5), line_y), fill=theme.PANEL_LINE, width=2)
    for row in layout.rows:
        if row.medal is not None:
            _medal(draw, row.cells[0], row.medal, u)
        for text in row.cells:
            draw.text(text.xy, text.text, font=text.face, fill=text.fill, anchor=text.anchor)
    return image


def _row_band(draw: ImageDraw.ImageDraw, layout: Layout, row: Row, number: int) -> None:
    """Every other row on a paler band, so a line of 20 or 30 reads across; the reader's row framed."""
    left, right = round(layout.unit * 0.25), layout.width - round(layout.unit * 0.25)
    bottom = row.top + layout.row_height - 1
    if row.reader:
        draw.rounded_rectangle((left, row.top, right, bottom), radius=round(layout.unit * 0.2), fill=theme.TURN,
                               outline=theme.TURN_FRAME, width=2)
    elif number % 2 == 0:
        draw.rectangle((left, row.top, right, bottom), fill=ZEBRA)


def medal_box(rank: Text, unit: float) -> tuple[int, int, int, int]:
    """The gold, silver or bronze pill behind a place: round around one digit, longer around "2–3"."""
    half_width = max(rank.face.getlength(rank.text) / 2 + MEDAL_RIM * unit, MEDAL_HEIGHT * unit / 2)
    x, y = rank.xy
    half_height = MEDAL_HEIGHT * unit / 2
    return (round(x - half_width), round(y - half_height), round(x + half_width), round(y + half_height))


def _medal(draw: ImageDraw.ImageDraw, rank: Text, colour: RGB, u: float) -> None:
    draw.rounded_rectangle(medal_box(rank, u), radius=round(MEDAL_HEIGHT * u / 2), fill=colour)


# --- layout -----------------------------------------------------------------------------------------
def standings_layout(view: dict[str, Any], *, lang: str = "en", width: int = WIDTH,
                     reader: str | int | None = None) -> Layout:
    """Where every text of the image goes, from measured widths (the image draws exactly these)."""
    u = width / UNITS_ACROSS
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    faces = _Faces(u)
    rows = list(view.get("rows") or [])
    columns = _columns(view)
    # headings in capitals, as on the results, would leave a name about 90 px in Hungarian: mixed case leaves 170
    header_texts = [label(lang, key) for key, _, _ in columns]
    cells = [_cells(row, rows, view, lang) for row in rows]
    widths = [max(column_width(draw, [heading], faces.header), _cells_width(draw, key, cells, rows, index, faces))
              for index, (heading, (_, _, key)) in enumerate(zip(header_texts, columns))]
    left, right = round(u * 0.5), width - round(u * 0.5)
    spans = column_spans(widths, left, right, gap=round(u * 0.3), shrink=1)
    title = _title(draw, view, lang, faces, (left, right), u)
    header_y = round(u * 2.85)
    headers = tuple(Text((spans[i].anchor(align)[0], header_y), text, faces.header, theme.INK_SOFT,
                         spans[i].anchor(align)[1] + "s")
                    for i, (text, (_, align, _)) in enumerate(zip(header_texts, columns)))
    top, row_height = round(u * 3.2), round(u * 1.05)
    placed = tuple(_row(draw, row, line, columns, spans, faces, top + n * row_height, row_height, reader)
                   for n, (row, line) in enumerate(zip(rows, cells)))
    height = top + row_height * len(rows) + round(u * 0.5)
    notes: tuple[Text, ...] = ()
    if any(row.get("withdrawn") for row in rows):
        line = WITHDRAWN + " " + label(lang, "standings.withdrawn")
        notes = (Text((left, height), line, faces.minor, theme.INK_SOFT, "lt"),)
        height += round(u * 0.9)
    return Layout(width, height, u, row_height, tuple(spans), title, headers, placed, notes)


class _Faces:
    """The image's fonts at its unit."""

    def __init__(self, u: float) -> None:
        self.unit = u
        self.title = font(round(u * 0.75), "bold")
        self.subtitle = font(round(u * 0.48))
        self.header = font(round(u * 0.4), "bold")
        self.name = font(round(u * 0.55), "bold")
        self.figure = font(round(u * 0.55), "bold")
        self.minor = font(round(u * 0.5))
        # a name too long for its column: on two lines, no smaller than a phone can read
        self.least_name = font(phone_min_text(round(u * UNITS_ACROSS)), "bold")

    def cell(self, key: str) -> ImageFont.FreeTypeFont:
        """The face of a row's cell: the place, the name and the score stand out, the tie-breaks not."""
        return {"rank": self.figure, "name": self.name, "score": self.figure}.get(key, self.minor)


def _cells_width(draw: ImageDraw.ImageDraw, key: str, cells: list[list[str]], rows: list[dict[str, Any]], index: int,
                 faces: _Faces) -> float:
    """The widest cell of a column, in the face it is drawn in (a name with its marker; a place with its medal)."""
    if key == "name":
        return max((_name_width(draw, line[index], _marker(row), faces) for line, row in zip(cells, rows)),
                   default=0.0)
    widest = column_width(draw, [line[index] for line in cells], faces.cell(key))
    if key == "rank":       # the medal's rim around the place; a lone digit's medal is round
        return max(widest + 2 * MEDAL_RIM * faces.unit, MEDAL_HEIGHT * faces.unit)
    return widest


def _columns(view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The columns (heading key, alignment, the row's key), game points only for Alcazar (2009)."""
    columns = [("standings.col_rank", "centre", "rank"), ("standings.col_player", "left", "name"),
               ("standings.col_score", "right", "score"), ("standings.col_buchholz", "right", "buchholz")]
    if view.get("game", "alcazar") == "alcazar":
        columns.append(("standings.col_game_points", "right", "game_points"))
    columns.append(("standings.col_played", "right", "played"))
    return columns


def _cells(row: dict[str, Any], rows: list[dict[str, Any]], view: dict[str, Any], lang: str) -> list[str]:
    """A row's texts in column order, the name whole (it is shortened once its column's width is known)."""
    line = [_place(row, rows, lang), _name(row), half_points(row.get("score", 0)),
            half_points(row.get("buchholz", 0))]
    if view.get("game", "alcazar") == "alcazar":
        line.append(str(int(row.get("game_points", 0))))
    line.append(str(int(row.get("played", 0))))
    return line


def _name(row: dict[str, Any]) -> str:
    return drawable_text(str(row.get("name") or "")) or "?"


WITHDRAWN = "✕"     # after a withdrawn player's name; the note under the table says what it means


def _marker(row: dict[str, Any]) -> str:
    """What follows a withdrawn player's name (a word would leave a long name no room); nothing for the others."""
    return WITHDRAWN if row.get("withdrawn") else ""


def _name_width(draw: ImageDraw.ImageDraw, name: str, marker: str, faces: _Faces) -> float:
    """The room a name and its marker take, a space apart."""
    if not marker:
        return draw.textlength(name, font=faces.name)
    return draw.textlength(name + " ", font=faces.name) + draw.textlength(marker, font=faces.minor)


def _place(row: dict[str, Any], rows: list[dict[str, Any]], lang: str) -> str:
    """The place, "3", or the places shared by equal players, "2–3" (Hungarian writes "3.", "2–3.")."""
    rank = int(row.get("rank", 0))
    sharing = Counter(int(r.get("rank", 0)) for r in rows)[rank]
    if sharing > 1:
        return label(lang, "standings.shared_rank", first=rank, last=rank + sharing - 1)
    return label(lang, "standings.rank", rank=rank)


def half_points(value: object) -> str:
    """A score in halves with a real half: 2.5 -> "2½", 0.5 -> "½", 3 -> "3"."""
    halves = round(float(value) * 2)     # type: ignore[arg-type]
    whole, half = divmod(abs(halves), 2)
    sign = "-" if halves < 0 else ""
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole or ''}½"


def _row(draw: ImageDraw.ImageDraw, row: dict[str, Any], line: list[str], columns: list[tuple[str, str, str]],
         spans: list[Span], faces: _Faces, top: int, height: int, reader: str | int | None) -> Row:
    mid = top + height / 2
    withdrawn = bool(row.get("withdrawn"))
    texts: list[Text] = []
    for text, (_, align, key), span in zip(line, columns, spans):
        if key == "name":
            texts.extend(_name_cells(draw, text, _marker(row), span, mid, faces, withdrawn))
            continue
        x, anchor = span.anchor(align)
        fill = theme.INK_SOFT if withdrawn or key not in ("rank", "score") else \
            theme.FRAME_DARK if key == "score" else theme.INK
        texts.append(Text((x, mid), text, faces.cell(key), fill, anchor + "m"))
    rank = int(row.get("rank", 0))
    medal = MEDALS[rank - 1] if 1 <= rank <= len(MEDALS) and not withdrawn else None
    is_reader = reader is not None and str(row.get("player")) == str(reader)
    return Row(top, tuple(texts), medal, is_reader)


def _name_cells(draw: ImageDraw.ImageDraw, name: str, marker: str, span: Span, mid: float, faces: _Faces,
                withdrawn: bool) -> list[Text]:
    """The whole name and its marker after it: on one line when it fits its column, else on two lines in the
    smallest face that reads on a phone (a name longer than even that is shortened at the second line's end)."""
    room = span.width - (_name_width(draw, "", marker, faces) if marker else 0)
    ink = theme.INK_SOFT if withdrawn else theme.INK
    face = faces.name
    lines = [name]
    if draw.textlength(name, font=face) > room:
        face = faces.least_name
        lines = wrap_text(draw, name, face, round(room))
        if len(lines) > 2:
            lines = [lines[0], shorten_text(draw, " ".join(lines[1:]), face, room)]
    step = faces.unit * 0.42
    first = mid - step * (len(lines) - 1) / 2
    cells = [Text((span.left, first + n * step), line, face, ink, "lm") for n, line in enumerate(lines)]
    if marker:
        x = span.left + draw.textlength(lines[-1] + " ", font=face)
        cells.append(Text((x, first + (len(lines) - 1) * step), marker, faces.minor, theme.INK_SOFT, "lm"))
    return cells


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str, faces: _Faces,
           across: tuple[int, int], u: float) -> tuple[Text, ...]:
    """The tournament's name, and under it the game, the format and how far it has come."""
    left, right = across
    name = drawable_text(str(view.get("name") or "")) or label(lang, "standings.title")
    heading, face = fit_text(draw, name, "bold", round(faces.title.size), right - left)
    parts = [GAME_TITLES.get(str(view.get("game", "alcazar")), ""), _format_word(view.get("format"), lang),
             _progress(view, lang)]
    line, small = fit_text(draw, " · ".join(p for p in parts if p), "regular", round(faces.subtitle.size),
                           right - left)
    return (Text((left, round(u * 0.45)), heading, face, theme.FRAME_DARK, "lt"),
            Text((left, round(u * 1.5)), line, small, theme.INK_SOFT, "lt"))


def _format_word(value: object, lang: str) -> str:
    if value == "swiss":
        return label(lang, "standings.swiss")
    if value == "round_robin":
        return label(lang, "standings.round_robin")
    return stored_text(lang, value) if value else ""


def _progress(view: dict[str, Any], lang: str) -> str:
    """"after round 3 of 5", "final standings", "before the first round"."""
    played, planned = int(view.get("round") or 0), view.get("rounds")
    if view.get("final"):
        return label(lang, "standings.final")
    if not played:
        return label(lang, "standings.not_started")
    if planned:
        return label(lang, "standings.after_round_of", round=played, rounds=int(planned))
    return label(lang, "standings.after_round", round=played)
