"""/alcazar stays inside Discord's size limit for one command, which the fake Discord enforces.

Discord's documentation: a slash command may have at most 8,000 characters of
names, descriptions and values, over the command, its options (subcommands and
groups included) and their choices; where localizations are given, only the
longest of each field (the default included) counts. A bigger command is
refused with 400 / 50035 Invalid Form Body.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
import discord.http
import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from fake_discord.limits import COMMAND_SIZE, command_size

from bot.discord.endpoints import apply_endpoints


async def test_the_synced_alcazar_command_is_inside_the_limit(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path):
        synced = fake.commands[fake.guild.id][0]
    size = command_size(synced)
    print(f"/alcazar: {size} of {COMMAND_SIZE} characters")
    # Counted as Discord counts it: Hungarian texts are longer than the English ones in places.
    hungarian = synced["description_localizations"]["hu"]
    assert size >= len("alcazar") + max(len(synced["description"]), len(hungarian))
    assert size > 4000, "every subcommand, option and choice is counted"
    assert size <= COMMAND_SIZE
    assert_clean(fake)


def text_option(name: str, description: str, **more: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": description, **more}


def command(options: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": 1, "name": "big", "description": "A command to measure", "options": options}


def subcommands(count: int, described: str, localized: str | None = None) -> list[dict[str, Any]]:
    """``count`` subcommands, each with 25 options described ``described`` (and in Hungarian ``localized``)."""
    more = {} if localized is None else {"description_localizations": {"hu": localized}}
    return [{"type": 1, "name": f"sub{s}", "description": "One part",
             "options": [text_option(f"o{o}", described, **more) for o in range(25)]} for s in range(count)]


@pytest.fixture
async def http(fake: FakeDiscord) -> Any:
    apply_endpoints(fake.api_base, fake.gateway_url)
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    try:
        yield client
    finally:
        await client.close()


async def upsert(fake: FakeDiscord, http: discord.http.HTTPClient, payload: dict[str, Any]) -> Any:
    return await http.bulk_upsert_guild_commands(fake.application_id, fake.guild.id, [payload])


async def test_a_command_over_the_limit_is_refused_as_discord_refuses_it(fake: FakeDiscord, http: Any) -> None:
    big = command(subcommands(4, "d" * 80))          # 4 x 25 x 80 = 8,000 in descriptions alone
    assert command_size(big) > COMMAND_SIZE
    with pytest.raises(discord.HTTPException) as refused:
        await upsert(fake, http, big)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "Invalid Form Body" in str(refused.value)
    assert fake.guild.id not in fake.commands, "nothing is registered"
    fake.problems.clear()


async def test_each_field_counts_at_its_longest_localization(fake: FakeDiscord, http: Any) -> None:
    short_default = command(subcommands(4, "d" * 10, localized="h" * 80))
    assert command_size(short_default) > COMMAND_SIZE
    with pytest.raises(discord.HTTPException) as refused:
        await upsert(fake, http, short_default)
    assert refused.value.code == 50035
    fake.problems.clear()

    inside = command(subcommands(4, "d" * 70, localized="h" * 75))
    option_names = sum(len(f"o{o}") for o in range(25))
    # The Hungarian 75 counts, not the English 70.
    assert command_size(inside) == len("big") + len("A command to measure") + 4 * (
        len("sub0") + len("One part") + option_names + 25 * 75)
    assert command_size(inside) <= COMMAND_SIZE
    await upsert(fake, http, inside)
    assert [c["name"] for c in fake.commands[fake.guild.id]] == ["big"]
    assert_clean(fake)


async def test_choices_count_their_names_and_values(fake: FakeDiscord, http: Any) -> None:
    choices = [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]
    options = [text_option(f"o{o}", "x", choices=choices) for o in range(2)]   # 2 x 25 x 200 = 10,000
    with pytest.raises(discord.HTTPException) as refused:
        await upsert(fake, http, command(options))
    assert refused.value.code == 50035
    fake.problems.clear()
