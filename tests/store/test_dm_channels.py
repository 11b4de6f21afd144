"""Each user's DM channel with the bot, stored so that a reminder costs one request (both backends)."""
from __future__ import annotations

from pathlib import Path

from bot.store import Store, open_store


async def test_a_dm_channel_is_stored_replaced_and_read_per_user(store: Store) -> None:
    async with store.write() as tx:
        await tx.dm_channels.remember(1_500_000_000_000_000_001, 1_600_000_000_000_000_001)
        await tx.dm_channels.remember(1_500_000_000_000_000_002, 1_600_000_000_000_000_002)
        await tx.dm_channels.remember(1_500_000_000_000_000_002, 1_600_000_000_000_000_003)   # opened again
    async with store.read() as tx:
        found = await tx.dm_channels.of_users([1_500_000_000_000_000_001, 1_500_000_000_000_000_002, 7])
        assert await tx.dm_channels.of_users([]) == {}
    assert found == {1_500_000_000_000_000_001: 1_600_000_000_000_000_001,
                     1_500_000_000_000_000_002: 1_600_000_000_000_000_003}, "64-bit ids, the newest channel"


async def test_dm_channels_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    try:
        async with store.write() as tx:
            await tx.dm_channels.remember(42, 4242)
    finally:
        await store.close()
    reopened = await open_store(path)
    try:
        async with reopened.read() as tx:
            assert await tx.dm_channels.of_users([42]) == {42: 4242}
    finally:
        await reopened.close()
