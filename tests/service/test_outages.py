"""The service while its store cannot take work: nothing half-applied, and claimed work done once it is back.

The failure is a real one: SQLite refusing every write (``PRAGMA
query_only``, which fails a write with ``SQLITE_READONLY``) on the store's own
connection, turned off again afterwards.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import AsyncIterator

import pytest

from bot.service import Accepted, FakeClock, GameService, StoreProblem, StoreUnavailable
from bot.service.workers import shutdown_workers
from bot.store import Store, open_store

from .helpers import computer_to_move, open_table


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture(autouse=True, scope="module")
def _stop_workers():  # type: ignore[no-untyped-def]
    yield
    shutdown_workers()


async def _writes_refused(store: Store, refused: bool) -> None:
    async with store.read() as tx:
        await tx.db.execute(f"PRAGMA query_only = {int(refused)}")


@pytest.mark.parametrize("kind", ["alcazar", "alcazar1978"])
async def test_a_move_the_store_refuses_changes_nothing_and_plays_when_it_is_back(sqlite_store: Store,
                                                                                 kind: str) -> None:
    service = GameService(sqlite_store, FakeClock())
    table = await open_table(service, kind, 2)
    game_id, version, mover = table.game_id, table.last.game.version, table.to_move_id
    assert mover is not None
    board = await service.records.board_view(game_id)
    [choice, *_] = await service.records.legal_moves_for(game_id, mover)

    await _writes_refused(sqlite_store, True)
    with pytest.raises(StoreUnavailable) as raised:
        await service.turns.play(game_id, mover, choice.notation, version)
    assert raised.value.problem is StoreProblem.READ_ONLY
    assert (await service.records.game(game_id)).version == version
    assert await service.records.board_view(game_id) == board, "the cached game is the stored one"
    assert [m.notation for m in await service.records.legal_moves_for(game_id, mover)][0] == choice.notation

    await _writes_refused(sqlite_store, False)
    played = await service.turns.play(game_id, mover, choice.notation, version)
    assert isinstance(played, Accepted) and played.game.version > version


async def test_a_computer_turn_cut_short_by_the_store_is_played_by_its_claimer_as_soon_as_it_is_back(
        sqlite_store: Store) -> None:
    """Not only after the claim's two-minute lease: the clock does not move here."""
    service = GameService(sqlite_store, FakeClock(), think_scale=0.1)
    turn = await computer_to_move(service, "normal")

    # Every thinking slot taken: the computer claims its turn, then waits for a slot to think in.
    slots, taken = service.computers.thinking_slots(), 0
    while not slots.locked():
        await slots.acquire()
        taken += 1
    thinking = asyncio.create_task(service.computers.play_computer_turn(turn.game_id, turn.version))
    for _ in range(500):
        async with sqlite_store.read() as tx:
            if await tx.claims.holder(turn.game_id, "computer") is not None:
                break
        await asyncio.sleep(0.01)
    await _writes_refused(sqlite_store, True)      # the store goes before the move is committed
    for _ in range(taken):
        slots.release()
    with pytest.raises(StoreUnavailable):
        await thinking
    assert (await service.records.game(turn.game_id)).version == turn.version, "the computer's move was not kept"

    await _writes_refused(sqlite_store, False)
    played = await service.computers.play_computer_turn(turn.game_id, turn.version)
    assert played is not None and played.game.version == turn.version + 1
    assert await service.computers.play_computer_turn(turn.game_id, turn.version) is None, "played once"
