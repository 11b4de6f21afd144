"""The final results image of both games."""
from __future__ import annotations

import random

import pytest
from probes import open_png, share
from render_views import finished_view, mid_game_view

from bot.games import get_game
from renderer import theme
from renderer.drawing import named_text
from renderer.results import ROW, TOP, UNIT, NotFinished, results


def test_an_unfinished_game_has_no_results() -> None:
    with pytest.raises(NotFinished, match="finished"):
        results(mid_game_view())


def test_alcazar_results_rank_the_winner_first_and_highlight_it() -> None:
    view = finished_view()
    image = open_png(results(view, names=["Ana", "Bartolomé", "Cleo"]))
    assert image.height == TOP + ROW * 3 + UNIT // 2
    first_row = TOP + 6
    last_row = TOP + 2 * ROW + 6
    x = image.width * 0.6
    assert share(image, (x, first_row), theme.WINNER, radius=2) == 1.0
    assert share(image, (x, last_row), theme.WINNER, radius=2) == 0
    assert results(view) == results(finished_view())


def test_a_shared_win_highlights_every_winner() -> None:
    view = finished_view()
    view["outcome"]["winners"] = [1, 2]
    image = open_png(results(view))
    second_row = TOP + ROW + 6
    assert share(image, (image.width * 0.6, second_row), theme.WINNER, radius=2) == 1.0


def test_results_of_real_finished_games_render() -> None:
    for name, players in (("alcazar", 3), ("alcazar1978", 2)):
        game = get_game(name)
        rng = random.Random(7)
        state = game.new_game(players=players, seed=7)
        while game.to_move(state) is not None:
            state = game.play(state, rng.choice(game.legal_moves(state)))
        image = open_png(results(game.view(state, None), names=["Ana", "Ben", "Cleo"][:players]))
        assert image.width > 300 and image.height > 200


