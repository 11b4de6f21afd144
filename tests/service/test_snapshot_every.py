"""Snapshots every few moves: a game loaded between two of them is replayed from the last one to its exact position."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.games import get_game
from bot.service import BoardView, FakeClock, GameService
from bot.service.live import SNAPSHOT_EVERY
from bot.store import GameStatus, Store, open_store

from .helpers import open_table

ROOT = Path(__file__).resolve().parents[2]


async def _snapshot_and_log(store: Store, game_id: int) -> tuple[int, int]:
    """The snapshot's ply and the log's length."""
    async with store.read() as tx:
        snapshot = await tx.snapshots.get(game_id)
        entries = await tx.moves.entries(game_id)
    assert snapshot is not None
    return snapshot.ply, len(entries)


async def test_a_move_writes_the_snapshot_only_every_few_lines_and_at_the_end(
        store: Store, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2, seed=4)
    seen = []
    for _ in range(2 * SNAPSHOT_EVERY + 3):
        await table.play()
        seen.append(await _snapshot_and_log(store, table.game_id))
    assert all(0 <= log - ply < SNAPSHOT_EVERY for ply, log in seen)
    assert any(ply < log for ply, log in seen), "some moves leave the snapshot behind"
    assert len({ply for ply, _ in seen}) >= 2, "and a later move writes a new one"
    end = await table.play_to_end()
    assert end.game.status is GameStatus.FINISHED
    ply, log = await _snapshot_and_log(store, table.game_id)
    assert ply == log, "a finished game loads without a replay"


@pytest.mark.parametrize("kind, players", [("alcazar1978", 2), ("alcazar", 3)])
async def test_a_game_reloaded_between_snapshots_is_the_same_game(
        store: Store, clock: FakeClock, kind: str, players: int) -> None:
    table = await open_table(GameService(store, clock), kind, players, seed=12)
    engine = get_game(kind)
    behind = 0
    for _ in range(SNAPSHOT_EVERY + 4):
        if table.last.game.status is not GameStatus.ACTIVE:
            break
        await table.play()
        ply, log = await _snapshot_and_log(store, table.game_id)
        behind += ply < log
        table.service = GameService(store, clock)          # an empty cache: snapshot plus the lines after it
        board = await table.service.records.board_view(table.game_id)
        assert isinstance(board, BoardView)
        assert board.view == engine.view(table.shadow, None)
        for seat, user in enumerate(table.last.game.players):
            mine = await table.service.records.private_view(table.game_id, user)
            assert mine.view == engine.view(table.shadow, seat)
        assert (await table.service.records.game(table.game_id)).version == table.last.game.version
    assert behind > 0, "the reloads met snapshots behind the game"
    end = await table.play_to_end()                          # and it plays on to the same end
    assert end.game.result.outcome == engine.outcome(table.shadow)


PLAYER_KILLED_AFTER_A_MOVE = textwrap.dedent("""
    import asyncio, os, signal, sys
    from bot.service import FakeClock, GameService
    from bot.store import open_store

    async def main(target, game_id):
        service = GameService(await open_store(target), FakeClock())
        info = await service.records.game(game_id)
        [choice] = await service.records.legal_moves_for(game_id, info.to_move_id, limit=1)
        result = await service.turns.play(game_id, info.to_move_id, choice.notation, info.version)
        assert result.ok, result
        print(result.game.version, choice.notation, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)      # the players were told; no snapshot after it

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_a_crash_between_a_move_and_a_snapshot_loses_nothing(db_path: str | Path, clock: FakeClock) -> None:
    store = await open_store(db_path)
    table = await open_table(GameService(store, clock), "alcazar", 2, seed=3)
    while True:    # a snapshot just written: the next move leaves it behind
        await table.play()
        ply, log = await _snapshot_and_log(store, table.game_id)
        if ply == log and log > 0:
            break
    await store.close()

    child = subprocess.run(
        [sys.executable, "-c", PLAYER_KILLED_AFTER_A_MOVE, str(db_path), str(table.game_id)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    version, notation = child.stdout.split(maxsplit=1)
    table.shadow = table.engine.play(table.shadow, notation.strip())

    reopened = await open_store(db_path)
    try:
        ply, log = await _snapshot_and_log(reopened, table.game_id)
        assert ply < log, "the killed process wrote no snapshot for its move"
        service = GameService(reopened, clock)
        info = await service.records.game(table.game_id)
        assert info.version == int(version)
        board = await service.records.board_view(table.game_id)
        assert board.view == table.engine.view(table.shadow, None)
        async with reopened.read() as tx:
            snapshot = await tx.snapshots.get(table.game_id)
        assert json.loads(snapshot.state) != table.engine.to_dict(table.shadow)
    finally:
        await reopened.close()


async def test_a_move_in_a_cached_game_writes_three_statements_and_four_when_the_snapshot_is_due(
        store: Store, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.store.db import SqliteDb
    from bot.store.postgres import PipelinedDb, PostgresDb

    table = await open_table(service, "alcazar1978", 2, seed=9)
    await table.play()                                   # cached from here on
    sent: list[str] = []
    in_batch: list[bool] = []

    def counting(original, batch):  # type: ignore[no-untyped-def]
        async def counted(self, sql, params=(), **kwargs):  # type: ignore[no-untyped-def]
            if not in_batch:         # what a call runs inside it (one row as a plain statement) is not counted again
                words = sql.split()
                sent.append(f"{words[0]} {words[2] if words[0] == 'INSERT' else words[1]}")
            in_batch.append(batch)
            try:
                return await original(self, sql, params, **kwargs)
            finally:
                in_batch.pop()
        return counted

    for db in (SqliteDb, PostgresDb, PipelinedDb):
        for name in ("execute", "executemany", "send", "send_many", "ask"):
            monkeypatch.setattr(db, name, counting(getattr(db, name), name.endswith("many")))
    per_move = []
    for _ in range(SNAPSHOT_EVERY):
        sent.clear()
        result = await table.play()
        if result.game.status is not GameStatus.ACTIVE:
            break
        per_move.append(list(sent))
    assert per_move
    # On PostgreSQL the commit also tells the other processes of the change (``service.changes``): one
    # notification with the commit, in the same pipeline; SQLite has one process and nothing to tell.
    notice = ["SELECT pg_notify(?,"] if type(store).__name__ == "PostgresStore" else []
    assert all(m[len(m) - len(notice):] == notice for m in per_move), per_move
    per_move = [m[:len(m) - len(notice)] for m in per_move]
    # The game's row, its log line, the turn's length for the player's pace (no time bank: nothing
    # read); then, in the same transaction, the players' time away for the board's turn line.
    assert all(m in (["UPDATE games", "INSERT moves", "INSERT turn_times", "SELECT user_id,"],
                     ["UPDATE games", "INSERT moves", "INSERT turn_times", "INSERT snapshots", "SELECT user_id,"])
               for m in per_move), per_move
    assert sum("INSERT snapshots" in m for m in per_move) == 1, "one snapshot in ten lines"
