"""Migrations 9 and 10 carry over only what is still current: a void undo request no longer
hides a draw offer, and a claim on a past turn is left behind. Both backends, from a database
as schema 8 left it, holding games played through the service."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import psycopg
from service.helpers import open_table

from bot.service import Accepted, FakeClock, GameOver, GameService
from bot.store import SCHEMA_VERSION, GameStatus, QuestionRow, open_store
from bot.store.postgres import migrate, placeholders
from bot.store.schema import MIGRATIONS, split_statements

Statement = tuple[str, tuple[Any, ...]]
# The tables a game is loaded from; none of them changed after schema 8.
GAME_TABLES = ("games", "seats", "moves", "snapshots")


async def _played_games(source: Path) -> tuple[dict[str, Any], list[Statement]]:
    """Three Alcazar (1978) games played through today's service, and the rows that hold them."""
    store = await open_store(source)
    try:
        service = GameService(store, FakeClock())
        voided, asked, passed = [await open_table(service, "alcazar1978", 2, channel_id=c) for c in (501, 502, 503)]
        movers = {"voided": voided.to_move_id, "asked": asked.to_move_id}
        for table in (voided, asked, passed):
            await table.play()
        undo_at = voided.last.game.version           # the mover may ask to take that move back ...
        await voided.play()                          # ... until the opponent plays: the request is void
        await passed.play()
        games = {"voided": voided.last.game, "asked": asked.last.game, "passed": passed.last.game,
                 "undo_at": undo_at, "movers": movers}
    finally:
        await store.close()
    return games, _rows_of(source)


def _rows_of(source: Path) -> list[Statement]:
    conn = sqlite3.connect(source)
    try:
        statements = []
        for table in GAME_TABLES:
            cursor = conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2")
            # A move's id is the database's own (an identity column on PostgreSQL).
            columns = [d[0] for d in cursor.description]
            keep = [i for i, name in enumerate(columns) if not (table == "moves" and name == "id")]
            names = ", ".join(columns[i] for i in keep)
            marks = ", ".join("?" for _ in keep)
            statements += [(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(row[i] for i in keep))
                           for row in cursor.fetchall()]
        return statements
    finally:
        conn.close()


def _questions_of_schema_8(games: dict[str, Any]) -> list[Statement]:
    """What the tables of schema 8 held: a void undo request beside a current draw offer, a current
    undo request, a void draw offer; computer claims on a current and on a past turn."""
    voided, asked, passed = games["voided"], games["asked"], games["passed"]
    movers = games["movers"]
    return [
        ("INSERT INTO undo_requests VALUES (?, ?, ?, ?, ?)",
         (voided.id, movers["voided"], games["undo_at"], 10.0, "[]")),
        ("INSERT INTO draw_offers VALUES (?, ?, ?, ?)", (voided.id, _other(voided, movers["voided"]),
                                                          voided.version, 20.0)),
        ("INSERT INTO undo_requests VALUES (?, ?, ?, ?, ?)", (asked.id, movers["asked"], asked.version, 30.0, "[]")),
        ("INSERT INTO draw_offers VALUES (?, ?, ?, ?)", (passed.id, passed.players[0], passed.version - 1, 40.0)),
        ("INSERT INTO computer_claims VALUES (?, ?, ?)", (asked.id, asked.version, 50.0)),
        ("INSERT INTO computer_claims VALUES (?, ?, ?)", (passed.id, passed.version - 1, 60.0)),
    ]


def _other(game: Any, user_id: int) -> int:
    return next(u for u in game.players if u != user_id)


async def _write_schema_8(database: str | Path, statements: list[Statement]) -> None:
    """A database as schema 8 left it, built by the migrations of its backend, holding ``statements``."""
    if isinstance(database, Path):
        conn = sqlite3.connect(database, isolation_level=None)
        for number, migration in enumerate(MIGRATIONS[:8], start=1):
            for statement in split_statements(migration):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
        for sql, params in statements:
            conn.execute(sql, params)
        assert conn.execute("PRAGMA user_version").fetchone() == (8,)
        conn.close()
        return
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as pg:
        assert await migrate(pg, up_to=8) == 0
        for sql, params in statements:
            await pg.execute(placeholders(sql), params)
        assert await (await pg.execute("SELECT version FROM schema_version")).fetchone() == (8,)


async def test_only_current_questions_and_claims_are_carried_over(database: str | Path, tmp_path: Path) -> None:
    games, rows = await _played_games(tmp_path / "today.sqlite3")
    await _write_schema_8(database, rows + _questions_of_schema_8(games))
    voided, asked, passed = games["voided"], games["asked"], games["passed"]
    offered_by, asked_by = _other(voided, games["movers"]["voided"]), games["movers"]["asked"]
    store = await open_store(database)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        async with store.read() as tx:
            assert await tx.questions.get(voided.id) == QuestionRow(
                voided.id, "draw", offered_by, voided.version, 20.0, ()), "the void undo request is dropped"
            assert await tx.questions.get(asked.id) == QuestionRow(asked.id, "undo", asked_by, asked.version, 30.0, ())
            assert await tx.questions.get(passed.id) is None, "a void draw offer is not carried over"
            assert await tx.claims.holder(asked.id, "computer") == (
                asked.version, 0, "before migration 10", 170.0, None)
            assert await tx.claims.holder(passed.id, "computer") is None, "a claim on a past turn is left behind"
            log_before = await tx.moves.entries(asked.id)

        service = GameService(store, FakeClock())
        drawn = await service.questions.answer("draw", voided.id, _other(voided, offered_by), True)
        assert isinstance(drawn, Accepted), drawn
        [over] = drawn.of_type(GameOver)
        assert over.outcome.is_draw and drawn.game.status is GameStatus.FINISHED
        taken_back = await service.questions.answer("undo", asked.id, _other(asked, asked_by), True)
        assert isinstance(taken_back, Accepted), taken_back
        assert taken_back.game.version > asked.version and taken_back.game.to_move_id == asked_by
        async with store.read() as tx:
            assert await tx.moves.entries(asked.id) == log_before[:-1], "the move is taken back"
    finally:
        await store.close()
