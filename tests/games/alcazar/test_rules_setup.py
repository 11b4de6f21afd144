"""Setting up: the deal, the supplies, the seed."""
from __future__ import annotations

import pytest

from bot.games import alcazar as game


def test_an_arranged_deck_deals_ten_each_in_seat_order_then_six_face_up() -> None:
    state = game.new_game(3, deck=list(range(1, 73)))
    assert game.view(state, 0)["hand"] == list(range(1, 11))
    assert game.view(state, 2)["hand"] == list(range(21, 31))
    view = game.view(state, None)
    assert view["face_up"] == [31, 32, 33, 34, 35, 36]
    assert view["deck"] == 72 - 30 - 6
    assert game.to_move(state) == 0


def test_the_top_of_the_deck_is_the_first_card_after_the_face_up_row() -> None:
    state = game.new_game(2, deck=list(range(1, 73)))
    state = game.play(state, "buy deck")
    assert 27 in game.view(state, 0)["hand"]


def test_every_player_starts_with_40_real_2_grandes_6_barons() -> None:
    view = game.view(game.new_game(5, seed=3), None)
    for seat, player in enumerate(view["players"]):
        assert (player["money"], player["grandes"], player["barons"]) == (40, 2, 6)
        assert player["hand_count"] == 10 and player["towers"] == 0
        assert player["color"] == ("blue", "yellow", "green", "red", "white")[seat]
    assert view["supply"] == {"pieces": 84, "bridges": 20, "flags": [1, 2, 3, 4, 5, 6, 7, 8]}
    assert view["tower_deck"] == 20


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not() -> None:
    a, b, c = game.new_game(4, seed=9), game.new_game(4, seed=9), game.new_game(4, seed=10)
    assert game.to_dict(a) == game.to_dict(b)
    assert game.to_dict(a)["deck"] != game.to_dict(c)["deck"]


@pytest.mark.parametrize("players", [1, 6])
def test_alcazar_is_for_2_to_5_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        game.new_game(players, seed=1)


def test_an_arranged_deck_must_hold_every_card_once() -> None:
    with pytest.raises(ValueError, match="exactly once"):
        game.new_game(2, deck=[1] * 72)


def test_the_state_round_trips_through_json_data() -> None:
    state = game.play(game.new_game(3, seed=5), "buy deck")
    again = game.from_dict(game.to_dict(state))
    assert game.to_dict(again) == game.to_dict(state)
    assert {str(m) for m in game.legal_moves(again)} == {str(m) for m in game.legal_moves(state)}
