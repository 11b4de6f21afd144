"""The rulebook's appendix, questions 1-8, rebuilt on this project's board.

Questions 1-3 play on spaces 2-6 (one row here), questions 4-8 on 37-42
(38, 40 and 42 lie in one row here, as in the book).  The pictures are lost;
the positions below are the ones the answers describe.
"""
from __future__ import annotations

import pytest

from bot.games import alcazar as game
from bot.games.common import IllegalMove

from .scenario import Table, action_of

BLUE, RED, GREEN = 0, 1, 2


def spaces_2_to_6() -> Table:
    """Questions 1-3: a castle on 2-6.

    Red's Baron on 2 at level 4, Green's Baron on 3 (level 1), space 4 at
    level 1 without a noble, 5 at level 1, Blue's Baron on 6 at level 2.
    Blue, Red and Green each hold one tower card.
    """
    table = Table(hands=[[6], [2], [3]], players=3)
    table.play(BLUE, "castle 6 4-6 + baron 6", money={BLUE: +5 - 5})
    table.play(RED, "buy tower", money={RED: -10})
    table.play(GREEN, "extend 3 + baron 3", money={GREEN: +6 - 6})
    table.play(BLUE, "buy tower", money={BLUE: -10})
    table.play(RED, "extend 2 + baron 2", money={RED: +7 - 7})
    table.play(GREEN, "buy tower", money={GREEN: -10})
    table.play(RED, "tower 2", money={RED: +9})
    for value in (11, 13):
        table.play(RED, "buy tower", money={RED: -10})
        table.play(RED, "tower 2", money={RED: +value})
    table.play(RED, "buy tower", money={RED: -10})
    heights = {space: table.height(space) for space in range(2, 7)}
    assert heights == {2: 4, 3: 1, 4: 1, 5: 1, 6: 2}
    assert table.value(4) == 13
    return table


def test_q1_blue_may_raise_4_to_prepare_a_bridge_to_6() -> None:
    table = spaces_2_to_6()
    assert "tower 4 + baron 4" in table.legal(BLUE)
    # "Blue should then place a noble on the new building piece"
    table.play(BLUE, "tower 4 + baron 4", money={BLUE: +15 - 15})
    assert table.height(4) == table.height(6) == 2
    # ... "Blue could then build a bridge in a subsequent turn": 4-6 over 5.
    table.play(BLUE, "bridge 4-6", money={BLUE: -15 + 24})
    assert table.noble(4) == (BLUE, "baron") and table.height(4) == 3
    assert table.noble(6) == (BLUE, "baron") and table.height(6) == 3


def test_q2_red_may_raise_4_and_after_two_more_levels_bridge_2_4() -> None:
    table = spaces_2_to_6()
    assert "tower 4" in table.legal(RED)
    table.play(RED, "tower 4", money={RED: +15})
    for value in (17, 19):  # "two further levels in two subsequent turns"
        table.play(RED, "buy tower", money={RED: -10})
        table.play(RED, "tower 4", money={RED: +value})
    assert table.height(2) == table.height(4) == 4 and table.height(3) == 1
    # Green's Baron stands under the middle: removed, paid the value before (19).
    table.play(RED, "bridge 2-4", money={RED: -15 + 34, GREEN: +19})
    assert table.noble(3) is None and table.player(GREEN)["barons"] == 6
    assert table.noble(2) == (RED, "baron") and table.height(2) == 5
    # Level 5 is the most a tower card reaches: no tower card builds on 2 now.
    table.play(RED, "buy tower")
    assert "tower 2" not in {action_of(m) for m in table.legal(RED)}
    with pytest.raises(IllegalMove):
        game.play(table.state, "tower 2")


def test_q3_no_other_player_may_raise_4() -> None:
    table = spaces_2_to_6()
    table.refuses(GREEN, "tower 4")
    # Green's tower card still lifts Green's own Baron on 3.
    assert "tower 3" in table.legal(GREEN)


YELLOW, WHITE = 0, 1


