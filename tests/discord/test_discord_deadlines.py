"""Deadlines through Discord with an injected clock: Alcazar skips the late player, 1978 ends with their loss."""
from __future__ import annotations

import copy
from pathlib import Path

from conftest import assert_clean
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import labels, latest_board, start_game, started_game
from secrets_check import leaks

from bot.service import FakeClock, Refusal


async def test_alcazar_skips_the_late_player_and_says_so(fake: FakeDiscord, database_path: Path,
                                                         clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar", deadline_hours=1.0,
                            clock=clock) as (bot, game, (late, next_up)):
        board = latest_board(fake)
        board_as_seen = copy.deepcopy(board)
        assert f"Deadline <t:{int(game.turn_since + 3600)}:R>" in board["content"]
        public = await bot.service.records.board_view(game.id)
        assert not isinstance(public, Refusal)
        clock.advance(seconds=50 * 60)
        await bot.reminders.run_once()
        assert latest_board(fake) == board, "nothing happens before the deadline"

        before = len(fake.requests)
        clock.advance(seconds=20 * 60)
        await bot.reminders.run_once()
        skipped = latest_board(fake)
        assert f"{late.mention} missed the deadline and skips this turn." in skipped["content"]
        assert f"Your turn, {next_up.mention}." in skipped["content"]
        assert (await bot.service.records.game(game.id)).to_move_id == next_up.id
        hands = {}
        for person in (late, next_up):
            private = await bot.service.records.private_view(game.id, person.id)
            assert not isinstance(private, Refusal)
            hands[person.id] = private.view["hand"]
        assert leaks(fake.requests[before:], hands, set(public.view["face_up"])) == []
        assert labels(fake.messages[int(board["id"])]) == [], "the old board lost its buttons"
        chooser = await late.click(board_as_seen, "Take my turn", as_seen=True)
        assert chooser.ephemeral and "out of date" in chooser.text
    assert_clean(fake)


async def test_alcazar_1978_the_late_player_loses_and_the_results_are_posted(fake: FakeDiscord,
                                                                              database_path: Path,
                                                                              clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar1978", deadline_hours=2.0,
                            clock=clock) as (bot, game, (first, second)):
        await first.slash("move", notation=(await bot.service.records.legal_moves_for(game.id, first.id))[0].notation)
        clock.advance(hours=2.1)
        await bot.reminders.run_once()
        over = fake.channel_messages(fake.general)[-1]
        assert f"The game is over: {first.mention} wins!" in over["content"]
        assert second.mention in over["content"], "the loser is named (and pinged) too"
        assert "missed the deadline" in over["content"] and over["components"] == []
        result = await bot.service.records.result(game.id)
        assert result is not None and result.winner_ids == (first.id,)
        await assert_posted_results(fake, bot.service, over, game.id, [first.name, second.name])
        assert await bot.service.records.game_in_channel(fake.general.id) is None
        await bot.reminders.run_once()
        assert fake.channel_messages(fake.general)[-1] == over, "a finished game has no deadline"
    assert_clean(fake)


async def test_one_game_whose_reminder_fails_stops_no_other_game(fake: FakeDiscord, database_path: Path,
                                                                 caplog, clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    other_channel = fake.add_channel("other")
    async with started_game(fake, database_path, "alcazar1978", alice, bob, clock=clock) as (bot, broken, _):
        healthy, _ = await start_game(fake, bot, alice, [bob], "alcazar1978", channel=other_channel)
        sent: list[int] = []
        remind = bot.reminders.remind

        async def failing_for_one(reminder) -> None:
            if reminder.game_id == broken.id:
                raise RuntimeError("this game's reminder breaks")
            sent.append(reminder.game_id)
            await remind(reminder)
        bot.reminders.remind = failing_for_one  # type: ignore[method-assign]
        clock.advance(hours=13)
        await bot.reminders.run_once()
        assert sent == [healthy.id]
        assert any(f"game {broken.id}" in r.getMessage() for r in caplog.records)
    assert_clean(fake)
