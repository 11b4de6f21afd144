"""Turns per second on one machine: many active games, moves arriving at a fixed rate.

    .venv/bin/python bench/load.py [--games 1000] [--seconds 8] [--rates 10,25,50,100,150,200]

Opens ``--games`` games of both kinds (Alcazar with 2 to 5 players, Alcazar
(1978)) through the real ``GameService`` on a SQLite file (in ``TMPDIR``: on a
machine whose disk stalls now and then on the WAL's fsync, the turns' p99 is the
disk's; ``TMPDIR=/dev/shm`` leaves the CPU side alone), and plays each a
few random moves so the boards are not all empty. Then, for each rate, moves
arrive open loop (one every 1/rate seconds, whether or not the earlier ones
are done) for ``--seconds``; each goes to a random game that is not already
busy. A turn is what the bot does for a move: ``service.turns.play``, then
``service.records.board_view`` and the board image exactly as the bot draws it
(``bot.discord.images.board_png``). A turn's time runs from when its move
was due, so a late start counts.

A rate whose oldest unfinished turn waits more than ``--give-up`` seconds is
saturated: no more moves are sent, the backlog is finished, and higher rates
are not tried.

The last line is one JSON object: ``max_rate_p99_250ms`` (the highest rate
whose turn p99 stays under 250 ms), ``cpu_ratio`` (that rate over ``cpus / render time``:
the turns sustained against the boards the CPUs could draw doing nothing else; at least
0.4), ``turn_ms_p50`` and ``turn_ms_p99`` at
50 per second, ``render_ms_median`` (the Alcazar board alone, drawn here in
this process), ``rss_mb`` (this process, which holds the service's games;
``worker_pss_mb`` is the image workers' own share), ``total_pss_mb`` (this
process and every process below it, the image workers and their fork server,
idle with the games cached, before the rates; budget 250 MB with 1,000 games) with where it
goes (the fork server, each worker, the bot before and after its games) and the figures of every
rate. ``--footprint-only`` adds ``board_in_worker_ms_median`` (the Alcazar board drawn in a worker,
the trip included) beside ``bare_encode_ms_median`` (a bare PNG encode of the same canvas, same run). Budget: ``max_rate_p99_250ms`` at least 100
on a 2-core machine.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import print_summary  # noqa: E402
from pipeline import RandomGame, start_game  # noqa: E402
from render import positions  # noqa: E402

from bot.discord import images  # noqa: E402
from bot.service import Accepted, BoardView, FakeClock, GameService  # noqa: E402
from bot.store import open_store  # noqa: E402
from renderer import alcazar  # noqa: E402

KINDS = [("alcazar", 2), ("alcazar", 3), ("alcazar", 4), ("alcazar", 5), ("alcazar1978", 2)]
BUDGET_P99_MS = 250.0
NAMES = ["Ana", "Benedek", "Cleo", "Dávid", "Eszter"]


@dataclass
class Table:
    """One game of the bench: its shadow state (to pick legal moves) and its next move."""

    game: RandomGame
    next_move: str = ""

    @property
    def game_id(self) -> int:
        return self.game.last.game.id

    @property
    def over(self) -> bool:
        return self.game.last.game.to_move_id is None

    def prepare(self) -> None:
        if not self.over:
            self.next_move = self.game.pick()


@dataclass
class Step:
    """The turns of one rate."""

    rate: int
    turn_ms: list[float] = field(default_factory=list)
    saturated: bool = False
    sent: int = 0
    seconds: float = 0.0

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.turn_ms)
        return {
            "rate": self.rate, "turns": len(ordered), "saturated": self.saturated,
            "done_per_s": round(len(ordered) / self.seconds, 1) if self.seconds else 0.0,
            "turn_ms_p50": round(statistics.median(ordered), 1) if ordered else None,
            "turn_ms_p99": round(percentile(ordered, 0.99), 1) if ordered else None,
        }


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def open_game(service: GameService, index: int, rng: random.Random) -> Table:
    kind, players = KINDS[index % len(KINDS)]
    table = Table(await start_game(service, kind, players, channel=100 + index, seed=index))
    for _ in range(rng.randint(0, 40 if kind == "alcazar" else 12)):
        if table.over:
            break
        await play(service, table)
    table.prepare()
    return table


async def play(service: GameService, table: Table, move: str | None = None) -> None:
    """One move (a random one unless given) through the service, no image; the shadow state follows."""
    game = table.game.last.game
    assert game.to_move_id is not None, "only games in play are driven"
    result = await service.turns.play(game.id, game.to_move_id, move or table.game.pick(), game.version)
    assert isinstance(result, Accepted), result
    table.game.follow(result)


async def open_games(service: GameService, count: int, rng: random.Random) -> list[Table]:
    tables: list[Table] = []
    batch = 25
    for first in range(0, count, batch):
        tables += await asyncio.gather(*(open_game(service, i, rng) for i in range(first, min(count, first + batch))))
    return [t for t in tables if not t.over]


async def turn(service: GameService, table: Table) -> None:
    """A move as the bot handles it: play, then the board image from the public view."""
    await play(service, table, table.next_move)
    board = await service.records.board_view(table.game_id)
    assert isinstance(board, BoardView), board
    png = await images.board_png(board.game.kind, board.view, NAMES[:len(board.game.players)])
    assert png.startswith(b"\x89PNG")


async def run_rate(service: GameService, idle: list[Table], rate: int, seconds: float,
                   give_up: float, rng: random.Random) -> Step:
    loop = asyncio.get_running_loop()
    step = Step(rate)
    pending: dict[asyncio.Task[None], float] = {}

    async def one(table: Table, due: float) -> None:
        try:
            await turn(service, table)
            step.turn_ms.append((loop.time() - due) * 1000)
        finally:
            table.prepare()
            if not table.over:
                idle.append(table)

    began = loop.time()
    total = int(rate * seconds)
    for i in range(total):
        due = began + i / rate
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        if pending and loop.time() - min(pending.values()) > give_up:
            step.saturated = True
            break
        if not idle:
            # every game busy counts as saturated too: the table cannot take more
            step.saturated = True
            break
        table = idle.pop(rng.randrange(len(idle)))
        task = asyncio.create_task(one(table, due))
        pending[task] = due
        task.add_done_callback(pending.pop)
        step.sent += 1
    if pending:
        await asyncio.gather(*pending)
    step.seconds = loop.time() - began
    # finishing the backlog well after the last move was due is saturation too
    step.saturated = step.saturated or step.seconds > seconds + give_up
    return step


#: The games the service holds when the footprint is measured.
GAMES_CACHED: list[int] = []


def views_of_an_empty_board() -> tuple[str, Any, list[str]]:
    from bot.games import get_game

    engine = get_game("alcazar1978")
    return "alcazar1978", engine.view(engine.new_game(players=2, seed=1, options={}), None), NAMES[:2]


async def first_board(service: GameService, tables: list[Table]) -> tuple[str, Any, list[str]]:
    board = await service.records.board_view(tables[0].game_id)
    assert isinstance(board, BoardView), board
    return board.game.kind, board.view, NAMES[:len(board.game.players)]


def render_median() -> float:
    """The Alcazar board alone, in this process, on the positions ``bench/render.py`` uses."""
    views = [public for players in (2, 3, 4, 5) for public, _ in positions("alcazar", players, 15, players * 100)]
    alcazar.board(views[0], names=NAMES)
    times = []
    for view in views:
        began = time.perf_counter()
        alcazar.board(view, names=NAMES)
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


async def render_in_workers() -> dict[str, float]:
    """The Alcazar board as the bot draws it, in a worker (the trip there and back included), beside
    a bare PNG encode of the same canvas in this process, in the same run: the footprint's cuts must
    not make the workers draw slower."""
    import io

    views = [public for players in (2, 3, 4, 5) for public, _ in positions("alcazar", players, 5, players * 100)]
    worker_ms, encode_ms = [], []
    for view in views:
        names = NAMES[:len(view["players"])]
        began = time.perf_counter()
        await images.board_png("alcazar", view, names)
        worker_ms.append((time.perf_counter() - began) * 1000)
        canvas = alcazar.board_image(view)
        began = time.perf_counter()
        canvas.save(io.BytesIO(), "PNG")
        encode_ms.append((time.perf_counter() - began) * 1000)
    return {"board_in_worker_ms_median": round(statistics.median(worker_ms), 2),
            "bare_encode_ms_median": round(statistics.median(encode_ms), 2)}


def rss_mb(pid: int | str = "self", field: str = "Rss:") -> float:
    """Resident memory of a process; ``Pss:`` shares the pages workers have in common among them."""
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    return 0.0


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    rng = random.Random(13)
    store = await open_store(folder / "load.sqlite3")
    service = GameService(store, FakeClock())
    images.start_images()
    try:
        await images.board_png(*views_of_an_empty_board())     # the workers have started
        gc.collect()
        before_games_mb = rss_mb(os.getpid(), "Pss:")
        began = time.perf_counter()
        tables = await open_games(service, args.games, rng)
        GAMES_CACHED[:] = [t.game_id for t in tables]
        setup_s = time.perf_counter() - began
        print(f"{len(tables)} active games opened in {setup_s:.1f} s", file=sys.stderr, flush=True)
        await images.board_png(*await first_board(service, tables))    # the workers have started and drawn
        idle_footprint = footprint(before_games_mb)
        print(json.dumps(idle_footprint), file=sys.stderr, flush=True)
        if args.footprint_only:
            return {**idle_footprint, **await render_in_workers()}
        render_ms = render_median()

        steps: list[Step] = []
        idle = list(tables)
        for rate in args.rates:
            step = await run_rate(service, idle, rate, args.seconds, args.give_up, rng)
            steps.append(step)
            print(json.dumps(step.figures()), file=sys.stderr, flush=True)
            if step.saturated:
                break
        workers = images.worker_pids()
        return figures(steps, render_ms, setup_s, len(tables), workers, idle_footprint)
    finally:
        await images.stop_images()
        await store.close()


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``: the image workers, the fork server they come from, its helpers."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            children = [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def footprint(before_games_mb: float | None = None) -> dict[str, Any]:
    """PSS of this process (the service and its cached games) and of every process below it, in MB,
    with where it goes.

    PSS shares each page among the processes that map it, so the sum is what
    the bot and its workers take from the machine together. The breakdown: the
    fork server, each image worker (and what it holds alone, ``Private_Dirty``),
    multiprocessing's resource tracker, and this process before and after its
    games were opened (``cached_games_mb``: the service's cache of games, and
    also this bench's own table of each game with its shadow state and last
    result, so an upper bound of what the cache takes).
    """
    gc.collect()
    bot = rss_mb(os.getpid(), "Pss:")
    below = {pid: rss_mb(pid, "Pss:") for pid in descendants(os.getpid())}
    workers = set(images.worker_pids())
    roles: dict[str, list[int]] = {"fork_server": [], "workers": [], "other": []}
    for pid in below:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        role = "workers" if pid in workers else "fork_server" if b"forkserver" in cmdline else "other"
        roles[role].append(pid)
    figures: dict[str, Any] = {
        "total_pss_mb": round(bot + sum(below.values()), 1), "bot_pss_mb": round(bot, 1),
        "workers_pss_mb": round(sum(below.values()), 1),
        "fork_server_pss_mb": round(sum(below[p] for p in roles["fork_server"]), 1),
        "each_worker_pss_mb": [round(below[p], 1) for p in sorted(roles["workers"])],
        "each_worker_private_mb": [round(rss_mb(p, "Private_Dirty:"), 1) for p in sorted(roles["workers"])],
        "resource_tracker_pss_mb": round(sum(below[p] for p in roles["other"]), 1),
    }
    if before_games_mb is not None:
        games = len(GAMES_CACHED)
        figures["bot_pss_before_games_mb"] = round(before_games_mb, 1)
        figures["cached_games_mb"] = round(bot - before_games_mb, 1)
        figures["per_cached_game_kb"] = round((bot - before_games_mb) * 1024 / max(1, games), 1)
    return figures


def figures(steps: list[Step], render_ms: float, setup_s: float, games: int,
            workers: list[int], idle: dict[str, float]) -> dict[str, Any]:
    within = [s.rate for s in steps
              if not s.saturated and s.turn_ms and percentile(sorted(s.turn_ms), 0.99) < BUDGET_P99_MS]
    at_50 = next((s.figures() for s in steps if s.rate == 50), {})
    cpus = os.cpu_count() or 1
    return {
        "max_rate_p99_250ms": max(within, default=0),
        # The turns a second sustained over what the CPUs could draw if they did nothing but boards.
        "cpu_ratio": round(max(within, default=0) / (cpus / (render_ms / 1000)), 3),
        "turn_ms_p50": at_50.get("turn_ms_p50"),
        "turn_ms_p99": at_50.get("turn_ms_p99"),
        "render_ms_median": round(render_ms, 2),
        "rss_mb": round(rss_mb(), 1),
        "worker_pss_mb": round(sum(rss_mb(pid, "Pss:") for pid in workers), 1),
        **idle,
        "games": games,
        "setup_s": round(setup_s, 1),
        "cpus": os.cpu_count(),
        "rates": [s.figures() for s in steps],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=8.0, help="how long moves arrive at each rate")
    parser.add_argument("--rates", type=lambda s: [int(r) for r in s.split(",")],
                        default=[10, 25, 50, 100, 150, 200])
    parser.add_argument("--give-up", type=float, default=3.0,
                        help="a rate is saturated once a turn has waited this long (seconds)")
    parser.add_argument("--footprint-only", action="store_true",
                        help="measure the memory idle with the games cached, and stop")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database (default: temporary)")
    args = parser.parse_args()
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        result = asyncio.run(run(args, args.dir))
    else:
        with tempfile.TemporaryDirectory() as folder:
            result = asyncio.run(run(args, Path(folder)))
    if args.footprint_only:
        print(json.dumps(result))
        return
    print_summary(f"max rate with turn p99 under {BUDGET_P99_MS:.0f} ms: {result['max_rate_p99_250ms']}/s; "
                  f"at 50/s p50 {result['turn_ms_p50']} ms, p99 {result['turn_ms_p99']} ms; "
                  f"Alcazar board alone {result['render_ms_median']} ms, cpu ratio {result['cpu_ratio']}; "
                  f"RSS {result['rss_mb']} MB", result)


if __name__ == "__main__":
    main()
