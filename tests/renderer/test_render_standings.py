"""The tournament standings image: columns from measured text, in both languages, for both games."""
from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw
from probes import count, open_png, share

from renderer import theme
from renderer.standings import (
    MEDALS,
    WIDTH,
    Layout,
    Text,
    half_points,
    medal_box,
    standings_layout,
    standings_png,
)

NAMES = ["Ana", "Bartolomé Esteban Murillo de Sevilla", "Cleo", "Dóra Kovácsné Szabó", "Ede", "Ferenc", "Gábor",
         "Hanna", "Ilona", "János", "Kata", "László", "Mária", "Nándor", "Olga", "Péter", "Réka", "Sándor",
         "Tímea", "Ubul", "Vera", "Zoltán", "Ágnes", "Béla", "Csilla", "Dénes", "Emese", "Flóra", "Géza", "Huba"]
SCORES = [4.5, 4, 4, 3.5, 3, 3, 3, 2.5, 2.5, 2, 2, 2, 1.5, 1.5, 1, 1, 1, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
GAP = 3     # the least blank between two texts of one line for them to read apart


def standings_view(game: str = "alcazar", players: int = 8, *, final: bool = False,
                   withdrawn: tuple[int, ...] = (5,)) -> dict[str, Any]:
    """A Swiss tournament after round 3 of 5 (or over), players ranked by score, equal scores sharing a place."""
    rows = []
    for index in range(players):
        score = SCORES[index]
        rank = index + 1 if index == 0 or score != SCORES[index - 1] else rows[-1]["rank"]
        rows.append({"rank": rank, "player": str(100 + index), "name": NAMES[index], "score": score,
                     "buchholz": 12.5 - index * 0.5, "game_points": 120 - 3 * index,
                     "played": 2 if index in withdrawn else 3, "withdrawn": index in withdrawn})
    return {"name": "Winter Cup", "game": game, "format": "swiss", "round": 5 if final else 3, "rounds": 5,
            "final": final, "rows": rows}


def boxes(texts: tuple[Text, ...] | list[Text]) -> list[tuple[float, float, float, float]]:
    """Pillow's boxes of ``texts`` as drawn, left to right."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    found = [draw.textbbox(t.xy, t.text, font=t.face, anchor=t.anchor) for t in texts]
    return sorted(found)


def assert_apart(texts: tuple[Text, ...] | list[Text], what: str) -> None:
    """Texts side by side stand GAP apart; the lines of a name on two lines lie one above the other, apart."""
    found = boxes(texts)
    for i, left in enumerate(found):
        for right in found[i + 1:]:
            stacked = right[1] >= left[3] or left[1] >= right[3]
            assert stacked or right[0] - left[2] >= GAP, f"{what}: {left} and {right} touch"


CASES = [(lang, game) for lang in ("en", "hu") for game in ("alcazar", "alcazar1978")]


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_image_is_a_png_of_the_layouts_size(lang: str, game: str) -> None:
    view = standings_view(game)
    image = open_png(standings_png(view, lang=lang))
    layout = standings_layout(view, lang=lang)
    assert image.size == (WIDTH, layout.height)
    assert layout.height > layout.rows[-1].top + layout.row_height    # the last row and the note under it


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_no_two_headings_or_cells_of_a_line_touch(lang: str, game: str) -> None:
    for players in (8, 30):
        layout = standings_layout(standings_view(game, players), lang=lang)
        assert_apart(layout.headers, f"{lang} {game} headings")
        for number, row in enumerate(layout.rows):
            assert_apart(row.cells, f"{lang} {game} row {number + 1}")
        assert_columns_hold_their_texts(layout)


def assert_columns_hold_their_texts(layout: Layout) -> None:
    """Every heading and cell lies inside its column (give or take a glyph's overhang: the J of "János"
    reaches left of where it starts), the columns a gap apart, all inside the image."""
    spans = layout.spans
    assert spans[0].left >= 0 and spans[-1].right <= layout.width
    for left, right in zip(spans, spans[1:]):
        assert right.left - left.right >= GAP
    lines = [layout.headers] + [row.cells for row in layout.rows]
    for line in lines:
        for box in boxes(line):
            inside = [s for s in spans if s.left - 3 <= box[0] and box[2] <= s.right + 3]
            assert inside, f"{box} crosses a column's edge {spans}"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_gaps_between_columns_hold_no_ink(lang: str, game: str) -> None:
    """What was drawn, pixel by pixel: between two columns, across the headings and every row, only background
    (the image's palette holds the theme's colours exactly)."""
    view = standings_view(game, 30)
    layout = standings_layout(view, lang=lang, reader="103")
    image = open_png(standings_png(view, lang=lang, reader="103"))
    backgrounds = {theme.PARCHMENT, theme.PANEL, theme.TURN}
    header_y = round(layout.headers[0].xy[1])
    bands = [range(header_y - round(layout.unit * 0.45), header_y + 3)]
    bands += [range(round(row.cells[0].xy[1] - layout.unit * 0.35), round(row.cells[0].xy[1] + layout.unit * 0.35))
              for row in layout.rows]
    for left, right in zip(layout.spans, layout.spans[1:]):
        for band in bands:
            # a glyph may overhang where it starts by a pixel or two (the hook of a J): the rest stays blank
            inked = [(x, y) for x in range(left.right + 3, right.left - 2) for y in band
                     if image.getpixel((x, y)) not in backgrounds]
            assert not inked, f"{lang} {game}: ink between {left} and {right}: {inked[:5]}"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_name_too_long_for_its_column_is_drawn_whole_on_two_lines(lang: str) -> None:
    layout = standings_layout(standings_view(), lang=lang)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    name_span = layout.spans[1]
    long_name = [cell for cell in layout.rows[3].cells if cell.xy[0] == name_span.left]
    assert " ".join(cell.text for cell in long_name) == NAMES[3], "the whole name, on two lines"
    assert len(long_name) == 2 and long_name[0].xy[1] < long_name[1].xy[1]
    for cell in long_name:
        assert draw.textlength(cell.text, font=cell.face) <= name_span.width
        assert cell.face.size * 400 / WIDTH >= 10, "no smaller than a phone can read"
    # a name longer than two lines of its column (in Hungarian, whose headings are wider) keeps a readable
    # start and ends in an ellipsis
    longest = " ".join(cell.text for cell in layout.rows[1].cells if cell.xy[0] == name_span.left)
    assert longest == NAMES[1] or (longest.endswith("…") and NAMES[1].startswith(longest[:-1]) and len(longest) > 20)
    assert layout.rows[0].cells[1].text == "Ana"
    # the reader's own row is laid out like any other
    reader = standings_layout(standings_view(), lang=lang, reader="101").rows[3].cells
    assert [cell.text for cell in reader] == [cell.text for cell in layout.rows[3].cells]


def test_a_withdrawn_player_keeps_the_name_and_gets_a_marker_explained_under_the_table() -> None:
    for lang, word in (("en", "withdrawn"), ("hu", "visszalépett")):
        layout = standings_layout(standings_view(), lang=lang)
        withdrawn = layout.rows[5]
        texts = [t.text for t in withdrawn.cells]
        assert "Ferenc" in texts and "✕" in texts
        assert withdrawn.medal is None
        assert [t.text for t in layout.notes] == [f"✕ {word}"]
    assert standings_layout(standings_view(withdrawn=())).notes == ()


@pytest.mark.parametrize(("lang", "headings"), [
    ("en", ["#", "Player", "Score", "Buchholz", "Game points", "Played"]),
    ("hu", ["Hely", "Játékos", "Pontszám", "Buchholz", "Játékpont", "Játszott"]),
])
def test_game_points_are_a_column_of_alcazar_only(lang: str, headings: list[str]) -> None:
    alcazar = standings_layout(standings_view("alcazar"), lang=lang)
    assert [t.text for t in alcazar.headers] == headings
    assert [t.text for t in alcazar.rows[0].cells] == ["1." if lang == "hu" else "1", "Ana", "4½", "12½", "120", "3"]
    old = standings_layout(standings_view("alcazar1978"), lang=lang)
    assert [t.text for t in old.headers] == [h for h in headings if h not in ("Game points", "Játékpont")]
    assert "120" not in [t.text for t in old.rows[0].cells]


def test_shared_places_are_shown_as_a_range_in_each_language() -> None:
    en = standings_layout(standings_view(), lang="en")
    hu = standings_layout(standings_view(), lang="hu")
    assert [row.cells[0].text for row in en.rows] == ["1", "2–3", "2–3", "4", "5–7", "5–7", "5–7", "8"]
    assert [row.cells[0].text for row in hu.rows] == ["1.", "2–3.", "2–3.", "4.", "5–7.", "5–7.", "5–7.", "8."]


def test_half_points_are_written_with_a_real_half() -> None:
    assert [half_points(v) for v in (0, 0.5, 1, 2.5, 3.0, 12.5, "4.5")] == ["0", "½", "1", "2½", "3", "12½", "4½"]


def test_the_title_names_the_tournament_the_game_the_format_and_the_round() -> None:
    def subtitle(lang: str, **changes: Any) -> str:
        return standings_layout({**standings_view(), **changes}, lang=lang).title[1].text

    assert standings_layout(standings_view(), lang="en").title[0].text == "Winter Cup"
    assert subtitle("en") == "Alcazar · Swiss system · after round 3 of 5"
    assert subtitle("hu") == "Alcazar · svájci rendszer · 3. forduló után (5 fordulóból)"
    assert subtitle("en", final=True, game="alcazar1978") == "Alcazar (1978) · Swiss system · final standings"
    assert subtitle("hu", final=True, format="round_robin") == "Alcazar · körmérkőzés · végeredmény"
    assert subtitle("en", round=0) == "Alcazar · Swiss system · before the first round"
    assert subtitle("hu", rounds=None) == "Alcazar · svájci rendszer · 3. forduló után"


def test_thirty_rows_stay_readable_on_a_phone() -> None:
    """Discord shows the image about 400 px wide: every text, heading to note, is still 9 px or more there."""
    view = standings_view("alcazar", 30)
    layout = standings_layout(view, lang="hu")
    image = open_png(standings_png(view, lang="hu"))
    assert len(layout.rows) == 30 and image.height == layout.height
    texts = [*layout.title, *layout.headers, *layout.notes] + [t for row in layout.rows for t in row.cells]
    assert min(t.face.size for t in texts) * 400 / WIDTH >= 9
    tops = [row.top for row in layout.rows]
    assert tops == sorted(tops) and min(b - a for a, b in zip(tops, tops[1:])) == layout.row_height
    assert layout.row_height * 400 / WIDTH >= 24, "a row a finger can tell from the next"


def test_the_first_three_places_stand_on_medals_and_the_reader_s_row_is_framed() -> None:
    view = standings_view()
    layout = standings_layout(view, reader="103")
    image = open_png(standings_png(view, reader="103"))
    for row, colour in zip(layout.rows[:3], (MEDALS[0], MEDALS[1], MEDALS[1])):
        x0, y0, x1, y1 = medal_box(row.cells[0], layout.unit)
        assert row.medal == colour
        assert share(image, (x0 + 4, (y0 + y1) / 2), colour, radius=1, tolerance=8) == 1.0
    assert [row.medal for row in layout.rows[3:]] == [None] * 5     # 4th, and the withdrawn player's 5–7
    assert [row.reader for row in layout.rows] == [False, False, False, True] + [False] * 4
    reader_row = layout.rows[3]
    between = (layout.spans[1].right + layout.spans[2].left) / 2      # between the name and the score
    assert share(image, (between, reader_row.top + layout.row_height / 2), theme.TURN, radius=1) == 1.0
    assert share(image, (between, layout.rows[4].top + layout.row_height / 2), theme.TURN, radius=1) == 0
    assert count(open_png(standings_png(view)), theme.TURN) == 0


def test_a_narrower_image_is_the_same_table_scaled() -> None:
    view = standings_view("alcazar", 12)
    small = standings_layout(view, lang="hu", width=400)
    assert open_png(standings_png(view, lang="hu", width=400)).width == 400
    assert_apart(small.headers, "headings at 400 px")
    for row in small.rows:
        assert_apart(row.cells, "a row at 400 px")
    assert_columns_hold_their_texts(small)


def test_the_image_is_deterministic_and_names_without_glyphs_are_dropped() -> None:
    view = standings_view()
    assert standings_png(view, lang="hu") == standings_png(standings_view(), lang="hu")
    emoji = standings_view()
    emoji["rows"][0]["name"] = "Ana 🌸"
    assert standings_png(emoji) == standings_png(view)


def test_a_tournament_without_players_yet_still_draws_its_headings() -> None:
    view = {**standings_view(), "rows": [], "round": 0}
    image = open_png(standings_png(view, lang="hu"))
    assert image.width == WIDTH and image.height > 100
    assert_apart(standings_layout(view, lang="hu").headers, "headings of an empty table")
