"""The games the service caches stay out of the garbage collector's way: a full collection walks every
object it tracks, and the event loop waits meanwhile, so what the cache adds to that walk must not grow
with the number of games cached (``bot/service/cache.py``)."""
from __future__ import annotations

import gc
import types
from typing import Any

from tests.service.helpers import open_table

from bot.service import GameService
from bot.service import live as engine_work
from bot.service.cache import GameCache
from bot.store import Store

#: Objects the cache may share with everything else (modules, classes, functions): not the cache's own.
SHARED = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def tracked_from(root: Any) -> int:
    """The objects the collector tracks that ``root`` reaches, shared ones left out."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, SHARED) or not gc.is_tracked(obj):
            continue
        seen.add(id(obj))
        stack.extend(gc.get_referents(obj))
    return len(seen)


async def open_games(service: GameService, count: int, first_channel: int) -> None:
    """``count`` games of both kinds, a few moves into each Alcazar game."""
    for n in range(count):
        kind, players = ("alcazar", 2 + n % 4) if n % 3 else ("alcazar1978", 2)
        table = await open_table(service, kind, players, seed=n, channel_id=first_channel + n)
        for _ in range(4 if kind == "alcazar" else 0):
            await table.play()


async def test_games_cached_beyond_the_unpacked_few_add_nothing_for_the_collector_to_walk(store: Store) -> None:
    service = GameService(store)
    unpacked = service.core.live.unpacked_size
    await open_games(service, unpacked + 10, first_channel=1000)
    gc.collect()     # a collection untracks the packed games' tuples, as the bot's first young one does
    with_few = tracked_from(service.core.live)
    await open_games(service, 40, first_channel=2000)
    gc.collect()
    with_more = tracked_from(service.core.live)

    assert len(service.core.live) == unpacked + 50
    # 40 more games cached, and no more for the collector to walk than a few objects in all (a game
    # held as objects is about 50 of them): the cache's share of a full collection does not grow.
    assert with_more - with_few < 10, (with_few, with_more)
    # What the unpacked games cost it is bounded too.
    assert with_more < unpacked * 80, with_more


async def test_a_game_packed_and_unpacked_between_its_moves_plays_on_as_the_same_game(store: Store) -> None:
    service = GameService(store)
    service.core.live = GameCache(service.core.cache_size, unpacked=1)   # every other game is packed
    tables = [await open_table(service, "alcazar", 3, seed=5, channel_id=3000),
              await open_table(service, "alcazar1978", 2, seed=6, channel_id=3001)]
    for _ in range(12):
        for table in tables:                  # each move unpacks its game and packs the other one
            assert service.core.live.unpacked() != [table.game_id]
            await table.play()                # judged on the cached game; the shadow state agrees
            assert service.core.live.unpacked() == [table.game_id]

    for table in tables:
        cached = service.core.live.get(table.game_id)
        service.core.forget(table.game_id)
        reloaded = await service.core.load_live(table.game_id)
        assert cached is not None and reloaded is not None
        assert (cached.row, cached.seats, cached.ply, cached.hands) == \
            (reloaded.row, reloaded.seats, reloaded.ply, reloaded.hands)
        assert engine_work.snapshot_of(cached.engine, cached.state) == \
            engine_work.snapshot_of(reloaded.engine, reloaded.state) == \
            engine_work.snapshot_of(table.engine, table.shadow)


async def test_the_cache_keeps_its_size_and_order_whether_its_games_are_packed_or_not(store: Store) -> None:
    service = GameService(store, cache_size=3)
    service.core.live = GameCache(3, unpacked=1)
    tables = [await open_table(service, "alcazar1978", 2, seed=s, channel_id=4000 + s) for s in range(4)]
    ids = [t.game_id for t in tables]
    assert list(service.core.live) == ids[1:], "the oldest game made room"
    await tables[1].play()
    assert list(service.core.live) == [ids[2], ids[3], ids[1]]
    assert service.core.live.unpacked() == [ids[1]]
    service.core.forget(ids[2])
    assert list(service.core.live) == [ids[3], ids[1]] and ids[2] not in service.core.live


async def test_what_the_web_board_keeps_of_many_games_adds_little_for_the_collector_to_walk(store: Store) -> None:
    """The pages' projections and histories and the records' last replays are kept for hundreds of games;
    kept as strings, bytes and tuples of atoms they add nothing for it to walk (as dicts, lists, lines and
    messages they were about 300 objects a game: a 55 ms full collection with 300 games viewed)."""
    service = GameService(store)

    async def names_of(user_ids: Any) -> list[str]:
        return [f"Player {user_id}" for user_id in user_ids]

    async def view_all(first_channel: int, count: int) -> None:
        await open_games(service, count, first_channel)
        for n in range(count):
            game = await service.records.game_in_channel(first_channel + n)
            assert game is not None
            for user, lang in [(user, "en") for user in game.players] + [(9000, "en"), (9001, "hu")]:
                assert isinstance(await service.pages.view(game.id, user, lang, names_of), dict)

    pages, records = service.pages, service.records
    kept = (pages._projections, pages._histories, pages._lines, pages._moves, pages._images, records._worded)
    await view_all(5000, 4)
    gc.collect()
    with_few = sum(tracked_from(part) for part in kept)
    await view_all(6000, 12)
    gc.collect()
    with_more = sum(tracked_from(part) for part in kept)
    # Three times the games viewed, and nothing more for the collector to walk than the containers.
    assert with_more - with_few < 10, (with_few, with_more)
    assert with_more < 60, with_more
