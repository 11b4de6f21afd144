"""Games with a computer player or the stand-in are never rated."""
from __future__ import annotations

import pytest

from bot.service import Accepted, FakeClock, GameService, MovePlayed
from bot.service.workers import shutdown_workers
from bot.store import GameStatus, Store

from .helpers import HOST


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock, think_scale=0.01)


@pytest.fixture(autouse=True, scope="module")
def _stop_workers():
    yield
    shutdown_workers()


async def test_a_game_against_a_computer_is_not_rated(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 510, HOST, "alcazar1978", seed=3)
    assert isinstance(lobby, Accepted)
    await service.computers.add_computer(lobby.game.id, HOST, "easy")
    started = await service.lobby.start(lobby.game.id, HOST)
    assert isinstance(started, Accepted)
    over = await service.turns.resign(lobby.game.id, HOST)
    assert isinstance(over, Accepted) and over.game.status is GameStatus.FINISHED
    assert await service.ratings.rating_changes(lobby.game.id) == []
    assert await service.ratings.leaderboard(1, "alcazar1978") == []


async def test_a_game_where_the_stand_in_played_a_late_turn_is_not_rated(service: GameService,
                                                                          clock: FakeClock) -> None:
    lobby = await service.lobby.create_lobby(1, 511, HOST, "alcazar1978",
                                       {"deadline_hours": 24, "stand_in_on_deadline": True}, seed=3)
    assert isinstance(lobby, Accepted)
    await service.lobby.join(lobby.game.id, HOST + 1)
    await service.lobby.start(lobby.game.id, HOST)
    clock.advance(hours=25)
    [played] = await service.reminders.process_deadlines()
    [move] = played.of_type(MovePlayed)
    assert move.stand_in
    over = await service.turns.resign(lobby.game.id, played.game.to_move_id)
    assert isinstance(over, Accepted) and over.game.status is GameStatus.FINISHED
    assert await service.ratings.rating_changes(lobby.game.id) == []


async def test_the_same_game_by_two_people_alone_is_rated(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 512, HOST, "alcazar1978", seed=3)
    assert isinstance(lobby, Accepted)
    await service.lobby.join(lobby.game.id, HOST + 1)
    await service.lobby.start(lobby.game.id, HOST)
    over = await service.turns.resign(lobby.game.id, HOST)
    assert isinstance(over, Accepted)
    assert [s.user_id for s in await service.ratings.rating_changes(lobby.game.id)] == [HOST + 1, HOST]
