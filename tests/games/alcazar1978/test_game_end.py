"""Both ways to win, the exact immobilization rule, pass, and the
threefold-repetition house rule."""
from __future__ import annotations

import pytest

from bot.games import alcazar1978 as game
from bot.games.alcazar1978.moves import PASS
from bot.games.alcazar1978.rules import apply
from bot.games.alcazar1978.state import state_key
from bot.games.common import IllegalMove, Outcome
from bot.i18n import message_of

from .positions import notations, position


def worded(last_move: dict) -> dict:
    """The view's last move with its words (a message) in English, as players reading English see them."""
    return {**last_move, "text": str(message_of(last_move["text"]))}


def english(outcome: Outcome | None) -> tuple[tuple[int, ...], str] | None:
    """Winners and the reason as English readers see it (the engine gives the reason as a message)."""
    return None if outcome is None else (outcome.winners, str(outcome.reason))


def assert_over(state: game.State, outcome: Outcome) -> None:
    assert english(game.outcome(state)) == english(outcome)
    assert game.to_move(state) is None
    assert game.legal_moves(state) == []
    assert game.view(state, None)["outcome"] == game.outcome(state).to_dict()  # type: ignore[union-attr]


# ---- entering the opponent's starting square ----------------------------

def test_red_wins_by_entering_greens_starting_square() -> None:
    state = game.play(position("d2", "b3"), "d2-d1")
    assert_over(state, Outcome((0,), "Red's pawn entered Green's starting square d1"))


def test_green_wins_by_entering_reds_starting_square() -> None:
    state = game.play(position("c2", "a3", turn=1), "a3-a4")
    assert_over(state, Outcome((1,), "Green's pawn entered Red's starting square a4"))


def test_no_move_after_the_game_is_over() -> None:
    state = game.play(position("d2", "b3"), "d2-d1")
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play(state, "b3-b4")


# ---- immobilization -------------------------------------------------------

def test_walls_and_the_edge_immobilize() -> None:
    # Green in the corner d4 with a wall on its south side; Red closes the west side.
    state = position("a1", "d4", {1: "D3-E3", 2: "C3-D3"})
    state = game.play(state, "w2 D3 cw1")
    assert game.view(state, None)["walls"][1]["position"] == "D3-D4"
    assert_over(state, Outcome((0,), "Green's pawn is immobilized"))


def test_four_walls_immobilize() -> None:
    state = position("d4", "b2", {1: "B2-C2", 2: "B1-C1", 3: "B1-B2", 4: "C2-D2"})
    state = game.play(state, "w4 C2 cw1")      # C2-D2 → C1-C2, the east side of b2
    assert_over(state, Outcome((0,), "Green's pawn is immobilized"))


def test_the_other_pawn_closes_a_side() -> None:
    state = game.play(position("c3", "d4", {1: "D3-E3"}), "c3-c4")
    assert_over(state, Outcome((0,), "Green's pawn is immobilized"))


def test_green_immobilizes_red() -> None:
    state = position("a1", "d4", {1: "A1-B1", 2: "B1-C1"}, turn=1)
    state = game.play(state, "w2 B1 cw1")      # B1-C1 → B0-B1, the east side of a1
    assert_over(state, Outcome((1,), "Red's pawn is immobilized"))


def test_one_open_side_is_enough() -> None:
    state = position("a1", "d4", {1: "D3-E3", 2: "C2-D2"})
    state = game.play(state, "w2 C2 ccw1")    # lands on C1-C2, nowhere near d4
    assert game.outcome(state) is None


def test_a_pawn_on_its_starting_square_is_never_immobilized() -> None:
    # Green still on d1 with its north side walled; Red closes the west side.
    state = position("a1", "d1", {1: "D1-E1", 2: "C0-D0"})
    state = game.play(state, "w2 D0 cw1")      # C0-D0 → D0-D1
    assert game.view(state, None)["walls"][1]["position"] == "D0-D1"
    assert game.outcome(state) is None
    assert game.to_move(state) == 1
    assert all(n.startswith("w") for n in notations(state))


