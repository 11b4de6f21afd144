"""Several bot processes on one database: each is a ``GameService`` with its own store and cache.

The database decides: a process whose copy of a game is old reloads it
instead of refusing, two processes never both apply a move, and each due
reminder and missed deadline is acted on by exactly one process, also when
the one that claimed it dies.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from bot.service import Accepted, FakeClock, GameService, Reason, Refusal
from bot.service import lobby as lobby_module
from bot.store import GameStatus, open_store

from .helpers import open_table, refused


@asynccontextmanager
async def processes(database: str | Path, clock: FakeClock, count: int = 2) -> AsyncIterator[list[GameService]]:
    stores = [await open_store(database) for _ in range(count)]
    try:
        yield [GameService(store, clock, process_name=f"bot-{i}") for i, store in enumerate(stores)]
    finally:
        for store in stores:
            await store.close()


async def live_plies(service: GameService, game_id: int) -> list[int]:
    return [h.ply for h in await service.records.history(game_id, limit=1000)]


async def test_a_process_with_an_old_copy_reloads_it_instead_of_refusing(
        postgres_database: str, clock: FakeClock) -> None:
    async with processes(postgres_database, clock) as (first, second):
        table = await open_table(first, "alcazar", 2, seed=5)
        mover = table.last.game.to_move_id
        assert (await second.records.board_view(table.game_id)).game.version == table.last.game.version  # cached
        await table.play()                                     # on the first process
        next_up = table.last.game.to_move_id
        assert next_up != mover
        # The second process is asked about the game as it now is: board, hand and moves.
        board = await second.records.board_view(table.game_id)
        assert board.view == table.engine.view(table.shadow, None)
        hand = await second.records.private_view(table.game_id, next_up)
        assert hand.view == table.engine.view(table.shadow, table.engine.to_move(table.shadow))
        # A button on the new board, and a typed move, both work on the second process.
        text = table.pick(win=False)
        played = await second.turns.play(table.game_id, next_up, text, table.last.game.version)
        assert isinstance(played, Accepted), played
        table.follow(played)
        typed = await first.turns.play(table.game_id, table.last.game.to_move_id, table.pick(win=False))
        assert isinstance(typed, Accepted), typed
        table.follow(typed)
        assert await live_plies(second, table.game_id) == [1, 2, 3]


async def test_a_move_judged_on_an_old_copy_is_judged_again_when_the_commit_finds_the_game_moved_on(
        postgres_database: str, clock: FakeClock) -> None:
    """A move is judged on the cached copy without asking the database first; the commit's
    version check catches an old copy, and the move is judged again on the game as it is."""
    async with processes(postgres_database, clock) as (first, second):
        table = await open_table(first, "alcazar1978", 2, seed=4)
        mover = table.last.game.to_move_id
        await second.records.board_view(table.game_id)                 # the second process caches this position
        moves = [str(m) for m in table.engine.legal_moves(table.shadow)]
        await table.play(moves[0])                             # played on the first process
        late = await second.turns.play(table.game_id, mover, moves[1])
        assert isinstance(late, Refusal) and late.reason is Reason.NOT_YOUR_TURN, late
        assert await live_plies(second, table.game_id) == [1]
        answer = await second.turns.play(table.game_id, table.last.game.to_move_id, table.pick(win=False))
        assert isinstance(answer, Accepted), answer


async def test_settings_changed_by_one_process_apply_on_the_other(postgres_database: str, clock: FakeClock) -> None:
    async with processes(postgres_database, clock) as (first, second):
        table = await open_table(first, "alcazar1978", 2)
        assert (await second.records.board_view(table.game_id)).game.settings.deadline_seconds is None
        changed = await first.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 1})
        assert isinstance(changed, Accepted), changed
        assert (await second.records.board_view(table.game_id)).game.settings.deadline_seconds == 3600
        clock.advance(hours=1.01)
        [ended] = await second.reminders.process_deadlines()
        assert ended.game.status is GameStatus.FINISHED


async def test_typed_moves_racing_on_two_processes_one_is_played(postgres_database: str, clock: FakeClock) -> None:
    async with processes(postgres_database, clock) as (first, second):
        table = await open_table(first, "alcazar1978", 2, seed=3)
        await second.records.board_view(table.game_id)
        mover = table.last.game.to_move_id
        moves = [str(m) for m in table.engine.legal_moves(table.shadow)][:2]
        results = await asyncio.gather(first.turns.play(table.game_id, mover, moves[0]),
                                       second.turns.play(table.game_id, mover, moves[1]))
        assert sum(isinstance(r, Accepted) for r in results) == 1, results
        [loser] = [r for r in results if isinstance(r, Refusal)]
        # Judged again on the board as it now is: it is the opponent's turn.
        assert loser.reason is Reason.NOT_YOUR_TURN, loser
        assert await live_plies(first, table.game_id) == [1]


async def test_a_due_reminder_is_claimed_by_one_process(db_path: str | Path, clock: FakeClock) -> None:
    async with processes(db_path, clock, count=3) as services:
        table = await open_table(services[0], "alcazar1978", 2)
        clock.advance(hours=12)
        due = [await s.reminders.due_reminders() for s in services]
        assert all(len(d) == 1 for d in due)
        claims = await asyncio.gather(*(s.reminders.claim_reminder(d[0]) for s, d in zip(services, due)))
        assert sorted(claims) == [False, False, True]
        winner = services[claims.index(True)]
        assert await winner.reminders.mark_reminded(due[0][0])
        assert not any([await s.reminders.claim_reminder(due[0][0]) for s in services]), "sent: never again"
        assert [await s.reminders.due_reminders() for s in services] == [[], [], []]
        assert table.game_id == due[0][0].game_id


async def test_a_reminder_claimed_by_a_process_that_died_is_sent_after_its_lease(
        db_path: str | Path, clock: FakeClock) -> None:
    async with processes(db_path, clock) as (dead, alive):
        await open_table(dead, "alcazar1978", 2)
        clock.advance(hours=12)
        [reminder] = await dead.reminders.due_reminders()
        assert await dead.reminders.claim_reminder(reminder)             # ... and the process is killed here
        assert await alive.reminders.due_reminders() == [reminder], "not sent yet, so still due"
        assert not await alive.reminders.claim_reminder(reminder), "the lease still holds"
        clock.advance(seconds=GameService.CLAIM_LEASE_SECONDS)
        assert await alive.reminders.claim_reminder(reminder), "the lease is over: the holder is gone"
        assert await alive.reminders.mark_reminded(reminder)
        assert await alive.reminders.due_reminders() == []


async def test_a_missed_deadline_is_acted_on_once_across_processes(postgres_database: str, clock: FakeClock) -> None:
    async with processes(postgres_database, clock, count=3) as services:
        table = await open_table(services[0], "alcazar", 3, seed=4)
        late = table.last.game.to_move_id
        for service in services:                                # every process has it cached
            await service.records.board_view(table.game_id)
        assert isinstance(await services[0].lobby.update_settings(
            table.game_id, table.last.game.host_id, {"deadline_hours": 1}), Accepted)
        clock.advance(hours=1.5)
        results = await asyncio.gather(*(s.reminders.process_deadlines() for s in services))
        assert sum(len(r) for r in results) == 1, results
        history = await services[1].records.history(table.game_id, limit=100)
        assert [h.notation for h in history] == ["skip"]
        assert (await services[2].records.game(table.game_id)).to_move_id != late
        assert [await s.reminders.process_deadlines() for s in services] == [[], [], []]


async def test_a_deadline_claimed_by_a_process_that_died_is_acted_on_after_its_lease(
        db_path: str | Path, clock: FakeClock) -> None:
    async with processes(db_path, clock) as (dead, alive):
        table = await open_table(dead, "alcazar1978", 2)
        await dead.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 1})
        clock.advance(hours=1.5)
        game = await dead.records.game(table.game_id)
        async with dead.store.write() as tx:                    # claimed, then the process is killed
            assert await tx.claims.claim(game.id, "deadline", game.version, 0, owner="bot-0",
                                         now=clock.now(), lease=GameService.CLAIM_LEASE_SECONDS)
        assert await alive.reminders.process_deadlines() == []
        clock.advance(seconds=GameService.CLAIM_LEASE_SECONDS)
        [ended] = await alive.reminders.process_deadlines()
        assert ended.game.status is GameStatus.FINISHED
        refused(await alive.turns.play(table.game_id, game.to_move_id, "a1-a2"), Reason.GAME_OVER)


async def test_start_clicked_on_two_processes_starts_the_game_once(postgres_database: str, clock: FakeClock) -> None:
    async with processes(postgres_database, clock) as (first, second):
        lobby = await first.lobby.create_lobby(1, 700, 100, "alcazar", seed=9)
        await first.lobby.join(lobby.game.id, 101)
        results = await asyncio.gather(first.lobby.start(lobby.game.id, 100), second.lobby.start(lobby.game.id, 100))
        assert sum(isinstance(r, Accepted) for r in results) == 1, results
        [late] = [r for r in results if isinstance(r, Refusal)]
        assert late.reason is Reason.ALREADY_STARTED
        assert [h.notation for h in await second.records.history(lobby.game.id)] == []
        assert (await second.records.game(lobby.game.id)).version == 1


async def test_a_join_and_a_start_on_two_processes_never_leave_a_player_unseated(
        postgres_database: str, clock: FakeClock) -> None:
    """The lobby's row is locked by each: the join waits for the start (or the start sees the join)."""
    for attempt in range(4):
        async with processes(postgres_database, clock) as (first, second):
            lobby = await first.lobby.create_lobby(1, 800 + attempt, 100, "alcazar", seed=attempt)
            await first.lobby.join(lobby.game.id, 101)
            started, joined = await asyncio.gather(first.lobby.start(lobby.game.id, 100), second.lobby.join(lobby.game.id, 102))
            game = await second.records.game(lobby.game.id)
            if isinstance(started, Accepted):
                # The join came first (and the start was dealt with it) or found the game started.
                assert game.players == started.game.players
                assert (isinstance(joined, Accepted) and 102 in game.players) or \
                    (isinstance(joined, Refusal) and joined.reason is Reason.ALREADY_STARTED), joined
            else:
                assert started.reason is Reason.STALE_VERSION and "press Start again" in str(started.message)
                assert isinstance(joined, Accepted) and game.status is GameStatus.LOBBY
            async with first.store.read() as tx:
                seats = await tx.seats.of_game(lobby.game.id)
            if game.status is GameStatus.ACTIVE:
                assert all(s.seat is not None for s in seats), seats


