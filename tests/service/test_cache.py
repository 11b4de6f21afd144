"""The service keeps the games being played in memory, so a move does not reload its game."""
from __future__ import annotations

import pytest
from tests.service.helpers import open_table

from bot.config import ConfigError, load_settings
from bot.service import GameService
from bot.store import Store
from bot.store.log import SnapshotRepo


async def test_a_thousand_games_being_played_all_stay_in_memory(store: Store) -> None:
    assert GameService(store).core.cache_size >= 1000
    assert load_settings({"DISCORD_TOKEN": "t"}, env_file=None).game_cache_size >= 1000


async def test_the_cache_size_comes_from_the_setting_and_evicts_the_least_recently_played(store: Store) -> None:
    service = GameService(store, cache_size=2)
    tables = [await open_table(service, "alcazar1978", 2, seed=s, channel_id=600 + s) for s in range(3)]
    ids = [t.last.game.id for t in tables]
    assert list(service.core.live) == ids[1:], "the oldest game made room"
    await tables[0].play()                     # reloaded from its snapshot, then kept
    assert list(service.core.live) == [ids[2], ids[0]]
    assert load_settings({"DISCORD_TOKEN": "t", "GAME_CACHE_SIZE": "250"}, env_file=None).game_cache_size == 250


async def test_a_cached_game_plays_without_reading_its_snapshot(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    service = GameService(store)
    table = await open_table(service, "alcazar", 3)
    reads: list[int] = []
    real_get = SnapshotRepo.get      # the class, whichever backend the store is

    async def counting_get(self, game_id):  # type: ignore[no-untyped-def]
        reads.append(game_id)
        return await real_get(self, game_id)

    monkeypatch.setattr(SnapshotRepo, "get", counting_get)
    for _ in range(5):
        await table.play()
    assert reads == []


@pytest.mark.parametrize("key, value", [("GAME_CACHE_SIZE", "0"), ("GAME_CACHE_SIZE", "lots"), ("IMAGE_WORKERS", "-1")])
def test_malformed_sizes_say_what_is_wrong(key: str, value: str) -> None:
    with pytest.raises(ConfigError, match=key):
        load_settings({"DISCORD_TOKEN": "t", key: value}, env_file=None)


def test_a_cache_needs_room(store: Store) -> None:
    with pytest.raises(ValueError):
        GameService(store, cache_size=0)
