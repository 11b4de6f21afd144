"""The rulebook's worked examples, rebuilt on this project's board (docs/rules/alcazar.md).

Each test sets up the example's position with an arranged deal and real
moves, then checks the numbers the rulebook gives: values, income, the
price of nobles, compensation.  Seats stand for the book's colours where it
names them.
"""
from __future__ import annotations

import pytest

from bot.games import alcazar as game
from bot.games.common import IllegalMove

from .scenario import ALL_PIECES, START_MONEY, Table, action_of, step_of, without_withdrawal


# -- A) founding a castle ------------------------------------------------------------
def test_card_8_founds_a_castle_three_ways() -> None:
    table = Table(hands=[[8]], players=2)
    spans = {action_of(m) for m in table.actions(0, "castle 8")}
    assert spans == {"castle 8 6-8", "castle 8 7-9", "castle 8 8-10"}


@pytest.mark.parametrize("low", [6, 7, 8])
def test_castle_puts_two_pieces_on_its_card_and_pays_5(low: int) -> None:
    table = Table(hands=[[8]], players=2)
    table.play(0, f"castle 8 {low}-{low + 2}", money={0: +5})
    for space in range(low, low + 3):
        expected = [("piece", 1), ("piece", 2)] if space == 8 else [("piece", 1)]
        assert table.stack(space) == expected, f"space {space}"
        assert table.value(space) == 5
        assert table.flag(space) == 1
    assert table.height(low - 1) == 0 and table.height(low + 3) == 0
    assert table.supply()["pieces"] == ALL_PIECES - 4
    assert table.supply()["flags"] == [2, 3, 4, 5, 6, 7, 8]


def test_card_1_founds_only_along_the_path_that_exists() -> None:
    table = Table(hands=[[1]], players=2)
    assert {action_of(m) for m in table.actions(0, "castle 1")} == {"castle 1 1-3"}


def test_grande_on_8_and_baron_cost_10_plus_5() -> None:
    # "Red uses a Grande and a Baron. He pays 10 Real (double the CV) for the
    # Grande and 5 Real (equal to the CV) for the Baron."
    red = 0
    table = Table(hands=[[8]], players=2)
    moves = table.legal(red)
    assert "castle 8 7-9 + baron 7 grande 8" in moves
    assert "castle 8 7-9 + grande 8" in moves and "castle 8 7-9 + baron 8" in moves
    assert "castle 8 7-9 + baron 8 grande 8" not in moves  # one noble per cell
    assert "castle 8 7-9 + baron 10" not in moves  # only on cells built this turn
    table.play(red, "castle 8 7-9 + baron 7 grande 8", money={red: +5 - 10 - 5})
    assert table.noble(8) == (red, "grande") and table.noble(7) == (red, "baron")
    assert table.noble(9) is None
    assert table.player(red)["grandes"] == 1 and table.player(red)["barons"] == 5


# -- B) a mansion -------------------------------------------------------------------
def test_mansion_on_6_pays_1_and_its_baron_costs_1() -> None:
    red = 0
    table = Table(hands=[[6]], players=2)
    table.play(red, "mansion 6 + baron 6", money={red: +1 - 1})
    assert table.stack(6) == [("piece", 1)]
    assert table.value(6) == 1 and table.flag(6) is None
    assert table.noble(6) == (red, "baron")
    assert table.money(red) == START_MONEY


# -- C) extending with a building card --------------------------------------------------
def castle_on_8_to_10(players: int = 3) -> Table:
    """Red (seat 0) founds a castle on 8-10; Blue (seat 1) holds card 11, Green (seat 2) card 10."""
    table = Table(hands=[[8], [11], [10]], players=players)
    table.play(0, "castle 8 8-10", money={0: +5})
    return table


def test_card_11_extends_the_castle_from_5_to_6_and_its_baron_costs_6() -> None:
    # "Blue plays the 11 card ... shifts the castle coat of arms from 5 to 6
    # and receives 6 Real. He places a Baron on this space and pays 6 Real."
    blue = 1
    table = castle_on_8_to_10()
    assert "extend 11 + baron 11" in table.legal(blue)
    table.play(blue, "extend 11 + baron 11", money={blue: +6 - 6})
    assert table.stack(11) == [("piece", 1)]
    assert table.value(11) == table.value(8) == 6
    assert table.flag(11) == 1
    assert table.noble(11) == (blue, "baron")


