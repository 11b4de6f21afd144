"""The same-wall rule and the duty to leave the starting square."""
from __future__ import annotations

import pytest

from bot.games import alcazar1978 as game
from bot.games.common import IllegalMove

from .positions import notations, position


def turns_of(state: game.State, wall: int) -> list[str]:
    return [n for n in notations(state) if n.startswith(f"w{wall} ")]


def two_free_walls() -> game.State:
    # Wall 1 in the lower middle, wall 2 in the upper right; the pawns far from both.
    return position("a1", "a4", {1: "B2-C2", 2: "C3-D3"})


def test_the_other_player_may_not_turn_the_wall_just_turned() -> None:
    after = game.play(two_free_walls(), "w1 B2 cw1")
    assert game.view(after, None)["locked_wall"] == 1
    assert turns_of(after, 1) == []
    assert turns_of(after, 2) != []
    with pytest.raises(IllegalMove, match="wall 1 was just turned by Red; Green may not turn it on this turn"):
        game.play(after, "w1 B2 ccw1")


def test_the_player_who_turned_a_wall_may_turn_it_again() -> None:
    state = game.play(two_free_walls(), "w1 B2 cw1")
    state = game.play(state, "w2 D3 cw1")            # Green turns another wall
    assert game.view(state, None)["locked_wall"] == 2  # now Red may not turn wall 2 …
    assert "w1 B2 ccw1" in notations(state)            # … but may turn wall 1 again
    state = game.play(state, "w1 B2 ccw1")
    assert game.view(state, None)["walls"][0]["position"] == "B2-C2"


def test_the_lock_lasts_only_the_very_next_turn() -> None:
    state = game.play(two_free_walls(), "w1 B2 cw1")
    state = game.play(state, "a4-b4")      # Green does something else
    assert game.view(state, None)["locked_wall"] is None
    state = game.play(state, "a1-a2")      # Red moves the pawn
    assert turns_of(state, 1) != []        # Green may turn wall 1 now
    game.play(state, "w1 B2 ccw1")


def test_a_pawn_move_leaves_no_wall_locked() -> None:
    state = game.play(two_free_walls(), "a1-b1")
    assert game.view(state, None)["locked_wall"] is None
    assert turns_of(state, 1) != [] and turns_of(state, 2) != []


def play_all(state: game.State, moves: list[str]) -> game.State:
    for move in moves:
        state = game.play(state, move)
    return state


def test_both_may_turn_walls_on_their_first_two_turns() -> None:
    state = game.new_game()
    for move in ("w8 E2 cw1", "w4 C4 cw1", "w8 E2 ccw1"):
        assert any(n.startswith("w") for n in notations(state))
        state = game.play(state, move)
    assert any(n.startswith("w") for n in notations(state))   # Green's second turn


def test_on_the_third_turn_a_pawn_that_can_leave_must_leave() -> None:
    state = play_all(game.new_game(), ["w8 E2 cw1", "w4 C4 cw1", "w8 E2 ccw1", "w4 C4 ccw1"])
    assert game.ply(state) == 4
    assert notations(state) == ["a4-b4", "a4-a3"]
    with pytest.raises(
        IllegalMove,
        match="Red's pawn must leave its starting square a4 by Red's third turn: play a4-b4 or a4-a3",
    ):
        game.play(state, "w8 E2 cw1")
    state = game.play(state, "a4-a3")
    assert notations(state) == ["d1-d2", "d1-c1"]
    with pytest.raises(IllegalMove, match="Green's pawn must leave its starting square d1 by Green's third turn"):
        game.play(state, "w4 C4 cw1")


def test_a_pawn_that_cannot_leave_may_do_anything_else() -> None:
    # Red's third turn, a4 walled in on both open sides.
    state = position("a4", "d3", {1: "A3-B3", 2: "B3-B4"}, ply=4)
    moves = notations(state)
    assert moves and all(n.startswith("w") for n in moves)
    assert "w2 B3 cw1" in moves


def test_the_other_pawn_can_keep_a_pawn_in_its_start() -> None:
    state = position("a4", "b4", {1: "A3-B3"}, ply=4)
    moves = notations(state)
    assert moves and all(n.startswith("w") for n in moves)


def test_the_duty_carries_on_to_later_turns() -> None:
    state = position("a4", "d3", {1: "A3-B3", 2: "B3-B4"}, ply=4)
    state = game.play(state, "w2 B3 cw1")   # opens a4-b4 on Red's third turn
    state = game.play(state, "d3-d4")
    assert game.ply(state) == 6
    assert notations(state) == ["a4-b4"]
    with pytest.raises(IllegalMove, match="must leave its starting square a4"):
        game.play(state, "w1 A3 cw1")


def test_the_duty_ends_once_the_pawn_has_left() -> None:
    state = position("b4", "d3", ply=4)
    assert any(n.startswith("w") for n in notations(state))
