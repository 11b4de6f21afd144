"""A full garbage collection in the running bot: discord.py's caches filled, the engines' tables loaded,
thousands of games cached.

    TMPDIR=/dev/shm .venv/bin/python bench/collector.py [--guilds 500] [--channels 20] [--games 5000]

The real bot (``AlcazarBot``) logs into the fake Discord of the tests, which
runs in a process of its own, so that this process holds the bot alone; the
fake puts the bot in ``--guilds`` servers of ``--channels`` channels each
(discord.py caches every one, with its roles and permissions). Once the bot
is ready, a full ``gc.collect()`` is timed (the median of five) and the
objects it walks counted, as the bot is at the end of its start-up; then
start-up is frozen out of the collector's reach as ``python -m bot`` does
(``bot/collector.py``), and timed again; then ``--games`` games are opened
through the bot's service and held by its cache (``bench/opening.py``), and
timed again. ``--unpacked N`` holds N cached games as objects, and
``--no-freeze`` leaves start-up in the collector's reach, to compare.

The last line is one JSON object: ``gc_full_ms_at_ready``,
``gc_full_ms_frozen`` and ``gc_full_ms`` (with the games cached), each with
the objects it walked (``tracked_*``), and ``render_ms_median`` (the Alcazar
board alone, in this process) for the budget: a full collection within two
board renders (``gc_budget_ms``).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "discord"))

from figures import print_summary  # noqa: E402
from load import render_median  # noqa: E402
from opening import open_games  # noqa: E402

from bot.collector import freeze_start_up, full_collection_ms  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.discord import AlcazarBot  # noqa: E402
from bot.service import FakeClock  # noqa: E402
from bot.service.cache import GameCache  # noqa: E402


def serve_fake(guilds: int, channels: int, pipe: Connection) -> None:
    """The fake Discord, in a process of its own, until the bench says stop."""
    from fake_discord import FakeDiscord

    async def serve() -> None:
        fake = FakeDiscord()
        for number in range(guilds):
            guild = fake.add_guild(f"server-{number}")
            for channel in range(channels):
                fake.add_channel(f"table-{channel}", guild=guild)
        await fake.start()
        pipe.send((fake.token, fake.api_base, fake.gateway_url, fake.guild.id))
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        await fake.stop()

    asyncio.run(serve())


def collection() -> dict[str, Any]:
    """A full collection now: the median of five, and the objects it walks."""
    runs = [full_collection_ms() for _ in range(5)]
    return {"ms": round(statistics.median(runs), 2), "tracked": len(gc.get_objects())}


async def run(args: argparse.Namespace, folder: Path, fake: tuple[str, str, str, int]) -> dict[str, Any]:
    token, api_base, gateway_url, guild_id = fake
    settings = Settings(discord_token=token, database_path=folder / "alcazar.sqlite3", dev_guild_id=guild_id,
                        api_base_url=api_base, gateway_url=gateway_url,
                        game_cache_size=max(args.games, Settings.game_cache_size))
    bot = AlcazarBot(settings, clock=FakeClock(), reminder_interval=None, guild_ready_timeout=0.05)
    running = asyncio.create_task(bot.start(token))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 120)
        if args.unpacked is not None:
            bot.service.core.live = GameCache(bot.service.core.cache_size, args.unpacked)
        at_ready = collection()
        guilds = len(bot.guilds)
        if not args.no_freeze:
            freeze_start_up()
        frozen = collection()
        began = time.perf_counter()
        games = await open_games(bot.service, args.games, args.positions, continuation=0)
        setup_s = time.perf_counter() - began
        cached = collection()
    finally:
        await bot.close()
        await asyncio.wait_for(running, 30)
    render_ms = render_median()
    return {
        "gc_full_ms_at_ready": at_ready["ms"], "tracked_at_ready": at_ready["tracked"],
        "gc_full_ms_frozen": frozen["ms"], "tracked_frozen": frozen["tracked"],
        "gc_full_ms": cached["ms"], "tracked_with_games": cached["tracked"],
        "frozen_objects": gc.get_freeze_count(),
        "render_ms_median": round(render_ms, 2), "gc_budget_ms": round(2 * render_ms, 2),
        "guilds": guilds, "channels_per_guild": args.channels, "games": len(games),
        "games_cached": len(bot.service.core.live),
        "unpacked": args.unpacked, "frozen": not args.no_freeze, "setup_s": round(setup_s, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guilds", type=int, default=500)
    parser.add_argument("--channels", type=int, default=20, help="channels in each guild")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--unpacked", type=int, default=None, help="cached games held unpacked (to compare)")
    parser.add_argument("--no-freeze", action="store_true", help="leave start-up in the collector's reach")
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    server = context.Process(target=serve_fake, args=(args.guilds, args.channels, theirs), daemon=True)
    server.start()
    try:
        fake = ours.recv()
        with tempfile.TemporaryDirectory() as folder:
            result = asyncio.run(run(args, Path(folder), fake))
    finally:
        ours.send("stop")
        server.join(30)
    print_summary(f"full collection in the running bot: {result['gc_full_ms_at_ready']} ms at ready "
                  f"({result['tracked_at_ready']} objects), {result['gc_full_ms_frozen']} ms once frozen, "
                  f"{result['gc_full_ms']} ms with {result['games']} games cached "
                  f"(budget {result['gc_budget_ms']} ms)", result)


if __name__ == "__main__":
    main()
