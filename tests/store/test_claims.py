"""Claims on scheduled work: one holder at a time, done once, taken again after a lost holder's lease."""
from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import Store, open_store

from .helpers import lobby_id


async def _claim(store: Store, game_id: int, version: int, number: int, owner: str, now: float,
                 task: str = "reminder") -> bool:
    async with store.write() as tx:
        return await tx.claims.claim(game_id, task, version, number, owner=owner, now=now, lease=60.0)


async def _finish(store: Store, game_id: int, version: int, number: int, now: float) -> bool:
    async with store.write() as tx:
        return await tx.claims.finish(game_id, "reminder", version, number, now=now)


async def test_a_claim_has_one_holder_until_its_lease_ends(store: Store) -> None:
    game = await lobby_id(store)
    assert await _claim(store, game, 3, 1, "a", now=1000.0)
    assert not await _claim(store, game, 3, 1, "b", now=1000.0), "held by a"
    assert not await _claim(store, game, 3, 1, "b", now=1059.9), "a's lease runs to 1060"
    assert await _claim(store, game, 3, 1, "b", now=1060.0), "a's lease is over: a is taken to be gone"
    async with store.read() as tx:
        assert (await tx.claims.holder(game, "reminder"))[:3] == (3, 1, "b")


async def test_done_work_is_never_claimed_again(store: Store) -> None:
    game = await lobby_id(store)
    assert await _claim(store, game, 3, 1, "a", now=1000.0)
    assert await _finish(store, game, 3, 1, now=1001.0)
    assert not await _finish(store, game, 3, 1, now=1002.0), "finished once"
    assert not await _claim(store, game, 3, 1, "b", now=5000.0), "done, even long after the lease"


async def test_newer_work_replaces_the_row_and_older_work_is_refused(store: Store) -> None:
    game = await lobby_id(store)
    assert await _claim(store, game, 3, 1, "a", now=1000.0)
    assert await _claim(store, game, 3, 2, "b", now=1001.0), "the next reminder of the turn"
    assert await _claim(store, game, 4, 1, "c", now=1002.0), "a later turn"
    assert not await _claim(store, game, 3, 2, "a", now=9000.0), "an older turn is never taken back"
    assert not await _finish(store, game, 3, 2, now=9000.0)
    assert await _claim(store, game, 4, 0, "d", now=1003.0, task="deadline"), "tasks are separate"


async def test_racing_claims_from_two_connections_one_wins(database: str | Path) -> None:
    """Two stores on one database (two processes): of many simultaneous claims exactly one wins."""
    first, second = await open_store(database), await open_store(database)
    try:
        game = await lobby_id(first)
        for number in range(1, 6):
            won = await asyncio.gather(*(
                _claim(store, game, 1, number, f"p{i}", now=2000.0)
                for i, store in enumerate([first, second, first, second])
            ))
            assert sum(won) == 1, (number, won)
    finally:
        await first.close()
        await second.close()


async def test_a_holder_renews_only_its_own_undone_claim(store: Store) -> None:
    """Work an outage cut short is taken again by the process that claimed it, not by a stranger."""
    game = await lobby_id(store)
    assert await _claim(store, game, 3, 1, "a", now=1000.0)
    async with store.write() as tx:
        assert not await tx.claims.renew(game, "reminder", 3, 1, owner="b", now=1010.0, lease=60.0)
        assert await tx.claims.renew(game, "reminder", 3, 1, owner="a", now=1010.0, lease=60.0)
        assert (await tx.claims.holder(game, "reminder"))[3] == 1070.0, "held 60 s from the renewal"
    assert not await _claim(store, game, 3, 1, "b", now=1065.0), "the renewed lease still holds"
    assert await _finish(store, game, 3, 1, now=1066.0)
    async with store.write() as tx:
        assert not await tx.claims.renew(game, "reminder", 3, 1, owner="a", now=1067.0, lease=60.0), "done is done"