def test_the_winner_is_marked_by_a_trophy_not_by_a_noble() -> None:
    image = open_png(results(finished_view(), names=["Ana", "Bartolomé", "Cleo"]))
    row = ROW
    top = TOP
    right_end = (image.width - UNIT // 2 - round(UNIT * 0.9), image.width - UNIT // 2)     # where the cup stands
    winner_row = image.crop((right_end[0], top, right_end[1], top + row - 8))
    loser_row = image.crop((right_end[0], top + row, right_end[1], top + 2 * row - 8))
    assert share(winner_row, (winner_row.width / 2, winner_row.height / 2), theme.TROPHY, radius=6) > 0.2
    assert share(loser_row, (loser_row.width / 2, loser_row.height / 2), theme.TROPHY, radius=6) == 0


def test_the_reason_calls_players_by_name_when_names_are_given() -> None:
    colours = {0: "blue", 1: "yellow", 2: "green"}
    reason = "every player passed in turn; Blue and Green share the win with 17 points"
    assert named_text(reason, colours, ["Ana", "Ben", "Cleo"]) == \
        "every player passed in turn; Ana and Cleo share the win with 17 points"
    assert named_text("Green's pawn is immobilized", {0: "red", 1: "green"}, ["Ana", "Zoë 🌸"]) == \
        "Zoë's pawn is immobilized"
    assert named_text(reason, colours, None) == reason
    # a colour word that is not a player's stays
    assert named_text("Red wins", colours, ["Ana", "Ben", "Cleo"]) == "Red wins"


def _finished_1978(winners: list[int]) -> dict:
    game = get_game("alcazar1978")
    view = game.view(game.new_game(players=2, seed=3), None)
    view["outcome"] = {"winners": winners, "reason": "Green's pawn is immobilized"}
    return view


def test_the_1978_results_name_the_loser_and_both_players_of_a_draw() -> None:
    for winners in ([0], []):
        view = _finished_1978(winners)
        assert results(view, names=["Ana", "Ben"]) != results(view, names=["Ana", "Cleo"]), \
            f"the second player is not named (winners {winners})"
        assert results(view, names=["Ana", "Ben"]) != results(view, names=["Dora", "Ben"]), \
            f"the first player is not named (winners {winners})"


def test_results_text_stays_readable_on_a_phone() -> None:
    """Discord shows an image about 400 px wide on a phone: every figure stays about 9 px high there."""
    from renderer import results as module

    assert module.WIDTH <= 640, "a narrower image is scaled down less"
    image = open_png(results(finished_view(), names=["Ana", "Bartolomé", "Cleo"]))
    assert image.width == module.WIDTH


def _header_words(image, *, blank: int) -> list[tuple[int, int]]:
    """The stretches of ink across the column headings' line, split where at least ``blank`` empty pixels lie."""
    baseline = TOP - round(UNIT * 0.25)
    band = range(baseline - UNIT // 2, baseline + 4)
    inked = [any(max(abs(int(a) - int(b)) for a, b in zip(image.getpixel((x, y)), theme.PARCHMENT)) > 40
                 for y in band) for x in range(image.width)]
    words: list[tuple[int, int]] = []
    x = 0
    while x < image.width:
        if not inked[x]:
            x += 1
            continue
        start = x
        while x < image.width and (inked[x] or any(inked[x:x + blank])):
            x += 1
        words.append((start, x))
    return words


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_column_headings_stand_apart_at_640_px(lang: str) -> None:
    """Today's English headings ran together ("NOBLESMONEY"): each heading is its own word on the image."""
    image = open_png(results(finished_view(), names=["Ana", "Bartolomé", "Cleo"], lang=lang))
    assert image.width == 640
    # a space inside a heading ("ON THE BOARD") is about 7 px of blank; between headings there are 10 or more
    # (the names have a line of their own in each row, under no heading)
    words = _header_words(image, blank=10)
    assert len(words) == 4, f"{lang}: the headings run together: {words}"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_columns_are_laid_out_from_the_measured_headings_and_figures(lang: str) -> None:
    from PIL import Image, ImageDraw

    from renderer.results import COLUMNS, GAP, column_spans_2009
    from renderer.labels import label
    from renderer.theme import font

    view = finished_view()
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    details = view["outcome"]["details"]
    spans = column_spans_2009(draw, view["players"], details, ["Ana", "Bartolomé", "Cleo"], lang)
    assert spans[-1].right == 640 - UNIT // 2
    head = font(round(UNIT * 0.4), "bold")
    boxes = [draw.textbbox((span.left, 0), label(lang, key).upper(), font=head, anchor="ls")
             for key, span in zip(COLUMNS, spans)]
    for (_, _, right, _), (left, _, _, _) in zip(boxes, boxes[1:]):
        assert left - right >= GAP - 2, f"{lang}: headings {boxes}"
    for span, key in zip(spans, COLUMNS):
        assert span.width >= draw.textlength(label(lang, key).upper(), font=head)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_whole_names_are_drawn_even_long_ones_and_computers(lang: str) -> None:
    """Every computer was "Computer…": a name is drawn to its last letter, however long, on a line of its own."""
    for first, second in (("Computer 2 (normal)", "Computer 3 (normal)"),
                          ("Maximilian Bartholomew von Habsburg", "Maximilian Bartholomew von Habsburx")):
        for seat in range(3):
            names = ["Ana", "Bartolomé", "Cleo"]
            view = finished_view()
            one = results(view, names=[first if s == seat else n for s, n in enumerate(names)], lang=lang)
            other = results(view, names=[second if s == seat else n for s, n in enumerate(names)], lang=lang)
            assert one != other, f"{lang}: the end of {first!r} is not drawn (seat {seat})"
    image = open_png(results(finished_view(), names=["Ana", "Maximilian Bartholomew von Habsburg", "Cleo"]))
    short = open_png(results(finished_view(), names=["Ana", "Bartolomé", "Cleo"]))
    # the headings stay where the measured layout puts them and apart
    assert len(_header_words(image, blank=10)) == 4
    assert image.size == short.size
