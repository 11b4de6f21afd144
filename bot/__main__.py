"""``python -m bot`` (or the ``alcazar-bot`` console script): run the Discord bot."""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from typing import Any, TextIO

from bot.collector import freeze_once_ready
from bot.config import ConfigError, Settings, load_settings
from bot.telemetry.logs import log_handler

#: Libraries whose chatter stays at INFO even when the bot debugs (their DEBUG lines are safe all the same).
CHATTY = ("discord", "aiosqlite")


def configure_logging(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """Log ``LOG_FORMAT`` lines at ``LOG_LEVEL`` to ``stream`` (stderr), no secret in any; returns the handler.

    Called again, it replaces the handler it added before and leaves any other alone.
    """
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "alcazar", False)]:
        root.removeHandler(old)
    handler = log_handler(settings.log_format, [settings.discord_token], stream)
    handler.alcazar = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(settings.log_level)
    for name in CHATTY:
        logging.getLogger(name).setLevel(max(settings.log_level, logging.INFO))
    # psycopg_pool warns at every attempt to reconnect during an outage (each second or few);
    # the store says once that the database is unavailable, with the reason, and once that it is back.
    logging.getLogger("psycopg.pool").setLevel(max(settings.log_level, logging.ERROR))
    return handler


async def run(settings: Settings, **bot_options: Any) -> None:
    """Run the bot until it is closed; ``bot_options`` go to ``AlcazarBot`` (a clock, in tests).

    The web board runs beside it when ``WEB_URL`` is set (in the process running shard 0: ``bot/edges.py``)."""
    from bot.discord import AlcazarBot
    from bot.edges import edges_for

    bot_options.setdefault("edges", edges_for(settings))
    async with AlcazarBot(settings, **bot_options) as bot:
        _close_on_signals(bot)
        # The process's start-up ends once the bot is ready: freeze what it loaded (``bot/collector.py``).
        settling = asyncio.create_task(freeze_once_ready(bot))
        try:
            await bot.start(settings.discord_token)
        finally:
            # ``start`` returns once the gateway is closed, before the rest is released: wait for all
            # of it here, or ``asyncio.run`` cancels the closing half way (the database left open).
            settling.cancel()
            await bot.close()


def _close_on_signals(bot: Any) -> None:
    """SIGTERM (from the supervisor or a service manager) and Ctrl-C close the bot cleanly."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Future[None]] = set()   # a reference, so the task is not collected half way

    def close() -> None:
        closing.add(asyncio.ensure_future(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, close)
        except NotImplementedError:   # Windows: no signal handlers on the event loop; Ctrl-C still interrupts
            pass


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python3 manage.py run", description="Run the Alcazar Discord bot.")
    parser.add_argument("--processes", type=int, default=None, metavar="N",
                        help="run N bot processes, each with its share of the gateway shards, and restart any "
                             "that dies (needs DATABASE_URL; SHARD_COUNT defaults to N)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Start the bot (or, with ``--processes N``, N of them); exit with a short explanation when it cannot start."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    configure_logging(settings)
    if arguments.processes is not None:
        from bot.supervisor import supervise

        return supervise(settings, arguments.processes)
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except Exception as error:  # a bad token, no network, a refused sync: say what happened in one line
        from bot.start_failures import explain

        explained = explain(error, settings)
        if explained is None:
            raise
        print(explained.line, file=sys.stderr)
        return explained.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
