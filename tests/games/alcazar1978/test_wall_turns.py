"""Wall turns: 1–3 quarter turns either way around either tower, the sweep
rule, the pass-through rule, swings outside the board around rim towers."""
from __future__ import annotations

import pytest

from bot.games import alcazar1978 as game
from bot.games.alcazar1978.moves import WallTurn
from bot.games.common import IllegalMove

from .positions import notations, position

# Wall 1 on B2-C2 in the middle of an otherwise empty board; the pawns are
# far away on d4 and a1.  Around tower B2 the quadrants are b3 (NE), a3
# (NW), a2 (SW), b2 (SE); around C2 they are c3 (NE), b3 (NW), b2 (SW), c2 (SE).
# Clockwise from east is south.
OPEN_TURNS = [
    # move,          end,     swept squares in order
    ("w1 B2 cw1", "B1-B2", ["b2"]),
    ("w1 B2 cw2", "A2-B2", ["b2", "a2"]),
    ("w1 B2 cw3", "B2-B3", ["b2", "a2", "a3"]),
    ("w1 B2 ccw1", "B2-B3", ["b3"]),
    ("w1 B2 ccw2", "A2-B2", ["b3", "a3"]),
    ("w1 B2 ccw3", "B1-B2", ["b3", "a3", "a2"]),
    ("w1 C2 cw1", "C2-C3", ["b3"]),
    ("w1 C2 cw2", "C2-D2", ["b3", "c3"]),
    ("w1 C2 cw3", "C1-C2", ["b3", "c3", "c2"]),
    ("w1 C2 ccw1", "C1-C2", ["b2"]),
    ("w1 C2 ccw2", "C2-D2", ["b2", "c2"]),
    ("w1 C2 ccw3", "C2-C3", ["b2", "c2", "c3"]),
]


def open_board() -> game.State:
    return position("d4", "a1", {1: "B2-C2"})


def wall_one_turns(state: game.State) -> set[str]:
    return {n for n in notations(state) if n.startswith("w1 ")}


def test_a_free_wall_has_twelve_turns() -> None:
    assert wall_one_turns(open_board()) == {move for move, _, _ in OPEN_TURNS}


@pytest.mark.parametrize(("move", "end", "swept"), OPEN_TURNS)
def test_each_turn_ends_where_the_geometry_says(move: str, end: str, swept: list[str]) -> None:
    after = game.play(open_board(), move)
    view = game.view(after, None)
    assert view["walls"][0] == {"id": 1, "position": end}
    assert view["last_move"]["from"] == "B2-C2"
    assert view["last_move"]["to"] == end
    assert view["last_move"]["swept"] == swept


@pytest.mark.parametrize(("move", "end", "swept"), OPEN_TURNS)
def test_a_pawn_on_any_swept_square_forbids_the_turn(move: str, end: str, swept: list[str]) -> None:
    for square in swept:
        # Either pawn blocks: Red's own and Green's.
        for red, green in ((square, "d4"), ("d4", square)):
            state = position(red, green, {1: "B2-C2"})
            assert move not in notations(state)
            with pytest.raises(IllegalMove, match=f"wall 1 would sweep over the pawn on {square}"):
                game.play(state, move)


def test_sweeping_is_only_the_quadrants_between_old_and_new_direction() -> None:
    # A pawn on b3 blocks exactly the turns that swing across b3; the long
    # way round the other side (B2 clockwise, C2 counter-clockwise) never does.
    state = position("b3", "d4", {1: "B2-C2"})
    assert wall_one_turns(state) == {
        "w1 B2 cw1", "w1 B2 cw2", "w1 B2 cw3", "w1 C2 ccw1", "w1 C2 ccw2", "w1 C2 ccw3",
    }


def test_clockwise_three_and_counter_clockwise_one_are_different_moves() -> None:
    board = open_board()
    cw3 = game.play(board, "w1 B2 cw3")
    ccw1 = game.play(board, "w1 B2 ccw1")
    assert cw3.walls == ccw1.walls
    assert game.view(cw3, None)["last_move"]["swept"] == ["b2", "a2", "a3"]
    assert game.view(ccw1, None)["last_move"]["swept"] == ["b3"]
    assert game.parse_move(board, "w1 B2 cw3") != game.parse_move(board, "w1 B2 ccw1")
    # A pawn on a3 forbids the long way round but not the short one.
    blocked = position("a3", "d4", {1: "B2-C2"})
    assert "w1 B2 ccw1" in notations(blocked)
    assert "w1 B2 cw3" not in notations(blocked)


