"""Speed of the Alcazar (2009) engine: legal_moves, play and whole random games.

    .venv/bin/python bench/engine_alcazar.py [--games N]

Plays random games with 2 to 5 players (random legal moves, fixed seeds) and
times every ``legal_moves`` call (first call on each position: the list is
cached on the state afterwards) and every ``play``.  The last line is one
JSON object.  Budgets: legal_moves median < 5 ms and max < 50 ms; a random
5-player game < 3 s.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from figures import Samples, median, p99, print_figures

from bot.games import alcazar as game
from bot.games.alcazar.arrange import arrange


def random_game(players: int, seed: int, times: Samples) -> tuple[float, int]:
    """Play one random game; returns its duration in seconds and its number of moves."""
    rng = random.Random(seed)
    start = time.perf_counter()
    state = game.new_game(players, seed=seed)
    moves = 0
    while game.to_move(state) is not None:
        t0 = time.perf_counter()
        legal = game.legal_moves(state)
        t1 = time.perf_counter()
        state = game.play(state, rng.choice(legal))
        t2 = time.perf_counter()
        times["legal_moves_ms"].append((t1 - t0) * 1000)
        times["play_ms"].append((t2 - t1) * 1000)
        moves += 1
    return time.perf_counter() - start, moves


def crowded_position() -> game.State:
    """A worst case by design: 8 own nobles to withdraw, 20 cards, 5 tower cards, many bridges."""
    built = ["1:2", "2", "3:2", "4", "5:2", "6", "7:2", "8", "9:2", "17:2", "19:2", "21:2",
             "15:2", "13", "14", "30:2", "31", "32:2", "33", "34:2"]
    nobles = {n: (0, "grande" if n in ("1", "7") else "baron") for n in ("1", "3", "5", "7", "9", "30", "32", "34")}
    hand = list(range(40, 50)) + [10, 11, 12, 16, 18, 20, 22, 28, 29, 35]
    return arrange(5, built=built, nobles=nobles, hands=[hand, [], [], [], []],
                   towers=[5, 0, 0, 0, 0], money=[500, 0, 0, 0, 0])


def crowded_ms(repeats: int = 20) -> tuple[float, int]:
    """Median time of legal_moves on the crowded position, and its number of moves."""
    times, count = [], 0
    for _ in range(repeats):
        state = crowded_position()
        t0 = time.perf_counter()
        count = len(game.legal_moves(state))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per player count")
    args = parser.parse_args()
    times = Samples()
    lengths: list[int] = []
    for players in range(2, 6):
        for seed in range(args.games):
            seconds, moves = random_game(players, 1000 * players + seed, times)
            lengths.append(moves)
            if players == 5:
                times["five_player_game_s"].append(seconds)
        print(f"{players} players: {args.games} games done")
    crowded, crowded_moves = crowded_ms()
    figures = {
        "positions": len(times["legal_moves_ms"]),
        "legal_moves_ms_median": median(times["legal_moves_ms"], 3),
        "legal_moves_ms_p99": p99(times["legal_moves_ms"], 3),
        "legal_moves_ms_max": round(max(times["legal_moves_ms"]), 3),
        "play_ms_median": median(times["play_ms"], 3),
        "play_ms_max": round(max(times["play_ms"]), 3),
        "random_game_s_median": median(times["five_player_game_s"], 3),
        "random_game_moves_median": statistics.median(lengths),
        "crowded_legal_moves_ms": round(crowded, 3),
        "crowded_legal_moves_count": crowded_moves,
    }
    print_figures(figures)


if __name__ == "__main__":
    main()
