"""Skipped turns and retired seats (the session's deadlines and resignations)."""
from __future__ import annotations

import pytest

from bot.games import alcazar as game

from .rules_support import arrange, stuck


def test_a_skip_passes_the_turn_and_counts_as_a_ply() -> None:
    state = game.skip(arrange(3))
    assert game.to_move(state) == 1 and game.ply(state) == 1
    assert state.last_move is not None and state.last_move["notation"] == "skip"


def test_a_skip_is_not_a_pass_and_restarts_a_round_of_passes() -> None:
    state = stuck(2)
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
    state = stuck(3)
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


def stuck(players: int, **kwargs: object) -> game.State:
    """Nobody can buy a card; hands are whatever ``kwargs`` give."""
    state = arrange(players, face_up=[], deck=[], **kwargs)  # type: ignore[arg-type]
    state.tower_deck = 0
    return state


def test_a_pass_by_a_seat_that_retires_no_longer_counts() -> None:
    # Seat 2 still holds ten cards and has never passed: the game goes on with it to move.
    state = stuck(3, hands=[[], [], list(range(30, 40))])
    state = game.play(game.play(state, "pass"), "pass")
    state = game.retire(state, 0)
    assert not state.over and game.to_move(state) == 2
    assert state.passed == frozenset({1})
    state = game.play(state, "mansion 30")
    assert not state.over and state.pass_streak == 0


def test_a_retirement_alone_never_ends_the_game_by_passes() -> None:
    state = stuck(3)
    state = game.play(game.play(state, "pass"), "pass")  # seats 0 and 1 passed, seat 2 to move
    state = game.retire(state, 2)
    assert not state.over and game.to_move(state) == 0 and state.pass_streak == 2
    state = game.play(state, "pass")
    assert state.over and game.outcome(state) is not None


def test_the_pass_ending_needs_every_seat_still_playing() -> None:
    state = stuck(3, hands=[[], [30], []])
    state = game.play(state, "pass")
    state = game.retire(state, 2)
    assert not state.over and game.to_move(state) == 1
    state = game.play(state, "mansion 30")
    state = game.play(state, "pass")
    assert not state.over and game.to_move(state) == 1


def test_a_finished_game_refuses_skip_and_retire_and_keeps_its_winner() -> None:
    state = stuck(3)
    for _ in range(3):
        state = game.play(state, "pass")
    assert state.over
    winners = game.outcome(state).winners  # type: ignore[union-attr]
    with pytest.raises(game.IllegalMove, match="the game is over"):
        game.retire(state, winners[0])
    with pytest.raises(game.IllegalMove, match="the game is over"):
        game.skip(state)
    assert game.outcome(state).winners == winners  # type: ignore[union-attr]


def test_a_state_saved_with_a_count_of_passes_reads_back_the_seats_that_passed() -> None:
    state = game.play(game.play(stuck(3), "pass"), "pass")
    data = game.to_dict(state)
    data["pass_streak"] = len(data.pop("passed"))
    assert game.from_dict(data).passed == frozenset({0, 1})
    assert game.from_dict(game.to_dict(state)).passed == frozenset({0, 1})
