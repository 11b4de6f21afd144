"""Buying: face-up cards (refilled at once), the top of the deck, tower cards."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, moves


def test_a_face_up_card_costs_5_and_is_replaced_in_its_place_by_the_top_of_the_deck() -> None:
    state = arrange(face_up=[5, 12, 33, 41, 60, 70], deck=[3, 4])
    after = game.play(state, "buy 33")
    assert after.players[0].money == 35 and after.players[0].hand == (33,)
    assert after.face_up == [5, 12, 3, 41, 60, 70] and after.deck == [4]


def test_buying_from_the_deck_takes_its_top_card() -> None:
    after = game.play(arrange(face_up=[5], deck=[3, 4]), "buy deck")
    assert after.players[0].hand == (3,) and after.deck == [4] and after.players[0].money == 35


def test_once_the_deck_is_empty_a_bought_face_up_card_is_not_replaced() -> None:
    after = game.play(arrange(face_up=[5, 12], deck=[]), "buy 12")
    assert after.face_up == [5]
    assert "buy deck" not in moves(after)


def test_a_tower_card_costs_10() -> None:
    after = game.play(arrange(), "buy tower")
    assert after.players[0].towers == 1 and after.players[0].money == 30 and after.tower_deck == 19


def test_a_building_card_needs_5_real() -> None:
    state = arrange(money=[4, 40], face_up=[5], deck=[3])
    forbidden(state, "buy deck", "costs 5 Real; you have 4")
    forbidden(state, "buy 5", "costs 5 Real; you have 4")


def test_a_tower_card_needs_10_real() -> None:
    forbidden(arrange(money=[9, 40]), "buy tower", "costs 10 Real; you have 9")


def test_only_a_face_up_card_can_be_bought_by_number() -> None:
    forbidden(arrange(face_up=[5], deck=[3]), "buy 3", "card 3 is not face up")


def test_no_tower_card_can_be_bought_once_the_tower_deck_is_empty() -> None:
    state = arrange()
    state.tower_deck = 0
    forbidden(state, "buy tower", "no tower card is left")


def test_after_a_buy_the_next_seat_moves() -> None:
    after = game.play(arrange(players=3), "buy deck")
    assert game.to_move(after) == 1 and game.ply(after) == 1
