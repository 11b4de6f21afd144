"""Restarts, rebuilding from the log, and a writer killed in the middle of a transaction."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.games import get_game
from bot.service import Accepted, FakeClock, GameService, replay
from bot.service.live import history_words, opening, replay_log, stored_words
from bot.service.pictures import public_positions
from bot.store import GameRow, GameStatus, LogEntry, Snapshot, Store, open_store

from .helpers import open_table, stored_log

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind, players, before", [("alcazar1978", 2, 3), ("alcazar", 3, 25)])
async def test_restart_mid_game_then_play_to_the_end(
    db_path: Path, clock: FakeClock, kind: str, players: int, before: int
) -> None:
    store = await open_store(db_path)
    table = await open_table(GameService(store, clock), kind, players, seed=21)
    for _ in range(before):
        await table.play()
    version = table.last.game.version
    await store.close()

    reopened = await open_store(db_path)
    try:
        table.service = GameService(reopened, clock)       # empty cache: loads the snapshot
        info = await table.service.records.game(table.game_id)
        assert (info.version, info.status, info.to_move_id) == \
            (version, GameStatus.ACTIVE, table.last.game.to_move_id)
        board = await table.service.records.board_view(table.game_id)
        assert board.view == table.engine.view(table.shadow, None)
        end = await table.play_to_end()
        assert end.game.status is GameStatus.FINISHED
        assert end.game.result.outcome == table.engine.outcome(table.shadow)
        assert await table.service.records.game_in_channel(500) is None
    finally:
        await reopened.close()


@pytest.mark.parametrize("kind, players", [("alcazar1978", 2), ("alcazar", 4)])
async def test_the_move_log_and_the_seed_rebuild_the_game(
    store: Store, service: GameService, kind: str, players: int
) -> None:
    table = await open_table(service, kind, players, seed=33)
    if kind == "alcazar":                      # a retirement in the log too
        await table.resign(2)
    for _ in range(12):
        await table.play()
    row, entries = await stored_log(store, table.game_id)
    async with store.read() as tx:
        snapshot = await tx.snapshots.get(table.game_id)
    engine = get_game(kind)
    rebuilt = replay(engine, players, row.seed, row.settings["options"], entries)
    assert engine.to_dict(rebuilt) == engine.to_dict(table.shadow)
    # The snapshot is the state after the log's first ``ply`` lines (written every few moves).
    upto = replay(engine, players, row.seed, row.settings["options"], [e for e in entries if e.ply <= snapshot.ply])
    assert engine.to_dict(upto) == json.loads(snapshot.state)



async def test_one_walk_of_the_log_gives_the_states_the_words_and_the_replay(
    store: Store, service: GameService
) -> None:
    table = await open_table(service, "alcazar", 3, seed=33)
    await table.resign(2)
    for _ in range(10):
        await table.play()
    row, entries = await stored_log(store, table.game_id)
    engine = get_game("alcazar")
    options = row.settings["options"]
    start = opening(engine, 3, row.seed, options)
    steps = list(replay_log(engine, start, entries, words_for={e.ply for e in entries}))
    assert [step.entry for step in steps] == entries
    assert steps[0].before is start
    assert all(earlier.after is later.before for earlier, later in zip(steps, steps[1:]))
    assert engine.to_dict(steps[-1].after) == engine.to_dict(table.shadow)
    # The words made afresh are the words the log kept when the moves were played.
    assert [stored_words(step.words) for step in steps] == [e.words for e in entries]
    assert history_words(engine, 3, row.seed, options, entries, {entries[-1].ply}, 0)[0] == \
        {entries[-1].ply: steps[-1].words}
    log = [(e.kind.value, e.seat, e.notation) for e in entries]
    views = public_positions("alcazar", 3, row.seed, options, log, None)
    assert views == [engine.view(start, None)] + [engine.view(step.after, None) for step in steps]


async def test_a_missing_or_old_snapshot_is_rebuilt_from_the_log(
    db_path: Path, clock: FakeClock
) -> None:
    store = await open_store(db_path)
    table = await open_table(GameService(store, clock), "alcazar", 2, seed=5)
    for _ in range(8):
        await table.play()
    async with store.write() as tx:              # a snapshot older than the game
        current = await tx.snapshots.get(table.game_id)
        await tx.snapshots.put(Snapshot(table.game_id, current.version - 1, 0, '{"schema": 0}'))
    table.service = GameService(store, clock)
    board = await table.service.records.board_view(table.game_id)
    assert board.view == table.engine.view(table.shadow, None)
    await table.play()
    await store.close()


KILLED_WRITER = textwrap.dedent("""
    import asyncio, os, signal, sys
    from bot.service import FakeClock, GameService
    from bot.store import EntryKind, GameStatus, LogEntry, Store, open_store

    async def main(path, game_id):
        store = await open_store(path)
        service = GameService(store, FakeClock())
        info = await service.records.game(game_id)
        [choice] = await service.records.legal_moves_for(game_id, info.to_move_id, limit=1)
        result = await service.turns.play(game_id, info.to_move_id, choice.notation, info.version)
        assert result.ok, result
        print(result.game.version, flush=True)
        async with store.write() as tx:      # the next move, never committed
            await tx.moves.append(game_id, [LogEntry(999, 0, EntryKind.MOVE, "pass", "x", False, 0.0)])
            await tx.games.advance(game_id, expected_version=result.game.version,
                                   status=GameStatus.FINISHED, turn_seat=None, now=0.0)
            os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_a_writer_killed_mid_transaction_leaves_the_last_commit(
    db_path: Path, clock: FakeClock
) -> None:
    store = await open_store(db_path)
    table = await open_table(GameService(store, clock), "alcazar", 2, seed=8)
    await table.play()
    await store.close()

    child = subprocess.run(
        [sys.executable, "-c", KILLED_WRITER, str(db_path), str(table.game_id)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.returncode == -9, child.stderr
    committed_version = int(child.stdout.strip())

    reopened = await open_store(db_path)
    try:
        service = GameService(reopened, clock)
        info = await service.records.game(table.game_id)
        assert (info.version, info.status) == (committed_version, GameStatus.ACTIVE)
        history = await service.records.history(table.game_id, limit=100)
        assert [h.ply for h in history] == [1, 2]              # the killed move left nothing
        table.service = service
        table.follow(_as_if_seen(table, history[-1].notation, info))
        end = await table.play_to_end()
        assert end.game.status is GameStatus.FINISHED
    finally:
        await reopened.close()


def _as_if_seen(table, notation: str, info) -> Accepted:
    """The child's committed move, applied to the test's shadow state."""
    table.shadow = table.engine.play(table.shadow, notation)
    return Accepted(info)
