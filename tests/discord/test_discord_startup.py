"""The real discord.py client logs into the fake Discord, syncs /alcazar and answers help and rules."""
from __future__ import annotations

from pathlib import Path
from typing import Any

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
        synced = fake.commands[None][0]
        # Offered in servers and in a DM with the bot (for /alcazar games, away, stats);
        # never in group DMs, where the bot cannot play.
        assert synced.get("contexts") == [0, 1], synced.get("contexts")
    assert_clean(fake)


async def test_help_answers_privately_with_every_command(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path):
        reply = await alice.slash("help")
    assert reply.ephemeral
    for command in ("/alcazar new", "/alcazar move", "/alcazar hand", "Take my turn", "/alcazar rules"):
        assert command in reply.text
    assert_clean(fake)


def _titles(embeds: list[dict]) -> list[str]:
    return [e["title"] for e in embeds]


def _embeds(fake: FakeDiscord, reply: Any) -> list[dict]:
    """The embeds of every answer to one command (its first answer and its follow-ups), in order."""
    asked = reply.interaction
    ids = [asked.original_message_id, *asked.followup_ids]
    return [embed for i in ids for embed in fake.messages[i].get("embeds") or []]


async def test_rules_for_a_chosen_game_with_how_unclear_rules_are_read(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path):
        classic = await alice.slash("rules", game="alcazar1978")
        modern = await alice.slash("rules", game="alcazar")
        classic_embeds, modern_embeds = _embeds(fake, classic), _embeds(fake, modern)
    assert classic.ephemeral and modern.ephemeral
    assert _titles(classic_embeds) == ["Alcazar (1978): rules in brief",
                                       "How this bot reads unclear rules: Alcazar (1978)",
                                       "How games are played here over days: Alcazar (1978)"]
    classic_text = str(classic_embeds)
    assert "immobilized" in classic_text and "a4" in classic_text and "/alcazar draw" in classic_text
    readings_1978 = "\n".join(f["value"] for f in classic_embeds[1]["fields"])
    for reading in ("You may, and you do not lose by it",
                    "the winning move must be the opponent's",
                    "wins with any move that leaves your pawn walled in",
                    "A pawn still on its starting square is never immobilized",
                    "does not close a side", "only when you have no legal move at all"):
        assert reading in readings_1978, reading
    assert _titles(modern_embeds) == ["Alcazar (2009): rules in brief",
                                      "How this bot reads unclear rules: Alcazar (2009)",
                                      "How games are played here over days: Alcazar (2009)"]
    assert "Grande" in str(modern_embeds) and "castle" in str(modern_embeds)
    readings_2009 = "\n".join(f["value"] for f in modern_embeds[1]["fields"] + modern_embeds[2]["fields"])
    for reading in ("Mansions are capped at 50 too", "takes the lowest-numbered free flag",
                    "the most valuable goes first", "highest value keeps its flag (a tie: the lower flag number)",
                    "still played: you are paid 50 Real, its piece leaves the game",
                    "Only when no card can be played or bought", "a skip is not a pass",
                    "replaced at once, in its place, from the deck"):
        assert reading in readings_2009, reading
    assert_clean(fake)


async def test_rules_follow_the_game_in_the_channel_or_show_both(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path):
        asked = (await alice.slash("rules")).interaction
        await fake.settle()
        first = fake.messages[asked.original_message_id]
        assert int(first["flags"]) & 64 and "here are both games" in first["content"]
        assert _titles(first["embeds"])[0] == "Alcazar (2009): rules in brief"
        followups = [fake.messages[i] for i in asked.followup_ids]
        assert all(int(f["flags"]) & 64 for f in followups), "every answer is private"
        assert [_titles(f["embeds"])[0] for f in followups] == [
            "How games are played here over days: Alcazar (2009)", "Alcazar (1978): rules in brief",
            "How games are played here over days: Alcazar (1978)"]
        await alice.slash("new", game="alcazar1978")
        here = await alice.slash("rules")
        assert _titles(_embeds(fake, here)) == ["Alcazar (1978): rules in brief",
                                                "How this bot reads unclear rules: Alcazar (1978)",
                                                "How games are played here over days: Alcazar (1978)"]
    assert_clean(fake)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return "State:\tZ" not in status.read()
    except FileNotFoundError:
        return False


async def test_image_workers_start_with_the_bot_and_stop_with_it(fake: FakeDiscord, database_path: Path) -> None:
    import os

    from bot.discord import images

    async with running_bot(fake, database_path):
        workers = images.worker_pids()
        assert workers and os.getpid() not in workers
        assert all(_alive(pid) for pid in workers)
    assert images.worker_pids() == []
    assert not any(_alive(pid) for pid in workers), "a worker process outlived the bot"
    assert_clean(fake)


def test_every_persistent_button_is_registered_and_each_custom_id_has_one_owner() -> None:
    """A button class left out of the registration would answer "interaction failed" after a restart;
    two templates matching one ``custom_id`` would send a click to the wrong flow."""
    import re

    from discord import ui

    from bot.discord.buttons import ConfirmButton, GameButton
    from bot.discord.client import PERSISTENT_BUTTONS

    def subclasses(cls: type) -> set[type]:
        found = set(cls.__subclasses__())
        return found.union(*(subclasses(c) for c in found)) if found else set()

    defined = {c for c in subclasses(ui.DynamicItem) if c.__module__.startswith("bot.discord.")}
    assert defined - {ConfirmButton, GameButton} == set(PERSISTENT_BUTTONS), \
        "ConfirmButton and GameButton are only shapes of buttons"
    samples = {"az:turn:1:2", "az:hand:1", "az:confirm:cancel:1:2", "az:confirm:resign:1:2", "az:undo:yes:1:2",
               "az:draw:no:1:2", "az:lobby:join:1", "az:lobby:computer:1", "az:mute:1", "az:pick:1:2:0.1",
               "az:page:1:2:0:3", "az:back:1:2:0", "az:play:1:2:0.1", "az:choose:pick:1:2:abcdefgh23:0.1",
               "az:choose:page:1:2:abcdefgh23:0:3", "az:choose:back:1:2:abcdefgh23:0",
               "az:choose:play:1:2:abcdefgh23:0.1"}
    for custom_id in samples:
        owners = [c for c in PERSISTENT_BUTTONS if re.fullmatch(c.__discord_ui_compiled_template__, custom_id)]
        assert len(owners) == 1, (custom_id, owners)
