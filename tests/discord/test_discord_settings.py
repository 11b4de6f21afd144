"""/alcazar settings (host only) and /alcazar new with the thread option."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import labels, latest_board, started_game

from bot.service import FakeClock


async def test_only_the_host_changes_settings_and_everyone_sees_the_new_ones(fake: FakeDiscord,
                                                                             database_path: Path,
                                                                             clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with started_game(fake, database_path, "alcazar1978", alice, bob,
                            clock=clock) as (bot, game, (first, second)):
        refused = await bob.slash("settings", reminder_hours=6.0)
        assert refused.ephemeral and "Only the host" in refused.text and alice.mention in refused.text
        shown = await bob.slash("settings")
        assert shown.ephemeral and "Reminders: after 12 h, then every 24 h" in shown.text
        assert "Deadline: none" in shown.text

        changed = await alice.slash("settings", reminder_hours=6.0, deadline_hours=24.0)
        assert not changed.ephemeral
        assert "Reminders: after 6 h, then every 6 h (at most 3)" in changed.text
        assert "Deadline: 24 h per turn" in changed.text
        settings = (await bot.service.records.game(game.id)).settings
        assert settings.reminder_first_hours == 6 and settings.deadline_hours == 24

        await first.slash("move", notation=(await bot.service.records.legal_moves_for(game.id, first.id))[0].notation)
        turn = await bot.service.records.game(game.id)
        assert f"Deadline <t:{int(turn.turn_since + 24 * 3600)}:R>" in latest_board(fake)["content"]
        clock.advance(hours=6.5)
        await bot.reminders.run_once()
        reminder = [m for m in fake.dms_to(second) if "Reminder" in m["content"]][-1]
        assert f"<#{fake.general.id}>" in reminder["content"]

        off = await alice.slash("settings", reminders=False, deadline_hours=0.0)
        assert "Reminders: off" in off.text and "Deadline: none" in off.text
    assert_clean(fake)


async def test_a_game_opened_in_a_thread_lives_in_that_thread(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        opened = await alice.slash("new", game="alcazar1978", thread=True)
        threads = [c for c in fake.channels.values() if c.parent_id == fake.general.id]
        assert len(threads) == 1
        thread = threads[0]
        assert opened.ephemeral and f"<#{thread.id}>" in opened.text
        lobby = fake.channel_messages(thread)[0]
        assert labels(lobby) == ["Join", "Leave", "Start", "Cancel", "Add computer"]
        assert fake.channel_messages(fake.general) == [], "nothing of the game is posted in the parent channel"

        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None and game.channel_id == thread.id
        assert await bot.service.records.game_in_channel(fake.general.id) is None
        users = {alice.id: alice, bob.id: bob}
        first = users[game.to_move_id]
        assert first.mention in latest_board(fake, thread)["content"]
        here = await first.slash("move", notation="a4-b4", channel=fake.general)
        assert here.ephemeral and "no game in play in this channel" in here.text
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0]
        played = await first.slash("move", channel=thread, notation=move.notation)
        assert "Played" in played.text
        assert str(move.words) in fake.channel_messages(thread)[-1]["content"]
        nested = await alice.slash("new", channel=thread, game="alcazar", thread=True)
        assert nested.ephemeral and "text channel" in nested.text
        beside = await bob.slash("new", game="alcazar")
        assert not beside.ephemeral, "the parent channel is free for another game"
    assert_clean(fake)


async def test_the_host_switches_the_threefold_house_rule_before_the_start_only(fake: FakeDiscord,
                                                                               database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        wrong_game = await alice.slash("new", game="alcazar", threefold=False)
        assert wrong_game.ephemeral and "belongs to Alcazar (1978)" in wrong_game.text
        assert await bot.service.records.game_in_channel(fake.general.id) is None, "no lobby was opened"

        lobby = await alice.slash("new", game="alcazar1978", threefold=False)
        assert "House rules: threefold repetition: off" in str(lobby.embeds)
        game = await bot.service.records.game_in_channel(fake.general.id)
        assert game is not None and game.settings.options == {"threefold_repetition": False}
        back_on = await alice.slash("settings", threefold=True)
        assert "threefold repetition: on" in back_on.text
        await bob.click(lobby.message, "Join")
        await alice.click(lobby.message, "Start")
        late = await alice.slash("settings", threefold=False)
        assert late.ephemeral and "before the game starts" in late.text
        started = await bot.service.records.game(game.id)
        assert started.settings.options == {"threefold_repetition": True}
    assert_clean(fake)
