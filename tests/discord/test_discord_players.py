"""A player across games through Discord: /alcazar games (in a server and in a DM, across two
servers), /alcazar away and quiet, and the commands that refuse in a DM."""
from __future__ import annotations

import re
from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import Channel, FakeDiscord, FakeUser
from fake_discord.model import DM_CHANNEL
from players import latest_board, start_game, started_game

from bot.service import Accepted, FakeClock

OTHER_GUILD, OTHER_CHANNEL = 4242, 4243


def dm_channel(fake: FakeDiscord, user: FakeUser) -> Channel:
    """The DM channel between ``user`` and the bot (as Discord has one for every user)."""
    for channel in fake.channels.values():
        if channel.is_dm and channel.recipient is user:
            return channel
    channel = Channel(fake.ids.next(), f"dm-{user.name}", type=DM_CHANNEL, recipient=user)
    fake.channels[channel.id] = channel
    return channel


async def test_my_games_across_two_servers_in_a_server_channel_and_in_a_dm(fake: FakeDiscord,
                                                                          database_path: Path,
                                                                          clock: FakeClock) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    tables = fake.add_channel("tables")
    async with started_game(fake, database_path, "alcazar1978", alice, bob, clock=clock) as (bot, first, seated):
        if seated[0] is alice:                                   # make it bob's turn here
            await alice.slash("move", notation=(await bot.service.records.legal_moves_for(first.id, alice.id))[0].notation)
        clock.advance(hours=2)
        second, seated2 = await start_game(fake, bot, carol, [alice], "alcazar", channel=tables)
        if seated2[0] is not alice:                              # and alice's turn there
            await carol.slash("move", channel=tables,
                              notation=(await bot.service.records.legal_moves_for(second.id, carol.id))[0].notation)
        # A game on a server this fake does not show the bot: made through the service.
        lobby = await bot.service.lobby.create_lobby(OTHER_GUILD, OTHER_CHANNEL, carol.id, "alcazar1978", seed=5)
        assert isinstance(lobby, Accepted)
        await bot.service.lobby.join(lobby.game.id, alice.id)
        started = await bot.service.lobby.start(lobby.game.id, carol.id)
        assert isinstance(started, Accepted)
        await bot.service.messages.remember_message(lobby.game.id, "board", OTHER_CHANNEL, 777, version=started.game.version)
        board_here = latest_board(fake, tables)

        for where in (fake.general, dm_channel(fake, alice)):
            listed = await alice.slash("games", channel=where)
            assert listed.ephemeral, "the list is private"
            lines = listed.embeds[0]["description"].split("\n")
            assert len(lines) == 3, lines
            assert "**your turn**" in lines[0] and f"<#{tables.id}>" in lines[0] and "Board game club" in lines[0]
            assert f"/channels/{fake.guild.id}/{tables.id}/{board_here['id']}" in lines[0], "links the newest board"
            assert re.search(r"since <t:\d+:R>", lines[0])
            theirs = [line for line in lines if f"<#{fake.general.id}>" in line]
            assert theirs and f"{bob.mention}'s turn" in theirs[0]
            other = [line for line in lines if "another server" in line]
            assert other and f"/channels/{OTHER_GUILD}/{OTHER_CHANNEL}/777" in other[0]
            order = [lines.index(theirs[0]), lines.index(other[0])]
            assert lines[0] not in (theirs[0], other[0]) and min(order) > 0
            assert "your turn in" in listed.embeds[0]["footer"]["text"]
        await bob.slash("away", duration="2d")
        listed = await alice.slash("games")
        theirs = [line for line in listed.embeds[0]["description"].split("\n") if f"<#{fake.general.id}>" in line]
        assert "💤 away until <t:" in theirs[0], "the list says when the player we wait for is back"
        nothing = await fake.add_user("dave").slash("games", channel=fake.general)
        assert nothing.ephemeral and "not in any game" in nothing.text
    assert_clean(fake)


async def test_in_a_dm_the_commands_of_a_channels_game_refuse_and_name_what_works(fake: FakeDiscord,
                                                                                   database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path, reminder_interval=None) as bot:
        dm = dm_channel(fake, alice)
        for command, options in (("board", {}), ("new", {"game": "alcazar"}), ("hand", {}), ("replay", {}),
                                 ("history", {})):
            refused = await alice.slash(command, channel=dm, **options)
            assert refused.ephemeral and "server channels" in refused.text and "/alcazar games" in refused.text
        helped = await alice.slash("help", channel=dm)
        assert "/alcazar new" in helped.text
        assert await bot.service.records.game_in_channel(dm.id) is None
    assert_clean(fake)


