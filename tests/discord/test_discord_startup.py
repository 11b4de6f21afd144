"""The real discord.py client logs into the fake Discord, syncs /alcazar and answers help and rules."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord


async def test_bot_logs_in_with_default_intents_and_syncs_the_command_group(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path):
        session = await fake.wait_identified()
        assert session.intents is not None and session.intents & ((1 << 1) | (1 << 8) | (1 << 15)) == 0
        commands = fake.commands[fake.guild.id]
        assert [c["name"] for c in commands] == ["alcazar"]
        subcommands = {o["name"] for o in commands[0]["options"]}
        assert {"help", "rules"} <= subcommands
    assert_clean(fake)


async def test_without_dev_guild_the_commands_sync_globally(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path, dev_guild=False):
        assert [c["name"] for c in fake.commands[None]] == ["alcazar"]
        assert fake.guild.id not in fake.commands
    assert_clean(fake)


async def test_help_answers_privately_with_every_command(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path):
        reply = await alice.slash("help")
    assert reply.ephemeral
    for command in ("/alcazar new", "/alcazar move", "/alcazar hand", "Take my turn", "/alcazar rules"):
        assert command in reply.text
    assert_clean(fake)


async def test_rules_for_a_chosen_game(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path):
        classic = await alice.slash("rules", game="alcazar1978")
        modern = await alice.slash("rules", game="alcazar")
        both = await alice.slash("rules")
    assert classic.ephemeral and "immobilised" in classic.text and "a4" in classic.text
    assert "Grande" in modern.text and "castle" in modern.text
    assert len(both.embeds) == 2
    assert_clean(fake)
