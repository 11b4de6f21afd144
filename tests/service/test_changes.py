"""The change feed: every committed change of a game reaches every subscriber, in order, once.

Both backends: the changes a service commits reach its own subscribers as the transaction commits.
PostgreSQL's other processes are in ``test_changes_processes.py``.
"""
from __future__ import annotations

import asyncio

import pytest

from bot.service import Accepted, ChangeFeed, FakeClock, GameChange, GameService
from bot.service.workers import shutdown_workers
from bot.store import Store
from bot.store.changes import ChangeNote

from .helpers import HOST, computer_to_move, open_table

SCALE = 0.01     # computers think for a hundredth of their level's time


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock, think_scale=SCALE)


@pytest.fixture(autouse=True, scope="module")
def _stop_workers():
    yield
    shutdown_workers()


async def taken(feed: ChangeFeed) -> list[GameChange]:
    """Every change waiting in ``feed`` (changes are handed over as their transaction commits, so what
    a finished call changed is waiting when it returns)."""
    return [await feed.__anext__() for _ in range(feed.waiting)]


async def test_a_game_from_its_lobby_to_its_end_reaches_a_subscriber_in_order(service: GameService) -> None:
    async with service.changes.subscribe() as feed:
        table = await open_table(service, "alcazar1978", 2)
        game_id = table.game_id
        # Opened and joined (the lobby's version stays 0), then started: version 1.
        assert await taken(feed) == [GameChange(game_id, 1)]
        await table.play()
        assert await taken(feed) == [GameChange(game_id, 2)]
        await table.play()
        await table.play()
        # Not read in between: only the newest of the game's changes waits.
        assert await taken(feed) == [GameChange(game_id, 4)]
        to_move = table.to_move_id
        [last_mover] = [p for p in table.last.game.players if p != to_move]
        await service.questions.ask("undo", game_id, last_mover)     # a question changes no board
        assert await taken(feed) == []
        undone = await service.questions.answer("undo", game_id, to_move, True)
        assert isinstance(undone, Accepted)
        assert await taken(feed) == [GameChange(game_id, 5)]
        table.last = undone
        red, green = table.last.game.players
        await service.questions.ask("draw", game_id, red)
        drawn = await service.questions.answer("draw", game_id, green, True)
        assert isinstance(drawn, Accepted) and drawn.game.result is not None
        assert await taken(feed) == [GameChange(game_id, 6)]


async def test_a_lobby_s_changes_reach_a_subscriber_though_its_version_stays(service: GameService) -> None:
    async with service.changes.subscribe() as feed:
        lobby = await service.lobby.create_lobby(1, 500, HOST, "alcazar", seed=3)
        assert isinstance(lobby, Accepted)
        game_id = lobby.game.id
        assert await taken(feed) == [GameChange(game_id, 0, moved=False)]
        await service.lobby.join(game_id, HOST + 1)
        assert await taken(feed) == [GameChange(game_id, 0, moved=False)]
        await service.lobby.update_settings(game_id, HOST, {"deadline_hours": 24})
        await service.lobby.leave(game_id, HOST + 1)
        # Two changes since the last taken: one waits (the newest; each said "version 0").
        assert await taken(feed) == [GameChange(game_id, 0, moved=False)]
        await service.lobby.cancel(game_id, HOST)
        assert await taken(feed) == [GameChange(game_id, 0, moved=False)]


async def test_a_resignation_a_deadline_and_a_computer_s_move_reach_a_subscriber(
        service: GameService, clock: FakeClock) -> None:
    async with service.changes.subscribe() as feed:
        table = await open_table(service, "alcazar", 3)
        game_id, host = table.game_id, table.last.game.host_id
        version = table.last.game.version
        await taken(feed)
        resigned = await table.resign(1)
        assert await taken(feed) == [GameChange(game_id, resigned.game.version)]
        assert resigned.game.version > version
        assert (await service.lobby.update_settings(game_id, host, {"deadline_hours": 24})).ok
        assert await taken(feed) == [GameChange(game_id, resigned.game.version, moved=False)]    # settings: same version
        clock.advance(hours=25)
        [skipped] = await service.reminders.process_deadlines()
        assert await taken(feed) == [GameChange(game_id, skipped.game.version)]
        assert skipped.game.version == resigned.game.version + 1

        turn = await computer_to_move(service, "easy", channel_id=600)
        await taken(feed)
        played = await service.computers.play_computer_turn(turn.game_id, turn.version)
        assert played is not None
        assert await taken(feed) == [GameChange(turn.game_id, played.game.version)]


