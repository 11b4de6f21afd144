"""What a web page of a game weighs: its view, its moves and its board image, at the heaviest point of games.

    .venv/bin/python bench/pages.py [--games 3] [--seed 1]

Plays random games of both kinds through the service (a SQLite file in a temporary folder) and,
after every move, asks for the projection and the moves of the player to act, as a page does;
every fifth position also for the board image. Sizes are of the compact JSON, gzipped as a web
server sends it, and of the image's bytes. The last line is one JSON object: per kind the most
legal moves seen, the gzipped moves and view at their largest (budget: a view within 16 KB), the
image at its largest (budget: 300 KB), and how long the moves and an image took at worst.
"""
from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import (  # noqa: E402
    Accepted, FakeClock, GameService, Refusal, open_store, start_pictures, stop_pictures,
)

PLAYERS = {"alcazar": (3, 4, 5), "alcazar1978": (2,)}


async def names_of(user_ids: Sequence[int]) -> list[str]:
    return [f"Player {user}" for user in user_ids]


def gzipped_kb(data: Any) -> float:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return len(gzip.compress(raw, 6)) / 1024


async def one_game(service: GameService, kind: str, players: int, seed: int, figures: dict[str, Any]) -> None:
    users = [100 + i for i in range(players)]
    lobby = await service.lobby.create_lobby(1, 1000 + seed * 10 + players, users[0], kind, seed=seed)
    assert isinstance(lobby, Accepted), lobby
    for user in users[1:]:
        assert isinstance(await service.lobby.join(lobby.game.id, user), Accepted)
    result = await service.lobby.start(lobby.game.id, users[0])
    assert isinstance(result, Accepted), result
    rng = random.Random(seed)
    game = result.game
    for ply in range(400):
        to_move = game.to_move_id
        if to_move is None:
            break
        user = to_move
        started = time.perf_counter()
        moves = await service.pages.moves(game.id, user, "hu")
        figures["moves_s_max"] = max(figures["moves_s_max"], time.perf_counter() - started)
        started = time.perf_counter()
        view = await service.pages.view(game.id, user, "hu", names_of)
        figures["view_s_max"] = max(figures["view_s_max"], time.perf_counter() - started)
        assert not isinstance(view, Refusal)
        figures["view_kb_gzip_max"] = max(figures["view_kb_gzip_max"], gzipped_kb(view))
        if len(moves["moves"]) > figures["most_moves"]:
            figures["most_moves"] = len(moves["moves"])
            figures["moves_kb_gzip_at_most"] = gzipped_kb(moves)
            figures["moves_kb_raw_at_most"] = len(json.dumps(moves, ensure_ascii=False,
                                                             separators=(",", ":")).encode()) / 1024
        figures["moves_kb_gzip_max"] = max(figures["moves_kb_gzip_max"], gzipped_kb(moves))
        if ply % 5 == 0:
            started = time.perf_counter()
            image = await service.pages.board_image(game.id, names_of)
            assert not isinstance(image, Refusal)
            figures["board_s_max"] = max(figures["board_s_max"], time.perf_counter() - started)
            figures["board_kb_max"] = max(figures["board_kb_max"], len(image.data) / 1024)
            figures["board_px"] = [image.width, image.height]
        pick = rng.choice(moves["moves"])["text"]
        result = await service.turns.play(game.id, user, pick, moves["version"])
        assert isinstance(result, Accepted), result
        game = result.game


async def main(games: int, seed: int) -> dict[str, Any]:
    start_pictures(1)
    report: dict[str, Any] = {}
    try:
        with tempfile.TemporaryDirectory() as folder:
            store = await open_store(Path(folder) / "pages.sqlite3")
            service = GameService(store, FakeClock())
            for kind, counts in PLAYERS.items():
                figures: dict[str, Any] = {"games": 0, "most_moves": 0, "moves_kb_gzip_at_most": 0.0,
                                           "moves_kb_raw_at_most": 0.0,
                           "moves_kb_gzip_max": 0.0, "view_kb_gzip_max": 0.0, "board_kb_max": 0.0,
                           "moves_s_max": 0.0, "view_s_max": 0.0, "board_s_max": 0.0, "board_px": None}
                for number in range(games):
                    players = counts[number % len(counts)]
                    await one_game(service, kind, players, seed + number, figures)
                    figures["games"] += 1
                report[kind] = {k: round(v, 2) if isinstance(v, float) else v for k, v in figures.items()}
                print(kind, json.dumps(report[kind]), file=sys.stderr)
            await store.close()
    finally:
        await stop_pictures()
    return report


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(json.dumps(asyncio.run(main(arguments.games, arguments.seed))))
