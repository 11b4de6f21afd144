"""The bot and its backups: it plays on from a restored file, and backs itself up every N hours."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Callable

import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import started_game

from bot.i18n import ENGLISH, t
from bot.service import FakeClock
from bot.store.backup import check_copy, restore_sqlite, stamped_files


async def test_the_bot_started_on_a_restored_file_plays_on(fake: FakeDiscord, database_path: Path,
                                                           tmp_path: Path, clock: FakeClock) -> None:
    async with started_game(fake, database_path, "alcazar1978", clock=clock) as (bot, game, (first, second)):
        choice = (await bot.service.records.legal_moves_for(game.id, first.id))[0]
        assert "Played" in (await first.slash("move", notation=choice.notation)).text
        clock.advance(hours=1)
        assert bot.store is not None
        backup = await bot.store.backup(tmp_path / "backups", keep=7, now=clock.now())
        lost = (await bot.service.records.legal_moves_for(game.id, second.id))[0]
        assert "Played" in (await second.slash("move", notation=lost.notation)).text   # after the backup

    restored = restore_sqlite(backup.path, database_path, now=clock.now())
    assert (restored.summary.games, restored.summary.moves) == (1, 1)

    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        again = await bot.service.records.game_in_channel(fake.general.id)
        assert again is not None and again.id == game.id and again.to_move_id == second.id
        choice = (await bot.service.records.legal_moves_for(game.id, second.id))[0]
        reply = await second.slash("move", notation=choice.notation)
        assert reply.ephemeral and "Played" in reply.text, reply
        await fake.settle()
        board = fake.channel_messages(fake.general)[-1]
        assert t(ENGLISH, choice.words) in board["content"]
        assert fake.files_of(int(board["id"]))[0].filename == "board.png"
        assert first.mention in board["content"], "the board pings the player to move next"
        assert (await bot.service.records.game(game.id)).to_move_id == first.id
    assert_clean(fake)


async def until(condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Wait for something the bot does in the background."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"{what}: not after {timeout} s")
        await asyncio.sleep(0.02)


async def test_the_bot_backs_up_by_itself_every_n_hours(fake: FakeDiscord, database_path: Path, tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture, clock: FakeClock) -> None:
    alice = fake.add_user("alice")
    folder = tmp_path / "backups"

    def logged() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "bot.service.backups"]

    with caplog.at_level(logging.INFO, logger="bot"):
        async with running_bot(fake, database_path, clock=clock, reminder_interval=None, backup_dir=folder,
                               backup_every_hours=2.0, backup_check_seconds=0.01) as bot:
            assert bot.backups is not None
            await alice.slash("new", game="alcazar1978")
            await asyncio.sleep(0.1)
            assert stamped_files(folder, "alcazar", ".sqlite3") == [], "the first backup is two hours away"
            clock.advance(hours=2)
            await until(lambda: len(logged()) == 1, "the first backup")
            first = stamped_files(folder, "alcazar", ".sqlite3")
            assert len(first) == 1 and check_copy(first[0]).games == 1
            clock.advance(hours=2)
            await until(lambda: len(logged()) == 2, "the second backup")
            assert (await alice.slash("help")).ephemeral, "the bot answers players as before"
    assert len(stamped_files(folder, "alcazar", ".sqlite3")) == 2
    assert all(line.startswith("Backup ") and "1 game(s)" in line for line in logged())
    assert_clean(fake)