async def test_a_join_on_another_process_while_the_start_deals_asks_the_host_to_press_start_again(
        postgres_database: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal happens outside the write: a player who joined meanwhile is neither dropped nor unseated."""
    async with processes(postgres_database, clock) as (first, second):
        game_id = (await first.lobby.create_lobby(1, 850, 100, "alcazar", seed=2)).game.id
        await first.lobby.join(game_id, 101)
        real_in_thread = lobby_module.in_thread

        async def join_during_the_deal(*args: Any, **kwargs: Any) -> Any:
            assert isinstance(await second.lobby.join(game_id, 102), Accepted)
            return await real_in_thread(*args, **kwargs)

        monkeypatch.setattr(lobby_module, "in_thread", join_during_the_deal)
        started = await first.lobby.start(game_id, 100)
        assert isinstance(started, Refusal) and started.reason is Reason.STALE_VERSION, started
        assert "press Start again" in str(started.message)
        monkeypatch.setattr(lobby_module, "in_thread", real_in_thread)
        game = await second.records.game(game_id)
        assert (game.status, set(game.players)) == (GameStatus.LOBBY, {100, 101, 102})
        again = await first.lobby.start(game_id, 100)
        assert isinstance(again, Accepted) and len(again.game.players) == 3


async def test_two_joins_for_the_last_seat_on_two_processes_one_gets_it(postgres_database: str,
                                                                        clock: FakeClock) -> None:
    async with processes(postgres_database, clock) as (first, second):
        lobby = await first.lobby.create_lobby(1, 900, 100, "alcazar1978", seed=1)
        results = await asyncio.gather(first.lobby.join(lobby.game.id, 101), second.lobby.join(lobby.game.id, 102))
        assert sum(isinstance(r, Accepted) for r in results) == 1, results
        [late] = [r for r in results if isinstance(r, Refusal)]
        assert late.reason is Reason.LOBBY_FULL
        assert len((await second.records.game(lobby.game.id)).players) == 2
