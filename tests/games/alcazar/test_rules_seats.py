"""Skipped turns and retired seats (the session's deadlines and resignations)."""
from __future__ import annotations

import pytest

from bot.games import alcazar as game

from .rules_support import arrange


def test_a_skip_passes_the_turn_and_counts_as_a_ply() -> None:
    state = game.skip(arrange(3))
    assert game.to_move(state) == 1 and game.ply(state) == 1
    assert state.last_move is not None and state.last_move["notation"] == "skip"


def test_a_skip_is_not_a_pass_and_restarts_a_round_of_passes() -> None:
    state = arrange(2, face_up=[], deck=[])
    state.tower_deck = 0
    state = game.skip(game.play(state, "pass"))
    assert state.pass_streak == 0 and not state.over


def test_a_retired_seat_never_moves_again() -> None:
    state = game.retire(arrange(3), 1)
    state = game.play(state, "buy deck")
    assert game.to_move(state) == 2
    assert game.view(state, None)["players"][1]["retired"] is True


def test_retiring_the_seat_to_move_hands_the_turn_on() -> None:
    assert game.to_move(game.retire(arrange(3), 0)) == 1


def test_passes_are_counted_among_the_seats_still_playing() -> None:
    state = arrange(3, face_up=[], deck=[])
    state.tower_deck = 0
    state = game.retire(state, 2)
    state = game.play(game.play(state, "pass"), "pass")
    assert state.over


def test_the_game_ends_when_one_seat_is_left_and_a_retired_seat_ranks_last() -> None:
    state = arrange(2, built=["8:3"], nobles={"8": (1, "grande")})
    state = game.retire(state, 1)
    result = game.outcome(state)
    assert state.over and result is not None and result.winners == (0,)
    assert result.scores == (0, 6)


def test_skip_and_retire_refuse_what_cannot_be() -> None:
    state = game.retire(arrange(2), 1)
    with pytest.raises(game.GameError):
        game.skip(state)
    with pytest.raises(game.GameError):
        game.retire(arrange(2), 5)
