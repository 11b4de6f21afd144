"""Time banks through Discord with an injected clock: the lobby and the board show them, a quarter
left warns once by DM, running out ends a 1978 game, and /alcazar stats shows pace and reliability."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import latest_board, start_game

from bot.service import FakeClock

DAY = 86400


async def test_the_board_shows_the_banks_and_running_out_loses(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    clock = FakeClock()
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        lobby = await alice.slash("new", game="alcazar1978", bank_days=3.0, increment_days=1.0)
        assert "Time bank: 3 d, plus 1 d after each move" in str(lobby.message), lobby.message
        await bob.click(lobby.message, "Join")
        await alice.click(lobby.message, "Start")
        game = await bot.service.records.game_in_channel(fake.general.id)
        people = {p.id: p for p in (alice, bob)}
        first, second = (people[u] for u in game.players)
        board = latest_board(fake)["content"]
        assert f"Your turn, {first.mention}. Time bank runs out <t:{int(game.turn_since + 3 * DAY)}:R>." in board
        assert f"Banks: {first.mention} 3 d · {second.mention} 3 d." in board

        clock.advance(hours=10)
        moves = await bot.service.records.legal_moves_for(game.id, first.id)
        await first.slash("move", notation=moves[0].notation)
        board = latest_board(fake)["content"]
        assert f"Your turn, {second.mention}. Time bank runs out <t:{int(clock.now() + 3 * DAY)}:R>." in board
        assert f"Banks: {first.mention} 3 d · {second.mention} 3 d." in board, "72 − 10 + 24 h, capped at 3 d"

        clock.advance(hours=12)
        await bot.reminders.run_once()
        [first_reminder] = fake.dms_to(second)
        assert f"Your time bank runs out <t:{int(clock.now() + 60 * 3600)}:R>." in first_reminder["content"]
        clock.advance(hours=42)
        await bot.reminders.run_once()
        clock.advance(hours=6)
        await bot.reminders.run_once()
        warnings = [m for m in fake.dms_to(second) if "quarter of your time bank" in m["content"]]
        assert len(warnings) == 1, "one warning, not repeated"
        assert f"it runs out <t:{int(clock.now() + 12 * 3600)}:R>" in warnings[0]["content"]
        assert not [m for m in fake.dms_to(first) if "quarter" in m["content"]]

        clock.advance(hours=12)
        await bot.reminders.run_once()
        over = fake.channel_messages(fake.general)[-1]
        assert f"The game is over: {first.mention} wins!" in over["content"]
        assert "ran out of time" in over["content"] and over["components"] == []

        stats = await second.slash("stats", game="alcazar1978")
        mine = next(f for f in stats.embeds[0]["fields"] if f["name"].startswith(second.name))
        assert "1 finished · 1 lost on time · 0 abandoned" in mine["value"], mine
        theirs = await first.slash("stats", game="alcazar1978", player=first.id)
        record = next(f for f in theirs.embeds[0]["fields"] if f["name"].startswith(first.name))
        assert "Median move: 10 h" in record["value"] and "0 lost on time" in record["value"], record
    assert_clean(fake)


async def test_settings_turn_the_bank_on_and_off_in_hungarian_too(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978")
        assert "Banks:" not in latest_board(fake)["content"]
        await alice.slash("settings", bank_days=2.0, increment_days=0.5, language="hu")
        changed = await bot.service.records.game(game.id)
        assert (changed.settings.bank_hours, changed.settings.increment_hours) == (48.0, 12.0)
        await alice.slash("board", for_table=True)
        board = fake.channel_messages(fake.general)[-1]["content"]
        assert f"Időkeretek: {first.mention} 2 nap · {second.mention} 2 nap." in board, board
        refused = await alice.slash("settings", bank_days=1.0, increment_days=2.0)
        assert refused.ephemeral and "increment_days (2) cannot be more than bank_days (1)" in refused.text, refused.text
        await alice.slash("settings", bank_days=0.0)
        assert (await bot.service.records.game(game.id)).settings.bank_hours is None
    assert_clean(fake)


def test_a_retirement_on_time_says_why_in_both_languages() -> None:
    from bot.discord.announce import move_line
    from bot.service import EntryKind, MovePlayed

    retired = MovePlayed(1, 4, 0, 7, EntryKind.RETIRE, "retire", "", False, out_of_time=True)
    assert move_line(retired) == "<@7> ran out of time and leaves the game."
    assert move_line(retired, "hu") == "<@7> ideje elfogyott, így kiszáll a játékból."
    assert move_line(MovePlayed(1, 4, 0, 7, EntryKind.RETIRE, "retire", "", False)) == "<@7> left the game."
