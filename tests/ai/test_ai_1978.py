"""The Alcazar (1978) computer: wins in one are taken, immobilizations in one are prevented."""
from __future__ import annotations

import random

import pytest

from bot.ai import choose_move, observe
from bot.games import alcazar1978 as game

# Short searches: depth 2 is always completed, which is what these rules need.
SCALE = 0.001


def _positions(count: int, seed: int) -> list[game.State]:
    """Positions met in random games (with some reasonable moves mixed in), the game still on."""
    rng = random.Random(seed)
    found: list[game.State] = []
    while len(found) < count:
        state = game.new_game()
        while game.to_move(state) is not None and len(found) < count:
            found.append(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
    return found


def _wins_at_once(state: game.State, move: object) -> bool:
    after = game.play(state, move)  # type: ignore[arg-type]
    outcome = game.outcome(after)
    return outcome is not None and outcome.winners == (game.to_move(state),)


def _opponent_wins_in_one(state: game.State) -> bool:
    """After a move: can the player now to act win at once?"""
    if game.outcome(state) is not None:
        return False
    return any(_wins_at_once(state, m) for m in game.legal_moves(state))


def _decide(state: game.State, level: str, seed: int = 1) -> str:
    seat = game.to_move(state)
    assert seat is not None
    return choose_move("alcazar1978", observe("alcazar1978", state, seat, []), seat, level, seed, scale=SCALE)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_win_in_one_is_never_missed(level: str) -> None:
    tried = 0
    for state in _positions(400, seed=11):
        if not any(_wins_at_once(state, m) for m in game.legal_moves(state)):
            continue
        tried += 1
        move = _decide(state, level)
        assert _wins_at_once(state, move), f"{level} missed a win in one: played {move}"
    assert tried >= 5, "the random games should meet positions with a win in one"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_preventable_immobilization_in_one_is_prevented(level: str) -> None:
    tried = 0
    for state in _positions(600, seed=23):
        moves = game.legal_moves(state)
        if any(_wins_at_once(state, m) for m in moves):
            continue
        safe = [m for m in moves if not _opponent_wins_in_one(game.play(state, m))]
        if not safe or len(safe) == len(moves):
            continue          # nothing to prevent, or nothing prevents it
        tried += 1
        move = _decide(state, level)
        assert not _opponent_wins_in_one(game.play(state, move)), \
            f"{level} allowed a loss in one that {safe[0]} prevents: played {move}"
    assert tried >= 5, "the random games should meet positions with a threat to prevent"


def test_a_threat_met_in_a_test_position_by_name() -> None:
    """Green (to act) on b1 with walls east and south can be walled in by Red unless it steps out now."""
    state = game.from_dict({
        **game.to_dict(game.new_game()),
        "pawns": ["c3", "b1"], "turn": 1, "ply": 8,
        "walls": ["B0-C0", "C0-C1", "A3-B3", "C3-C4", "A4-B4", "D2-E2", "D3-E3", "D4-E4"],
        "history": [],
    })
    # Red threatens to close b1's north side (B1-C1) or west side; Green must not stay.
    for level in ("normal", "hard"):
        move = _decide(state, level)
        assert not _opponent_wins_in_one(game.play(state, move)), move


def test_the_seed_breaks_ties_but_every_level_plays_legal_moves() -> None:
    state = game.new_game()
    for level in ("easy", "normal", "hard"):
        for seed in range(3):
            game.parse_move(state, _decide(state, level, seed))


def _inverse(move: str) -> str:
    wall, pivot, turn = move.split()
    direction = "ccw" if turn.startswith("cw") else "cw"
    return f"{wall} {pivot} {direction}{turn[-1]}"


def _shuttle(state: game.State) -> list[str]:
    """Two wall turns and their undoing (pivots kept), legal in turn from ``state``: a cycle of four moves."""
    for red in game.legal_moves(state):
        if not isinstance(red, game.WallTurn):
            continue
        after_red = game.play(state, red)
        for green in game.legal_moves(after_red):
            if not isinstance(green, game.WallTurn) or game.outcome(game.play(after_red, green)):
                continue
            cycle = [str(red), str(green), _inverse(str(red)), _inverse(str(green))]
            try:
                probe = state
                for move in cycle:
                    probe = game.play(probe, move)
            except game.IllegalMove:
                continue
            if game.outcome(probe) is None:
                return cycle
    raise AssertionError("no shuttle found")


def test_a_repetition_is_scored_as_the_draw_it_is() -> None:
    """The third occurrence of a position is a draw at once; the search scores that line as 0."""
    from bot.ai.alcazar1978 import LEVELS, _Search
    state = game.play(game.play(game.new_game(), "a4-a3"), "d1-c1")
    cycle = _shuttle(state)
    after = state
    for move in cycle * 3:
        after = game.play(state, move)
        if game.outcome(after) is not None:
            break
        state = after
    outcome = game.outcome(after)
    assert outcome is not None and outcome.is_draw and "threefold" in str(outcome.reason)
    search = _Search(LEVELS["normal"], random.Random(0), deadline=float("inf"))
    assert search._negamax(after, 3, -10**6, 10**6, 1) == 0
