"""What /healthz and /metrics ask of the store: a trivial query, and the games counted by status."""
from __future__ import annotations

import pytest

from bot.store import GameStatus, Store, open_store


async def test_games_are_counted_by_status(store: Store) -> None:
    async with store.read() as tx:
        assert await tx.games.count_by_status() == {status: 0 for status in GameStatus}
    async with store.write() as tx:
        for channel in (1, 2, 3):
            game = await tx.games.create_lobby(guild_id=9, channel_id=channel, kind="alcazar", host_id=5,
                                               settings={}, seed=channel, now=0.0)
        await tx.games.set_status(game.id, GameStatus.CANCELLED, 1.0)
    async with store.read() as tx:
        counts = await tx.games.count_by_status()
    assert counts == {GameStatus.LOBBY: 2, GameStatus.ACTIVE: 0, GameStatus.FINISHED: 0, GameStatus.CANCELLED: 1}


async def test_ping_answers_while_open_and_raises_once_closed(database: object) -> None:
    store = await open_store(database)  # type: ignore[arg-type]
    await store.ping()
    await store.close()
    with pytest.raises(Exception):
        await store.ping()
