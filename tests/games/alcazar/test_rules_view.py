"""Views (never another seat's hand) and moves described in words."""
from __future__ import annotations

import json

from bot.games import alcazar as game
from bot.i18n import message_of

from .rules_support import arrange, stuck


def test_a_seat_sees_its_own_hand_and_nobody_elses() -> None:
    state = game.new_game(3, deck=list(range(1, 73)))
    mine = game.view(state, 1)
    assert mine["hand"] == list(range(11, 21))
    public = game.view(state, None)
    assert "hand" not in public
    text = json.dumps(public["players"])
    assert all(p["hand_count"] == 10 for p in public["players"]) and "hand\"" not in text


def test_the_view_lists_built_cells_stacks_bridges_buildings_and_nobles() -> None:
    state = arrange(built=["7", "17", "bridge 7-17", "7"], nobles={"g7,1": (1, "grande")})
    view = game.view(state, 0)
    json.dumps(view)
    garden = next(c for c in view["cells"] if (c["x"], c["y"]) == (7, 1))
    assert garden["space"] is None and garden["height"] == 2
    assert garden["stack"] == [{"kind": "bridge", "level": 2, "bridge": 0}]
    assert garden["noble"] == {"seat": 1, "rank": "grande"}
    seven = next(c for c in view["cells"] if c["space"] == 7)
    assert [e["kind"] for e in seven["stack"]] == ["piece", "bridge", "piece"]
    assert view["bridges"] == [{"id": 0, "ends": [[7, 0], [7, 2]], "cells": [[7, 0], [7, 1], [7, 2]], "level": 2}]
    (building,) = view["buildings"]
    assert building["value"] == 1 + 1 + 6 + 2 and building["flag"] == 1 and building["name"] == "Almería"
    assert garden["building"] == building["id"]
    assert view["flag_names"]["8"] == "Sevilla"


def test_the_last_move_is_shown_with_its_words_and_cells() -> None:
    state = game.play(arrange(hands=[[8], []]), "castle 8 7-9 + grande 8")
    last = game.view(state, None)["last_move"]
    assert last["seat"] == 0 and last["notation"] == "castle 8 7-9 + grande 8"
    assert last["cells"] == [[7, 0], [8, 0], [9, 0]]
    assert str(message_of(last["text"])) == "Found a castle on 7–9 with card 8 (+5 Real), Grande on 8 (−10 Real)"


def test_a_bought_deck_card_is_not_named_in_the_words() -> None:
    state = arrange(face_up=[5], deck=[33])
    assert str(game.describe_move(state, "buy deck")) == "Buy the top card of the deck (−5 Real)"
    assert "33" not in json.dumps(game.view(game.play(state, "buy deck"), None))


def test_moves_are_described_in_plain_words() -> None:
    state = arrange(
        built=["1:2", "2", "3:2", "30"],
        nobles={"1": (0, "baron"), "2": (1, "grande"), "30": (0, "baron")},
    )
    text = str(game.describe_move(state, "withdraw 30; bridge 1-3 + baron 2"))
    assert text.startswith("Withdraw the Baron from 30 (+1 Real); then build a bridge 1–3 at level 3")
    assert "removing Yellow's Grande from 2 (they get 14 Real)" in text
    assert text.endswith("Baron on 2 (−16 Real)")


def test_the_outcome_appears_in_the_view_once_over() -> None:
    state = stuck()
    state = game.play(game.play(state, "pass"), "pass")
    outcome = game.view(state, None)["outcome"]
    assert outcome["winners"] == [0, 1] and set(outcome["details"][0]) >= {"nobles", "money_points", "money", "total"}


def test_the_public_view_gives_each_seat_its_points_so_far() -> None:
    state = arrange(built=["7", "17", "bridge 7-17", "7"], nobles={"g7,1": (1, "grande")})
    state.players[1].money = 120
    points = [p["points"] for p in game.view(state, None)["players"]]
    # the Grande stands at level 2 (2 × 2 points); 120 Real make two full 50s
    assert points[1] == 2 * 2 + 2 and points[0] == state.players[0].money // 50
