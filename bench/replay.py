"""Speed and size of replays: a whole game as an animated GIF.

    .venv/bin/python bench/replay.py [--games N]

Plays random games to their end (fixed seeds: Alcazar with 4 players, and
Alcazar 1978 cut at 150 moves, since random 1978 games wander), then times
``bot.service.replays.draw_replay`` (replaying the log through the engine and
drawing every frame, as a worker process does) and records the GIF's size.
The last line is one JSON object. Budget: every replay under
``REPLAY_BUDGET`` (8 MiB); the time is reported (it runs in the worker pool,
off the event loop).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import get_game  # noqa: E402
from bot.service.replays import REPLAY_BUDGET, draw_replay  # noqa: E402


def random_log(kind: str, players: int, seed: int, limit: int) -> list[tuple[str, int, str]]:
    engine = get_game(kind)
    state = engine.new_game(players=players, seed=seed, options={})
    rng = random.Random(seed)
    log: list[tuple[str, int, str]] = []
    while (seat := engine.to_move(state)) is not None and len(log) < limit:
        move = rng.choice(engine.legal_moves(state))
        log.append(("move", seat, str(move)))
        state = engine.play(state, move)
    return log


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    figures: dict[str, float | int | bool] = {}
    for kind, players, limit in (("alcazar", 4, 400), ("alcazar1978", 2, 150)):
        seconds, sizes, moves = [], [], []
        for game in range(args.games):
            log = random_log(kind, players, 100 + game, limit)
            captions = ["start"] + [f"{i + 1}. move {notation}" for i, (_, _, notation) in enumerate(log)]
            names = [f"Player {s + 1}" for s in range(players)]
            started = time.perf_counter()
            gif = draw_replay(kind, players, 100 + game, {}, log, None, captions, names)
            seconds.append(time.perf_counter() - started)
            sizes.append(len(gif))
            moves.append(len(log))
        figures[f"{kind}_moves_max"] = max(moves)
        figures[f"{kind}_replay_seconds_max"] = round(max(seconds), 2)
        figures[f"{kind}_replay_bytes_max"] = max(sizes)
        figures[f"{kind}_bytes_per_frame"] = round(max(s / (m + 1) for s, m in zip(sizes, moves)))
    figures["replay_budget_bytes"] = REPLAY_BUDGET
    figures["within_budget"] = all(figures[f"{k}_replay_bytes_max"] < REPLAY_BUDGET
                                   for k in ("alcazar", "alcazar1978"))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
