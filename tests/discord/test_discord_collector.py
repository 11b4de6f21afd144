"""Once the bot is ready, what start-up loaded (discord.py's caches among it) is out of the garbage
collector's reach, so that a full collection walks only what came after (``bot/collector.py``)."""
from __future__ import annotations

import gc
import logging
from pathlib import Path

import pytest
from conftest import running_bot
from fake_discord import FakeDiscord

from bot.collector import freeze_once_ready


def walked_by_a_collection(obj: object) -> bool:
    return any(tracked is obj for tracked in gc.get_objects())


async def test_the_bot_freezes_its_start_up_once_ready(fake: FakeDiscord, database_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    for number in range(3):
        fake.add_guild(f"server-{number}")
    async with running_bot(fake, database_path) as bot:
        try:
            await freeze_once_ready(bot)
            guilds = list(bot.guilds)
            assert len(guilds) == 4
            assert not any(walked_by_a_collection(guild) for guild in guilds)
            assert not walked_by_a_collection(bot.service)
            assert gc.get_freeze_count() > 10_000
            [said] = [r.getMessage() for r in caplog.records if "garbage collector" in r.getMessage()]
            assert "a full collection took" in said and "now" in said, said
        finally:
            gc.unfreeze()       # this test's process is not the bot's


@pytest.fixture(autouse=True)
def info_logs(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.collector")
