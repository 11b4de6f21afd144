"""A backup of a database with many games, taken while moves are played: how long, and what it costs the bot.

Builds a file with ``--games`` games (default 1,000): a few dozen played
through the game service (both kinds), copied over in SQL up to the number
asked for, so the file looks like months of play. Then, with the store open as
the bot has it, times ``Store.backup`` while moves go on being played through
the service and a ticker measures how late the event loop wakes up (the time
it was blocked), and compares the moves' latency during the backup with
before it.

    .venv/bin/python bench/backup.py [--games 1000] [--dir PATH]

The last line printed is one JSON object with the figures.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import Accepted, FakeClock, GameInfo, GameService  # noqa: E402
from bot.store import Store, open_store  # noqa: E402

PLAYED_GAMES = 24          # played through the service; the rest are copies of them
MOVES_PER_GAME = 60
#: Tables whose rows belong to one game (``game_id``), copied along with the games.
GAME_TABLES = ("seats", "moves", "snapshots", "results", "posted_messages")


async def play_some(service: GameService, game_id: int, rng: random.Random, moves: int) -> list[float]:
    """Play up to ``moves`` random legal moves in a game; the seconds each play took."""
    took = []
    for _ in range(moves):
        game = await service.records.game(game_id)
        if not isinstance(game, GameInfo) or game.to_move_id is None:
            break
        mover = game.to_move_id
        choices = await service.records.legal_moves_for(game_id, mover)
        if not choices:
            break
        started = time.perf_counter()
        result = await service.turns.play(game_id, mover, rng.choice(choices).notation)
        took.append(time.perf_counter() - started)
        if not isinstance(result, Accepted):
            break
    return took


async def open_game(service: GameService, kind: str, players: int, channel_id: int, seed: int) -> int:
    users = [1000 + channel_id * 10 + i for i in range(players)]
    lobby = await service.lobby.create_lobby(1, channel_id, users[0], kind, seed=seed)
    assert isinstance(lobby, Accepted), lobby
    for user in users[1:]:
        await service.lobby.join(lobby.game.id, user)
    started = await service.lobby.start(lobby.game.id, users[0])
    assert isinstance(started, Accepted), started
    return lobby.game.id


def multiply(database: Path, games: int) -> None:
    """Copy the played games (with their seats, logs, snapshots, results) until there are ``games``."""
    conn = sqlite3.connect(database, isolation_level=None)
    try:
        conn.execute("BEGIN")
        played = conn.execute("SELECT count(*), max(id), max(channel_id) FROM games").fetchone()
        count, top_id, top_channel = played
        columns = {table: [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
                   for table in ("games", *GAME_TABLES)}
        copy = 0
        while count * (copy + 1) < games:
            copy += 1
            wanted = min(count, games - count * copy)
            offset, channels = top_id * copy, top_channel * copy
            game_columns = ", ".join(columns["games"])
            picked = ", ".join(f"id + {offset}" if c == "id" else f"channel_id + {channels}" if c == "channel_id"
                               else c for c in columns["games"])
            conn.execute(f"INSERT INTO games ({game_columns}) SELECT {picked} FROM games "
                         f"WHERE id <= {top_id} ORDER BY id LIMIT {wanted}")
            for table in GAME_TABLES:
                kept = [c for c in columns[table] if not (table == "moves" and c == "id")]
                values = ", ".join(f"game_id + {offset}" if c == "game_id" else c for c in kept)
                conn.execute(f"INSERT INTO {table} ({', '.join(kept)}) SELECT {values} FROM {table} "
                             f"WHERE game_id IN (SELECT id FROM games WHERE id <= {top_id} ORDER BY id LIMIT {wanted})")
        conn.execute("COMMIT")
    finally:
        conn.close()


async def build(database: Path, games: int) -> list[int]:
    """The database of ``games`` games; the ids of a few played ones still in play."""
    store = await open_store(database)
    service = GameService(store, FakeClock())
    rng = random.Random(7)
    ids = []
    for number in range(PLAYED_GAMES):
        kind, players = ("alcazar", 2 + number % 4) if number % 2 else ("alcazar1978", 2)
        ids.append(await open_game(service, kind, players, 10 + number, seed=number))
        await play_some(service, ids[-1], rng, MOVES_PER_GAME)
    await store.close()
    multiply(database, games)
    return ids


async def lag_ticker(stop: asyncio.Event, lags: list[float], tick: float = 0.001) -> None:
    """How late each short sleep wakes up: the time the event loop was busy elsewhere."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        before = loop.time()
        await asyncio.sleep(tick)
        lags.append(loop.time() - before - tick)


