"""Speed of the Alcazar (1978) engine: legal_moves, play and whole random games.

    .venv/bin/python bench/engine_1978.py [--games N]

Plays random games (uniformly random legal moves, fixed seeds, the
threefold-repetition rule on, at most 2000 moves a game) and times every
``legal_moves`` and every ``play`` (a Move object; ``play_text_us_median``
times playing the same move from its notation on a sample).  The last line
is one JSON object.  Budget: legal_moves median < 200 µs.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from figures import Samples, median, p99, print_figures

from bot.games import alcazar1978 as game

MOVE_CAP = 2000


def random_game(seed: int, times: Samples) -> tuple[float, int]:
    """Play one random game; returns its duration in milliseconds and its number of moves."""
    rng = random.Random(seed)
    start = time.perf_counter()
    state = game.new_game()
    moves = 0
    while game.to_move(state) is not None and moves < MOVE_CAP:
        t0 = time.perf_counter()
        legal = game.legal_moves(state)
        t1 = time.perf_counter()
        move = rng.choice(legal)
        t2 = time.perf_counter()
        after = game.play(state, move)
        t3 = time.perf_counter()
        if moves % 10 == 0:
            text = str(move)
            t4 = time.perf_counter()
            game.play(state, text)
            times["play_text_us"].append((time.perf_counter() - t4) * 1e6)
        times["legal_moves_us"].append((t1 - t0) * 1e6)
        times["play_us"].append((t3 - t2) * 1e6)
        state = after
        moves += 1
    return (time.perf_counter() - start) * 1000, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games to play")
    args = parser.parse_args()
    times = Samples()
    lengths: list[int] = []
    for seed in range(args.games):
        ms, moves = random_game(seed, times)
        times["random_game_ms"].append(ms)
        lengths.append(moves)
    figures = {
        "games": args.games,
        "positions": len(times["legal_moves_us"]),
        "legal_moves_us_median": median(times["legal_moves_us"], 1),
        "legal_moves_us_p99": p99(times["legal_moves_us"], 1),
        "play_us_median": median(times["play_us"], 1),
        "play_text_us_median": median(times["play_text_us"], 1),
        "random_game_ms_median": median(times["random_game_ms"], 2),
        "random_game_moves_median": statistics.median(lengths),
        "games_at_move_cap": sum(1 for n in lengths if n >= MOVE_CAP),
    }
    print_figures(figures)


if __name__ == "__main__":
    main()
