"""Changes sent with ``Db.send``: held back and sent with the next statement or the COMMIT, yet judged as
before (a stale version refused before anything commits, a broken constraint the store's error)."""
from __future__ import annotations

import pytest

from bot.store import GameStatus, IntegrityError, Snapshot, StaleVersion, Store

from .test_store import entry, new_lobby


async def _nothing_kept(store: Store, game_id: int) -> None:
    async with store.read() as tx:
        row = await tx.games.get(game_id)
        assert row is not None and row.version == 1
        assert [e.ply for e in await tx.moves.entries(game_id)] == [1]
        assert (await tx.snapshots.get(game_id)).version == 1


async def _started(store: Store) -> int:
    game = await new_lobby(store)
    async with store.write() as tx:
        await tx.games.advance(game.id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=0, now=200.0)
        await tx.moves.append(game.id, [entry(1)])
        await tx.snapshots.put(Snapshot(game.id, 1, 1, "{}"))
    return game.id


async def test_a_stale_version_outranks_the_broken_constraint_that_follows_from_it(store: Store) -> None:
    # Another process moved the game on and logged ply 1 already: the log line this one sends after
    # its version check breaks the log's key, but the player is told the board is out of date.
    game_id = await _started(store)
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
            await tx.moves.append(game_id, [entry(1, 1)])
            await tx.snapshots.put(Snapshot(game_id, 2, 2, "{}"))
            await tx.away.of_users([1], 0.0)          # a read: everything held is answered with it
    await _nothing_kept(store, game_id)


async def test_a_stale_version_with_no_read_after_it_is_refused_before_the_commit(store: Store) -> None:
    game_id = await _started(store)
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
            await tx.moves.append(game_id, [entry(2, 1)])
            await tx.snapshots.put(Snapshot(game_id, 2, 2, "{}"))
    await _nothing_kept(store, game_id)


async def test_a_broken_constraint_sent_with_the_commit_is_the_stores_error(store: Store) -> None:
    game_id = await _started(store)
    with pytest.raises(IntegrityError):
        async with store.write() as tx:
            await tx.games.advance(game_id, expected_version=1, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
            await tx.away.of_users([1], 0.0)          # the version check answered here
            await tx.snapshots.put(Snapshot(game_id, 2, 2, "{}"))
            await tx.moves.append(game_id, [entry(1, 1)])    # ply 1 is logged already
    await _nothing_kept(store, game_id)
    async with store.write() as tx:                   # the store goes on working
        await tx.games.advance(game_id, expected_version=1, status=GameStatus.ACTIVE, turn_seat=1, now=202.0)
        await tx.moves.append(game_id, [entry(2, 1)])
    async with store.read() as tx:
        assert [e.ply for e in await tx.moves.entries(game_id)] == [1, 2]


async def test_a_read_in_the_transaction_sees_the_changes_held_before_it(store: Store) -> None:
    game_id = await _started(store)
    async with store.write() as tx:
        await tx.games.advance(game_id, expected_version=1, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
        await tx.moves.append(game_id, [entry(2, 1)])
        assert (await tx.games.require(game_id)).version == 2
        assert [e.ply for e in await tx.moves.entries(game_id)] == [1, 2]


async def test_a_read_asked_ahead_sees_what_was_held_before_it_and_comes_when_fetched(store: Store) -> None:
    game_id = await _started(store)
    async with store.write() as tx:
        await tx.games.advance(game_id, expected_version=1, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
        hand = await tx.messages.ask(game_id, "hand", 7)               # nothing posted yet: no row
        version = await tx.db.ask("SELECT version FROM games WHERE id = ?", (game_id,))
        assert (await tx.games.require(game_id)).version == 2       # one wait answers the three
        assert await tx.messages.answer(hand) is None
        assert [tuple(r) for r in await version.fetchall()] == [(2,)]
        alone = await tx.db.ask("SELECT count(*) FROM moves WHERE game_id = ?", (game_id,))
        assert [tuple(r) for r in await alone.fetchall()] == [(1,)], "nothing after it: fetching waits for it"


async def test_a_stale_version_is_refused_before_a_read_asked_after_it_is_answered(store: Store) -> None:
    game_id = await _started(store)
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=1, now=201.0)
            asked = await tx.db.ask("SELECT version FROM games WHERE id = ?", (game_id,))
            await asked.fetchall()
    await _nothing_kept(store, game_id)