def test_the_reentry_ban_does_not_close_a_side() -> None:
    # Green on d2: north walled, Red closes the west; only the way back to d1 is open.
    state = position("a1", "d2", {1: "D2-E2", 2: "C1-D1"})
    state = game.play(state, "w2 D1 cw1")      # C1-D1 → D1-D2
    assert game.outcome(state) is None
    assert not any("-" in n and not n.startswith("w") for n in notations(state))


def test_a_player_never_loses_by_their_own_move() -> None:
    # Red walls its own pawn in on a1: the game goes on …
    state = position("a1", "d4", {1: "A1-B1", 2: "B1-C1"})
    state = game.play(state, "w2 B1 cw1")
    assert game.outcome(state) is None
    assert game.to_move(state) == 1
    # … and Green's next move, whatever it is, is the winning move.
    state = game.play(state, "d4-d3")
    assert_over(state, Outcome((1,), "Red's pawn is immobilized"))


# ---- pass -------------------------------------------------------------------

def test_pass_is_illegal_while_another_move_exists() -> None:
    with pytest.raises(IllegalMove, match="pass is allowed only when there is no other legal move"):
        game.play(game.new_game(), "pass")


def test_pass_hands_the_turn_over_and_frees_the_locked_wall() -> None:
    # A player without any move needs walls so packed that eight walls and two
    # pawns have not been found to produce one, so the pass is applied directly.
    state = game.play(position("a1", "a4", {1: "B2-C2"}), "w1 B2 cw1")
    passed = apply(state, PASS)
    assert game.to_move(passed) == 0 and game.ply(passed) == game.ply(state) + 1
    assert passed.locked_wall is None
    assert worded(game.view(passed, None)["last_move"]) == {
        "seat": 1, "notation": "pass", "text": "Green passes (no legal move)", "kind": "pass",
    }


# ---- threefold repetition ---------------------------------------------------

CYCLE = ["w1 B2 cw1", "d4-d3", "w1 B2 ccw1", "d3-d4"]


def repeat(state: game.State, cycle: list[str], count: int) -> list[game.State]:
    """The states after each of the first ``count`` moves of the cycle played over and over."""
    states = []
    for index in range(count):
        state = game.play(state, cycle[index % len(cycle)])
        states.append(state)
    return states


def test_third_occurrence_draws_and_the_first_position_counts() -> None:
    # The start position comes back after moves 4 and 8; counting the start,
    # move 8 makes three.  (Without the start, the first triple would be at move 9.)
    states = repeat(position("a1", "d4", {1: "B2-C2"}), CYCLE, 8)
    assert len(states) == 8
    assert all(game.outcome(s) is None for s in states[:-1])
    assert_over(states[-1], Outcome((), "the same position occurred for the third time (threefold repetition)"))


def test_threefold_can_be_switched_off() -> None:
    start = position("a1", "d4", {1: "B2-C2"}, threefold_repetition=False)
    states = repeat(start, CYCLE, 16)
    assert all(game.outcome(s) is None for s in states)
    assert game.options(states[-1]) == {"threefold_repetition": False}


def test_the_locked_wall_is_part_of_the_position() -> None:
    # Green answers with wall turns, so the start position comes back with a
    # lock on wall 2 that its first occurrence lacked: it occurs only twice by
    # move 8.  The first position to occur three times is the one after
    # Red's first turn (moves 1, 5 and 9).
    start = position("a1", "d4", {1: "B2-C2", 2: "C3-D3"})
    states = repeat(start, ["w1 B2 cw1", "w2 D3 cw1", "w1 B2 ccw1", "w2 D3 ccw1"], 9)
    assert all(game.outcome(s) is None for s in states[:8])
    assert english(game.outcome(states[8])) == ((), "the same position occurred for the third time (threefold repetition)")


def test_which_wall_stands_where_does_not_matter() -> None:
    one = position("a1", "d4", {1: "B2-C2", 2: "C3-D3"})
    swapped = position("a1", "d4", {1: "C3-D3", 2: "B2-C2"})
    assert state_key(one) == state_key(swapped)
    assert state_key(one) != state_key(position("a1", "d4", {1: "B2-C2", 2: "C2-D2"}))
    assert state_key(one) != state_key(position("a1", "d4", {1: "B2-C2", 2: "C3-D3"}, turn=1))