def test_card_10_builds_up_from_6_to_8_baron_8_grande_16() -> None:
    # "Green plays the 10 card ... moves the coat of arms 2 spaces from 6 to 8,
    # and receives 8 Real. Green could place a Baron for 8 or a Grande for 16."
    # (The Hungarian text says 6/12; docs/rules/alcazar.md: the English 8/16 stands.)
    blue, green = 1, 2
    table = castle_on_8_to_10()
    table.play(blue, "extend 11", money={blue: +6})
    moves = table.legal(green)
    assert {"raise 10", "raise 10 + baron 10", "raise 10 + grande 10"} <= moves
    assert not any(action_of(m) in ("extend 10", "mansion 10") for m in moves)
    baron = table.fork()
    baron.play(green, "raise 10 + baron 10", money={green: +8 - 8})
    table.play(green, "raise 10 + grande 10", money={green: +8 - 16})
    assert table.stack(10) == [("piece", 1), ("piece", 2)]
    assert table.value(10) == 8
    assert table.noble(10) == (green, "grande")


def test_building_up_removes_an_opponent_grande_paid_twice_the_old_value() -> None:
    red, blue = 0, 1
    table = Table(hands=[[8], [10]], players=2)
    table.play(red, "castle 8 8-10 + grande 10", money={red: +5 - 10})
    table.play(blue, "raise 10", money={blue: +7, red: +2 * 5})
    assert table.noble(10) is None
    assert table.player(red)["grandes"] == 2
    assert table.value(10) == 7


def test_building_up_under_an_own_noble_lifts_it_and_allows_only_an_exchange() -> None:
    red = 0
    table = Table(hands=[[8, 10]], players=2)
    table.play(red, "castle 8 8-10 + grande 9 baron 10", money={red: +5 - 10 - 5})
    moves = {m for m in without_withdrawal(table.legal(red)) if action_of(m) == "raise 10"}
    assert moves == {"raise 10", "raise 10 + swap 9<>10"}
    table.play(red, "raise 10 + swap 9<>10", money={red: +7})
    assert table.noble(10) == (red, "grande") and table.noble(9) == (red, "baron")
    assert table.height(10) == 2


# -- D) a tower card ----------------------------------------------------------------
def red_with_mansion_6_and_castle_8() -> Table:
    """The book's tower picture: Red's nobles on mansion 6 and on 8 and 9 of a castle on 8-10."""
    red = 0
    table = Table(hands=[[8, 6], [7]], players=2)
    table.play(red, "castle 8 8-10 + baron 8 baron 9", money={red: +5 - 5 - 5})
    table.play(red, "mansion 6 + baron 6", money={red: +1 - 1})
    table.play(red, "buy tower", money={red: -10})
    return table


def test_tower_card_lifts_the_noble_on_mansion_6_from_value_1_to_3() -> None:
    # "Red plays a tower card. He can build on space 6, 8 or 9 under one of his
    # nobles. He decides to build on space 6 ... The value of the mansion
    # increases from 1 to 3 Real. Red receives 3 Real."
    red = 0
    table = red_with_mansion_6_and_castle_8()
    towers = {action_of(m) for m in table.actions(red, "tower")}
    assert {"tower 6", "tower 8", "tower 9"} <= towers
    # The book lists only the cells under Red's nobles; docs/rules/alcazar.md (D.2)
    # also lets Red prepare a bridge on 10 towards the higher Red noble on 8.
    assert "tower 10" in towers
    # A tower card never builds on the ground.
    assert "tower 7" not in towers and "tower 5" not in towers
    # After lifting the player's own noble only an exchange could follow, and
    # the mansion holds no second noble to exchange with.
    plain = without_withdrawal(table.legal(red))
    assert {m for m in plain if action_of(m) == "tower 6"} == {"tower 6"}
    table.play(red, "tower 6", money={red: +3})
    assert table.stack(6) == [("piece", 1), ("piece", 2)]
    assert table.noble(6) == (red, "baron")
    assert table.value(6) == 3 and table.value(8) == 5
    assert table.player(red)["towers"] == 0


