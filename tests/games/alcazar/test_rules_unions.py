"""Unions: buildings joined by a piece or a bridge, flags, and the rules at 50."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, moves, noble, value


def flag_at(state: game.State, name: str) -> int | None:
    bld = state.buildings
    return bld.flag[bld.building_of[game.board.parse_cell(name) or 0]]


def test_a_piece_between_two_buildings_joins_them_and_pays_the_joined_value() -> None:
    state = arrange(built=["5", "6:2", "7", "9:2"], hands=[[8], []])
    after = game.play(state, "extend 8")
    assert value(after, "9") == 5 + 3 + 1 and after.players[0].money == 40 + 9


def test_of_two_castles_the_more_valuable_keeps_its_flag() -> None:
    state = arrange(built=["1", "2:2", "3", "4", "6", "7:3", "8"], castles=["2", "7"], hands=[[5], []])
    after = game.play(state, "extend 5")
    assert flag_at(after, "2") == 2 and after.free_flags() == [1, 3, 4, 5, 6, 7, 8]


def test_of_two_castles_of_equal_value_the_lower_flag_stays() -> None:
    state = arrange(built=["2", "3:2", "4", "6", "7:2", "8"], castles=["7", "3"], hands=[[5], []])
    after = game.play(state, "extend 5")
    assert flag_at(after, "3") == 1 and after.free_flags() == [2, 3, 4, 5, 6, 7, 8]


def test_a_mansion_joined_to_a_castle_becomes_part_of_it_with_its_nobles() -> None:
    state = arrange(built=["6", "8:2", "9", "10"], nobles={"6": (1, "baron")}, hands=[[7], []])
    after = game.play(state, "extend 7")
    assert flag_at(after, "6") == 1 and value(after, "6") == 1 + 5 + 1
    assert noble(after, "6") == (1, "baron")


def test_two_mansions_worth_5_together_become_a_castle_with_the_lowest_free_flag() -> None:
    state = arrange(built=["20:2", "22:2"], hands=[[21], []])
    assert flag_at(state, "20") is None
    after = game.play(state, "extend 21")
    assert value(after, "21") == 7 and flag_at(after, "21") == 1


def test_a_mansion_reaching_5_by_building_up_becomes_a_castle() -> None:
    state = arrange(built=["20:2"], nobles={"20": (0, "baron")}, towers=[1, 0])
    after = game.play(state, "tower 20")
    assert value(after, "20") == 5 and flag_at(after, "20") == 1


def test_flags_freed_by_a_union_go_at_once_to_waiting_mansions_most_valuable_first() -> None:
    far = [2, 10, 18, 26, 34, 42]
    built = []
    for n in far:
        built += [str(n - 1), f"{n}:2", str(n + 1)]
    built += ["50:3", "60:4", "64", "66"]  # waiting mansions: 5 (50), 7 (60); castles 64+66 joined by 65
    castles = [str(n) for n in far] + ["64", "66"]
    state = arrange(built=built + ["64:2", "66:2"], castles=castles, hands=[[65], []])
    assert state.free_flags() == []
    after = game.play(state, "extend 65")
    assert flag_at(after, "60") is not None and flag_at(after, "50") is None
    assert after.free_flags() == []


def test_two_waiting_mansions_of_equal_value_the_lower_space_comes_first() -> None:
    far = [2, 10, 18, 26, 34, 42]
    built = []
    for n in far:
        built += [str(n - 1), f"{n}:2", str(n + 1)]
    built += ["60:3", "50:3", "64:3", "66:3"]
    castles = [str(n) for n in far] + ["64", "66"]
    state = arrange(built=built, castles=castles, hands=[[65], []])
    after = game.play(state, "extend 65")
    assert flag_at(after, "50") is not None and flag_at(after, "60") is None


def test_a_castle_at_50_still_takes_in_a_mansion_and_stays_at_50() -> None:
    state = arrange(built=["8:26", "6"], hands=[[7], []])
    assert value(state, "8") == 50
    after = game.play(state, "extend 7 + baron 7")
    assert value(after, "7") == 50 and after.players[0].money == 40 + 50 - 50


def test_a_card_joining_castles_when_one_is_at_50_loses_its_piece_for_50_real() -> None:
    state = arrange(built=["6", "7:25", "9", "10:2", "11"], castles=["7", "10"], hands=[[8], []])
    listed = {m for m in moves(state) if "extend 8" in m}
    assert listed == {"extend 8"}
    forbidden(state, "extend 8 + baron 8", "removed from the game and you are paid 50 Real, with no noble step")
    after = game.play(state, "extend 8")
    assert after.heights[game.board.SPACE_CELL[8]] == 0
    assert after.players[0].money == 90 and after.pieces == state.pieces - 1 and after.pieces_discarded == 1
    assert after.players[0].hand == ()


def test_a_bridge_joining_castles_when_one_is_at_50_is_illegal() -> None:
    state = arrange(
        built=["6", "7:25", "5", "17:25", "16", "18"], castles=["7", "17"], nobles={"7": (0, "baron")},
    )
    assert value(state, "7") == 50
    forbidden(state, "bridge 7-17", "one of them is at 50; such a union cannot take place")
