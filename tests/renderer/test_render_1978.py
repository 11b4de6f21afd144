"""The Alcazar (1978) board image, drawn from the real engine's views."""
from __future__ import annotations

import random

from PIL import Image, ImageDraw
from probes import open_png, share

from bot.games import get_game
from renderer import theme
from renderer.alcazar1978 import board, geometry
from renderer.drawing import fit_text

game = get_game("alcazar1978")


def _start_view() -> dict:
    return game.view(game.new_game(players=2, seed=1), None)


def _after(moves: list[str]) -> dict:
    state = game.new_game(players=2, seed=1)
    for move in moves:
        state = game.play(state, move)
    return game.view(state, None)


def test_same_view_gives_the_same_bytes_and_the_documented_size() -> None:
    assert board(_start_view()) == board(_start_view())
    geo = geometry(120)
    assert open_png(board(_start_view())).size == (geo.width, geo.height)
    assert open_png(board(_start_view(), size=80)).size == (geometry(80).width, geometry(80).height)


def test_every_wall_is_drawn_where_it_lies() -> None:
    view = _start_view()
    geo = geometry(120)
    image = open_png(board(view))
    for wall in view["walls"]:
        (ax, ay), (bx, by) = geo.wall_ends(wall["position"])
        quarter = (ax + (bx - ax) * 0.28, ay + (by - ay) * 0.28)
        assert share(image, quarter, theme.WALL, radius=2) > 0.6, f"wall {wall['id']} not at {wall['position']}"
    # an empty wall position (b1|b2: B1-C1) shows no wall
    (ax, ay), (bx, by) = geo.wall_ends("B1-C1")
    assert share(image, ((ax + bx) / 2, (ay + by) / 2), theme.WALL, radius=3) == 0


def test_pawns_stand_on_their_squares_in_their_colours() -> None:
    geo = geometry(120)
    image = open_png(board(_start_view()))
    for square, colour in (("a4", "red"), ("d1", "green")):
        assert share(image, geo.square_centre(square), theme.player_colour(colour), radius=15) > 0.3
    assert share(image, geo.square_centre("b2"), theme.player_colour("red"), radius=15) == 0


def test_a_pawn_step_is_shown_with_an_arrow() -> None:
    view = _start_view()
    move = next(m for m in game.legal_moves(game.new_game(players=2, seed=1)) if "-" in str(m) and str(m)[0] != "w")
    after = _after([str(move)])
    geo = geometry(120)
    image = open_png(board(after))
    (fx, fy), (tx, ty) = geo.square_centre(after["last_move"]["from"]), geo.square_centre(after["last_move"]["to"])
    middle = ((fx + tx) / 2, (fy + ty) / 2)
    assert share(image, middle, theme.HIGHLIGHT, radius=2) > 0.5
    assert share(open_png(board(view)), middle, theme.HIGHLIGHT, radius=2) == 0


def test_a_wall_turn_ghosts_the_old_place_and_marks_the_locked_wall() -> None:
    state = game.new_game(players=2, seed=1)
    move = next(m for m in game.legal_moves(state) if str(m).startswith("w"))
    view = game.view(game.play(state, move), None)
    assert view["locked_wall"] is not None
    geo = geometry(120)
    image = open_png(board(view))
    locked = next(w for w in view["walls"] if w["id"] == view["locked_wall"])
    (ax, ay), (bx, by) = geo.wall_ends(locked["position"])
    quarter = (ax + (bx - ax) * 0.28, ay + (by - ay) * 0.28)
    assert share(image, quarter, (150, 40, 40), radius=2) > 0.6     # the locked wall is red
    (ax, ay), (bx, by) = geo.wall_ends(view["last_move"]["from"])
    half = geo.square * 0.065           # the dashed outline runs along the old wall's side
    side = (0, -half) if ay == by else (-half, 0)
    ghost = [share(image, (ax + (bx - ax) * t + side[0], ay + (by - ay) * t + side[1]), theme.HIGHLIGHT, radius=4)
             for t in (0.3, 0.5, 0.7)]
    assert max(ghost) > 0


def test_random_positions_render() -> None:
    rng = random.Random(1978)
    rendered = 0
    for seed in range(6):
        state = game.new_game(players=2, seed=seed)
        while game.to_move(state) is not None and rendered < 150:
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if rng.random() < 0.5:
                open_png(board(game.view(state, None), names=["Ana", "Ben"], size=60))
                rendered += 1
        open_png(board(game.view(state, 0), size=60))
    assert rendered >= 100


def _wall_turns_around_the_rim(wanted: int) -> list[dict]:
    """Views just after a wall turned by two or three quarters around a tower on the board's rim."""
    found: list[dict] = []
    rng = random.Random(5)
    for seed in range(200):
        state = game.new_game(players=2, seed=seed)
        while game.to_move(state) is not None and len(found) < wanted:
            state = game.play(state, rng.choice(game.legal_moves(state)))
            view = game.view(state, None)
            last = view["last_move"] or {}
            pivot = str(last.get("pivot") or "")
            if last.get("kind") == "wall" and last.get("quarters", 1) >= 2 and (pivot[:1] in "AE" or pivot[1:] in "04"):
                found.append(view)
        if len(found) >= wanted:
            break
    return found


def test_the_turn_arc_around_a_rim_tower_stays_inside_the_image() -> None:
    views = _wall_turns_around_the_rim(6)
    assert len(views) == 6
    for view in views:
        image = open_png(board(view))
        w, h = image.size
        border = [(x, y) for x in range(w) for y in (0, 1, h - 2, h - 1)] + \
                 [(x, y) for y in range(h) for x in (0, 1, w - 2, w - 1)]
        touching = [p for p in border if share(image, p, theme.HIGHLIGHT, radius=0, tolerance=40) > 0]
        assert not touching, f"the arc of {view['last_move']['notation']} runs off the image at {touching[:3]}"


def test_a_long_name_is_shortened_but_keeps_its_colour_and_verb() -> None:
    image = Image.new("RGB", (10, 10))
    draw = ImageDraw.Draw(image)
    text, face = fit_text(draw, "Maximiliano Alejandro de la Fuente y Montoya", "bold", 26, 300,
                          suffix=" (Red) to move")
    assert text.endswith("… (Red) to move") and text.startswith("Max")
    assert draw.textlength(text, font=face) <= 300


def test_a_computers_name_takes_its_colour_inside_its_own_brackets() -> None:
    from renderer.alcazar1978 import _name_and_colour
    view = get_game("alcazar1978").view(get_game("alcazar1978").new_game(), None)
    names = ["Computer 1 (normal)", "Ann"]
    assert "".join(_name_and_colour(view, names, 0, "en")) == "Computer 1 (normal, Red)"
    assert "".join(_name_and_colour(view, names, 1, "en")) == "Ann (Green)"
    assert "".join(_name_and_colour(view, ["1. gép (közepes)", "Ann"], 0, "hu")) == "1. gép (közepes, Piros)"
    assert "".join(_name_and_colour(view, None, 0, "en")) == "Red", "a seat without a name is its colour alone"