# -- unions with the mansion on 6: card 7 or bridge 6-8 ---------------------------------------
def test_card_7_joins_the_mansion_on_6_into_the_castle() -> None:
    red, blue = 0, 1
    table = red_with_mansion_6_and_castle_8()
    table.play(red, "tower 6", money={red: +3})
    table.play(blue, "extend 7", money={blue: 5 + 3 + 1})
    assert table.value(6) == table.value(9) == 9
    assert table.flag(6) == 1
    assert table.building_cells(6) == table.building_cells(10) == {(x, 0) for x in range(6, 11)}
    assert table.noble(6) == (red, "baron")  # the mansion's noble now lives in the castle


def test_bridge_6_8_joins_the_mansion_and_lifts_both_nobles() -> None:
    red = 0
    table = red_with_mansion_6_and_castle_8()
    table.play(red, "tower 6", money={red: +3})
    assert "bridge 6-8" in table.legal(red)
    table.play(red, "bridge 6-8", money={red: -15 + 5 + 3 + 9})
    assert table.value(7) == 17 and table.flag(6) == 1
    assert table.stack(7) == [("bridge", 3)]  # a gap stays under the bridge
    assert table.stack(6) == [("piece", 1), ("piece", 2), ("bridge", 3)]
    assert table.noble(6) == (red, "baron") and table.height(6) == 3
    assert table.noble(8) == (red, "baron") and table.height(8) == 3
    assert table.noble(9) == (red, "baron") and table.height(9) == 1


def test_two_mansions_joined_by_a_bridge_become_a_castle() -> None:
    red = 0
    table = Table(hands=[[6, 8]], players=2)
    table.play(red, "mansion 6 + baron 6", money={red: 0})
    table.play(red, "mansion 8 + baron 8", money={red: 0})
    for space in (6, 8):
        table.play(red, "buy tower", money={red: -10})
        table.play(red, f"tower {space}", money={red: +3})
    assert table.flag(6) is None and table.flag(8) is None
    table.play(red, "bridge 6-8", money={red: -15 + 15})
    assert table.value(7) == 15
    assert table.flag(7) == 1
    assert table.supply()["flags"] == [2, 3, 4, 5, 6, 7, 8]


def test_a_mansion_reaching_5_becomes_a_castle() -> None:
    red = 0
    table = Table(hands=[[6]], players=2)
    table.play(red, "mansion 6 + baron 6")
    table.play(red, "buy tower")
    table.play(red, "tower 6", money={red: +3})
    assert table.flag(6) is None
    table.play(red, "buy tower")
    table.play(red, "tower 6", money={red: +5})
    assert table.value(6) == 5 and table.flag(6) == 1


def test_a_freed_flag_goes_to_the_most_valuable_waiting_mansion() -> None:
    # All 8 flags fly; two mansions pass 5 and wait.  When two castles unite,
    # the freed flag goes to the more valuable mansion (66, worth 7), not to
    # the one with the lower space number (60, worth 5).  (The book lets the
    # player to move choose; docs/rules/alcazar.md hands flags out by value.)
    table = Table(hands=[[2, 32, 4, 5, 6], [8, 38], [14, 44], [20, 60], [26, 66]], players=5)
    foundings = [(0, 2), (1, 8), (2, 14), (3, 20), (4, 26), (0, 32), (1, 38), (2, 44)]
    for seat, card in foundings:
        table.play(seat, f"castle {card} {card - 1}-{card + 1}", money={seat: +5})
    assert table.supply()["flags"] == []
    for seat, space, towers in [(3, 60, 2), (4, 66, 3)]:
        table.play(seat, f"mansion {space} + baron {space}")
        for _ in range(towers):
            table.play(seat, "buy tower")
            table.play(seat, f"tower {space}")
    assert (table.value(60), table.flag(60)) == (5, None)
    assert (table.value(66), table.flag(66)) == (7, None)
    table.play(0, "extend 4")
    table.play(0, "extend 5")
    table.play(0, "extend 6", money={0: +5 + 5 + 3})
    assert table.flag(6) == 1  # castle 1-5 (7 before the union) keeps its flag over 7-9 (5)
    assert table.flag(66) == 2 and table.flag(60) is None
    assert table.supply()["flags"] == []


# -- E) bridges -------------------------------------------------------------------
def red_castle_on_1_to_3() -> Table:
    """Red's Grande on 1 (level 2) and Baron on 2 (level 1); 3 raised to level 2 by a tower card."""
    red = 0
    table = Table(hands=[[1], [2, 3]], players=2)
    table.play(red, "castle 1 1-3 + grande 1 baron 2", money={red: +5 - 10 - 5})
    table.play(red, "buy tower", money={red: -10})
    table.play(red, "tower 3", money={red: +7})  # prepares a bridge towards 1
    assert table.height(1) == table.height(3) == 2 and table.height(2) == 1
    return table


