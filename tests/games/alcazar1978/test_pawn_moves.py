"""Pawn moves: one square orthogonally, never across a wall, off the board,
onto the other pawn or back onto the own starting square."""
from __future__ import annotations

import pytest

from bot.games import alcazar1978 as game
from bot.games.common import IllegalMove, MoveError

from .positions import notations, position


def pawn_moves(state: game.State) -> set[str]:
    return {n for n in notations(state) if "-" in n and not n.startswith("w")}


def test_pawn_steps_up_down_left_and_right() -> None:
    state = position("b2", "d4")
    assert pawn_moves(state) == {"b2-b3", "b2-c2", "b2-b1", "b2-a2"}
    after = game.play(state, "b2-c2")
    assert game.view(after, None)["pawns"][0]["square"] == "c2"


def test_pawn_never_moves_diagonally() -> None:
    with pytest.raises(IllegalMove, match="never diagonally"):
        game.play(position("b2", "d4"), "b2-c3")


def test_pawn_moves_one_square_at_a_time() -> None:
    with pytest.raises(IllegalMove, match="one square at a time"):
        game.play(position("b2", "d4"), "b2-b4")


@pytest.mark.parametrize(
    ("wall", "red", "blocked"),
    [
        ("B2-C2", "b2", "b3"),   # north side of b2
        ("B2-C2", "b3", "b2"),   # the same wall seen from above
        ("C1-C2", "b2", "c2"),   # east side
        ("B1-B2", "b2", "a2"),   # west side
        ("B1-C1", "b2", "b1"),   # south side
    ],
)
def test_wall_blocks_the_pawn(wall: str, red: str, blocked: str) -> None:
    state = position(red, "d4", {1: wall})
    assert f"{red}-{blocked}" not in pawn_moves(state)
    assert len(pawn_moves(state)) == 3
    with pytest.raises(IllegalMove, match=f"wall 1 stands between {red} and {blocked}"):
        game.play(state, f"{red}-{blocked}")


def test_pawn_cannot_leave_the_board() -> None:
    assert pawn_moves(position("a1", "d4")) == {"a1-a2", "a1-b1"}
    assert pawn_moves(position("c1", "d4")) == {"c1-c2", "c1-d1", "c1-b1"}
    with pytest.raises(MoveError, match="a0 is not a square"):
        game.play(position("a1", "d4"), "a1-a0")


def test_pawn_cannot_step_onto_the_other_pawn() -> None:
    state = position("b2", "b3")
    assert "b2-b3" not in pawn_moves(state)
    with pytest.raises(IllegalMove, match="Green's pawn stands on b3"):
        game.play(state, "b2-b3")


def test_red_may_never_reenter_its_starting_square() -> None:
    state = position("a3", "d4")
    assert pawn_moves(state) == {"a3-b3", "a3-a2"}
    with pytest.raises(IllegalMove, match="has left its starting square a4 and may never enter it again"):
        game.play(state, "a3-a4")


def test_green_may_never_reenter_its_starting_square() -> None:
    state = position("a4", "d2", turn=1)
    assert pawn_moves(state) == {"d2-d3", "d2-c2"}
    with pytest.raises(IllegalMove, match="Green's pawn has left its starting square d1"):
        game.play(state, "d2-d1")


def test_a_pawn_move_must_start_on_the_own_pawn() -> None:
    with pytest.raises(IllegalMove, match="Red's pawn is on b2, not on c3"):
        game.play(position("b2", "d4"), "c3-c4")
    with pytest.raises(IllegalMove, match="Red's pawn is on b2, not on d4"):
        game.play(position("b2", "d4"), "d4-d3")
