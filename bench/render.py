"""Speed and size of the board images.

    .venv/bin/python bench/render.py [--positions N]

Plays random games of both kinds (fixed seeds), keeps a spread of positions
from opening to end, and times ``renderer.alcazar.board``,
``renderer.alcazar1978.board`` and ``renderer.hand.hand`` on each. For
comparison it also times a bare PNG ``save`` (Pillow's default settings) of
the same Alcazar canvas, in the same run. The last line is one JSON object.
Budgets: the Alcazar board median under 2.5 x the bare encode and under
80 ms; Alcazar (1978) under 20 ms; every PNG under 400 KB.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Samples, median  # noqa: E402

from bot.games import get_game  # noqa: E402
from renderer import alcazar, alcazar1978, hand, results  # noqa: E402


def positions(name: str, players: int, count: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(public view, view of the player who just moved) for ``count`` positions spread over random games."""
    game = get_game(name)
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], dict[str, Any]]] = []
    game_seed = seed
    while len(found) < count:
        state = game.new_game(players=players, seed=game_seed)
        game_seed += 1
        while game.to_move(state) is not None and len(found) < count:
            seat = game.to_move(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if rng.random() < 0.15 or game.to_move(state) is None:
                found.append((game.view(state, None), game.view(state, seat)))
    return found


def timed(function: Any, *args: Any, **kwargs: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return (time.perf_counter() - start) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    args = parser.parse_args()

    times = Samples()
    sizes: list[int] = []

    # warm the caches (fonts, backgrounds, sprites) as a running bot would be
    warm = positions("alcazar", 4, 1, 1)[0]
    alcazar.board(warm[0])
    hand.hand(warm[1])

    for players in (2, 3, 4, 5):
        for public, own in positions("alcazar", players, args.positions // 4, players * 100):
            ms, png = timed(alcazar.board, public)
            times["alcazar_ms"].append(ms)
            sizes.append(len(png))
            canvas = alcazar.board_image(public)
            buffer = io.BytesIO()
            ms, _ = timed(canvas.save, buffer, "PNG")
            times["encode_only_ms"].append(ms)
            ms, png = timed(hand.hand, own)
            times["hand_ms"].append(ms)
            sizes.append(len(png))
            if public.get("outcome"):
                sizes.append(len(results.results(public)))

    alcazar1978.board(positions("alcazar1978", 2, 1, 1)[0][0])
    for public, _ in positions("alcazar1978", 2, args.positions, 1978):
        ms, png = timed(alcazar1978.board, public)
        times["alcazar_1978_ms"].append(ms)
        sizes.append(len(png))
        if public.get("outcome"):
            sizes.append(len(results.results(public)))

    figures = {
        **{f"{name}_median": median(values, 2) for name, values in times.items()},
        "alcazar_ms_max": round(max(times["alcazar_ms"]), 2),
        "png_kb_max": round(max(sizes) / 1024, 1),
        "images": len(sizes),
    }
    ratio = figures["alcazar_ms_median"] / max(figures["encode_only_ms_median"], 1e-9)
    print(f"Alcazar board: median {figures['alcazar_ms_median']} ms "
          f"({ratio:.2f} x the bare encode of {figures['encode_only_ms_median']} ms; budget 2.5 x and 80 ms)")
    print(f"Alcazar (1978) board: median {figures['alcazar_1978_ms_median']} ms (budget 20 ms)")
    print(f"Hand: median {figures['hand_ms_median']} ms; largest PNG {figures['png_kb_max']} KB (budget 400 KB)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
