"""D) Tower cards: levels 1..4 only, to lift one's own noble or to prepare a bridge."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, height, moves, noble, value


def test_a_tower_card_lifts_ones_own_noble_worth_2() -> None:
    state = arrange(built=["6"], nobles={"6": (0, "baron")}, towers=[1, 0])
    after = game.play(state, "tower 6")
    assert height(after, "6") == 2 and noble(after, "6") == (0, "baron")
    assert value(after, "6") == 3 and after.players[0].money == 43 and after.players[0].towers == 0


def test_a_lifted_noble_allows_only_a_swap() -> None:
    state = arrange(built=["7", "8:2", "9"], nobles={"8": (0, "baron"), "9": (0, "grande")}, towers=[1, 0])
    assert {m for m in moves(state) if m.startswith("tower 8")} == {"tower 8", "tower 8 + swap 8<>9"}


def test_a_tower_card_never_builds_on_the_ground() -> None:
    forbidden(arrange(towers=[1, 0]), "tower 6", "never builds on the ground")


def test_a_tower_card_builds_no_higher_than_level_5() -> None:
    state = arrange(built=["6:5"], nobles={"6": (0, "baron")}, towers=[1, 0])
    forbidden(state, "tower 6", "at level 5; a tower card builds no higher than level 5")
    state = arrange(built=["6:4"], nobles={"6": (0, "baron")}, towers=[1, 0])
    assert height(game.play(state, "tower 6"), "6") == 5


def test_a_tower_card_needs_a_tower_card_in_hand() -> None:
    forbidden(arrange(built=["6"], nobles={"6": (0, "baron")}), "tower 6", "you hold no tower card")


def test_a_tower_card_prepares_a_support_below_ones_own_noble_two_cells_away() -> None:
    state = arrange(built=["2:2", "3", "4"], nobles={"2": (0, "baron")}, towers=[1, 1])
    assert "tower 4" in moves(state)
    after = game.play(state, "tower 4 + grande 4")
    assert height(after, "4") == 2 and noble(after, "4") == (0, "grande")


def test_a_prepared_support_must_be_lower_than_ones_own_noble() -> None:
    state = arrange(built=["2:2", "3", "4:2"], nobles={"2": (0, "baron")}, towers=[1, 1])
    forbidden(state, "tower 4", "neither lifts your own noble nor prepares a bridge")


def test_nobody_else_may_prepare_a_bridge_towards_your_noble() -> None:
    state = arrange(built=["2:2", "3", "4"], nobles={"2": (0, "baron")}, towers=[1, 1], to_move=1)
    forbidden(state, "tower 4", "neither lifts your own noble nor prepares a bridge")


def test_no_preparing_where_a_bridge_with_those_ends_already_stands() -> None:
    state = arrange(
        built=["1", "3", "bridge 1-3", "1"], nobles={"1": (0, "baron")}, towers=[1, 0]
    )
    # 1 is at level 3, 3 at level 2: a bridge 1-3 already exists, so raising 3 prepares nothing
    forbidden(state, "tower 3", "neither lifts your own noble nor prepares a bridge")


def test_a_tower_card_never_goes_under_an_opponents_noble() -> None:
    state = arrange(built=["2:2", "3", "4"], nobles={"2": (0, "baron"), "4": (1, "baron")}, towers=[1, 0])
    forbidden(state, "tower 4", "an opponent's noble stands on space 4")


def test_a_tower_card_may_build_on_a_garden_under_a_bridge() -> None:
    state = arrange(built=["7", "17", "bridge 7-17"], nobles={"g7,1": (0, "baron")}, towers=[1, 0])
    after = game.play(state, "tower g7,1")
    assert height(after, "g7,1") == 3 and noble(after, "g7,1") == (0, "baron")


def test_after_preparing_a_noble_may_move_onto_the_new_piece() -> None:
    state = arrange(built=["2:2", "3", "4"], nobles={"2": (0, "baron")}, towers=[1, 0])
    after = game.play(state, "tower 4 + move 2>4")
    assert noble(after, "4") == (0, "baron") and noble(after, "2") is None