async def test_away_stops_the_clock_on_the_board_and_the_reminders_and_off_restarts_them(
        fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar1978", deadline_hours=24.0,
                            clock=clock) as (bot, game, (first, second)):
        board = latest_board(fake)
        assert "Deadline <t:" in board["content"]
        before = len(fake.channel_messages(fake.general))
        away = await first.slash("away", duration="3d")
        assert away.ephemeral and "away until <t:" in away.text and "Away in the last 365 days: 3 days of 30" \
            in away.text
        edited = fake.messages[int(board["id"])]
        assert f"💤 {first.mention} is away until <t:" in edited["content"]
        assert "clock is stopped" in edited["content"]
        assert "Deadline" not in edited["content"], "no deadline while the clock stands still"
        assert len(fake.channel_messages(fake.general)) == before, "the board was edited, nothing new posted"

        clock.advance(hours=48)
        await bot.reminders.run_once()
        assert len(fake.channel_messages(fake.general)) == before, "no reminder, no skipped turn while away"
        assert fake.dms_to(first) == [] or all("Reminder" not in m["content"] for m in fake.dms_to(first))

        back = await first.slash("away", duration="off")
        assert back.ephemeral and "Welcome back" in back.text
        edited = fake.messages[int(board["id"])]
        assert "💤" not in edited["content"]
        deadline = int(game.turn_since + 24 * 3600 + 48 * 3600)
        assert f"Deadline <t:{deadline}:R>" in edited["content"], "24 h from the start, plus the 48 h away"
        clock.advance(hours=23.9)
        await bot.reminders.run_once()
        assert (await bot.service.records.game(game.id)).status.value == "active"
        clock.advance(hours=0.2)
        await bot.reminders.run_once()
        over = fake.channel_messages(fake.general)[-1]
        assert "missed the deadline" in over["content"] and f"{second.mention} wins!" in over["content"]
    assert_clean(fake)


async def test_away_refusals_say_the_limits(fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None):
        dm = dm_channel(fake, alice)
        too_long = await alice.slash("away", channel=dm, duration="15d")
        assert too_long.ephemeral and "at most 14 days at a time" in too_long.text
        unreadable = await alice.slash("away", channel=dm, duration="a fortnight")
        assert "can't read" in unreadable.text and "3d" in unreadable.text
        not_away = await alice.slash("away", channel=dm, duration="off")
        assert "You are not away" in not_away.text
        for _ in range(2):
            assert "away until" in (await alice.slash("away", channel=dm, duration="14 days")).text
            clock.advance(hours=14 * 24)
        refused = await alice.slash("away", channel=dm, duration="3d")
        assert "at most 30 days in any 365 days" in refused.text and "2 days at most now" in refused.text
        status = await alice.slash("away", channel=dm)
        assert "You are not away" in status.text and "28 days of 30" in status.text
    assert_clean(fake)


async def test_quiet_hours_through_discord(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path, reminder_interval=None):
        zones = await alice.autocomplete("quiet", "time_zone", "budap")
        assert [c["value"] for c in zones] == ["Europe/Budapest"]
        set_ = await alice.slash("quiet", start=22, end=7, time_zone="Europe/Budapest")
        assert set_.ephemeral and "22:00–07:00 (Europe/Budapest)" in set_.text
        wrong = await alice.slash("quiet", time_zone="Atlantis/Capital")
        assert "not a time zone I know" in wrong.text
        off = await alice.slash("quiet", off=True)
        assert "Quiet hours are off" in off.text
        missing = await alice.slash("quiet", start=23)
        assert "Give your time zone" in missing.text
    assert_clean(fake)


async def test_when_time_away_runs_out_the_board_shows_the_deadline_again(fake: FakeDiscord,
                                                                         database_path: Path, clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar", deadline_hours=12.0,
                            clock=clock) as (bot, game, (first, _)):
        board = latest_board(fake)
        await first.slash("away", duration="1d")
        assert "💤" in fake.messages[int(board["id"])]["content"]
        clock.advance(hours=23)
        await bot.reminders.run_once()
        assert "💤" in fake.messages[int(board["id"])]["content"], "still away"
        clock.advance(hours=1.5)
        await bot.reminders.run_once()
        content = fake.messages[int(board["id"])]["content"]
        assert "💤" not in content
        assert f"Deadline <t:{int(game.turn_since + 12 * 3600 + 24 * 3600)}:R>" in content
        assert (await bot.service.records.game(game.id)).to_move_id == first.id, "no turn was skipped while away"
        await bot.reminders.run_once()
        assert fake.messages[int(board["id"])]["content"] == content, "refreshed once"
        clock.advance(hours=5.6)                 # half the deadline on the clock: the first reminder
        await bot.reminders.run_once()
        [reminder] = [m for m in fake.dms_to(first) if "Reminder" in m["content"]]
        assert f"The deadline is <t:{int(game.turn_since + 36 * 3600)}:R>" in reminder["content"]


