"""The board inside Discord from the Discord side: Open board launches the Activity (type 12) after
recording the game meant, falls back to the private link when Discord refuses, and the command sync
keeps the Entry Point command that enabling Activities adds.

Every press is private: nothing reaches the channel, nobody is pinged, no DM goes out.
"""
from __future__ import annotations

from pathlib import Path

import discord
import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord, FakeUser
from players import latest_board, start_game
from test_discord_web_links import PAGE, WEB_URL, link_token, opened, quiet_since

from bot.config import Settings
from bot.discord.activity import ActivityDoor
from bot.service import FakeClock

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


def callbacks(fake: FakeDiscord, since: int) -> list[tuple[int | None, int]]:
    """The interaction callbacks since request ``since``: the answer's type and Discord's status."""
    return [((r.json or {}).get("type"), r.status) for r in fake.requests[since:] if r.path.endswith("/callback")]


def dms(fake: FakeDiscord, people: list[FakeUser]) -> list[int]:
    return [len(fake.dms_to(person)) for person in people]


async def test_in_activity_mode_open_board_records_the_game_and_launches_the_board_inside_discord(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    fake.add_entry_point_command()      # the host enabled Activities in the developer portal
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           discord_client_secret=fake.client_secret) as bot:
        game, people = await start_game(fake, bot, alice, [bob], "alcazar")
        before = dms(fake, [alice, bob, carol])
        since = len(fake.requests)
        pressed = await alice.click(latest_board(fake), "Open board")
        watching = await carol.click(latest_board(fake), "Open board")
        quiet_since(fake, since)
        assert dms(fake, [alice, bob, carol]) == before, "no DM"
        assert pressed.message is None and watching.message is None, "the launch is the whole answer"
        assert callbacks(fake, since) == [(12, 200), (12, 200)]
        [first, second] = fake.launches
        assert (first.user, first.channel_id, second.user) == (alice, fake.general.id, carol)
        assert first.instance_id == second.instance_id, "one Activity in the channel: carol joins alice's"
        for person in (alice, carol):
            chosen = await bot.service.activities.games_for(person.id, fake.general.id)
            assert chosen.game is not None and chosen.game.id == game.id

        # The page inside Discord, moments later: Discord vouches for alice in the launched instance's channel.
        door = ActivityDoor(bot.settings, bot.table.application_id or 0)
        try:
            visitor = await door.identify(fake.authorization_code(alice), first.instance_id)
        finally:
            await door.close()
        assert (visitor.user_id, visitor.channel_id, visitor.guild_id) == (alice.id, fake.general.id, fake.guild.id)
        assert bot.table.application_id == fake.application_id
    assert_clean(fake)


@pytest.mark.parametrize("code, locale, line", [
    (50230, "en-US", "Discord cannot open the board inside Discord on this device, so here is your link instead."),
    (50231, "hu", "A Discord ezen az eszközön nem tudja a Discordon belül megnyitni a táblát, ezért itt a linked "
                  "helyette."),
])
async def test_when_discord_refuses_the_launch_the_clicker_gets_the_link_with_the_reason_first(
        fake: FakeDiscord, database_path: Path, code: int, locale: str, line: str) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.locale = locale
    fake.add_entry_point_command()
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           discord_client_secret=fake.client_secret) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar1978")
        fake.fail("POST", CALLBACK, 400, code=code, message="Activity launch is not supported here")
        since = len(fake.requests)
        answer = await alice.click(latest_board(fake), "Open board")
        quiet_since(fake, since)
        # discord.py records an answer only once Discord took it: after the refused launch the
        # interaction is still unanswered, so the link is its first (and only) answer, not a follow-up.
        assert callbacks(fake, since) == [(12, 400), (4, 200)]
        assert fake.launches == []
        assert answer.ephemeral and answer.content.split("\n")[0] == line
        session = await opened(bot, link_token(answer) if locale != "hu"
                               else answer.links["Tábla megnyitása"].removeprefix(PAGE))
        assert (session.user_id, session.game_id) == (alice.id, game.id)
    assert_clean(fake)


