"""B) mansions and C) building cards beside or on top of a building."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, height, moves, noble, value


def test_a_mansion_is_one_piece_worth_1_on_a_space_with_no_built_neighbour() -> None:
    after = game.play(arrange(hands=[[6], []]), "mansion 6 + baron 6")
    assert height(after, "6") == 1 and value(after, "6") == 1
    assert after.players[0].money == 40 + 1 - 1 and noble(after, "6") == (0, "baron")


def test_a_card_beside_a_building_extends_it_not_a_new_mansion() -> None:
    state = arrange(built=["7", "8:2", "9"], hands=[[10], []])
    forbidden(state, "mansion 10", "touches a building, so it extends it: 'extend 10'")
    after = game.play(state, "extend 10")
    assert value(after, "10") == 6 and after.players[0].money == 46


def test_extend_needs_a_built_neighbour() -> None:
    forbidden(arrange(hands=[[6], []]), "extend 6", "touches no building; a lone piece there is 'mansion 6'")


def test_a_space_next_to_a_bridge_over_a_garden_is_beside_a_building() -> None:
    state = arrange(built=["22", "26", "bridge 22-26"], hands=[[24], []])
    forbidden(state, "mansion 24", "extends it")
    after = game.play(state, "extend 24")
    assert value(after, "24") == 1 + 1 + 6 + 1


def test_a_card_on_a_built_space_builds_on_top_worth_2() -> None:
    state = arrange(built=["7", "8:2", "9"], hands=[[8], []])
    forbidden(state, "mansion 8", "already built; a piece goes on top with 'raise 8'")
    after = game.play(state, "raise 8")
    assert height(after, "8") == 3 and value(after, "8") == 7 and after.players[0].money == 47


def test_raise_needs_a_built_space() -> None:
    forbidden(arrange(hands=[[8], []]), "raise 8", "space 8 is vacant")


def test_a_building_card_has_no_height_limit() -> None:
    state = arrange(built=["7", "8:7", "9"], hands=[[8], []])
    after = game.play(state, "raise 8 + baron 8")
    assert height(after, "8") == 8 and noble(after, "8") == (0, "baron")


def test_a_building_card_builds_on_a_bridge_over_its_space() -> None:
    state = arrange(built=["1:2", "3:2", "bridge 1-3"], hands=[[2], []])
    after = game.play(state, "raise 2")
    assert height(after, "2") == 4
    assert after.stacks[game.board.SPACE_CELL[2]][-2:] == ((3, 0), (4, -1))


def test_building_up_on_an_opponents_noble_removes_it_paid_the_old_value() -> None:
    state = arrange(built=["7", "8:2", "9"], nobles={"8": (1, "grande")}, hands=[[8], []])
    after = game.play(state, "raise 8 + baron 8")
    assert noble(after, "8") == (0, "baron")
    assert after.players[1].money == 40 + 2 * 5 and after.players[1].grandes == 2
    assert after.players[0].money == 40 + 7 - 7


def test_building_up_under_ones_own_noble_lifts_it_and_allows_only_a_swap() -> None:
    state = arrange(built=["7", "8:2", "9"], nobles={"8": (0, "baron"), "9": (0, "grande")}, hands=[[8], []])
    raises = {m for m in moves(state) if m.startswith("raise 8")}
    assert raises == {"raise 8", "raise 8 + swap 8<>9"}
    forbidden(state, "raise 8 + grande 8", "only a swap")
    after = game.play(state, "raise 8")
    assert noble(after, "8") == (0, "baron") and height(after, "8") == 3


def test_a_building_card_needs_a_piece_in_the_supply() -> None:
    forbidden(arrange(hands=[[6], []], pieces=0), "mansion 6", "no building piece is left")


def test_only_cards_in_hand_can_be_played() -> None:
    forbidden(arrange(hands=[[6], [7]]), "mansion 7", "you do not hold building card 7")


def test_the_played_card_leaves_the_hand() -> None:
    after = game.play(arrange(hands=[[6, 20], []]), "mansion 6")
    assert after.players[0].hand == (20,)
