"""Outages under the bot, for real: the SQLite file's disk full, the PostgreSQL server stopped and started.

While the game store cannot take work, every command and button gets a private
answer within Discord's 3 seconds saying nothing was changed, and nothing is
half-applied: the game as the players see it afterwards is the one the store
holds. When the store is back the bot carries on without a restart, and the
reminders, deadlines and computer turns that fell due meanwhile are done, once.

The full disk is a small tmpfs filled to the last byte (as root), and, needing
no root, a file SQLite itself will not grow (``PRAGMA max_page_count``). The PostgreSQL server is a private
throwaway one (``initdb`` and ``pg_ctl`` as the ``postgres`` user, a socket in
a temporary folder), so stopping it disturbs no other test; it needs root and
PostgreSQL's binaries, and is skipped without them, except with ``CI=true``.
"""
from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from outages import FullDisk, PrivateServer, fill_file, private_postgres, small_disk  # noqa: F401  (fixtures)
from players import latest_board, play_guided, start_game

from bot.service import FakeClock, Refusal, StoreUnavailable

#: What a player reads while the store is away, and while its disk is full.
UNAVAILABLE = "game store is unavailable right now, so nothing was changed"
DISK_FULL = "disk is full, so nothing was changed"
#: The bound on an answer during an outage: Discord's 3 s for acknowledging an interaction.
ANSWER_BOUND = 3.0
FAST = 0.01       # computers think for a hundredth of their level's time


async def _first_move(bot: Any, game_id: int, user_id: int) -> str:
    return str((await bot.service.records.legal_moves_for(game_id, user_id))[0].notation)


async def timed(answer: Any) -> tuple[Any, float]:
    """The reply to an interaction, and how long it took on the real clock."""
    started = time.monotonic()
    reply = await answer
    return reply, time.monotonic() - started


def _assert_refused(reply: Any, seconds: float, words: str) -> None:
    assert reply.ephemeral and words in reply.text, reply.text
    assert "Traceback" not in reply.text and "Sorry, something went wrong" not in reply.text
    assert seconds < ANSWER_BOUND, f"answered after {seconds:.2f} s"


# -- SQLite: a full disk ------------------------------------------------------------------------


async def fill_database(bot: Any, disk: FullDisk) -> None:
    """Leave the game database no room: fill its disk; or (the case without root) fill the file and
    cap the bot's connection at the file's size (``max_page_count``), so SQLite itself refuses to grow it."""
    if disk.mounted:
        disk.fill()
        return
    pages = await asyncio.to_thread(fill_file, bot.store.path)
    async with bot.store.read() as tx:
        await tx.db.execute(f"PRAGMA max_page_count = {pages}")


async def free_database(bot: Any, disk: FullDisk) -> None:
    if disk.mounted:
        disk.empty()
        return
    async with bot.store.read() as tx:
        await tx.db.execute("PRAGMA max_page_count = 1073741823")


async def _refused_move(fake: FakeDiscord, bot: Any, game_id: int, people: dict[int, Any],
                        disk: FullDisk) -> tuple[Any, str, Any, list[Any], Any, Any, float]:
    """Moves until one is refused: on a full tmpfs the first; under ``max_page_count`` the first that
    needs a page more (the pages the database has may still hold a move or two). Returns the player,
    the move, the game, its log and board just before it, the refusal and how long it took."""
    for _ in range(80):
        before = await bot.service.records.game(game_id)
        player = people[before.to_move_id]
        history = await bot.service.records.history(game_id, limit=None)
        board = latest_board(fake)
        notation = await _first_move(bot, game_id, player.id)
        reply, seconds = await timed(player.slash("move", notation=notation))
        if "Played" not in reply.text:
            return player, notation, before, history, board, reply, seconds
        assert not disk.mounted, "on a full disk the very first move is refused"
    raise AssertionError("no move was refused")


async def test_a_move_on_a_full_disk_is_refused_with_the_game_unchanged_and_plays_once_there_is_room(
        fake: FakeDiscord, small_disk: FullDisk, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.store")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, small_disk.folder / "alcazar.sqlite3", clock=FakeClock(),
                           reminder_interval=None) as bot:
        game, people = await start_game(fake, bot, alice, [bob], "alcazar")
        by_id = {p.id: p for p in people}
        for _ in range(2):
            to_move = by_id[(await bot.service.records.game(game.id)).to_move_id]
            assert "Played" in (await to_move.slash("move", notation=await _first_move(bot, game.id, to_move.id))).text

        await fill_database(bot, small_disk)
        player, notation, before, history, board, refused, seconds = await _refused_move(
            fake, bot, game.id, by_id, small_disk)
        _assert_refused(refused, seconds, DISK_FULL)
        assert "free some space" in refused.text
        moves = await bot.service.records.legal_moves_for(game.id, player.id, limit=None)
        pressed, seconds = await timed(play_guided(fake, player, "alcazar", moves, notation))
        _assert_refused(pressed, seconds, DISK_FULL)

        after = await bot.service.records.game(game.id)
        assert not isinstance(after, Refusal) and after.version == before.version, "the version did not move"
        assert await bot.service.records.history(game.id, limit=None) == history, "nothing was added to the log"
        shown = await player.slash("board")
        assert f"after {history[-1].ply} moves." in shown.text and f"It is {player.mention}'s turn" in shown.text, \
            "the cached game is the stored one: the old position"
        assert latest_board(fake) == board, "no board was posted for a move that was not made"
        warnings = [r for r in caplog.records if "unavailable, disk full" in r.getMessage()]
        assert len(warnings) == 1, "the host reads of the full disk once, not once per click"
        assert not [r for r in caplog.records if r.exc_info], "no traceback in the log"

        await free_database(bot, small_disk)
        played = await player.slash("move", notation=notation)
        assert "Played" in played.text, played.text
        after = await bot.service.records.game(game.id)
        assert after.version > before.version and after.to_move_id != player.id
        assert [line.notation for line in await bot.service.records.history(game.id, limit=None)][:len(history) + 1] == \
            [line.notation for line in history] + [notation]
        assert any("available again" in r.getMessage() for r in caplog.records)
    assert_clean(fake)


