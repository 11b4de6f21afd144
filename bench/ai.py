"""Strength and speed of the computer players.

    .venv/bin/python bench/ai.py [--scale 0.1] [--games-1978 20] [--games-alcazar 10] [--timing-moves 6]

Win rates come from whole games in which the computers think ``--scale``
times their level's budget (a tenth by default, so the benchmark takes a few
minutes on two cores; a computer at its full budget is at least as strong).
Seats alternate between games. Random players pick a uniformly random legal
move. Thinking times are measured separately at the full budget, on positions
taken from random games (the first seconds of a game are not the slowest).

The last line is one JSON object: the four rates with the number of games
behind each, ``move_s_p99`` per game and level at the full budget (with the
budgets), and the p99 inside the scaled games. Budgets: normal beats random in
at least 95% of Alcazar (1978) games and wins at least 80% of 3-player
Alcazar games against two random players; hard beats easy in at least 65% of
games of each kind; a move's p99 within its level's budget plus 20%.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai import THINKING_SECONDS, choose_move, observe  # noqa: E402
from bot.games import get_game  # noqa: E402


def play_on(kind: str, state: Any, players: list[str], rng: random.Random, *, scale: float = 1.0,
            plies: int | None = None, history: list[tuple[int, str]], times: dict[str, list[float]]) -> Any:
    """Play from ``state`` to the end (or for ``plies`` moves), each seat as its level or ``random``
    chooses; the moves go onto ``history`` and the computers' thinking times into ``times``."""
    engine = get_game(kind)
    played = 0
    while (seat := engine.to_move(state)) is not None and (plies is None or played < plies):
        level = players[seat]
        if level == "random":
            move = str(rng.choice(engine.legal_moves(state)))
        else:
            started = time.perf_counter()
            move = choose_move(kind, observe(kind, state, seat, history), seat, level, rng.randrange(2**31), scale)
            times.setdefault(level, []).append(time.perf_counter() - started)
        history.append((seat, move))
        state = engine.play(state, move)
        played += 1
    return state


def play_game(kind: str, players: list[str], seed: int, scale: float) -> dict[str, Any]:
    """One whole game; ``players`` is a level or ``random`` per seat. Returns winners and move times."""
    engine = get_game(kind)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    state = play_on(kind, engine.new_game(len(players), seed=seed), players, rng, scale=scale, history=[],
                    times=times)
    outcome = engine.outcome(state)
    assert outcome is not None, "the game is over"
    return {"winners": [players[s] for s in outcome.winners], "shared": len(outcome.winners), "times": times}


def time_moves(kind: str, level: str, count: int, seed: int) -> list[float]:
    """Thinking times at the full budget, on positions met in random games."""
    engine = get_game(kind)
    rng = random.Random(seed)
    found: list[float] = []
    while len(found) < count:
        players = 3 if kind == "alcazar" else 2
        state = engine.new_game(players, seed=rng.randrange(2**31))
        history: list[tuple[int, str]] = []
        stop = rng.randrange(2, 40 if kind == "alcazar" else 12)
        state = play_on(kind, state, ["random"] * players, rng, plies=stop, history=history, times={})
        seat = engine.to_move(state)
        if seat is None or len(engine.legal_moves(state)) < 2:
            continue
        started = time.perf_counter()
        choose_move(kind, observe(kind, state, seat, history), seat, level, rng.randrange(2**31))
        found.append(time.perf_counter() - started)
    return found


def p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)


def win_rate(results: list[dict[str, Any]], level: str) -> float:
    won = sum(1 / r["shared"] for r in results if level in r["winners"])
    return round(won / len(results), 3)


def match(pool: ProcessPoolExecutor, kind: str, lineup: list[str], games: int, scale: float, seed: int
          ) -> list[dict[str, Any]]:
    """``games`` games with the seats rotated each game."""
    jobs = []
    for number in range(games):
        shift = number % len(lineup)
        seats = lineup[shift:] + lineup[:shift]
        jobs.append(pool.submit(play_game, kind, seats, seed + number, scale))
    return [job.result() for job in jobs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=0.1, help="thinking budget in the rated games")
    parser.add_argument("--games-1978", type=int, default=20)
    parser.add_argument("--games-alcazar", type=int, default=10)
    parser.add_argument("--timing-moves", type=int, default=6, help="full-budget moves timed per game and level")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        matches = {
            "ai1978_normal_vs_random": match(pool, "alcazar1978", ["normal", "random"], args.games_1978,
                                             args.scale, 100),
            "ai1978_hard_vs_easy": match(pool, "alcazar1978", ["hard", "easy"], args.games_1978, args.scale, 200),
            "alcazar_normal_vs_random": match(pool, "alcazar", ["normal", "random", "random"],
                                              args.games_alcazar, args.scale, 300),
            "alcazar_hard_vs_easy": match(pool, "alcazar", ["hard", "easy"], args.games_alcazar, args.scale, 400),
        }
        timing_jobs = {
            (kind, level): pool.submit(time_moves, kind, level, args.timing_moves, 500 + index)
            for index, (kind, level) in enumerate(
                (kind, level) for kind in THINKING_SECONDS for level in THINKING_SECONDS[kind])
        }
        timings = {key: job.result() for key, job in timing_jobs.items()}
    figures: dict[str, Any] = {}
    for name, results in matches.items():
        level = name.split("_")[1]
        figures[f"{name}_win_rate"] = win_rate(results, level)
        figures[f"{name}_games"] = len(results)
        print(f"{name}: {figures[f'{name}_win_rate']:.0%} of {len(results)} games", flush=True)
    figures["move_s_p99"] = {kind: {level: p99(timings[kind, level]) for level in levels}
                             for kind, levels in THINKING_SECONDS.items()}
    figures["move_s_budget"] = THINKING_SECONDS
    figures["move_s_timed_moves"] = args.timing_moves
    in_games: dict[str, dict[str, list[float]]] = {}
    for name, results in matches.items():
        kind = "alcazar1978" if name.startswith("ai1978") else "alcazar"
        for result in results:
            for level, times in result["times"].items():
                in_games.setdefault(kind, {}).setdefault(level, []).extend(times)
    figures["scaled_move_s_p99"] = {kind: {level: p99(t) for level, t in levels.items()}
                                    for kind, levels in in_games.items()}
    figures["scaled_move_s_median"] = {kind: {level: round(statistics.median(t), 3) for level, t in levels.items()}
                                       for kind, levels in in_games.items()}
    figures["scale"] = args.scale
    figures["bench_s"] = round(time.perf_counter() - started, 1)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