async def ticking(work: Any) -> tuple[Any, list[float]]:
    """Run ``work`` (a coroutine) with the ticker beside it: its result and the loop's lags meanwhile."""
    lags: list[float] = []
    stop = asyncio.Event()
    ticker = asyncio.create_task(lag_ticker(stop, lags))
    try:
        return await work, lags
    finally:
        stop.set()
        await ticker


def lag_figures(name: str, lags: list[float]) -> dict[str, float]:
    return {f"loop_max_lag_ms_{name}": round(max(lags) * 1000, 2),
            f"loop_p99_lag_ms_{name}": round(statistics.quantiles(lags, n=100)[98] * 1000, 2)}


async def measure(database: Path, folder: Path, game_ids: list[int]) -> dict[str, Any]:
    store = await open_store(database)
    service = GameService(store, FakeClock())
    rng = random.Random(11)
    live = []
    for game_id in game_ids:
        game = await service.records.game(game_id)
        if isinstance(game, GameInfo) and game.to_move_id is not None:
            live.append(game_id)

    async def moves_until(done: asyncio.Event | float) -> list[float]:
        """Random moves in the live games until ``done`` is set, or for ``done`` seconds."""
        took: list[float] = []
        end = time.perf_counter() + (done if isinstance(done, float) else float("inf"))
        while live and time.perf_counter() < end and not (isinstance(done, asyncio.Event) and done.is_set()):
            took += await play_some(service, rng.choice(live), rng, 1)
        return took

    async def timed_backup() -> tuple[float, Any]:
        started = time.perf_counter()
        summary = await store.backup(folder, keep=7, now=time.time())
        return time.perf_counter() - started, summary

    async def backup_while_playing() -> tuple[float, list[float]]:
        done = asyncio.Event()
        playing = asyncio.create_task(moves_until(done))
        seconds, _ = await timed_backup()
        done.set()
        return seconds, await playing

    _, lags_idle = await ticking(asyncio.sleep(1.0))
    before, lags_moves = await ticking(moves_until(2.0))
    (alone_seconds, summary), lags_backup = await ticking(timed_backup())
    (seconds, during), lags_both = await ticking(backup_while_playing())
    await store.close()
    return {
        "games": summary.games,
        "moves": summary.moves,
        "database_mb": round(database.stat().st_size / 1e6, 2),
        "backup_seconds_alone": round(alone_seconds, 3),
        "backup_seconds_while_playing": round(seconds, 3),
        **lag_figures("idle", lags_idle),
        **lag_figures("backup_alone", lags_backup),
        **lag_figures("moves_alone", lags_moves),
        **lag_figures("backup_and_moves", lags_both),
        "moves_played_during_backup": len(during),
        "play_ms_median_before": round(statistics.median(before) * 1000, 2),
        "play_ms_median_during_backup": round(statistics.median(during) * 1000, 2) if during else None,
        "play_ms_max_during_backup": round(max(during) * 1000, 2) if during else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--dir", type=Path, default=None, help="where the database goes (default: a temporary folder)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = arguments.dir or Path(scratch)
        database = folder / "alcazar.sqlite3"
        started = time.perf_counter()
        ids = asyncio.run(build(database, arguments.games))
        print(f"built {arguments.games} games in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        figures = asyncio.run(measure(database, folder / "backups", ids))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
