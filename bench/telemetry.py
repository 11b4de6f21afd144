"""What the host's metrics and safe logs cost the bot, per move and per log line.

Times, on this machine, what the bot adds to one move for ``/metrics``: the
moves counter, the interaction's answer time, the board's time, two image
times and the HTTP responses a move brings (the acknowledgement, the board
post, the old board's edit, the follow-up, three hand DMs: 7, each through the
real ``aiohttp.TraceConfig`` callback); and what the secret filter adds to one
log record, for a line of the bot's own and for a discord.py DEBUG line with
a message body. Also times one ``/metrics`` answer (``generate_latest``) after
10,000 moves, and what the table's line for an interaction (``bot.telemetry.work``)
adds to one, at INFO (nothing logged) and at DEBUG, among 2,000 waiting tasks.

    .venv/bin/python bench/telemetry.py [--moves 20000]

The last line printed is one JSON object with the figures.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import logging
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yarl  # noqa: E402
from figures import print_figures  # noqa: E402

from bot.discord.monitor import http_trace  # noqa: E402
from bot.telemetry import Metrics, about, run_interaction  # noqa: E402
from bot.telemetry.logs import log_handler  # noqa: E402

ROUTES = ["/api/v10/interactions/{ia}/tok-en/callback", "/api/v10/channels/1234/messages",
          "/api/v10/channels/1234/messages/5678", "/api/v10/webhooks/42/tok-en/messages/@original",
          "/api/v10/channels/99/messages/100", "/api/v10/channels/98/messages/101", "/api/v10/channels/97/messages/102"]


async def one_move(metrics: Metrics, on_request_end: object, responses: list[SimpleNamespace]) -> None:
    metrics.move_played("alcazar", by_computer=False)
    metrics.board_posted_after(0.2)
    metrics.image_drawn("board", 0.05)
    metrics.image_drawn("hand", 0.03)
    for params in responses:     # aiohttp hands the callback its URL and response: built once here
        await on_request_end(None, None, params)  # type: ignore[operator]


async def time_moves(moves: int) -> tuple[float, float]:
    metrics = Metrics()
    trace = http_trace(metrics)
    [on_request_end] = trace.on_request_end
    interaction_id = (int((time.time() * 1000) - 1420070400000) << 22)
    responses = [SimpleNamespace(method="POST", url=yarl.URL("http://127.0.0.1" + route.format(ia=interaction_id)),
                                 response=SimpleNamespace(status=200)) for route in ROUTES]
    started = time.perf_counter()
    for _ in range(moves):
        await one_move(metrics, on_request_end, responses)
    per_move = (time.perf_counter() - started) / moves
    for _ in range(max(0, 10_000 - moves)):
        await one_move(metrics, on_request_end, responses)
    started = time.perf_counter()
    for _ in range(20):
        metrics.exposition()
    return per_move, (time.perf_counter() - started) / 20


def time_records(count: int, *, filtered: bool) -> tuple[float, float]:
    """Seconds per record through a JSON handler for a bot line and a discord.http DEBUG line."""
    handler = log_handler("json", ["a-token"], io.StringIO())
    if not filtered:
        handler.filters.clear()
    bot_log, http_log = logging.getLogger("bench.bot"), logging.getLogger("discord.http.bench")
    body = {"content": "**Your hand in Alcazar**\nCards: 3, 12, 21", "embeds": [], "components": []}
    figures = []
    for logger, emit in ((bot_log, lambda: bot_log.info("Synced %d command(s)", 1)),
                         (http_log, lambda: http_log.debug("%s %s with %s has returned %s", "POST",
                                                           "http://x/api/v10/channels/1/messages", body, 200))):
        logger.handlers, logger.propagate = [handler], False
        logger.setLevel(logging.DEBUG)
        with about(game_id=12, guild_id=34, user_id=56, command="alcazar move"):
            started = time.perf_counter()
            for _ in range(count):
                emit()
            figures.append((time.perf_counter() - started) / count)
    return figures[0], figures[1]


async def time_interactions(count: int, level: int, waiting: int = 2000) -> float:
    """Seconds per interaction that ``run_interaction`` adds: its parsing starts one task, as a command's does."""
    logger = logging.getLogger("bot.table")
    logger.handlers, logger.propagate = [log_handler("json", ["a-token"], io.StringIO())], False
    logger.setLevel(level)
    idle = [asyncio.create_task(asyncio.sleep(3600)) for _ in range(waiting)]   # a busy bot's tasks

    async def command() -> None:
        await asyncio.sleep(0)

    async def batch(wrapped: bool) -> float:
        started = time.perf_counter()
        for _ in range(count):
            def parse() -> None:
                asyncio.create_task(command())
            if wrapped:
                run_interaction("interaction alcazar move", parse)
            else:
                parse()
            await asyncio.sleep(0)      # the task runs and ends: its line is written
        return (time.perf_counter() - started) / count

    with about(guild_id=34, user_id=56, command="alcazar move"):
        bare, wrapped = await batch(False), await batch(True)
    for task in idle:
        task.cancel()
    await asyncio.gather(*idle, return_exceptions=True)
    return wrapped - bare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20_000)
    arguments = parser.parse_args()
    per_move, exposition = asyncio.run(time_moves(arguments.moves))
    bot_line, http_line = time_records(20_000, filtered=True)
    bot_bare, http_bare = time_records(20_000, filtered=False)
    table_info = asyncio.run(time_interactions(20_000, logging.INFO))
    table_debug = asyncio.run(time_interactions(20_000, logging.DEBUG))
    figures = {
        "metrics_us_per_move": round(per_move * 1e6, 1),
        "metrics_exposition_ms": round(exposition * 1e3, 2),
        "log_line_us": round(bot_line * 1e6, 1), "log_line_unfiltered_us": round(bot_bare * 1e6, 1),
        "http_debug_line_us": round(http_line * 1e6, 1), "http_debug_line_unfiltered_us": round(http_bare * 1e6, 1),
        "table_line_per_interaction_info_us": round(table_info * 1e6, 1),
        "table_line_per_interaction_debug_us": round(table_debug * 1e6, 1),
    }
    print_figures(figures)   # each filtered line's time beside its unfiltered baseline


if __name__ == "__main__":
    main()
