"""Fixtures: a fake Discord, and the real bot logged into it."""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeDiscord, logged_in

from bot.config import Settings
from bot.discord import AlcazarBot
from bot.service import FakeClock


def settings_for(fake: FakeDiscord, database_path: Path, *, dev_guild: bool = True, **more: Any) -> Settings:
    """The bot's settings pointing at ``fake``; ``more`` sets other fields (``reminder_poll_seconds``)."""
    return Settings(discord_token=fake.token, database_path=database_path,
                    dev_guild_id=fake.guild.id if dev_guild else None,
                    api_base_url=fake.api_base, gateway_url=fake.gateway_url, **more)


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, database_path: Path, **options: Any) -> AsyncIterator[AlcazarBot]:
    """The real bot, logged into ``fake`` until the block ends (on PostgreSQL with ``database_url=``)."""
    dev_guild = options.pop("dev_guild", True)
    more = {key: options.pop(key) for key in ("reminder_poll_seconds", "metrics_port", "backup_dir",
                                              "backup_every_hours", "database_url", "web_url", "web_host",
                                              "web_port", "web_link_days", "discord_client_secret") if key in options}
    bot = AlcazarBot(settings_for(fake, database_path, dev_guild=dev_guild, **more), guild_ready_timeout=0.05,
                     **options)
    async with logged_in(bot, fake.token):
        yield bot


def assert_clean(fake: FakeDiscord) -> None:
    """Nothing the bot sent broke a Discord limit or hit an unknown route."""
    assert fake.problems == [], fake.problems


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    discord_ = FakeDiscord()
    await discord_.start()
    try:
        yield discord_
    finally:
        await discord_.stop()


@pytest.fixture
async def fake_two_shards() -> AsyncIterator[FakeDiscord]:
    """A fake Discord that recommends two shards (a guild's events go to its shard's session)."""
    fake = FakeDiscord(shard_count=2)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
def clock() -> FakeClock:
    """The test's clock, which it moves on by hand; give it to the bot with ``clock=clock``."""
    return FakeClock()


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "alcazar.sqlite3"
