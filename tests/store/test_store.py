"""The store against a real SQLite file in a temporary folder, and against PostgreSQL (``store``: both)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    SCHEMA_VERSION,
    ChannelBusy,
    EntryKind,
    GameStatus,
    IntegrityError,
    LogEntry,
    QuestionRow,
    SchemaTooNew,
    Snapshot,
    StaleVersion,
    Store,
    open_store,
)


async def new_lobby(store: Store, channel_id: int = 10, host_id: int = 1):
    async with store.write() as tx:
        game = await tx.games.create_lobby(
            guild_id=5, channel_id=channel_id, kind="alcazar1978", host_id=host_id,
            settings={"deadline_hours": None}, seed=1234, now=100.0,
        )
        await tx.seats.add(game.id, host_id, 100.0)
    return game


def entry(ply: int, seat: int = 0, notation: str = "a4-b4") -> LogEntry:
    return LogEntry(ply=ply, seat=seat, kind=EntryKind.MOVE, notation=notation,
                    words=f"move {notation}", forced=False, played_at=100.0 + ply)


async def test_open_creates_wal_file_with_foreign_keys_and_latest_schema(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "sub" / "games.sqlite3")
    try:
        assert (tmp_path / "sub" / "games.sqlite3").exists()
        assert await store.pragma("journal_mode") == "wal"
        assert await store.pragma("foreign_keys") == 1
        assert await store.schema_version() == SCHEMA_VERSION
    finally:
        await store.close()


async def test_reopening_keeps_data_and_does_not_migrate_again(database: str | Path) -> None:
    path = database
    first = await open_store(path)
    game = await new_lobby(first)
    await first.close()
    second = await open_store(path)
    try:
        async with second.read() as tx:
            again = await tx.games.get(game.id)
        assert again == game
        assert await second.schema_version() == SCHEMA_VERSION
    finally:
        await second.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(SchemaTooNew, match="schema version"):
        await open_store(path)


async def test_migration_starts_from_user_version(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    await (await open_store(path)).close()
    conn = sqlite3.connect(path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert {"games", "seats", "moves", "snapshots", "results", "reminders",
            "muted_games", "questions"} <= tables


async def test_one_live_game_per_channel(store: Store) -> None:
    game = await new_lobby(store, channel_id=10)
    with pytest.raises(ChannelBusy):
        await new_lobby(store, channel_id=10)
    await new_lobby(store, channel_id=11)   # another channel is free
    async with store.write() as tx:
        await tx.games.set_status(game.id, GameStatus.CANCELLED, 101.0)
    replacement = await new_lobby(store, channel_id=10)   # free again once the game is over
    async with store.read() as tx:
        assert (await tx.games.live_in_channel(10)).id == replacement.id


async def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(IntegrityError, match="(?i)FOREIGN KEY"):
        async with store.write() as tx:
            await tx.seats.add(999, 1, 100.0)


async def test_seats_join_once_and_get_seat_order(store: Store) -> None:
    game = await new_lobby(store, host_id=1)
    async with store.write() as tx:
        assert await tx.seats.add(game.id, 2, 101.0)
        assert not await tx.seats.add(game.id, 2, 102.0)
        await tx.seats.assign(game.id, [2, 1])
    async with store.read() as tx:
        seats = await tx.seats.of_game(game.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 2), (1, 1)]


async def test_advance_bumps_version_and_refuses_a_stale_one(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        version = await tx.games.advance(game.id, expected_version=0, status=GameStatus.ACTIVE,
                                         turn_seat=1, now=200.0)
    assert version == 1
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.moves.append(game.id, [entry(1)])
            await tx.games.advance(game.id, expected_version=0, status=GameStatus.ACTIVE,
                                   turn_seat=0, now=201.0)
    async with store.read() as tx:
        row = await tx.games.get(game.id)
        assert (row.version, row.turn_seat, row.turn_since) == (1, 1, 200.0)
        assert await tx.moves.entries(game.id) == []   # the stale transaction left nothing


async def test_move_log_appends_in_order_and_undo_only_marks(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        await tx.moves.append(game.id, [entry(1), entry(2, 1, "d1-d2"), entry(3)])
    with pytest.raises(IntegrityError):
        async with store.write() as tx:
            await tx.moves.append(game.id, [entry(3, 1)])   # a ply is never doubled
    async with store.write() as tx:
        assert await tx.moves.mark_undone(game.id, 2, 300.0) == 2
        await tx.moves.append(game.id, [entry(2, 1, "d1-c1")])
    async with store.read() as tx:
        log = await tx.moves.entries(game.id)
    assert [e.notation for e in log] == ["a4-b4", "d1-c1"]
    async with store.read() as tx:
        counted = await (await tx.db.execute("SELECT COUNT(*) FROM moves")).fetchone()
    assert counted[0] == 4   # nothing deleted


async def test_snapshot_keeps_the_latest(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        await tx.snapshots.put(Snapshot(game.id, 1, 0, '{"a":1}'))
        await tx.snapshots.put(Snapshot(game.id, 2, 1, '{"a":2}'))
    async with store.read() as tx:
        assert await tx.snapshots.get(game.id) == Snapshot(game.id, 2, 1, '{"a":2}')


async def test_results_round_trip(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        await tx.results.record(game.id, winners=[1], reason="Red resigned",
                                outcome={"winners": [1], "reason": "Red resigned"}, now=400.0)
    async with store.read() as tx:
        result = await tx.results.get(game.id)
    assert (result.winners, result.reason, result.finished_at) == ((1,), "Red resigned", 400.0)


async def test_reminder_numbers_are_recorded_once_each(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        assert await tx.reminders.record_sent(game.id, version=3, sent=1, now=10.0)
        assert not await tx.reminders.record_sent(game.id, version=3, sent=1, now=11.0)
        assert not await tx.reminders.record_sent(game.id, version=3, sent=3, now=11.0)
        assert await tx.reminders.record_sent(game.id, version=3, sent=2, now=12.0)
        assert await tx.reminders.record_sent(game.id, version=4, sent=1, now=13.0)  # new turn
    async with store.read() as tx:
        row = (await tx.reminders.of_games([game.id]))[game.id]
    assert (row.version, row.sent, row.last_sent_at) == (4, 1, 13.0)


async def test_mutes_and_questions(store: Store) -> None:
    game = await new_lobby(store)
    async with store.write() as tx:
        await tx.mutes.set_muted(game.id, 7, True)
        await tx.mutes.set_muted(game.id, 7, True)
        await tx.questions.put(QuestionRow(game.id, "undo", 1, 5, 50.0, (2,)))
    async with store.read() as tx:
        assert await tx.mutes.is_muted(game.id, 7)
        assert await tx.questions.get(game.id) == QuestionRow(game.id, "undo", 1, 5, 50.0, (2,))
    async with store.write() as tx:
        # A new question replaces the game's one: a game has one question open at a time.
        await tx.questions.put(QuestionRow(game.id, "draw", 2, 6, 60.0))
    async with store.read() as tx:
        assert await tx.questions.get(game.id) == QuestionRow(game.id, "draw", 2, 6, 60.0, ())
    async with store.write() as tx:
        await tx.mutes.set_muted(game.id, 7, False)
        await tx.questions.clear(game.id)
    async with store.read() as tx:
        assert not await tx.mutes.is_muted(game.id, 7)
        assert await tx.questions.get(game.id) is None


async def test_an_exception_inside_a_transaction_rolls_it_back(store: Store) -> None:
    game = await new_lobby(store)
    with pytest.raises(RuntimeError):
        async with store.write() as tx:
            await tx.moves.append(game.id, [entry(1)])
            raise RuntimeError("the engine failed half-way")
    async with store.read() as tx:
        assert await tx.moves.entries(game.id) == []


async def test_a_version_1_database_is_migrated_keeping_its_games(tmp_path: Path) -> None:
    from bot.store.schema import MIGRATIONS, split_statements

    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in split_statements(MIGRATIONS[0]):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games (guild_id, channel_id, kind, status, host_id, settings, seed,"
                 " created_at, updated_at) VALUES (1, 2, 'alcazar1978', 'lobby', 3, '{}', 4, 0, 0)")
    conn.close()
    store = await open_store(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        async with store.read() as tx:
            assert (await tx.games.live_in_channel(2)).host_id == 3
            assert await tx.questions.get(1) is None      # the table of migration 9 exists
            assert await tx.ratings.table(1, "alcazar1978") == []     # and those of migration 5
            assert await tx.away.of_user(3, 0.0) == []
    finally:
        await store.close()


async def test_open_questions_and_computer_claims_are_carried_over(tmp_path: Path) -> None:
    """Migration 9: undo requests and draw offers in one table (a game that had both keeps its undo
    request); migration 10: a computer's turn claimed in ``claims`` like other scheduled work."""
    from bot.store.schema import MIGRATIONS, split_statements

    path = tmp_path / "games.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for number, migration in enumerate(MIGRATIONS[:8], start=1):
        for statement in split_statements(migration):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {number}")
    for game_id, version in ((1, 7), (2, 9), (3, 5)):     # each question asked at its game's version
        conn.execute("INSERT INTO games (id, guild_id, channel_id, kind, status, host_id, settings, seed,"
                     " version, created_at, updated_at) VALUES (?, 1, ?, 'alcazar1978', 'active', 3, '{}', 4, ?, 0, 0)",
                     (game_id, 10 + game_id, version))
    conn.execute("INSERT INTO undo_requests VALUES (1, 3, 7, 70.0, '[4]')")
    conn.execute("INSERT INTO draw_offers VALUES (2, 4, 9, 90.0)")
    conn.execute("INSERT INTO undo_requests VALUES (3, 3, 5, 50.0, '[]')")
    conn.execute("INSERT INTO draw_offers VALUES (3, 4, 5, 51.0)")
    conn.execute("INSERT INTO computer_claims VALUES (2, 9, 95.0)")
    conn.close()
    store = await open_store(path)
    try:
        async with store.read() as tx:
            assert await tx.questions.get(1) == QuestionRow(1, "undo", 3, 7, 70.0, (4,))
            assert await tx.questions.get(2) == QuestionRow(2, "draw", 4, 9, 90.0, ())
            assert await tx.questions.get(3) == QuestionRow(3, "undo", 3, 5, 50.0, ())
            assert await tx.claims.holder(2, "computer") == (9, 0, "before migration 10", 215.0, None)
    finally:
        await store.close()
