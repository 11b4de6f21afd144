"""Thousands of random Alcazar (2009) games, each checked cheaply on every move.

``test_selfplay.py`` referees fewer games very closely; this file plays many
more, so that rare positions (blocked unions, the last bridge, long pass
streaks) turn up, and checks on every move what is cheap to check: the
stock of pieces, bridges, flags and nobles, stacks, buildings and values,
money, and that the move played was listed.  Every game must end, and every
tenth game is replayed from its log and round-tripped through ``to_dict``.
"""
from __future__ import annotations

import json
import random

import pytest

from bot.games import alcazar as game

from .referee import check_position

GAMES_PER_PLAYER_COUNT = 260
MAX_PLIES = 3000


def play_random_game(players: int, seed: int) -> tuple[object, list[str]]:
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    log: list[str] = []
    while game.outcome(state) is None:
        assert len(log) < MAX_PLIES, f"{players} players, seed {seed}: no end after {MAX_PLIES} moves"
        moves = [str(m) for m in game.legal_moves(state)]
        assert moves, f"seed {seed}: a game in play with no legal move"
        assert len(set(moves)) == len(moves), f"seed {seed}: a move is listed twice"
        move = rng.choice(moves)
        state = game.play(state, move)
        log.append(move)
        check_position(game.view(state, None))
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_thousands_of_random_games_end_with_every_invariant_kept(players: int) -> None:
    ends: set[str] = set()
    for seed in range(GAMES_PER_PLAYER_COUNT):
        state, log = play_random_game(players, 50_000 + seed)
        supply = game.view(state, None)["supply"]
        ends.add("pieces" if supply["pieces"] == 0 else "bridges" if supply["bridges"] == 0 else "passes")
        if seed % 10 == 0:
            replayed = game.new_game(players=players, seed=50_000 + seed)
            for move in log:
                replayed = game.play(replayed, move)
            assert game.to_dict(replayed) == game.to_dict(state)
            assert game.to_dict(game.from_dict(json.loads(json.dumps(game.to_dict(state))))) == game.to_dict(state)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.scores is not None and len(outcome.scores) == players
    assert "pieces" in ends, ends
