"""The web board's tables (migrations 14 and 15) and the changes of games a transaction tells once it commits."""
from __future__ import annotations

import asyncio
from pathlib import Path

import psycopg
import pytest

from bot.store import GameStatus, StaleVersion, Store, open_store
from bot.store.changes import ChangeNote, channel_of

from .helpers import lobby_id


async def test_the_signing_key_is_made_once_and_kept(store: Store) -> None:
    async with store.write() as tx:
        first = await tx.web_keys.key("board", now=1.0)
    async with store.write() as tx:
        again = await tx.web_keys.key("board", now=2.0)
        other = await tx.web_keys.key("another", now=2.0)
    assert first == again and len(first) == 32
    assert other != first


async def test_two_stores_making_the_key_at_once_agree(database: str | Path) -> None:
    stores = [await open_store(database) for _ in range(4)]
    try:
        async def made(store: Store) -> bytes:
            async with store.write() as tx:
                return await tx.web_keys.key("board", now=1.0)

        keys = await asyncio.gather(*(made(s) for s in stores))
        assert len(set(keys)) == 1
    finally:
        for store in stores:
            await store.close()


async def test_an_activity_launch_is_kept_per_user_and_channel(store: Store) -> None:
    first, second = await lobby_id(store, 500), await lobby_id(store, 501)
    async with store.write() as tx:
        await tx.activity_launches.record(42, 500, first, 10.0)
        await tx.activity_launches.record(42, 501, second, 11.0)
    async with store.read() as tx:
        assert await tx.activity_launches.launched(42, 500) == (first, 10.0)
        assert await tx.activity_launches.launched(43, 500) is None
    async with store.write() as tx:
        await tx.activity_launches.record(42, 500, second, 12.5)      # a newer launch replaces it
    async with store.read() as tx:
        assert await tx.activity_launches.launched(42, 500) == (second, 12.5)


async def test_ending_links_keeps_the_newest_time(store: Store) -> None:
    async with store.read() as tx:
        assert await tx.links_ended.ended_at(42) is None
    async with store.write() as tx:
        await tx.links_ended.end(42, 1000.5)
    async with store.write() as tx:
        await tx.links_ended.end(42, 2000.25)
    async with store.read() as tx:
        assert await tx.links_ended.ended_at(42) == 2000.25
        assert await tx.links_ended.ended_at(43) is None


async def test_a_committed_change_of_a_game_is_told_and_a_rolled_back_one_is_not(store: Store) -> None:
    heard: list[list[ChangeNote]] = []
    store.on_commit(lambda notes: heard.append(list(notes)))
    game_id = await lobby_id(store)
    assert heard == [[ChangeNote(game_id, 0, moved=False)]]
    heard.clear()
    async with store.write() as tx:
        await tx.games.update_settings(game_id, {"deadline_hours": 24}, now=2.0)
        await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=0, now=2.0)
    assert heard == [[ChangeNote(game_id, 1, moved=True)]]       # one note per game: its last change
    heard.clear()
    with pytest.raises(StaleVersion):
        async with store.write() as tx:
            await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=1, now=3.0)
    with pytest.raises(RuntimeError):
        async with store.write() as tx:
            await tx.games.set_status(game_id, GameStatus.CANCELLED, now=3.0)
            raise RuntimeError("the block failed")
    async with store.write() as tx:       # a transaction that changes no game tells nothing
        await tx.languages.remember(7, "hu", now=3.0)
    assert heard == []
    async with store.write() as tx:
        await tx.games.set_status(game_id, GameStatus.CANCELLED, now=4.0)
    assert heard == [[ChangeNote(game_id, 1, moved=False)]]


async def test_postgres_sends_the_changes_with_the_commit_on_the_schema_s_channel(postgres_database: str) -> None:
    store = await open_store(postgres_database)
    try:
        async with await psycopg.AsyncConnection.connect(postgres_database, autocommit=True) as listener:
            schema = (await (await listener.execute("SELECT current_schema()")).fetchone())[0]
            await listener.execute(f'LISTEN "{channel_of(schema)}"')
            game_id = await lobby_id(store)
            with pytest.raises(RuntimeError):
                async with store.write() as tx:
                    await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=0,
                                           now=2.0)
                    raise RuntimeError("rolled back: nothing is sent")
            async with store.write() as tx:
                await tx.games.advance(game_id, expected_version=0, status=GameStatus.ACTIVE, turn_seat=0, now=2.0)
            payloads = [n.payload async for n in listener.notifies(timeout=0.5)]
        origin = store.origin       # type: ignore[attr-defined]
        assert payloads == [ChangeNote(game_id, 0, moved=False).payload(origin),
                            ChangeNote(game_id, 1, moved=True).payload(origin)]
        assert ChangeNote.from_payload(payloads[1]) == (ChangeNote(game_id, 1, moved=True), origin)
        assert ChangeNote.from_payload("1 2 x y") is None and ChangeNote.from_payload("hello") is None
    finally:
        await store.close()


def test_a_long_schema_name_still_makes_a_channel_name() -> None:
    assert channel_of("public") == "alcazar_games_public"
    long = channel_of("s" * 63)
    assert len(long.encode()) <= 63 and long != channel_of("s" * 62 + "t")


async def test_a_failing_listener_does_not_fail_a_committed_transaction(store: Store) -> None:
    heard: list[ChangeNote] = []

    def failing(notes: object) -> None:
        raise RuntimeError("a listener's own trouble")

    store.on_commit(failing)
    store.on_commit(lambda notes: heard.extend(notes))
    game_id = await lobby_id(store)              # no exception: the lobby was made
    async with store.read() as tx:
        assert await tx.games.get(game_id) is not None
    assert heard == [ChangeNote(game_id, 0, moved=False)]