def test_bridge_1_3_lifts_nobles_from_levels_2_and_1_to_level_3_worth_9() -> None:
    # "He buys one bridge for 15 Real and builds it from space 1 to space 3. His
    # two nobles, which stood on space 1 at level 2 and space 2 at level 1, are
    # moved up onto the bridge just placed (level 3)."
    red = 0
    table = red_castle_on_1_to_3()
    table.play(red, "bridge 1-3", money={red: -15 + 7 + 9})
    assert table.value(2) == 16
    assert table.noble(1) == (red, "grande") and table.noble(2) == (red, "baron")
    assert table.height(1) == table.height(2) == table.height(3) == 3
    assert table.stack(2) == [("piece", 1), ("bridge", 3)]
    view = table.view()
    assert [b["level"] for b in view["bridges"]] == [3]
    assert table.supply()["bridges"] == 19


def test_no_bridge_1_3_when_the_supports_belong_to_different_players() -> None:
    red, blue = 0, 1
    table = red_castle_on_1_to_3()
    table.play(blue, "raise 3 + baron 3")  # Blue's Baron on the support 3, now at level 3
    table.play(red, "buy tower")
    table.play(red, "tower 1")  # Red's Grande up to level 3: the supports are level again
    assert table.height(1) == table.height(3) == 3
    table.refuses(red, "bridge", "bridge 1-3")


def test_no_bridge_1_3_when_the_middle_is_as_high_as_the_supports() -> None:
    red, blue = 0, 1
    table = red_castle_on_1_to_3()
    table.play(blue, "raise 2")  # Red's Baron on 2 is removed; 2 is level 2 like 1 and 3
    assert table.height(2) == 2
    assert "bridge 1-3" not in table.legal(red)
    with pytest.raises(IllegalMove):
        game.play(table.state, "bridge 1-3")


def test_bridge_7_9_removes_the_white_baron_on_8_paid_the_old_value_8() -> None:
    # "Yellow builds a bridge from space 7 to space 9. The white Baron underneath
    # the bridge is removed ... The castle value amounted to 8 Real before the
    # bridge construction. White receives 8 Real as compensation."
    yellow, white = 0, 1
    table = Table(hands=[[7], [9]], players=2)
    table.play(yellow, "buy tower", money={yellow: -10})
    table.play(white, "castle 9 8-10 + baron 8", money={white: +5 - 5})
    table.play(yellow, "extend 7 + baron 7", money={yellow: +6 - 6})
    table.play(yellow, "tower 7", money={yellow: +8})  # lifts the Yellow Baron to level 2
    assert table.value(8) == 8
    table.play(yellow, "bridge 7-9", money={yellow: -15 + 17, white: +8})
    assert table.noble(8) is None
    assert table.player(white)["barons"] == 6
    assert table.noble(7) == (yellow, "baron") and table.height(7) == 3
    assert table.value(8) == 17


def test_bridge_7_17_over_a_garden_unites_two_castles_worth_20() -> None:
    # The book's "bridge from space 7 to space 17 over an area that is not a
    # space" and its union example: "the bridge is worth level 3 x 3 = 9 ...
    # Red receives the new castle value from the bank. In this case, that is 20."
    red, blue = 0, 1
    table = Table(hands=[[7], [17, 15]], players=2)
    table.play(red, "castle 7 6-8 + baron 7", money={red: +5 - 5})
    table.play(blue, "castle 17 16-18", money={blue: +5})
    table.play(blue, "extend 15", money={blue: +6})
    moves = table.legal(red)
    assert "bridge 7-17 + baron g7,1" in moves  # a noble may stand over a garden
    table.play(red, "bridge 7-17", money={red: -15 + 20})
    assert table.stack((7, 1)) == [("bridge", 3)]
    assert table.value(7) == table.value(15) == 20
    # The more valuable castle (Blue's, 6 before the union) keeps its flag.
    assert table.flag(7) == 2
    assert table.supply()["flags"] == [1, 3, 4, 5, 6, 7, 8]
    assert table.noble(7) == (red, "baron") and table.height(7) == 3


