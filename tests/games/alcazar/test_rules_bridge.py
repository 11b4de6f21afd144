"""E) Bridges: 15 Real, equal supports, a lower middle, one's own noble, no bridge over the same ends."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, height, moves, noble, stuck, value

SUPPORTS = ["1:2", "2", "3:2"]


def test_a_bridge_lies_one_level_above_its_supports_worth_3_times_its_level() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "baron")})
    after = game.play(state, "bridge 1-3")
    assert [height(after, n) for n in ("1", "2", "3")] == [3, 3, 3]
    assert value(after, "2") == 2 + 1 + 1 + 1 + 2 + 9
    assert after.players[0].money == 40 - 15 + value(after, "2")
    assert after.bridge_supply == 19


def test_a_bridge_needs_15_real_on_hand() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "baron")}, money=[12, 40])
    forbidden(state, "bridge 1-3", "you need 15 Real to build a bridge; you have 12")


def test_money_from_a_withdrawal_earlier_in_the_turn_counts_for_the_bridge() -> None:
    state = arrange(built=SUPPORTS + ["40"], nobles={"1": (0, "baron"), "40": (0, "grande")}, money=[13, 40])
    assert "withdraw 40; bridge 1-3" in moves(state)


def test_the_supports_must_be_equally_high() -> None:
    state = arrange(built=["1:2", "2", "3"], nobles={"1": (0, "baron")})
    forbidden(state, "bridge 1-3", "different levels")


def test_the_middle_must_be_lower_than_the_supports() -> None:
    state = arrange(built=["1:2", "2:2", "3:2"], nobles={"1": (0, "baron")})
    forbidden(state, "bridge 1-3", "must be lower than the supports")


def test_the_ends_must_be_two_cells_apart_in_a_line() -> None:
    state = arrange(built=["1:2", "2", "3:2", "4:2"], nobles={"1": (0, "baron")})
    forbidden(state, "bridge 1-4", "not two cells apart")


def test_a_support_must_be_built() -> None:
    forbidden(arrange(built=["7"], nobles={"7": (0, "baron")}), "bridge 7-17", "space 17 is empty")


def test_ones_own_noble_must_stand_on_a_support() -> None:
    state = arrange(built=SUPPORTS, nobles={"2": (0, "baron")})
    forbidden(state, "bridge 1-3", "your own noble must stand on 1 or 3")


def test_the_other_support_may_not_hold_an_opponents_noble() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "baron"), "3": (1, "baron")})
    forbidden(state, "bridge 1-3", "an opponent's noble stands on the other support 3")


def test_no_bridge_over_a_bridge_with_the_same_ends() -> None:
    state = arrange(built=SUPPORTS + ["bridge 1-3", "1", "3"], nobles={"1": (0, "baron")})
    forbidden(state, "bridge 1-3", "a bridge already spans 1-3")


def test_bridges_may_cross_and_rest_on_other_bridges() -> None:
    state = arrange(
        built=["7", "17", "bridge 7-17", "5", "19", "bridge 5-19"], nobles={"g7,1": (0, "baron")}
    )
    assert "bridge g5,1-g7,1" in moves(state)
    after = game.play(state, "bridge g5,1-g7,1")
    assert height(after, "g6,1") == 3 and noble(after, "g7,1") == (0, "baron")


def test_own_nobles_on_the_supports_and_the_middle_rise_with_the_bridge() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "grande"), "2": (0, "baron")})
    after = game.play(state, "bridge 1-3")
    assert noble(after, "1") == (0, "grande") and noble(after, "2") == (0, "baron")
    assert height(after, "1") == 3 and height(after, "2") == 3


def test_an_opponents_noble_under_the_middle_is_removed_and_paid_the_old_value() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "baron"), "2": (1, "baron")})
    after = game.play(state, "bridge 1-3 + baron 2")
    assert noble(after, "2") == (0, "baron")
    assert after.players[1].money == 40 + 7 and after.players[1].barons == 6


def test_a_bridge_over_a_garden_lies_at_level_2_over_one_piece_supports() -> None:
    state = arrange(built=["7", "17"], nobles={"7": (0, "baron")})
    after = game.play(state, "bridge 7-17 + move 7>g7,1")
    assert height(after, "g7,1") == 2 and noble(after, "g7,1") == (0, "baron")
    assert after.stacks[game.board.parse_cell("g7,1") or 0] == ((2, 0),)


def test_the_noble_step_after_a_bridge_may_place_on_any_of_its_three_cells() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "baron")})
    listed = moves(state)
    assert {"bridge 1-3 + baron 2", "bridge 1-3 + baron 3", "bridge 1-3 + move 1>2"} <= listed
    assert "bridge 1-3 + baron 1" not in listed


def test_a_bridge_is_optional_even_when_pass_is_the_only_other_move() -> None:
    state = stuck(built=SUPPORTS, nobles={"1": (0, "baron")}, money=[20, 40])
    listed = moves(state)
    assert "pass" in listed and "bridge 1-3" in listed
