"""A restart mid-game, closed DMs, and reminders with an injected clock."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import latest_board, start_game, started_game
from quiet import pinged

from bot.service import FakeClock, GameService


async def test_a_restarted_bot_continues_and_an_old_button_still_works(fake: FakeDiscord, database_path: Path,
                                                                       clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar1978", clock=clock) as (bot, game, (first, second)):
        board_before_restart = latest_board(fake)
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        chooser = await first.click(board_before_restart, "Take my turn")
        assert chooser.ephemeral and chooser.components, chooser
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0]
        reply = await first.slash("move", notation=move.notation)
        assert "Played" in reply.text
        assert second.mention in fake.channel_messages(fake.general)[-1]["content"]
    assert_clean(fake)


async def test_closed_dms_get_an_early_warning_and_one_channel_note_without_secrets(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob", dms_open=False)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        lobby = await alice.slash("new", game="alcazar")
        joined = await bob.click(lobby.message, "Join")
        await fake.settle()
        warning = fake.messages[joined.interaction.followup_ids[-1]]
        assert "can't send you direct messages" in warning["content"] and int(warning["flags"]) & 64
        await alice.click(lobby.message, "Start")
        notes = [m for m in fake.channel_messages(fake.general) if "can't send you direct messages" in m["content"]]
        assert len(notes) == 1 and bob.mention in notes[0]["content"] and "/alcazar hand" in notes[0]["content"]
        hand = await bob.slash("hand")
        assert hand.ephemeral and hand.files and hand.files[0].filename == "hand.png"
        game = await bot.service.records.game_in_channel(fake.general.id)
        for _ in range(4):   # the game goes on
            game = await bot.service.records.game_in_channel(fake.general.id)
            player = alice if game.to_move_id == alice.id else bob
            move = (await bot.service.records.legal_moves_for(game.id, player.id, prefix="buy"))[0]
            assert "Played" in (await player.slash("move", notation=move.notation)).text
        notes = [m for m in fake.channel_messages(fake.general) if "can't send you direct messages" in m["content"]]
        assert len(notes) == 1, "the note is said once"
    assert_clean(fake)


async def test_reminders_fire_with_the_clock_can_be_muted_and_stop_when_the_player_acts(fake: FakeDiscord,
                                                                                        database_path: Path,
                                                                                        clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        lobby = await alice.slash("new", game="alcazar1978", reminder_hours=2.0)
        await bob.click(lobby.message, "Join")
        await alice.click(lobby.message, "Start")
        game = await bot.service.records.game_in_channel(fake.general.id)
        users = {alice.id: alice, bob.id: bob}
        first = users[game.to_move_id]
        def reminders_to(player: Any) -> list[dict]:
            return [m for m in fake.dms_to(player) if m["content"].startswith("Reminder:")]

        await bot.reminders.run_once()
        assert not reminders_to(first)
        clock.advance(hours=2.5)
        await bot.reminders.run_once()
        dm = reminders_to(first)
        assert len(dm) == 1 and f"<#{fake.general.id}>" in dm[0]["content"]
        assert not any("waiting for your move" in m["content"] for m in fake.channel_messages(fake.general)), \
            "one notification per reminder: the DM, not also a mention in the channel"
        await bot.reminders.run_once()
        assert len(reminders_to(first)) == 1
        muted = await first.click(dm[0], "Mute reminders for this game")
        assert muted.ephemeral and "muted" in muted.text
        clock.advance(hours=5)
        await bot.reminders.run_once()
        assert len(reminders_to(first)) == 1
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0]
        await first.slash("move", notation=move.notation)
        second = bob if first is alice else alice
        clock.advance(hours=1)
        await bot.reminders.run_once()
        assert not reminders_to(second)
    assert_clean(fake)


async def test_a_reminder_sent_by_a_process_that_died_before_recording_it_is_made_once(
        fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    """The reminder is claimed, sent, and recorded; a process dying after the sending leaves the claim
    to another after its lease, which sends the DM again with the same nonce: Discord makes it once."""
    async with started_game(fake, database_path, "alcazar1978", reminder_hours=2.0,
                            clock=clock) as (bot, game, (first, _)):
        clock.advance(hours=2.5)
        [due] = await bot.service.reminders.due_reminders()
        assert await bot.service.reminders.claim_reminder(due)
        await bot.reminders.remind(due)            # and then the process dies, before recording it
        reminders = [m for m in fake.dms_to(first) if m["content"].startswith("Reminder:")]
        assert len(reminders) == 1
        await bot.reminders.run_once()
        assert not [r for r in fake.requests if r.kind == "message again"], "held by the claim's lease"
        clock.advance(seconds=GameService.CLAIM_LEASE_SECONDS + 1)
        await bot.reminders.run_once()             # taken over once the lease has run out
        assert [r.kind for r in fake.requests if r.method == "POST"][-1] == "message again"
        assert [m for m in fake.dms_to(first) if m["content"].startswith("Reminder:")] == reminders
        await bot.reminders.run_once()
        assert len([r for r in fake.requests if r.kind == "message again"]) == 1, "recorded now"
    assert_clean(fake)


async def test_a_reminder_for_a_player_whose_dms_are_closed_goes_to_the_channel(fake: FakeDiscord,
                                                                               database_path: Path,
                                                                               clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob", dms_open=False)
    async with started_game(fake, database_path, "alcazar1978", alice, bob, reminder_hours=1.0,
                            clock=clock) as (bot, game, _):
        if game.to_move_id != bob.id:
            move = (await bot.service.records.legal_moves_for(game.id, alice.id))[0]
            await alice.slash("move", notation=move.notation)
        clock.advance(hours=1.5)
        await bot.reminders.run_once()
        reminders = [m for m in fake.channel_messages(fake.general) if "waiting for your move" in m["content"]]
        assert len(reminders) == 1 and bob.mention in reminders[0]["content"]
        [sent] = [r for r in fake.requests if r.kind == "message" and "waiting for your move" in str(r.json)]
        assert pinged(sent) == {bob.id}, "it pings only the player the table waits for"
    assert_clean(fake)


async def test_the_closed_dm_note_is_not_repeated_after_a_restart(fake: FakeDiscord, database_path: Path,
                                                                  clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob", dms_open=False)

    def notes() -> list[dict]:
        return [m for m in fake.channel_messages(fake.general) if "can't send you direct messages" in m["content"]]

    async with started_game(fake, database_path, "alcazar", alice, bob, clock=clock) as (bot, game, _):
        assert len(notes()) == 1 and bob.mention in notes()[0]["content"]
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        refused_before = sum(1 for r in fake.requests if r.status == 403 and r.audience == bob.id)
        for _ in range(2):   # each player buys once: bob's hand changes, and his DM fails again
            turn = await bot.service.records.game(game.id)
            player = alice if turn.to_move_id == alice.id else bob
            move = (await bot.service.records.legal_moves_for(game.id, player.id, prefix="buy"))[0]
            assert "Played" in (await player.slash("move", notation=move.notation)).text
        refused_after = sum(1 for r in fake.requests if r.status == 403 and r.audience == bob.id)
        assert refused_after > refused_before, "the bot tried to DM bob's new hand after the restart"
        assert len(notes()) == 1, "the note is said once per game, restarts included"
    assert_clean(fake)


async def test_a_due_reminder_goes_out_at_the_next_poll_of_the_loop(fake: FakeDiscord, database_path: Path,
                                                                    clock: FakeClock) -> None:
    """The loop itself, polling every REMINDER_POLL_SECONDS (short here): no run_once by hand."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=clock, reminder_poll_seconds=0.05) as bot:
        assert bot.reminders.interval == 0.05
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978", reminder_hours=1.0)
        clock.advance(seconds=59 * 60)
        before = len(fake.requests)
        clock.advance(seconds=2 * 60)
        dm = await fake.wait_for_request(lambda r: r.audience == first.id and "Reminder" in str(r.json), timeout=5)
        assert fake.requests.index(dm) >= before, "nothing was sent before the reminder was due"
        assert f"<#{fake.general.id}>" in dm.json["content"]
        assert not any(pinged(r) for r in fake.requests[before:] if r.kind == "message"), "the reminder pings nobody"
    assert_clean(fake)
