"""Notation, parsing, serialization, views, descriptions and game settings."""
from __future__ import annotations

import json

import pytest

from bot.games import alcazar1978 as game
from bot.games import get_game
from bot.games.alcazar1978.moves import PASS, PawnMove, WallTurn
from bot.games.common import IllegalMove, MoveError
from bot.i18n import message_of

from .positions import position


def worded(last_move: dict) -> dict:
    """The view's last move with its words (a message) in English, as players reading English see them."""
    return {**last_move, "text": str(message_of(last_move["text"]))}


def test_registry_finds_the_engine() -> None:
    assert get_game("alcazar1978") is game
    assert (game.NAME, game.TITLE) == ("alcazar1978", "Alcazar (1978)")
    assert (game.MIN_PLAYERS, game.MAX_PLAYERS) == (2, 2)
    assert game.DEFAULT_OPTIONS == {"threefold_repetition": True}


def test_canonical_notation() -> None:
    assert str(PawnMove(12, 13)) == "a4-b4"
    assert str(WallTurn(3, (1, 3), "ccw", 1)) == "w3 B3 ccw1"
    assert str(PASS) == "pass"


@pytest.mark.parametrize("text", ["a4-b4", "A4-B4", " a4 - b4 ", "a4b4", "a4 b4", "a4→b4", "a4 -> b4"])
def test_pawn_notation_is_forgiving(text: str) -> None:
    assert game.parse_move(game.new_game(), text) == PawnMove(12, 13)


@pytest.mark.parametrize("text", ["w3 B3 ccw1", "W3 b3 CCW1", "w3 B3 ccw 1", "w3B3ccw1", "wall 3 B3 ccw1", "w3 B3 ccw"])
def test_wall_notation_is_forgiving(text: str) -> None:
    assert game.parse_move(game.new_game(), text) == WallTurn(3, (1, 3), "ccw", 1)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("hello", "is not a move"),
        ("", "is not a move"),
        ("w9 B3 cw1", "there is no wall 9"),
        ("w3 F3 cw1", "F3 is not a tower"),
        ("w3 B3 cw4", "1, 2 or 3 quarter turns"),
        ("a5-a4", "a5 is not a square"),
    ],
)
def test_text_that_is_no_move_is_a_move_error(text: str, reason: str) -> None:
    with pytest.raises(MoveError, match=reason):
        game.parse_move(game.new_game(), text)


def test_parse_checks_legality_and_says_why() -> None:
    with pytest.raises(IllegalMove, match="wall 3 would sweep over the pawn on a4"):
        game.parse_move(game.new_game(), "w3 B3 ccw2")
    state = game.play(game.play(game.new_game(), "a4-a3"), "w5 C0 cw1")
    with pytest.raises(IllegalMove, match="wall 1 stands between a3 and a2"):
        game.parse_move(state, "a3-a2")


def test_every_listed_move_round_trips_through_its_notation() -> None:
    state = game.new_game()
    for move in game.legal_moves(state):
        assert game.parse_move(state, str(move)) == move
        assert game.play(state, str(move)) == game.play(state, move)


def test_play_leaves_its_input_untouched() -> None:
    state = game.new_game()
    before = game.to_dict(state)
    after = game.play(state, "w3 B3 ccw1")
    assert game.to_dict(state) == before
    assert after != state
    with pytest.raises(AttributeError):
        state.ply = 3  # type: ignore[misc]


def test_to_dict_is_json_and_round_trips() -> None:
    state = game.new_game(options={"threefold_repetition": False})
    for move in ("w3 B3 ccw1", "d1-c1", "a4-a3"):
        state = game.play(state, move)
        data = json.loads(json.dumps(game.to_dict(state)))
        assert data["schema"] == 1
        assert game.from_dict(data) == state
    finished = game.play(position("d2", "b3"), "d2-d1")
    assert game.from_dict(json.loads(json.dumps(game.to_dict(finished)))) == finished


def test_from_dict_refuses_another_schema() -> None:
    data = game.to_dict(game.new_game())
    data["schema"] = 2
    with pytest.raises(ValueError, match="schema"):
        game.from_dict(data)


def test_view_shape_after_a_wall_turn() -> None:
    state = game.play(game.new_game(), "a4-b4")
    state = game.play(state, "w6 C1 ccw1")
    view = game.view(state, 1)
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "alcazar1978" and view["seat"] == 1 and view["to_move"] == 0 and view["ply"] == 2
    assert view["pawns"] == [
        {"seat": 0, "color": "red", "square": "b4", "start": "a4", "left_start": True},
        {"seat": 1, "color": "green", "square": "d1", "start": "d1", "left_start": False},
    ]
    assert view["walls"][5] == {"id": 6, "position": "C1-C2"}
    assert view["locked_wall"] == 6
    assert worded(view["last_move"]) == {
        "seat": 1, "notation": "w6 C1 ccw1",
        "text": "Green turns wall 6 around C1 a quarter turn counter-clockwise (C1-D1 → C1-C2)",
        "kind": "wall", "wall": 6, "from": "C1-D1", "to": "C1-C2", "pivot": "C1",
        "direction": "ccw", "quarters": 1, "swept": ["c2"],
    }
    assert view["options"] == {"threefold_repetition": True}
    assert view["outcome"] is None
    assert {k: v for k, v in game.view(state, None).items() if k != "seat"} == {
        k: v for k, v in view.items() if k != "seat"
    }


def test_view_of_a_pawn_move() -> None:
    view = game.view(game.play(game.new_game(), "a4-b4"), None)
    assert worded(view["last_move"]) == {
        "seat": 0, "notation": "a4-b4", "text": "Red moves the pawn a4 → b4", "kind": "pawn", "from": "a4", "to": "b4",
    }


def test_describe_move_in_plain_words() -> None:
    state = game.new_game()
    assert str(game.describe_move(state, "a4-b4")) == "Red moves the pawn a4 → b4"
    assert str(game.describe_move(state, "w1 A2 cw3")) == (
        "Red turns wall 1 around A2 three quarter turns clockwise (A2-B2 → A2-A3)"
    )
    green = game.play(state, "a4-b4")
    assert str(game.describe_move(green, "w5 C1 cw2")) == (
        "Green turns wall 5 around C1 half a turn clockwise (C0-C1 → C1-C2)"
    )


def test_new_game_settings() -> None:
    assert game.options(game.new_game()) == {"threefold_repetition": True}
    assert game.options(game.new_game(2, 7, options={"threefold_repetition": False})) == {
        "threefold_repetition": False,
    }
    assert game.new_game(seed=1) == game.new_game(seed=2)
    assert game.ply(game.new_game()) == 0
    with pytest.raises(ValueError, match="exactly 2 players"):
        game.new_game(3)
    with pytest.raises(ValueError, match="no cards"):
        game.new_game(deck=[1, 2])
    with pytest.raises(ValueError, match="unknown option"):
        game.new_game(options={"fifty_moves": True})