def spaces_37_to_42() -> Table:
    """Questions 4-8: a castle on 37-40 with a bridge 37-39 at level 3, a mansion on 42.

    Yellow's Baron stands on the bridge at 38 (level 3); 39 at level 3 has
    no noble; 40 is at level 2; 41 is vacant; White's Baron on the mansion
    42 stands at level 1.  Yellow and White each hold one tower card; White
    holds card 38.  White is to move.
    """
    table = Table(hands=[[39], [37, 42, 40, 38]], players=2)
    table.play(YELLOW, "castle 39 38-40 + baron 39", money={YELLOW: +5 - 5})
    table.play(WHITE, "extend 37", money={WHITE: +6})
    table.play(YELLOW, "buy tower", money={YELLOW: -10})
    table.play(WHITE, "mansion 42 + baron 42", money={WHITE: +1 - 1})
    table.play(YELLOW, "tower 37", money={YELLOW: +8})  # prepares the bridge 37-39
    table.play(WHITE, "buy tower", money={WHITE: -10})
    table.play(YELLOW, "bridge 37-39 + move 39>38", money={YELLOW: -15 + 17})
    table.play(WHITE, "raise 40", money={WHITE: +19})
    table.play(YELLOW, "buy tower", money={YELLOW: -10})
    heights = {space: table.height(space) for space in range(37, 43)}
    assert heights == {37: 3, 38: 3, 39: 3, 40: 2, 41: 0, 42: 1}
    assert table.noble(38) == (YELLOW, "baron") and table.noble(42) == (WHITE, "baron")
    assert table.to_move() == WHITE
    return table


def test_q4_white_may_not_raise_40_from_a_lower_own_support() -> None:
    spaces_37_to_42().refuses(WHITE, "tower 40")


def test_q5_white_may_raise_under_its_baron_on_42_then_bridge_40_42() -> None:
    table = spaces_37_to_42()
    assert "tower 42" in table.legal(WHITE)
    table.play(WHITE, "tower 42", money={WHITE: +3})
    assert table.height(42) == table.height(40) == 2
    # The bridge over the vacant 41 joins the mansion (3) into the castle (19).
    table.play(WHITE, "bridge 40-42", money={WHITE: -15 + 19 + 3 + 9})
    assert table.value(41) == 31 and table.flag(42) == 1
    assert table.noble(42) == (WHITE, "baron") and table.height(42) == 3


def test_q6_yellow_may_not_raise_39_under_the_bridge_end() -> None:
    # Under docs/rules/alcazar.md the answer is "no" because no Yellow noble stands
    # two cells from 39 on a higher support; the book's own reason (a bridge
    # already spans the two supports) is checked in the next test.
    spaces_37_to_42().refuses(YELLOW, "tower 39")


def test_q6_a_tower_card_never_prepares_a_bridge_that_already_exists() -> None:
    # The book's reason for question 6, on its own: Yellow's Baron on 37 stands
    # higher than 39, but a bridge already spans exactly 37-39.
    table = Table(hands=[[39], [37]], players=2)
    table.play(YELLOW, "castle 39 38-40 + baron 39")
    table.play(WHITE, "extend 37")
    table.play(YELLOW, "buy tower")
    table.play(YELLOW, "tower 37")
    table.play(YELLOW, "bridge 37-39 + move 39>37")
    table.play(YELLOW, "buy tower")
    table.play(YELLOW, "tower 37")  # lifts Yellow's Baron to level 4
    table.play(YELLOW, "buy tower")
    assert table.height(37) == 4 and table.height(39) == 3 and table.noble(39) is None
    table.refuses(YELLOW, "tower 39")


def test_q7_yellow_may_raise_40_and_needs_two_more_turns_to_bridge_38_40() -> None:
    table = spaces_37_to_42()
    assert "tower 40" in table.legal(YELLOW)
    table.play(YELLOW, "tower 40", money={YELLOW: +21})
    assert table.height(38) == table.height(40) == 3
    # Level supports are not enough: the middle 39 is as high as they are.
    table.play(YELLOW, "buy tower", money={YELLOW: -10})
    assert "bridge 38-40" not in {action_of(m) for m in table.legal(YELLOW)}
    table.play(YELLOW, "tower 38", money={YELLOW: +23})  # "raise ... the same for 38"
    table.play(YELLOW, "buy tower", money={YELLOW: -10})
    table.play(YELLOW, "tower 40", money={YELLOW: +25})  # "raise the level of 40 once more"
    assert table.height(38) == table.height(40) == 4 and table.height(39) == 3
    table.play(YELLOW, "bridge 38-40", money={YELLOW: -15 + 25 + 15})
    assert table.noble(38) == (YELLOW, "baron") and table.height(38) == 5


def test_q8_card_38_builds_on_the_bridge_and_removes_the_yellow_baron() -> None:
    # "Pieces are always placed at the highest possible position; i.e. the
    # building piece is placed on the bridge and the yellow Baron is removed."
    table = spaces_37_to_42()
    moves = {action_of(m) for m in table.legal(WHITE)}
    assert "raise 38" in moves
    assert "extend 38" not in moves and "mansion 38" not in moves
    table.play(WHITE, "raise 38", money={WHITE: +21, YELLOW: +19})
    assert table.stack(38) == [("piece", 1), ("bridge", 3), ("piece", 4)]
    assert table.noble(38) is None and table.player(YELLOW)["barons"] == 6
    assert table.value(38) == 21
