"""One bot process for the multi-process tests, started as a real subprocess.

It runs the bot as ``python -m bot`` does (settings from the environment:
DATABASE_URL, SHARD_COUNT, SHARD_IDS, the fake Discord's URLs), with two
things injected for the tests: the clock reads the time from the file named by
ALCAZAR_TEST_CLOCK (the test moves it forward; nothing sleeps), and the
reminder loop polls every ALCAZAR_TEST_REMINDER_INTERVAL seconds.

    python tests/discord/bot_process.py
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.__main__ import configure_logging, run  # noqa: E402
from bot.config import load_settings  # noqa: E402


class FileClock:
    """The time written in a file (seconds since the epoch), as the test sets it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def now(self) -> float:
        return float(self.path.read_text())


def main() -> None:
    settings = load_settings(env_file=None)
    configure_logging(settings)
    clock = FileClock(Path(os.environ["ALCAZAR_TEST_CLOCK"]))
    interval = float(os.environ.get("ALCAZAR_TEST_REMINDER_INTERVAL", "0.2"))
    asyncio.run(run(settings, clock=clock, reminder_interval=interval, guild_ready_timeout=0.05))


if __name__ == "__main__":
    main()
