"""Backups of the SQLite file while the bot plays, and putting one back in place."""
from __future__ import annotations

import asyncio
import logging
import shutil
import sqlite3
from pathlib import Path

import pytest
from service.helpers import Table, open_table

from bot.service import BackupSchedule, FakeClock, GameService, MovePlayed
from bot.store import SCHEMA_VERSION, BackupError, GameStatus, open_store
from bot.store.backup import (
    backup_sqlite, check_copy, prune, restore_sqlite, stamp_time, stamped_files, utc_text,
)
from bot.store.lockfile import DatabaseInUse, take_exclusive


def live_moves(path: Path) -> set[tuple[int, int]]:
    """(game id, ply) of every move in the file that is not undone."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return set(conn.execute("SELECT game_id, ply FROM moves WHERE undone_at IS NULL"))
    finally:
        conn.close()


async def play_and_note(table: Table, acknowledged: set[tuple[int, int]]) -> None:
    result = await table.play()
    acknowledged.update((table.game_id, e.ply) for e in result.events if isinstance(e, MovePlayed))


async def test_a_backup_taken_during_a_stream_of_moves_holds_every_move_acknowledged_before_it(
        tmp_path: Path) -> None:
    database, folder = tmp_path / "alcazar.sqlite3", tmp_path / "backups"
    store = await open_store(database)
    service = GameService(store, FakeClock())
    tables = [await open_table(service, "alcazar1978", 2, seed=seed, channel_id=500 + seed) for seed in range(6)]
    acknowledged: set[tuple[int, int]] = set()
    for _ in range(5):
        for table in tables:
            await play_and_note(table, acknowledged)
    stop = asyncio.Event()

    async def stream_of_moves() -> None:
        while not stop.is_set():
            for table in tables:
                if table.to_move_id is not None:
                    await play_and_note(table, acknowledged)

    playing = asyncio.create_task(stream_of_moves())
    try:
        await asyncio.sleep(0.05)
        before = set(acknowledged)
        # One page per step with a pause: the copy takes long enough for moves to land meanwhile.
        copy = await asyncio.to_thread(backup_sqlite, database, folder, keep=7, now=1_800_000_000.0,
                                       pages=1, pause=0.01)
        during = set(acknowledged) - before
    finally:
        stop.set()
        await playing
        await store.close()
    assert during, "moves went on being played while the copy was taken"
    in_copy = live_moves(copy.path)
    assert before <= in_copy, f"{len(before - in_copy)} acknowledged move(s) missing from the backup"
    assert copy.moves == len(in_copy) and copy.games == len(tables)
    conn = sqlite3.connect(copy.path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",), "a backup is one file"
        # A consistent moment: each game's log in the copy runs without a gap up to its version.
        for game_id, version in conn.execute("SELECT id, version FROM games"):
            plies = sorted(ply for g, ply in in_copy if g == game_id)
            assert plies == list(range(plies[0], plies[0] + len(plies)))
    finally:
        conn.close()
    assert not list(folder.glob("*.partial"))


async def test_restore_is_refused_while_a_store_holds_the_file_then_puts_the_backup_in_place(tmp_path: Path) -> None:
    database, folder = tmp_path / "alcazar.sqlite3", tmp_path / "backups"
    clock = FakeClock()
    store = await open_store(database)
    service = GameService(store, clock)
    table = await open_table(service, "alcazar1978", 2)
    await table.play()
    clock.advance(hours=2)
    await table.play()
    last_move_at = clock.now()
    await open_table(service, "alcazar", 3, channel_id=501)
    copy = await store.backup(folder, keep=7, now=clock.now())
    clock.advance(hours=1)
    await table.play()   # after the backup: only the replaced file has it

    with pytest.raises(DatabaseInUse, match="Stop the bot first"):
        restore_sqlite(copy.path, database, now=clock.now())
    assert len(live_moves(database)) == 3, "a refused restore changes nothing"
    await store.close()

    restored = restore_sqlite(copy.path, database, now=clock.now())
    assert (restored.summary.games, restored.summary.moves) == (2, 2)
    assert restored.summary.last_move_at == last_move_at
    assert f"2 game(s), 2 move(s), last move {utc_text(last_move_at)}" in restored.summary.describe()
    assert restored.replaced is not None and restored.replaced.name.startswith("alcazar.sqlite3.replaced-")
    assert len(live_moves(restored.replaced)) == 3, "the replaced database is kept whole"
    assert len(live_moves(database)) == 2
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("alcazar.sqlite3")) == \
        ["alcazar.sqlite3", "alcazar.sqlite3.lock", restored.replaced.name]
    reopened = await open_store(database)
    try:
        assert await reopened.schema_version() == SCHEMA_VERSION
    finally:
        await reopened.close()


async def test_a_replaced_database_keeps_what_only_its_wal_held(tmp_path: Path) -> None:
    """A bot that died leaves moves in the -wal; they go aside with the file, not away with the -wal."""
    live, crashed = tmp_path / "live" / "alcazar.sqlite3", tmp_path / "crashed" / "alcazar.sqlite3"
    store = await open_store(live)
    table = await open_table(GameService(store, FakeClock()), "alcazar1978", 2)
    for _ in range(4):
        await table.play()
    backup = await store.backup(tmp_path / "backups", keep=7, now=1_800_000_000.0)
    await table.play()
    wal = Path(f"{live}-wal")
    assert wal.stat().st_size > 0, "the last moves are still only in the WAL"
    crashed.parent.mkdir()
    for side in ("", "-wal", "-shm"):   # what a power cut leaves: the file and its WAL, never checkpointed
        shutil.copyfile(f"{live}{side}", f"{crashed}{side}")
    await store.close()

    restored = restore_sqlite(backup.path, crashed, now=1_800_000_100.0)
    assert restored.replaced is not None and len(live_moves(restored.replaced)) == 5
    assert not Path(f"{crashed}-wal").exists() and not Path(f"{crashed}-shm").exists()
    assert len(live_moves(crashed)) == 4


async def test_restore_refuses_a_file_that_is_no_good_and_keeps_the_database(tmp_path: Path) -> None:
    database = tmp_path / "alcazar.sqlite3"
    store = await open_store(database)
    await open_table(GameService(store, FakeClock()), "alcazar1978", 2)
    good = await store.backup(tmp_path / "backups", keep=7, now=1_800_000_000.0)
    await store.close()
    before = database.read_bytes()

    text = tmp_path / "notes.txt"
    text.write_text("not a database, just some words " * 200)
    with pytest.raises(BackupError, match="not a readable SQLite database"):
        restore_sqlite(text, database, now=1.0)

    newer = tmp_path / "newer.sqlite3"
    shutil.copyfile(good.path, newer)
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(BackupError, match="newer than this bot knows"):
        restore_sqlite(newer, database, now=1.0)

    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray(good.path.read_bytes())
    page = 4096
    data[page + 100: page * 3] = b"\x55" * (page * 2 - 100)   # the tables' pages, scribbled over
    damaged.write_bytes(bytes(data))
    with pytest.raises(BackupError, match="integrity check|not a readable SQLite database"):
        restore_sqlite(damaged, database, now=1.0)

    with pytest.raises(BackupError, match="no file"):
        restore_sqlite(tmp_path / "missing.sqlite3", database, now=1.0)
    assert database.read_bytes() == before, "nothing was replaced"
    assert [p.name for p in tmp_path.iterdir() if ".replaced-" in p.name or ".restoring" in p.name] == []


async def test_backups_are_named_by_utc_time_and_only_the_newest_are_kept(tmp_path: Path) -> None:
    database, folder = tmp_path / "alcazar.sqlite3", tmp_path / "backups"
    store = await open_store(database)
    try:
        folder.mkdir()
        (folder / "notes.txt").write_text("kept: not a backup")
        (folder / "other-20200101T000000.000Z.sqlite3").write_text("another database's backup")
        moments = [1_800_000_000.0 + hours * 3600 for hours in (5, 1, 3, 2, 4)]
        made = [await store.backup(folder, keep=3, now=moment) for moment in moments]
        twins = [await store.backup(folder, keep=3, now=moments[0] + 7200) for _ in range(2)]
    finally:
        await store.close()
    assert made[0].path.name == "alcazar-20270115T130000.000Z.sqlite3"
    kept = stamped_files(folder, "alcazar", ".sqlite3")
    assert [p.name for p in kept] == sorted(p.name for p in kept)
    assert [stamp_time(p, "alcazar", ".sqlite3") for p in kept] == [moments[0], moments[0] + 7200, moments[0] + 7200.001]
    assert twins[0].path != twins[1].path, "two backups in one second do not clash"
    assert {p.name for p in folder.iterdir()} == {p.name for p in kept} | {
        "notes.txt", "other-20200101T000000.000Z.sqlite3"}
    assert prune(folder, "alcazar", ".sqlite3", keep=1) == kept[:2]
    assert all(check_copy(p).games == 0 for p in stamped_files(folder, "alcazar", ".sqlite3"))


async def test_several_stores_of_one_process_share_the_file_and_restore_waits_for_both(tmp_path: Path) -> None:
    database = tmp_path / "alcazar.sqlite3"
    first, second = await open_store(database), await open_store(database)
    try:
        await open_table(GameService(first, FakeClock()), "alcazar1978", 2, channel_id=1)
        await open_table(GameService(second, FakeClock()), "alcazar1978", 2, channel_id=2)
        async with second.read() as tx:
            assert len(await tx.games.with_status(GameStatus.ACTIVE)) == 2
        await first.close()
        with pytest.raises(DatabaseInUse):
            take_exclusive(database).release()
    finally:
        await first.close()
        await second.close()
    take_exclusive(database).release()


async def test_the_schedule_backs_up_every_n_hours_and_survives_a_failure(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    database, folder = tmp_path / "alcazar.sqlite3", tmp_path / "backups"
    clock = FakeClock()
    store = await open_store(database)
    try:
        schedule = BackupSchedule(store, clock, folder, every_hours=6, keep=2)
        assert await schedule.run_once() is None, "the first backup is due six hours after the start"
        clock.advance(hours=6)
        with caplog.at_level(logging.INFO, logger="bot.service.backups"):
            made = await schedule.run_once()
        assert made is not None and made.path.parent == folder
        assert any("Backup " in r.message and "0 game(s)" in r.message for r in caplog.records)
        assert await schedule.run_once() is None
        clock.advance(hours=6.5)
        assert await schedule.run_once() is not None

        # A restart: the newest backup is 6.5 hours old, so the next is due in 5.5 hours.
        restarted = BackupSchedule(store, clock, folder, every_hours=6, keep=2)
        clock.advance(hours=5)
        assert await restarted.run_once() is None
        clock.advance(hours=1)
        assert await restarted.run_once() is not None
        # Started again after a long stop: the newest is older than six hours, so one is made at once.
        clock.advance(hours=30)
        assert await BackupSchedule(store, clock, folder, every_hours=6, keep=2).run_once() is not None
        assert len(stamped_files(folder, "alcazar", ".sqlite3")) == 2

        blocked = tmp_path / "a-file"
        blocked.write_text("not a folder")
        failing = BackupSchedule(store, clock, blocked, every_hours=1, keep=2)
        clock.advance(hours=1)
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="bot.service.backups"):
            assert await failing.run_once() is None
        assert [r.levelno for r in caplog.records] == [logging.ERROR]
        assert "Backup into" in caplog.records[0].message and "failed" in caplog.records[0].message
        assert "a-file" in caplog.records[0].message
    finally:
        await store.close()


async def test_a_backup_of_a_missing_database_says_so(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="There is no database"):
        backup_sqlite(tmp_path / "missing.sqlite3", tmp_path / "backups", keep=7, now=1.0)