async def test_a_launch_discord_carried_out_but_answered_with_a_server_error_counts_once(
        fake: FakeDiscord, database_path: Path) -> None:
    """discord.py retries the 5xx and hears 40060: the Activity opened once, and no link follows."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.add_entry_point_command()
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           discord_client_secret=fake.client_secret) as bot:
        await start_game(fake, bot, alice, [bob], "alcazar")
        fake.fail("POST", CALLBACK, 500, after_processing=True)
        since = len(fake.requests)
        answer = await alice.click(latest_board(fake), "Open board")
        await fake.settle()
        assert callbacks(fake, since) == [(12, 500), (12, 400)]
        assert answer.message is None and [launch.user for launch in fake.launches] == [alice]
        quiet_since(fake, since)
    assert_clean(fake)


async def test_without_activities_enabled_discord_refuses_and_the_line_says_it_did_not_open(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           discord_client_secret=fake.client_secret) as bot:
        await start_game(fake, bot, alice, [bob], "alcazar")
        since = len(fake.requests)
        answer = await alice.click(latest_board(fake), "Open board")
        assert callbacks(fake, since) == [(12, 400), (4, 200)]
        assert answer.content.startswith("Discord did not open the board inside Discord this time, so here is "
                                          "your link instead.\nYour own page of")
        assert link_token(answer)
    assert_clean(fake)


async def test_with_activity_mode_off_open_board_answers_with_the_link_as_before(fake: FakeDiscord,
                                                                                 database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.add_entry_point_command()      # Activities enabled, but no client secret: link mode
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL) as bot:
        assert not bot.settings.activity_mode
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar")
        since = len(fake.requests)
        answer = await alice.click(latest_board(fake), "Open board")
        quiet_since(fake, since)
        assert callbacks(fake, since) == [(4, 200)] and fake.launches == []
        assert answer.content.startswith("Your own page of")
        assert (await opened(bot, link_token(answer))).game_id == game.id
        chosen = await bot.service.activities.games_for(alice.id, fake.general.id)
        assert chosen.game is not None, "the channel's live game; no launch was recorded for it"
    assert_clean(fake)


# ----- the command sync ---------------------------------------------------------------------------
async def test_the_command_sync_keeps_the_entry_point_command_and_a_plain_tree_sync_is_refused(
        fake: FakeDiscord, database_path: Path) -> None:
    entry_point = fake.add_entry_point_command()
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, dev_guild=False) as bot:
        registered = fake.commands[None]
        assert [(c["name"], c["type"]) for c in registered] == [("alcazar", 1), ("launch", 4)]
        assert fake.entry_point_command() == dict(entry_point, application_id=str(fake.application_id))
        alcazar = registered[0]
        assert alcazar["description_localizations"]["hu"], "worded by the translator, as tree.sync() words it"
        since = len(fake.requests)
        with pytest.raises(discord.HTTPException) as refused:
            await bot.tree.sync()
        assert (refused.value.status, refused.value.code) == (400, 50240)
        assert fake.commands[None] == registered, "the refused overwrite changed nothing"
        await bot.sync_commands()       # as a restart does: again without trouble
        assert [c["type"] for c in fake.commands[None]] == [1, 4]
        assert fake.entry_point_command()["id"] == entry_point["id"]
        assert [r.method for r in fake.requests[since:] if "/commands" in r.path] == ["PUT", "GET", "PUT"]
        reply = await fake.add_user("alice").slash("help")
        assert reply.ephemeral and reply.text
    assert_clean(fake)


async def test_a_dev_guild_sync_leaves_the_global_entry_point_command_alone(fake: FakeDiscord,
                                                                            database_path: Path) -> None:
    entry_point = fake.add_entry_point_command()
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None):
        assert [c["name"] for c in fake.commands[fake.guild.id]] == ["alcazar"]
        assert fake.commands[None] == [entry_point]
    assert_clean(fake)


def test_activity_mode_needs_the_web_board_and_the_secret() -> None:
    assert Settings(discord_token="t", web_url=WEB_URL, discord_client_secret="s").activity_mode
    assert not Settings(discord_token="t", discord_client_secret="s").activity_mode
