"""Computer players in the service: lobby seats, turns played once, restarts, and the stand-in."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import get_game
from bot.service import (
    Accepted, ComputerToMove, FakeClock, GameOver, GameService, MovePlayed, PlayerResigned, Reason,
    TurnChanged,
)
from bot.service.computers import computer_level, computer_name, is_computer
from bot.service.workers import shutdown_workers
from bot.store import GameStatus, Store, open_store

from .helpers import HOST, refused

SCALE = 0.01     # computers think for a hundredth of their level's time


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock, think_scale=SCALE)


@pytest.fixture(autouse=True, scope="module")
def _stop_workers():
    yield
    shutdown_workers()


async def _lobby(service: GameService, kind: str, settings: dict | None = None) -> int:
    lobby = await service.lobby.create_lobby(1, 500, HOST, kind, settings, seed=3)
    assert isinstance(lobby, Accepted)
    return lobby.game.id


async def _computers_play(service: GameService, result: Accepted) -> Accepted:
    """Play every computer turn the events announce, in a chain, as the bot does."""
    while True:
        due = [e for e in result.events if isinstance(e, ComputerToMove)]
        if not due:
            return result
        played = await service.computers.play_computer_turn(due[0].game_id, due[0].version)
        assert played is not None
        result = played


async def _until_a_computer_is_to_move(service: GameService, result: Accepted) -> Accepted:
    """The human plays a legal move first when the seating put them first."""
    if result.game.computer_to_move:
        return result
    [choice, *_] = await service.records.legal_moves_for(result.game.id, HOST)
    played = await service.turns.play(result.game.id, HOST, choice.notation, result.game.version)
    assert isinstance(played, Accepted) and played.game.computer_to_move
    return played


async def test_the_host_adds_and_removes_computers_in_the_lobby(service: GameService) -> None:
    game_id = await _lobby(service, "alcazar")
    added = await service.computers.add_computer(game_id, HOST, "hard")
    assert isinstance(added, Accepted)
    [computer] = added.game.computers
    assert is_computer(computer) and computer_level(computer) == "hard"
    assert computer_name(computer) == "Computer 1 (hard)"
    refused(await service.computers.add_computer(game_id, HOST + 1, "easy"), Reason.NOT_HOST)
    refused(await service.computers.add_computer(game_id, HOST, "expert"), Reason.BAD_SETTINGS)
    for level in ("easy", "normal", "normal"):
        assert isinstance(await service.computers.add_computer(game_id, HOST, level), Accepted)
    refused(await service.computers.add_computer(game_id, HOST, "easy"), Reason.LOBBY_FULL)   # five seats
    info = await service.records.game(game_id)
    assert len(set(info.players)) == 5 and len(info.computers) == 4
    names = sorted(computer_name(c) for c in info.computers)
    assert names == ["Computer 1 (hard)", "Computer 2 (easy)", "Computer 3 (normal)", "Computer 4 (normal)"], \
        "two computers of one level have names of their own"
    refused(await service.computers.remove_computer(game_id, HOST + 1), Reason.NOT_HOST)
    removed = await service.computers.remove_computer(game_id, HOST, computer)
    assert isinstance(removed, Accepted) and computer not in removed.game.players
    removed = await service.computers.remove_computer(game_id, HOST)
    assert isinstance(removed, Accepted) and len(removed.game.computers) == 2
    refused(await service.lobby.leave(game_id, HOST + 1), Reason.NOT_IN_GAME)


async def test_one_human_and_a_computer_play_alcazar_1978_to_the_end(service: GameService) -> None:
    game_id = await _lobby(service, "alcazar1978")
    await service.computers.add_computer(game_id, HOST, "normal")
    result = await service.lobby.start(game_id, HOST)
    assert isinstance(result, Accepted)
    engine = get_game("alcazar1978")
    rng = random.Random(2)
    state = engine.new_game()
    for _ in range(200):
        result = await _computers_play(service, result)
        for event in result.events:
            if isinstance(event, MovePlayed):
                state = engine.play(state, event.notation)
        if result.game.status is GameStatus.FINISHED:
            break
        assert result.game.to_move_id == HOST
        played = await service.turns.play(game_id, HOST, str(rng.choice(engine.legal_moves(state))),
                                    result.game.version)
        assert isinstance(played, Accepted)
        result = played
        for event in result.events:
            if isinstance(event, MovePlayed):
                state = engine.play(state, event.notation)
    assert result.game.status is GameStatus.FINISHED
    assert result.of_type(GameOver)
    # Against a random human, the computer wins.
    computer = result.game.computers[0]
    assert result.game.result is not None and result.game.result.winner_ids == (computer,)


async def test_a_computer_never_plays_twice_for_one_turn(service: GameService, store: Store,
                                                         clock: FakeClock) -> None:
    game_id = await _lobby(service, "alcazar")
    await service.computers.add_computer(game_id, HOST, "easy")
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    turn = (await _until_a_computer_is_to_move(service, started)).game
    [due] = await service.computers.computer_turns_due()
    assert due.version == turn.version
    # Another process (another service on the same database) has claimed this turn: nothing is played.
    other = GameService(store, clock, think_scale=SCALE)
    claimed = other.computers.play_computer_turn(game_id, turn.version)
    first = await claimed
    assert first is not None
    assert await service.computers.play_computer_turn(game_id, turn.version) is None      # stale: moved on
    assert await other.computers.play_computer_turn(game_id, turn.version) is None
    async with store.read() as tx:
        log = await tx.moves.entries(game_id)
    assert sum(1 for e in log if e.seat == turn.to_move_seat) == 1


async def test_a_claimed_turn_is_not_thought_about_twice_until_its_lease_runs_out(
        service: GameService, store: Store, clock: FakeClock) -> None:
    game_id = await _lobby(service, "alcazar1978")
    await service.computers.add_computer(game_id, HOST, "easy")
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    version = (await _until_a_computer_is_to_move(service, started)).game.version
    async with store.write() as tx:
        # A process that claimed the turn and died.
        assert await tx.claims.claim(game_id, "computer", version, 0, owner="gone", now=clock.now(), lease=120)
    assert await service.computers.play_computer_turn(game_id, version) is None
    clock.advance(seconds=121)
    assert await service.computers.play_computer_turn(game_id, version) is not None


async def test_a_restart_resumes_a_computer_whose_turn_is_pending(db_path: Path, clock: FakeClock) -> None:
    store = await open_store(db_path)
    service = GameService(store, clock, think_scale=SCALE)
    game_id = await _lobby(service, "alcazar")
    await service.computers.add_computer(game_id, HOST, "normal")
    await service.computers.add_computer(game_id, HOST, "easy")
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    result = await _until_a_computer_is_to_move(service, started)
    await store.close()                      # the bot stops before the computer played

    store = await open_store(db_path)
    try:
        restarted = GameService(store, clock, think_scale=SCALE)
        [due] = await restarted.computers.computer_turns_due()
        assert (due.game_id, due.version) == (game_id, result.game.version)
        played = await restarted.computers.play_computer_turn(due.game_id, due.version)
        assert played is not None and played.of_type(MovePlayed)
        played = await _computers_play(restarted, played)
        assert played.game.to_move_id == HOST
    finally:
        await store.close()


async def test_the_stand_in_plays_for_a_player_who_missed_the_deadline(service: GameService,
                                                                         clock: FakeClock) -> None:
    game_id = await _lobby(service, "alcazar1978", {"deadline_hours": 24, "stand_in_on_deadline": True})
    await service.lobby.join(game_id, HOST + 1)
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    late = started.game.to_move_id
    clock.advance(hours=25)
    [result] = await service.reminders.process_deadlines()
    [move] = result.of_type(MovePlayed)
    assert move.user_id == late and move.stand_in
    assert result.game.status is GameStatus.ACTIVE and result.game.to_move_id != late
    [line] = await service.records.history(game_id)
    assert line.stand_in and line.user_id == late
    # The turn after is an ordinary one: the other player plays it.
    assert not result.of_type(ComputerToMove)
    # The result names the seat the stand-in played for.
    other = result.game.to_move_id
    over = await service.turns.resign(game_id, other)
    assert isinstance(over, Accepted) and over.game.result is not None
    assert over.game.result.stand_in_seats == (move.seat,)


async def test_without_the_stand_in_a_missed_deadline_loses_alcazar_1978(service: GameService,
                                                                          clock: FakeClock) -> None:
    game_id = await _lobby(service, "alcazar1978", {"deadline_hours": 24})
    await service.lobby.join(game_id, HOST + 1)
    await service.lobby.start(game_id, HOST)
    clock.advance(hours=25)
    [result] = await service.reminders.process_deadlines()
    assert result.of_type(GameOver)


async def test_a_computer_turn_has_no_deadline(service: GameService, clock: FakeClock) -> None:
    game_id = await _lobby(service, "alcazar1978", {"deadline_hours": 24})
    await service.computers.add_computer(game_id, HOST, "easy")
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    await _until_a_computer_is_to_move(service, started)
    clock.advance(hours=100)
    assert await service.reminders.process_deadlines() == []
    assert await service.reminders.due_reminders() == []


async def test_the_stand_in_takes_over_the_seat_of_a_player_who_resigns(service: GameService) -> None:
    game_id = await _lobby(service, "alcazar", {"stand_in_on_resign": True})
    await service.lobby.join(game_id, HOST + 1)
    await service.lobby.join(game_id, HOST + 2)
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    quitter = started.game.players[1]
    result = await service.turns.resign(game_id, quitter)
    assert isinstance(result, Accepted)
    assert result.of_type(PlayerResigned) and not result.of_type(MovePlayed)
    assert quitter in result.game.stood_in and result.game.played_by_computer(1)
    refused(await service.turns.play(game_id, quitter, "buy deck"), Reason.NOT_IN_GAME)
    # Play on: the first player's turn, then the stand-in plays seat 1.
    first = result.game.players[0]
    played = await service.turns.play(game_id, first, "buy deck")
    assert isinstance(played, Accepted)
    [due] = played.of_type(ComputerToMove)
    assert due.seat == 1
    by_stand_in = await service.computers.play_computer_turn(game_id, due.version)
    assert by_stand_in is not None
    [move] = by_stand_in.of_type(MovePlayed)
    assert move.seat == 1 and move.stand_in and move.user_id == quitter
    assert [e.user_id for e in by_stand_in.of_type(TurnChanged)] == [by_stand_in.game.players[2]]


async def test_the_stand_in_takes_over_no_seat_in_alcazar_1978(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 500, HOST, "alcazar1978", {"stand_in_on_resign": True})
    refused(lobby, Reason.BAD_SETTINGS)
    assert "resignation ends the game" in str(lobby.message)


async def test_an_undo_or_a_draw_is_not_put_to_a_computer(service: GameService) -> None:
    game_id = await _lobby(service, "alcazar1978")
    await service.computers.add_computer(game_id, HOST, "easy")
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    result = await _computers_play(service, started)
    played = await service.turns.play(game_id, HOST, "a4-a3" if result.game.to_move_seat == 0 else "d1-c1")
    assert isinstance(played, Accepted)
    refused(await service.questions.ask("undo", game_id, HOST), Reason.NOTHING_TO_UNDO)
    refused(await service.questions.ask("draw", game_id, HOST), Reason.NO_DRAWS)