def test_a_wall_cannot_end_on_another_wall() -> None:
    state = position("d4", "a1", {1: "B2-C2", 2: "B2-B3"})
    with pytest.raises(IllegalMove, match="wall 1 cannot end on B2-B3: wall 2 stands there"):
        game.play(state, "w1 B2 ccw1")


def test_a_wall_cannot_pass_through_another_wall() -> None:
    state = position("d4", "a1", {1: "B2-C2", 2: "B2-B3"})
    for move in ("w1 B2 ccw2", "w1 B2 ccw3"):
        with pytest.raises(IllegalMove, match="wall 1 would pass through wall 2 on B2-B3"):
            game.play(state, move)
    # The long way round passes B1-B2 and A2-B2 and then ends on wall 2.
    with pytest.raises(IllegalMove, match="cannot end on B2-B3"):
        game.play(state, "w1 B2 cw3")
    assert {n for n in wall_one_turns(state) if " B2 " in n} == {"w1 B2 cw1", "w1 B2 cw2"}


def test_only_positions_at_the_pivot_block_a_swing() -> None:
    # Walls on the far sides of the swept squares b3 and a3 are not on the way.
    state = position("d4", "a1", {1: "B2-C2", 2: "A3-B3", 3: "B3-C3", 4: "A2-A3"})
    assert wall_one_turns(state) == {move for move, _, _ in OPEN_TURNS}


def test_around_a_corner_tower_the_wall_swings_outside_the_board() -> None:
    # Wall 1 on the bottom rim A0-B0, turning around the corner A0: east is its
    # direction, north (A0-A1) is on the board, west and south are outside.
    state = position("d4", "c3", {1: "A0-B0"}, locked_wall=None)
    around_a0 = {n for n in notations(state) if n.startswith("w1 A0")}
    assert around_a0 == {"w1 A0 ccw1", "w1 A0 cw3"}
    after = game.play(state, "w1 A0 cw3")
    assert game.view(after, None)["walls"][0]["position"] == "A0-A1"
    # The whole clockwise swing runs outside the board: it sweeps no square.
    assert game.view(after, None)["last_move"]["swept"] == []
    # So a pawn on a1 forbids ccw1 (it sweeps a1) but not cw3.
    near = position("a1", "c3", {1: "A0-B0"})
    assert {n for n in notations(near) if n.startswith("w1 A0")} == {"w1 A0 cw3"}


@pytest.mark.parametrize("move", ["w1 A0 cw1", "w1 A0 cw2", "w1 A0 ccw2", "w1 A0 ccw3"])
def test_a_wall_must_end_on_the_board(move: str) -> None:
    state = position("d4", "c3", {1: "A0-B0"})
    with pytest.raises(IllegalMove, match="wall 1 would end off the board"):
        game.play(state, move)


def test_around_a_rim_tower_the_swing_through_the_outside_still_meets_walls_on_the_board() -> None:
    # Wall 1 on A2-B2 turning around A2 (left rim): cw3 passes A1-A2, the outside, and ends on A2-A3.
    free = position("d4", "c3", {1: "A2-B2"})
    assert {n for n in notations(free) if n.startswith("w1 A2")} == {
        "w1 A2 cw1", "w1 A2 cw3", "w1 A2 ccw1", "w1 A2 ccw3",
    }
    blocked = position("d4", "c3", {1: "A2-B2", 2: "A1-A2"})
    with pytest.raises(IllegalMove, match="wall 1 would pass through wall 2 on A1-A2"):
        game.play(blocked, "w1 A2 cw3")
    assert {n for n in notations(blocked) if n.startswith("w1 A2")} == {"w1 A2 ccw1"}


def test_a_wall_turns_only_around_its_own_towers() -> None:
    with pytest.raises(IllegalMove, match="wall 1 hangs on B2 and C2; it turns around one of those, not around D2"):
        game.play(open_board(), "w1 D2 cw1")


def test_a_wall_on_the_rim_blocks_no_pawn_but_stays_a_wall() -> None:
    # Red on a1 with walls on both rim sides still has its two board moves.
    state = position("a1", "d4", {1: "A0-B0", 2: "A0-A1"})
    assert {n for n in notations(state) if not n.startswith("w")} == {"a1-a2", "a1-b1"}


def test_wall_turn_moves_are_values() -> None:
    move = game.parse_move(open_board(), "w1 B2 cw2")
    assert move == WallTurn(1, (1, 2), "cw", 2)
    assert str(move) == "w1 B2 cw2"
