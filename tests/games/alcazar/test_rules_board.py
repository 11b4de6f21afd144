"""The board: the numbered path on the 12×11 grid, cells and their names."""
from __future__ import annotations

from bot.games.alcazar import board

from .rules_support import cell


def test_the_path_has_72_spaces_on_a_12_by_11_grid() -> None:
    assert (board.COLUMNS, board.ROWS) == (12, 11)
    assert sorted(board.SPACES) == list(range(1, 73))
    assert len(set(board.SPACES.values())) == 72
    assert board.CELL_COUNT - 72 == sum(1 for c in range(board.CELL_COUNT) if not board.CELL_SPACE[c])


def test_the_layout_is_the_snake_drawn_in_the_rules() -> None:
    assert board.SPACES[1] == (1, 0) and board.SPACES[11] == (11, 0)
    assert board.SPACES[12] == (11, 1) and board.SPACES[23] == (1, 2)
    assert board.SPACES[24] == (1, 3) and board.SPACES[36] == (11, 5)
    assert board.SPACES[48] == (1, 7) and board.SPACES[60] == (11, 9)
    assert board.SPACES[61] == (11, 10) and board.SPACES[72] == (0, 10)


def test_two_spaces_touch_exactly_when_their_numbers_differ_by_one() -> None:
    for a in range(1, 73):
        for b in range(a + 1, 73):
            touching = board.SPACE_CELL[b] in board.NEIGHBOURS[board.SPACE_CELL[a]]
            assert touching == (b - a == 1), (a, b)


def test_7_and_17_face_each_other_across_the_garden_7_1() -> None:
    assert (cell("17"), cell("g7,1")) in board.TWO_APART[cell("7")]
    assert board.CELL_SPACE[cell("g7,1")] == 0


def test_38_40_and_42_lie_in_one_row() -> None:
    assert board.SPACES[38][1] == board.SPACES[40][1] == board.SPACES[42][1]
    assert (cell("40"), cell("39")) in board.TWO_APART[cell("38")]


def test_cells_are_named_by_space_number_or_grid_position() -> None:
    assert board.CELL_NAME[cell("12")] == "12"
    assert board.CELL_NAME[board.cell_at(7, 1)] == "g7,1"
    assert board.parse_cell("G 7, 1") == board.cell_at(7, 1)
    assert board.parse_cell("73") is None and board.parse_cell("g12,0") is None


def test_canonical_order_is_spaces_by_number_then_gardens_by_row_then_column() -> None:
    assert board.ordered(cell("40"), cell("38")) == (cell("38"), cell("40"))
    assert board.ordered(cell("g7,1"), cell("72")) == (cell("72"), cell("g7,1"))
    assert board.ordered(cell("g0,3"), cell("g2,1")) == (cell("g2,1"), cell("g0,3"))
