"""Repetition details the other tests left unpinned: the locked wall is known
by where it stands, the record starts with the start position, and a wall
turn given as a value names its rule like the notation does."""
from __future__ import annotations

import pytest

from bot.games import alcazar1978 as game
from bot.games.alcazar1978.moves import PawnMove, WallTurn
from bot.games.alcazar1978.state import state_key
from bot.games.common import IllegalMove, Outcome

from .positions import position

THREEFOLD = Outcome((), "the same position occurred for the third time (threefold repetition)")


def test_the_locked_wall_counts_by_its_position_not_its_number() -> None:
    one = position("a1", "d4", {1: "B2-C2", 2: "C3-D3"}, locked_wall=1)
    swapped = position("a1", "d4", {1: "C3-D3", 2: "B2-C2"}, locked_wall=2)
    assert state_key(one) == state_key(swapped)
    assert state_key(one) != state_key(position("a1", "d4", {1: "B2-C2", 2: "C3-D3"}, locked_wall=2))


def test_a_position_with_a_lock_repeats_with_the_lock_where_the_wall_ended() -> None:
    # Green to move, wall 1 just turned by Red onto B1-B2.  Red turns it away
    # and back every other move, so the start (lock on B1-B2) comes back after
    # moves 4 and 8: the eighth move is the third occurrence.
    start = position("a1", "d4", {1: "B1-B2"}, turn=1, locked_wall=1)
    cycle = ["d4-d3", "w1 B2 ccw1", "d3-d4", "w1 B2 cw1"]
    state = start
    for number in range(1, 9):
        state = game.play(state, cycle[(number - 1) % 4])
        assert state.history[-1] == state_key(state)
        if number < 8:
            assert game.outcome(state) is None
    outcome = game.outcome(state)
    assert outcome is not None and (outcome.winners, str(outcome.reason)) == (THREEFOLD.winners, THREEFOLD.reason)


def test_the_start_position_is_the_first_entry_of_the_record() -> None:
    # In play the start never comes back (a pawn never re-enters its starting
    # square); the record still counts it, as the house rule says.
    start = game.new_game()
    assert start.history == (state_key(start),)
    assert game.from_dict(game.to_dict(start)).history == start.history


def test_a_wall_turn_value_of_four_quarters_is_refused_with_the_rule() -> None:
    state = position("d4", "a1", {1: "B2-C2"})
    with pytest.raises(IllegalMove, match="1, 2 or 3 quarter turns"):
        game.play(state, WallTurn(1, (1, 2), "cw", 4))
    with pytest.raises(IllegalMove, match="1, 2 or 3 quarter turns"):
        game.play(state, WallTurn(1, (1, 2), "cw", 0))


def test_a_pawn_move_value_off_the_board_is_refused_with_the_rule() -> None:
    state = position("d4", "a1", {1: "B2-C2"})
    with pytest.raises(IllegalMove, match="between squares of the board"):
        game.play(state, PawnMove(99, 0))


def test_a_wall_turn_value_of_an_unknown_wall_is_refused_with_the_rule() -> None:
    state = position("d4", "a1", {1: "B2-C2"})
    with pytest.raises(IllegalMove, match="there is no wall 9: the walls are numbered 1–8"):
        game.play(state, WallTurn(9, (1, 2), "cw", 1))
