"""The noble step: place (paid), move (free, within the building), exchange; one noble per cell."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, moves, noble

CASTLE = ["7", "8:2", "9"]


def test_placing_costs_the_cv_after_the_build_and_twice_it_for_a_grande() -> None:
    state = arrange(built=CASTLE, hands=[[10], []])
    assert game.play(state, "extend 10 + baron 10").players[0].money == 40 + 6 - 6
    assert game.play(state, "extend 10 + grande 10").players[0].money == 40 + 6 - 12


def test_a_noble_must_be_affordable_after_the_income() -> None:
    state = arrange(built=CASTLE, hands=[[10], []], money=[5, 40])  # 11 after the income
    assert "extend 10 + baron 10" in moves(state)
    forbidden(state, "extend 10 + grande 10", "12 Real, and you will have 11 Real")


def test_a_noble_is_placed_only_on_a_cell_built_this_turn() -> None:
    forbidden(arrange(built=CASTLE, hands=[[10], []]), "extend 10 + baron 9", "only be placed on a cell built this turn")


def test_a_noble_needs_a_free_cell() -> None:
    state = arrange(built=CASTLE, nobles={"8": (1, "baron")}, hands=[[10], []])
    forbidden(state, "extend 10 + move 8>10", "you have no noble on space 8")


def test_placing_needs_a_noble_left_in_the_supply() -> None:
    nobles = {n: (0, "baron") for n in ("7", "8", "9", "30", "31", "32")}
    state = arrange(built=CASTLE + ["30", "31:2", "32"], nobles=nobles, hands=[[10], []])
    forbidden(state, "extend 10 + baron 10", "0 Baron")
    assert "extend 10 + grande 10" in moves(state)


def test_a_noble_moves_free_within_the_building_to_the_new_cell() -> None:
    state = arrange(built=CASTLE, nobles={"7": (0, "grande")}, hands=[[10], []])
    after = game.play(state, "extend 10 + move 7>10")
    assert noble(after, "10") == (0, "grande") and noble(after, "7") is None
    assert after.players[0].money == 46


def test_a_noble_may_not_move_in_from_another_building() -> None:
    state = arrange(built=CASTLE + ["30"], nobles={"30": (0, "baron")}, hands=[[10], []])
    forbidden(state, "extend 10 + move 30>10", "not in the building just built on")


def test_a_noble_joined_by_the_union_may_move_to_the_new_cell() -> None:
    state = arrange(built=CASTLE + ["11"], nobles={"11": (0, "baron")}, hands=[[10], []])
    assert "extend 10 + move 11>10" in moves(state)


def test_a_grande_and_a_baron_of_ones_own_may_exchange_anywhere_in_the_building() -> None:
    state = arrange(built=CASTLE, nobles={"7": (0, "grande"), "8": (0, "baron")}, hands=[[10], []])
    after = game.play(state, "extend 10 + swap 7<>8")
    assert noble(after, "8") == (0, "grande") and noble(after, "7") == (0, "baron")


def test_swapping_two_nobles_of_the_same_kind_is_not_a_move() -> None:
    state = arrange(built=CASTLE, nobles={"7": (0, "baron"), "8": (0, "baron")}, hands=[[10], []])
    forbidden(state, "extend 10 + swap 7<>8", "two nobles of the same kind change nothing")


def test_only_ones_own_nobles_are_exchanged() -> None:
    state = arrange(built=CASTLE, nobles={"7": (0, "grande"), "8": (1, "baron")}, hands=[[10], []])
    forbidden(state, "extend 10 + swap 7<>8", "you have no noble on space 8")


def test_every_noble_step_after_an_extension_is_listed() -> None:
    state = arrange(built=CASTLE, nobles={"7": (0, "grande"), "8": (0, "baron"), "9": (1, "baron")}, hands=[[10], []])
    steps = {m for m in moves(state) if m.startswith("extend 10")}
    assert steps == {
        "extend 10", "extend 10 + baron 10", "extend 10 + grande 10",
        "extend 10 + move 7>10", "extend 10 + move 8>10", "extend 10 + swap 7<>8",
    }
