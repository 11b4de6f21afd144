"""Shards in one process: the shard count from GET /gateway/bot, SHARD_IDS, and who syncs the commands."""
from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
from conftest import assert_clean, settings_for
from fake_discord import FakeDiscord

from bot.config import Settings
from bot.discord import AlcazarBot


@contextlib.asynccontextmanager
async def bot_with(settings: Settings, fake: FakeDiscord, **options: Any) -> AsyncIterator[AlcazarBot]:
    bot = AlcazarBot(settings, guild_ready_timeout=0.05, **options)
    task = asyncio.create_task(bot.start(fake.token))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(task, 10)


async def test_unset_one_process_runs_every_shard_discord_recommends(
        fake_two_shards: FakeDiscord, database_path: Path) -> None:
    fake = fake_two_shards
    north, south = fake.add_guild("North", shard=0), fake.add_guild("South", shard=1)
    halls = [fake.add_channel("hall", guild=g) for g in (north, south)]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with bot_with(settings_for(fake, database_path, dev_guild=False), fake) as bot:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        assert sorted(s.shard_id for s in fake.sessions) == [0, 1]
        assert any(r.path == "/gateway/bot" for r in fake.requests), "the count comes from Discord"
        for hall in halls:
            lobby = await alice.slash("new", channel=hall, game="alcazar1978")
            await bob.click(lobby.message, "Join")
            await alice.click(lobby.message, "Start")
            assert (await bot.service.records.game_in_channel(hall.id)) is not None
    assert_clean(fake)


async def test_a_process_without_shard_0_leaves_the_commands_to_the_one_with_it(
        fake_two_shards: FakeDiscord, database_path: Path) -> None:
    fake = fake_two_shards
    south = fake.add_guild("South", shard=1)
    settings = replace(settings_for(fake, database_path, dev_guild=False), shard_count=2, shard_ids=(1,))
    async with bot_with(settings, fake) as bot:
        assert list(bot.shards) == [1]
        [session] = fake.sessions
        assert (session.shard_id, session.shard_count) == (1, 2) and south.id in session.guild_ids
        assert fake.commands == {}, "not synced by the process of shard 1"
        assert not any(r.path == "/gateway/bot" for r in fake.requests), "SHARD_COUNT given: not asked"
    settings = replace(settings, shard_ids=(0,))
    async with bot_with(settings, fake):
        assert [c["name"] for c in fake.commands[None]] == ["alcazar"]
    assert_clean(fake)


async def test_the_fake_refuses_an_identify_without_the_shard_count(fake_two_shards: FakeDiscord,
                                                                    database_path: Path) -> None:
    """A client that does not shard where Discord requires it is told so (4011), as Discord does."""
    settings = replace(settings_for(fake_two_shards, database_path), shard_count=1, shard_ids=(0,))
    bot = AlcazarBot(settings, guild_ready_timeout=0.05)
    try:
        with pytest.raises(Exception) as failure:
            await asyncio.wait_for(bot.start(fake_two_shards.token), 15)
        assert "4011" in str(failure.value) or getattr(failure.value, "code", None) == 4011
    finally:
        await bot.close()