# -- PostgreSQL: the server stopped and started -------------------------------------------------


def _reminders(fake: FakeDiscord, user: Any) -> list[dict[str, Any]]:
    return [m for m in fake.dms_to(user) if m["content"].startswith("Reminder")]


async def _store_answers_again(bot: Any, game_id: int, within: float = 30.0) -> float:
    """Seconds until the store answers once more (the bot was not restarted)."""
    started = time.monotonic()
    while True:
        try:
            await bot.service.records.game(game_id)
            return time.monotonic() - started
        except StoreUnavailable:
            assert time.monotonic() - started < within, f"the store did not come back within {within} s"
            await asyncio.sleep(0.2)


async def test_postgres_stopped_and_started_under_the_bot(fake: FakeDiscord, private_postgres: PrivateServer,
                                                         tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                         clock: FakeClock) -> None:
    caplog.set_level(logging.INFO, logger="bot.store")
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    side = fake.add_channel("side")
    async with running_bot(fake, tmp_path / "unused.sqlite3", database_url=private_postgres.url, clock=clock,
                           reminder_interval=None, think_scale=FAST) as bot:
        duel, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978", reminder_hours=1.0)
        for player in (first, second):
            assert "Played" in (await player.slash("move", notation=await _first_move(bot, duel.id, player.id))).text
        lobby = await carol.slash("new", channel=side, game="alcazar", computers=1, level="normal")
        await carol.click(lobby.message, "Start")
        await bot.computer_turns.idle()
        castle = await bot.service.records.game_in_channel(side.id)
        assert castle is not None and castle.to_move_id == carol.id
        duel_log = await bot.service.records.history(duel.id, limit=None)

        # Carol's move hands the turn to the computer, which claims it and waits for a thinking slot
        # (all taken here); meanwhile the server goes.
        slots, taken = bot.service.computers.thinking_slots(), 0
        while not slots.locked():
            await slots.acquire()
            taken += 1
        notation = await _first_move(bot, castle.id, carol.id)
        assert "Played" in (await carol.slash("move", channel=side, notation=notation)).text
        castle = await bot.service.records.game(castle.id)
        castle_log = await bot.service.records.history(castle.id, limit=None)
        assert castle.to_move_id != carol.id, "the computer is to play"
        duel = await bot.service.records.game(duel.id)
        board = latest_board(fake)
        move = await _first_move(bot, duel.id, first.id)
        await asyncio.to_thread(private_postgres.stop)

        answers = {
            "move": await timed(first.slash("move", notation=move)),
            "button": await timed(first.click(board, "Take my turn")),
            "command": await timed(second.slash("board")),
        }
        for reply, seconds in answers.values():
            _assert_refused(reply, seconds, UNAVAILABLE)
        clock.advance(hours=2)            # the duel's reminder falls due during the outage
        with pytest.raises(StoreUnavailable):
            await bot.reminders.run_once()
        for _ in range(taken):
            slots.release()
        await bot.computer_turns.idle()   # the computer thought, but its move could not be committed
        assert _reminders(fake, first) == [], "no reminder went out during the outage"
        assert latest_board(fake) == board, "nothing was posted during the outage"

        await asyncio.to_thread(private_postgres.start)
        back_after = await _store_answers_again(bot, duel.id)
        assert await bot.service.records.history(duel.id, limit=None) == duel_log, "nothing acknowledged is lost"
        assert (await bot.service.records.game(duel.id)).version == duel.version, "nothing was half-applied"
        assert (await bot.service.records.game(castle.id)).version == castle.version, "the computer has not played yet"

        await bot.reminders.run_once()        # the reminder round, and the computer's turn resumed
        await bot.computer_turns.idle()
        assert len(_reminders(fake, first)) == 1, "the reminder that fell due during the outage went out"
        after = await bot.service.records.game(castle.id)
        assert after.version > castle.version and after.to_move_id == carol.id, "the computer played its turn"
        assert [line.notation for line in await bot.service.records.history(castle.id, limit=None)][:len(castle_log)] == \
            [line.notation for line in castle_log]

        played = await first.slash("move", notation=move)
        assert "Played" in played.text, played.text
        assert (await bot.service.records.game(duel.id)).version == duel.version + 1
        assert f"Your turn, {second.mention}." in latest_board(fake)["content"]
        await bot.reminders.run_once()
        assert len(_reminders(fake, first)) == 1 and _reminders(fake, second) == [], "the reminder went out once"
        warnings = [r for r in caplog.records if "is unavailable, unreachable" in r.getMessage()]
        assert len(warnings) == 1, [r.getMessage() for r in warnings]
        assert not [r for r in caplog.records if r.exc_info and r.name.startswith("bot")], "no traceback"
        print(f"answers during the outage: {', '.join(f'{k} {s:.2f} s' for k, (_, s) in answers.items())}; "
              f"store answering {back_after:.2f} s after the server started")
    assert_clean(fake)