def test_castles_of_equal_value_keep_the_lower_flag() -> None:
    # The book lets the player choose on a tie; docs/rules/alcazar.md keeps the lower flag.
    red, blue = 0, 1
    table = Table(hands=[[7], [17]], players=2)
    table.play(red, "castle 7 6-8 + baron 7")
    table.play(blue, "castle 17 16-18")
    table.play(red, "bridge 7-17", money={red: -15 + 19})
    assert table.flag(17) == 1
    assert table.supply()["flags"] == [2, 3, 4, 5, 6, 7, 8]


# -- the 50 rules ----------------------------------------------------------------------
def castle_at_50_beside_a_castle() -> Table:
    """Castle A on 1-7 and 18-23 (bridges across the garden row) at 50, castle B on 9-11.

    Seat 0 grows A from 5 to 49 with extensions and four bridges, moving its
    Baron along to carry each bridge; seat 1 founds B and takes A to 50 with card 7.
    """
    table = Table(hands=[[1, 23, 22, 21, 4, 20, 5, 19, 6, 18], [10, 7, 8, 16, 17]], players=2)
    plan: list[tuple[int, str, int, int]] = [  # seat, move, its money change, value of A after
        (0, "castle 1 1-3 + baron 1", +5 - 5, 5),
        (1, "castle 10 9-11", +5, 5),
        (0, "mansion 23 + baron 23", +1 - 1, 5),
        (0, "buy tower", -10, 5),
        (0, "tower 23", +3, 5),
        (0, "bridge 1-23", -15 + 17, 17),  # level 3 over the garden (1,1)
        (0, "extend 22 + move 23>22", +18, 18),
        (0, "bridge 2-22", -15 + 24, 24),
        (0, "extend 21 + move 22>21", +25, 25),
        (0, "bridge 3-21", -15 + 31, 31),
        (0, "extend 4 + move 21>4", +32, 32),
        (0, "extend 20", +33, 33),
        (0, "bridge 4-20", -15 + 39, 39),
        (0, "extend 5 + move 4>5", +40, 40),
        (0, "extend 19", +41, 41),
        (0, "bridge 5-19", -15 + 47, 47),
        (0, "extend 6", +48, 48),
        (0, "extend 18", +49, 49),
        (1, "extend 7 + baron 7", +50 - 50, 50),
    ]
    for seat, move, gain, value in plan:
        table.play(seat, move, money={seat: gain})
        assert table.value(1) == value, f"after {move!r}"
    assert table.flag(1) == 1 and table.flag(9) == 2 and table.value(9) == 5
    return table


def test_a_bridge_uniting_a_castle_at_50_with_another_castle_is_illegal() -> None:
    seat = 1
    table = castle_at_50_beside_a_castle()
    assert table.height(7) == table.height(9) == 1 and table.height(8) == 0
    assert table.noble(7) == (seat, "baron") and table.money(seat) >= 15
    assert not table.actions(seat, "bridge 7-9")
    with pytest.raises(IllegalMove, match="50"):
        game.play(table.state, "bridge 7-9")


def test_a_building_card_uniting_castles_at_50_is_played_its_piece_discarded_for_50() -> None:
    seat = 1
    table = castle_at_50_beside_a_castle()
    moves = {m for m in table.legal(seat) if action_of(m) == "extend 8"}
    assert moves and all(step_of(m) is None for m in moves)  # no noble step
    pieces_before = table.supply()["pieces"]
    on_board_before = sum(len(table.stack(c)) for c in table.building_cells(1))
    table.play(seat, "extend 8", money={seat: +50})
    assert table.height(8) == 0
    assert table.supply()["pieces"] == pieces_before - 1  # the piece left the game
    assert sum(len(table.stack(c)) for c in table.building_cells(1)) == on_board_before
    assert table.value(1) == 50 and table.value(9) == 5
    assert table.flag(1) == 1 and table.flag(9) == 2
    assert 8 not in table.view(seat)["hand"]


def test_a_castle_at_50_still_takes_in_a_mansion() -> None:
    seat = 1
    table = castle_at_50_beside_a_castle()
    table.play(seat, "mansion 16 + baron 16", money={seat: +1 - 1})
    assert table.value(16) == 1
    assert "extend 17 + baron 17" in table.legal(seat)  # the noble step stays open
    table.play(seat, "extend 17", money={seat: +50})
    assert table.value(17) == 50 and table.flag(16) == 1
    assert table.building_cells(16) == table.building_cells(1)
    assert table.noble(16) == (seat, "baron")
