"""Turns per second on one machine: many active games, moves arriving at a fixed rate.

    .venv/bin/python bench/load.py [--games 1000] [--seconds 8] [--positions 200]
    TMPDIR=/dev/shm .venv/bin/python bench/load.py --games 5000

Opens ``--games`` games of both kinds (Alcazar with 2 to 5 players, Alcazar
(1978)) through the real ``GameService`` on a SQLite file (in ``TMPDIR``: on a
machine whose disk stalls now and then on the WAL's fsync, the turns' p99 is the
disk's; ``TMPDIR=/dev/shm`` leaves the CPU side alone), each with a few random
moves played so the boards are not all empty (``bench/opening.py``: dealt from
``--positions`` seeds whose moves are worked out once, in worker processes, and
written as the service writes a move; 5,000 games open in a minute or two).
Before the games, as the bot does once it is ready, what start-up loaded is
frozen out of the garbage collector's reach (``bot/collector.py``); the
collector itself runs as it does in the bot, never switched off.

The rates are 10 %, 20 %, ... 100 % of the render-bound limit measured in the
same run (``cpus / render time``: the boards the CPUs could draw doing nothing
else). At each, moves arrive open loop (one every 1/rate seconds, whether or
not the earlier ones are done) for ``--seconds``; each goes to the game played
longest ago. A turn is what the bot does for a move: ``service.turns.play``,
then ``service.records.board_view`` and the board image exactly as the bot
draws it (``bot.discord.images.board_png``). A turn's time runs from when its
move was due, so a late start counts. A rate whose oldest unfinished turn waits
more than ``--give-up`` seconds is saturated: no more moves are sent, the
backlog is finished, and higher rates are not tried.

The last line is one JSON object: ``max_rate_p99_250ms`` (the highest rate
whose turn p99 stays under 250 ms) and ``cpu_ratio`` (that rate over the
render-bound limit ``limit_per_s``; budget at least 0.5), ``turn_ms_p50`` and
``turn_ms_p99`` at that rate, ``render_ms_median`` (the Alcazar board alone,
drawn here in this process); the collector's figures: ``gc_pause_ms_max`` (the
longest collection during the rated steps, timed through ``gc.callbacks``;
``gc_pause_cpu_ms_max`` the longest in the thread's CPU time, which leaves out
the time other processes took the CPU meanwhile; ``gc_pauses``: how many of
each generation and the longest of each; ``_within``: the same over the rates
within the p99 budget only; beyond what the machine sustains, moves pile up,
hundreds of them, and wait at the service's door as moves, not as turns worked
out, ``bot/service/admission.py``; ``most_at_door`` in each rate's figures:
the most that waited there),
``gc_full_ms`` (a full ``gc.collect()`` with the games cached, idle: the median
of five), both within ``gc_budget_ms`` = 2 x ``render_ms_median``, and
``tracked_objects`` (what a full collection walks then, the frozen aside);
``rss_mb`` (this process, which holds the service's games; ``worker_pss_mb`` is
the image workers' own share), ``total_pss_mb`` (this process and every process
below it, the image workers and their fork server, idle with the games cached,
before the rates; budget 250 MB with 1,000 games) with where it goes (the fork
server, each worker, the bot before and after its games) and the figures of
every rate. ``--footprint-only`` adds ``board_in_worker_ms_median`` (the
Alcazar board drawn in a worker, the trip included) beside
``bare_encode_ms_median`` (a bare PNG encode of the same canvas, same run).

For comparison, ``--no-freeze`` leaves start-up in the collector's reach and
``--unpacked N`` holds N cached games unpacked (``bot/service/cache.py``;
``--unpacked 5000 --no-freeze`` is the bot as it was before both).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import print_summary  # noqa: E402
from opening import Game, done, game_id, next_move, open_games, played, turns_per_game  # noqa: E402
from render import positions  # noqa: E402

from bot.collector import freeze_start_up, full_collection_ms  # noqa: E402
from bot.discord import images  # noqa: E402
from bot.service import Accepted, BoardView, FakeClock, GameService  # noqa: E402
from bot.service.cache import GameCache  # noqa: E402
from bot.store import open_store  # noqa: E402
from renderer import alcazar  # noqa: E402

BUDGET_P99_MS = 250.0
NAMES = ["Ana", "Benedek", "Cleo", "Dávid", "Eszter"]


@dataclass
class Step:
    """The turns of one rate."""

    rate: float
    turn_ms: list[float] = field(default_factory=list)
    saturated: bool = False
    sent: int = 0
    seconds: float = 0.0
    gc_longest: tuple[float, float] = (0.0, 0.0)     # the longest collection meanwhile: ms, CPU ms
    most_at_door: int = 0       # the most moves waiting at the service's door as a move was sent

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.turn_ms)
        return {
            "rate": self.rate, "turns": len(ordered), "saturated": self.saturated,
            "done_per_s": round(len(ordered) / self.seconds, 1) if self.seconds else 0.0,
            "turn_ms_p50": round(statistics.median(ordered), 1) if ordered else None,
            "turn_ms_p99": round(percentile(ordered, 0.99), 1) if ordered else None,
            "gc_pause_ms_max": round(self.gc_longest[0], 2), "gc_pause_cpu_ms_max": round(self.gc_longest[1], 2),
            "most_at_door": self.most_at_door,
        }

    @property
    def within(self) -> bool:
        return not self.saturated and bool(self.turn_ms) and percentile(sorted(self.turn_ms), 0.99) < BUDGET_P99_MS


class Pauses:
    """The collector's pauses, timed through ``gc.callbacks`` while ``counting``: how many of each
    generation, the longest of each (ms), and the longest in CPU time of the thread (a machine whose
    other processes take the CPU away mid-collection lengthens the first, not the second)."""

    def __init__(self) -> None:
        self.counting = False
        self.began = (0.0, 0.0)
        self.count = [0, 0, 0]
        self.longest_ms = [0.0, 0.0, 0.0]
        self.longest_cpu_ms = [0.0, 0.0, 0.0]

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = (time.perf_counter(), time.thread_time())
        elif self.counting:
            generation = info["generation"]
            self.count[generation] += 1
            wall, cpu = time.perf_counter() - self.began[0], time.thread_time() - self.began[1]
            self.longest_ms[generation] = max(self.longest_ms[generation], wall * 1000)
            self.longest_cpu_ms[generation] = max(self.longest_cpu_ms[generation], cpu * 1000)

    def longest(self) -> tuple[float, float]:
        return max(self.longest_ms), max(self.longest_cpu_ms)

    def figures(self) -> dict[str, Any]:
        return {f"gen{g}": {"count": self.count[g], "longest_ms": round(self.longest_ms[g], 2),
                            "longest_cpu_ms": round(self.longest_cpu_ms[g], 2)} for g in range(3)}


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def turn(service: GameService, game: Game) -> bool:
    """A move as the bot handles it: play, then the board image from the public view. True when the
    game goes on."""
    user, move = next_move(game)
    result = await service.turns.play(game_id(game), user, move)
    assert isinstance(result, Accepted), result
    board = await service.records.board_view(game_id(game))
    assert isinstance(board, BoardView), board
    png = await images.board_png(board.game.kind, board.view, NAMES[:len(board.game.players)])
    assert png.startswith(b"\x89PNG")
    return result.game.to_move_id is not None


async def run_rate(service: GameService, waiting: deque[Game], rate: float, seconds: float,
                   give_up: float) -> Step:
    loop = asyncio.get_running_loop()
    step = Step(rate)
    pending: dict[asyncio.Task[None], float] = {}

    async def one(game: Game, due: float) -> None:
        goes_on = False
        try:
            goes_on = await turn(service, game)
            step.turn_ms.append((loop.time() - due) * 1000)
        finally:
            game = played(game)
            if goes_on and not done(game):
                waiting.append(game)

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
        if not waiting:
            # every game busy counts as saturated too: the table cannot take more
            step.saturated = True
            break
        task = asyncio.create_task(one(waiting.popleft(), due))
        pending[task] = due
        task.add_done_callback(pending.pop)
        step.sent += 1
        step.most_at_door = max(step.most_at_door, service.core.moves_admission.waiting)
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


async def first_board(service: GameService, games: list[Game]) -> tuple[str, Any, list[str]]:
    board = await service.records.board_view(game_id(games[0]))
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
    store = await open_store(folder / "load.sqlite3")
    service = GameService(store, FakeClock(), cache_size=max(args.games, GameService.CACHE_SIZE))
    if args.unpacked is not None:
        service.core.live = GameCache(service.core.cache_size, args.unpacked)
    images.start_images()
    try:
        await images.board_png(*views_of_an_empty_board())     # the workers have started
        render_ms = render_median()
        limit = (os.cpu_count() or 1) / (render_ms / 1000)
        rates = [round(limit * tenth / 10, 1) for tenth in range(1, 11)]
        gc.collect()
        before_games_mb = rss_mb(os.getpid(), "Pss:")
        if not args.no_freeze:
            freeze_start_up()       # as the bot does once it is ready
        began = time.perf_counter()
        games = await open_games(service, args.games, args.positions, turns_per_game(rates, args.seconds, args.games))
        games = [game for game in games if not done(game)]
        GAMES_CACHED[:] = [game_id(game) for game in games]
        setup_s = time.perf_counter() - began
        print(f"{len(games)} active games opened in {setup_s:.1f} s", file=sys.stderr, flush=True)
        await images.board_png(*await first_board(service, games))    # the workers have started and drawn
        idle_footprint = footprint(before_games_mb)
        print(json.dumps(idle_footprint), file=sys.stderr, flush=True)
        if args.footprint_only:
            return {**idle_footprint, **await render_in_workers()}
        collector = collector_figures()
        print(json.dumps(collector), file=sys.stderr, flush=True)

        pauses = Pauses()
        gc.callbacks.append(pauses)
        steps: list[Step] = []
        waiting = deque(games)
        try:
            for rate in rates:
                this_rate = Pauses()
                gc.callbacks.append(this_rate)
                pauses.counting = this_rate.counting = True
                step = await run_rate(service, waiting, rate, args.seconds, args.give_up)
                pauses.counting = False
                gc.callbacks.remove(this_rate)
                step.gc_longest = this_rate.longest()
                steps.append(step)
                print(json.dumps({**step.figures(), "gc": this_rate.figures()}), file=sys.stderr, flush=True)
                if step.saturated:
                    break
        finally:
            gc.callbacks.remove(pauses)
        workers = images.worker_pids()
        return figures(steps, render_ms, limit, pauses, collector, setup_s, len(games), workers, idle_footprint)
    finally:
        await images.stop_images()
        await store.close()


def collector_figures() -> dict[str, Any]:
    """A full collection with the games cached, idle (the median of five), and what it walks."""
    runs = [full_collection_ms() for _ in range(5)]
    return {"gc_full_ms": round(statistics.median(runs), 2), "gc_full_ms_runs": [round(r, 2) for r in runs],
            "tracked_objects": len(gc.get_objects()), "frozen_objects": gc.get_freeze_count()}


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
    also this bench's own few bytes a game, so an upper bound of what the cache takes).
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


def figures(steps: list[Step], render_ms: float, limit: float, pauses: Pauses, collector: dict[str, Any],
            setup_s: float, games: int, workers: list[int], idle: dict[str, float]) -> dict[str, Any]:
    within = [s for s in steps if s.within]
    best = max(within, key=lambda s: s.rate, default=None)
    at_best = best.figures() if best is not None else {}
    return {
        "max_rate_p99_250ms": best.rate if best is not None else 0,
        # The turns a second sustained over what the CPUs could draw if they did nothing but boards.
        "cpu_ratio": round((best.rate if best is not None else 0) / limit, 3),
        "limit_per_s": round(limit, 1),
        "turn_ms_p50": at_best.get("turn_ms_p50"),
        "turn_ms_p99": at_best.get("turn_ms_p99"),
        "render_ms_median": round(render_ms, 2),
        "gc_pause_ms_max": round(max(pauses.longest_ms), 2),
        "gc_pause_cpu_ms_max": round(max(pauses.longest_cpu_ms), 2),
        # The same at the rates within the budget, whose backlog stays short.
        "gc_pause_ms_max_within": round(max((s.gc_longest[0] for s in within), default=0.0), 2),
        "gc_pause_cpu_ms_max_within": round(max((s.gc_longest[1] for s in within), default=0.0), 2),
        **collector,
        "gc_budget_ms": round(2 * render_ms, 2),
        "gc_pauses": pauses.figures(),
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
    parser.add_argument("--positions", type=int, default=200,
                        help="the games are dealt from this many seeds (their random moves worked out once each)")
    parser.add_argument("--seconds", type=float, default=8.0, help="how long moves arrive at each rate")
    parser.add_argument("--give-up", type=float, default=3.0,
                        help="a rate is saturated once a turn has waited this long (seconds)")
    parser.add_argument("--footprint-only", action="store_true",
                        help="measure the memory idle with the games cached, and stop")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave what start-up loaded in the collector's reach (for comparison)")
    parser.add_argument("--unpacked", type=int, default=None,
                        help="cached games held unpacked (default: the service's; for comparison)")
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
    print_summary(f"max rate with turn p99 under {BUDGET_P99_MS:.0f} ms: {result['max_rate_p99_250ms']}/s "
                  f"of {result['limit_per_s']}/s, cpu ratio {result['cpu_ratio']}; "
                  f"Alcazar board alone {result['render_ms_median']} ms; longest collection "
                  f"{result['gc_pause_ms_max']} ms, a full one {result['gc_full_ms']} ms "
                  f"(budget {result['gc_budget_ms']} ms); {result['games']} games; RSS {result['rss_mb']} MB", result)


if __name__ == "__main__":
    main()
