"""Messages the bot edits later: one per game, role and user, replaced on put, kept across a reopen."""
from __future__ import annotations

from pathlib import Path

from bot.store import PostedMessageRow, open_store

from .helpers import lobby_id


async def test_one_message_per_role_and_user_replaced_on_put_and_kept_across_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = await open_store(path)
    try:
        game = await lobby_id(store, 10)
        async with store.write() as tx:
            await tx.messages.put(PostedMessageRow(game, "board", 0, 10, 1000, 3))
            await tx.messages.put(PostedMessageRow(game, "board", 0, 10, 1001, 4))
            await tx.messages.put(PostedMessageRow(game, "hand", 42, 77, 2000, 4, [3, 8, 21]))
            await tx.messages.put(PostedMessageRow(game, "hand", 43, 78, 2001, 4, [5]))
        async with store.read() as tx:
            assert (await tx.messages.get(game, "board")).message_id == 1001
            assert (await tx.messages.get(game, "lobby")) is None
    finally:
        await store.close()
    reopened = await open_store(path)
    try:
        async with reopened.write() as tx:
            hand = await tx.messages.get(game, "hand", 42)
            assert hand == PostedMessageRow(game, "hand", 42, 77, 2000, 4, [3, 8, 21])
            await tx.messages.delete(game, "hand", 42)
            assert await tx.messages.get(game, "hand", 42) is None
            assert (await tx.messages.get(game, "hand", 43)).detail == [5]
    finally:
        await reopened.close()