async def test_a_refused_or_stale_move_tells_nobody(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    async with service.changes.subscribe() as feed:
        stale = await service.turns.play(table.game_id, table.to_move_id, table.pick(win=False),
                                         table.last.game.version - 1)
        assert not stale.ok
        assert await taken(feed) == []


async def test_every_subscriber_gets_each_change_and_a_closed_one_none(service: GameService) -> None:
    async with service.changes.subscribe() as first, service.changes.subscribe() as second:
        table = await open_table(service, "alcazar1978", 2)
        assert await taken(first) == [GameChange(table.game_id, 1)]
        await table.play()
        assert await taken(first) == [GameChange(table.game_id, 2)]
        assert await taken(second) == [GameChange(table.game_id, 2)]
    await table.play()
    assert first.waiting == 0 and [c async for c in first] == []


async def test_a_waiting_subscriber_reads_on_as_changes_come(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    async with service.changes.subscribe() as feed:
        reader = asyncio.create_task(feed.__anext__())
        await asyncio.sleep(0)
        assert not reader.done()
        await table.play()
        assert await asyncio.wait_for(reader, 1) == GameChange(table.game_id, table.last.game.version)


# -- one subscriber's rules, on the feed itself --------------------------------------------------


async def test_never_an_older_version_nor_a_moved_version_twice() -> None:
    feed = ChangeFeed()
    feed.offer(ChangeNote(7, 3, moved=True))
    assert await taken(feed) == [GameChange(7, 3)]
    feed.offer(ChangeNote(7, 3, moved=True))       # the same change heard again
    feed.offer(ChangeNote(7, 2, moved=True))       # an older one, late
    assert feed.waiting == 0
    feed.offer(ChangeNote(7, 3, moved=False))      # a change that left version 3 (settings)
    assert await taken(feed) == [GameChange(7, 3, moved=False)]
    feed.offer(ChangeNote(7, 4, moved=True))
    feed.offer(ChangeNote(7, 2, moved=False))
    assert await taken(feed) == [GameChange(7, 4)]


async def test_a_slow_subscriber_keeps_only_the_newest_change_of_each_game() -> None:
    feed = ChangeFeed()
    for version in range(1, 1001):
        for game_id in (1, 2, 3):
            feed.offer(ChangeNote(game_id, version, moved=True))
    assert feed.waiting == 3
    assert await taken(feed) == [GameChange(1, 1000), GameChange(2, 1000), GameChange(3, 1000)]
    feed.offer(ChangeNote(1, 1001, moved=True))
    feed.offer(ChangeNote(2, 1001, moved=True))
    feed.offer(ChangeNote(1, 1002, moved=True))    # game 1 changed last: it comes after game 2
    assert await taken(feed) == [GameChange(2, 1001), GameChange(1, 1002)]
    feed.offer(ChangeNote(5, 9, moved=True))
    feed.offer(ChangeNote(5, 8, moved=True))        # older than what waits: dropped
    feed.offer(ChangeNote(5, 9, moved=False))       # says no more than what waits
    assert await taken(feed) == [GameChange(5, 9)]


async def test_a_subscriber_of_one_game_hears_that_game_only(service: GameService) -> None:
    first = await open_table(service, "alcazar1978", 2, channel_id=501)
    second = await open_table(service, "alcazar1978", 2, channel_id=502)
    async with service.changes.subscribe(first.game_id) as feed, service.changes.subscribe() as everything:
        await second.play()
        await first.play()
        await second.play()
        assert await taken(feed) == [GameChange(first.game_id, first.last.game.version)]
        assert await taken(everything) == [GameChange(first.game_id, first.last.game.version),
                                           GameChange(second.game_id, second.last.game.version)]
    assert first.game_id not in service.changes._feeds      # nothing kept of a subscriber gone