async def test_stats_and_autocomplete_in_a_dm(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    async with running_bot(fake, database_path, reminder_interval=None):
        dm = dm_channel(fake, alice)
        stats = await alice.slash("stats", channel=dm)
        assert stats.ephemeral and "no rated games yet" in stats.text
        assert await alice.autocomplete("replay", "game", "", channel=dm) == []
    assert_clean(fake)


def test_a_game_waiting_for_a_computer_says_so_in_the_list() -> None:
    from bot.discord.player_texts import my_game_line
    from bot.service import GameSettings, GameInfo, MyGame
    from bot.store import GameStatus

    game = GameInfo(id=3, guild_id=1, channel_id=2, kind="alcazar1978", title="Alcazar (1978)",
                    status=GameStatus.ACTIVE, host_id=5, settings=GameSettings(), version=4, players=(5, -11),
                    resigned=frozenset(), to_move_seat=1, to_move_id=-11, turn_since=1_700_000_000.0)
    line = my_game_line(MyGame(game, None, my_turn=False), "**Club**")
    assert "Computer 1 (easy) is thinking since <t:1700000000:R>" in line and "<@-11>" not in line
    assert "https://discord.com/channels/1/2)" in line


def test_ratings_away_lines_durations_and_replay_captions_in_hungarian() -> None:
    from bot.discord.player_texts import away_line, line_words, parse_duration, rating_lines, replay_captions
    from bot.i18n import Msg
    from bot.service import GameInfo, GameSettings, HistoryLine
    from bot.service.ratings import RatingShift
    from bot.store import EntryKind, GameStatus

    # A rating is provisional until 5 rated games: the fifth game's "before" still is, its "after" no longer.
    shifts = [RatingShift(7, 1, 1000, 1012, True, 1), RatingShift(8, 2, 1000, 988, False, 5)]
    assert rating_lines(shifts, "hu") == ["Értékszámok: <@7> 1000? → **1012?** (+12) · <@8> 1000? → **988** (−12)"]
    assert rating_lines(shifts)[0].startswith("Ratings: <@7> 1000? → **1012?** (+12)")
    assert away_line(7, 1_700_000_000, True, "hu") == "💤 Távol van: <@7>, eddig: <t:1700000000:f>. Az órája áll."
    assert parse_duration("2 nap 12 óra") == parse_duration("2 days 12 hours") == 60 * 3600
    assert parse_duration("1 hét") == 7 * 86400 and parse_duration("3 nap és 2 ó") == 74 * 3600
    assert parse_duration("2 napig") is None

    game = GameInfo(id=3, guild_id=1, channel_id=2, kind="alcazar1978", title="Alcazar (1978)",
                    status=GameStatus.ACTIVE, host_id=5, settings=GameSettings(), version=2, players=(5, 6),
                    resigned=frozenset(), to_move_seat=0, to_move_id=5, turn_since=1_700_000_000.0)
    lines = [HistoryLine(1, 0, 5, EntryKind.MOVE, "a4-b4", Msg("move78.pawn", colour=Msg("colour.red"),
                                                                  origin="a4", target="b4"), True, 1.0),
             HistoryLine(2, 1, 6, EntryKind.SKIP, "skip", "", False, 2.0, stand_in=True)]
    captions = replay_captions(game, lines, ["Anna", "Bob"], "hu")
    assert captions[0] == "Alcazar (1978), kezdőállás: Anna (Piros), Bob (Zöld)"
    assert captions[1] == f"1/2 Anna: {line_words(lines[0], 'hu')}" and "(az egyetlen lehetséges lépés)" in captions[1]
    assert captions[2] == "2/2 Bob (helyettesítő gép): lekéste a határidőt, és kimarad ebből a körből"
    assert replay_captions(game, lines, ["Anna", "Bob"])[0] == "Alcazar (1978), the start: Anna (Red), Bob (Green)"
