"""Time banks with an increment: the bank runs only in the player's turn, gains the increment up to
its start, comes back with an undo, stands still while the player is away, warns once at a quarter,
and running out acts as a missed deadline does, once across processes and after a restart."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.games import get_game
from bot.service import (
    Accepted, FakeClock, GameOver, GameService, MovePlayed, PlayerResigned, Reason, Refusal, TurnClock,
)
from bot.service.clocks import bank_after_turn, median, warning_at
from bot.store import EntryKind, GameStatus, open_store

from .helpers import HOST, Table, refused

HOUR = 3600.0
DAY = 24 * HOUR
CLOCK = {"bank_hours": 72, "increment_hours": 6}


async def banked_table(service: GameService, kind: str = "alcazar1978", players: int = 2,
                       settings: dict[str, Any] | None = None, seed: int = 7) -> Table:
    """A started game with a time bank of 3 days and 6 hours an increment (or ``settings``)."""
    lobby = await service.lobby.create_lobby(1, 500, HOST, kind, {**CLOCK, **(settings or {})}, seed=seed)
    assert isinstance(lobby, Accepted), lobby
    for user in range(HOST + 1, HOST + players):
        assert isinstance(await service.lobby.join(lobby.game.id, user), Accepted)
    started = await service.lobby.start(lobby.game.id, HOST)
    assert isinstance(started, Accepted), started
    engine = get_game(kind)
    table = Table(service, kind, started, engine.new_game(players=players, seed=seed,
                                                          options=dict(started.game.settings.options)))
    table.follow(started)
    return table


async def clock_of(service: GameService, table: Table) -> TurnClock:
    game = await service.records.game(table.game_id)
    assert not isinstance(game, Refusal), game
    found = await service.reminders.clock_of(game)
    assert found is not None
    return found


def hours(clock: TurnClock) -> list[float]:
    return [round(b / HOUR, 3) for b in clock.banks]


def test_the_arithmetic() -> None:
    assert bank_after_turn(72 * HOUR, 10 * HOUR, 72 * HOUR, 6 * HOUR) == 68 * HOUR
    assert bank_after_turn(70 * HOUR, 1 * HOUR, 72 * HOUR, 6 * HOUR) == 72 * HOUR      # capped at the start
    assert bank_after_turn(5 * HOUR, 9 * HOUR, 72 * HOUR, 6 * HOUR) == 6 * HOUR        # out, then the increment
    assert warning_at(72 * HOUR, 72 * HOUR, 0.0, 0.0, []) == 54 * HOUR
    assert warning_at(10 * HOUR, 72 * HOUR, 0.0, 0.0, []) is None                      # began below a quarter
    assert median([5.0, 1.0, 3.0]) == 3.0 and median([1.0, 2.0, 3.0, 10.0]) == 2.5 and median([]) is None


async def test_the_bank_runs_in_the_players_turn_and_gains_the_increment_up_to_the_start(
        service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service)
    first, second = table.last.game.players
    start = clock.now()
    shown = await clock_of(service, table)
    assert hours(shown) == [72, 72] and shown.to_act == 0 and shown.runs_out_at == start + 72 * HOUR
    clock.advance(hours=10)
    assert hours(await clock_of(service, table)) == [62, 72]
    await table.play()
    shown = await clock_of(service, table)
    assert hours(shown) == [68, 72] and shown.to_act == 1          # 72 − 10 + 6
    clock.advance(hours=30)
    assert hours(await clock_of(service, table)) == [68, 42]       # only the player to act pays
    await table.play()
    clock.advance(hours=1)
    await table.play()
    assert hours(await clock_of(service, table)) == [72, 48]       # 68 − 1 + 6, capped at 72
    assert table.last.game.to_move_id == second


async def test_an_undo_gives_back_what_the_undone_turn_cost(service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service)
    first, second = table.last.game.players
    clock.advance(hours=10)
    await table.play()
    clock.advance(hours=20)
    await table.play()
    assert hours(await clock_of(service, table)) == [68, 58]       # 72 − 10 + 6, 72 − 20 + 6
    clock.advance(hours=2)
    assert isinstance(await service.questions.ask("undo", table.game_id, second), Accepted)
    clock.advance(hours=1)
    undone = await service.questions.answer("undo", table.game_id, first, True)
    assert isinstance(undone, Accepted) and undone.game.to_move_id == second
    shown = await clock_of(service, table)
    # The second player's bank is again what it was before the move taken back; the 3 hours the
    # question waited were the first player's turn that did not stand, and cost them nothing.
    assert hours(shown) == [68, 72] and shown.runs_out_at == clock.now() + 72 * HOUR


async def test_time_away_stops_the_bank_and_quiet_hours_do_not(service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service)
    first = table.last.game.players[0]
    clock.advance(hours=10)
    assert not hasattr(await service.players.set_quiet_hours(first, "UTC", 0, 23), "reason")
    clock.advance(hours=2)
    assert hours(await clock_of(service, table)) == [60, 72]        # quiet hours: the bank runs
    assert not hasattr(await service.players.set_away(first, 2 * DAY), "reason")
    clock.advance(hours=30)
    shown = await clock_of(service, table)
    assert hours(shown) == [60, 72] and shown.runs_out_at is None  # away: it stands still
    assert await service.reminders.process_deadlines() == []
    assert not hasattr(await service.players.come_back(first), "reason")
    shown = await clock_of(service, table)
    assert shown.runs_out_at == clock.now() + 60 * HOUR
    clock.advance(hours=4)
    await table.play()
    assert hours(await clock_of(service, table)) == [62, 72]        # 72 − 16 + 6: the 30 h away not counted


async def test_running_out_loses_alcazar_1978(service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service, settings={"bank_hours": 24, "increment_hours": 0})
    late, other = table.last.game.players
    clock.advance(hours=23.9)
    assert await service.reminders.process_deadlines() == []
    clock.advance(hours=0.1)
    [ended] = await service.reminders.process_deadlines()
    [over] = ended.of_type(GameOver)
    assert over.winner_ids == (other,) and "ran out of time" in str(over.outcome.reason)
    assert ended.game.status is GameStatus.FINISHED
    assert await service.reminders.process_deadlines() == []
    async with service.store.read() as tx:
        cursor = await tx.db.execute("SELECT user_id FROM out_of_time WHERE game_id = ?", (table.game_id,))
        assert await cursor.fetchall() == [(late,)]


async def test_running_out_retires_an_alcazar_player_and_the_game_goes_on(
        service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service, "alcazar", 3, {"bank_hours": 24, "increment_hours": 0}, seed=4)
    late = table.last.game.to_move_id
    clock.advance(hours=25)
    [result] = await service.reminders.process_deadlines()
    [line] = result.of_type(MovePlayed)
    assert line.kind is EntryKind.RETIRE and line.user_id == late and line.out_of_time
    assert [e.user_id for e in result.of_type(PlayerResigned)] == [late]
    assert result.game.status is GameStatus.ACTIVE and late in result.game.resigned
    assert result.game.to_move_id != late


async def test_a_missed_deadline_before_the_bank_runs_out_skips_one_turn(
        service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service, "alcazar", 3, {"deadline_hours": 12}, seed=4)
    late = table.last.game.to_move_id
    clock.advance(hours=13)
    [result] = await service.reminders.process_deadlines()
    [line] = result.of_type(MovePlayed)
    assert line.kind is EntryKind.SKIP and late not in result.game.resigned
    shown = await clock_of(service, table)
    assert shown.banks[line.seat] == 72 * HOUR - 13 * HOUR + 6 * HOUR


async def test_running_out_with_the_stand_in_lets_it_play_and_the_increment_follows(
        service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service, settings={"stand_in_on_deadline": True, "bank_hours": 24,
                                                  "increment_hours": 6})
    late = table.last.game.to_move_id
    clock.advance(hours=25)
    [result] = await service.reminders.process_deadlines()
    [move] = result.of_type(MovePlayed)
    assert move.stand_in and move.user_id == late and result.game.status is GameStatus.ACTIVE
    assert hours(await clock_of(service, table))[move.seat] == 6    # nothing left, then the increment


async def test_a_quarter_left_warns_once(service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service)
    first = table.last.game.players[0]
    clock.advance(hours=53.9)
    assert [r for r in await service.reminders.due_reminders() if r.runs_out_at is not None] == []
    clock.advance(hours=0.1)
    [warning] = [r for r in await service.reminders.due_reminders() if r.runs_out_at is not None]
    assert (warning.user_id, warning.number, warning.runs_out_at) == (first, 0, clock.now() + 18 * HOUR)
    assert await service.reminders.claim_reminder(warning)
    assert not await service.reminders.claim_reminder(warning)                # one process, once
    assert await service.reminders.mark_reminded(warning)
    clock.advance(hours=10)
    assert [r for r in await service.reminders.due_reminders() if r.runs_out_at is not None] == []
    regular = [r.number for r in await service.reminders.due_reminders()]
    assert 0 not in regular and regular                             # the usual reminders go on
    await table.play()                                              # 72 − 64 + 6 = 14 h: below a quarter
    clock.advance(hours=30)
    await table.play()
    clock.advance(hours=13)
    assert [r for r in await service.reminders.due_reminders() if r.runs_out_at is not None] == []


async def test_a_restart_in_the_middle_keeps_every_bank(db_path: str | Path, clock: FakeClock) -> None:
    store = await open_store(db_path)
    service = GameService(store, clock)
    table = await banked_table(service)
    clock.advance(hours=10)
    await table.play()
    clock.advance(hours=20)
    await store.close()
    store = await open_store(db_path)
    try:
        again = GameService(store, clock)
        table.service = again
        shown = await clock_of(again, table)
        assert hours(shown) == [68, 52]
        clock.advance(hours=52)
        [ended] = await again.reminders.process_deadlines()
        assert ended.game.status is GameStatus.FINISHED
    finally:
        await store.close()


async def test_two_processes_act_on_a_bank_run_out_once(db_path: str | Path, clock: FakeClock) -> None:
    stores = [await open_store(db_path) for _ in range(2)]
    try:
        services = [GameService(store, clock, process_name=f"bot-{i}") for i, store in enumerate(stores)]
        table = await banked_table(services[0], "alcazar", 3, {"bank_hours": 24, "increment_hours": 0}, seed=4)
        for service in services:
            await service.records.board_view(table.game_id)
        clock.advance(hours=25)
        results = await asyncio.gather(*(s.reminders.process_deadlines() for s in services))
        assert sum(len(r) for r in results) == 1, results
        history = await services[1].records.history(table.game_id, limit=100)
        assert [h.notation for h in history] == ["retire"]
        assert [await s.reminders.process_deadlines() for s in services] == [[], []]
    finally:
        for store in stores:
            await store.close()


@pytest.mark.parametrize("changes, named", [
    ({"bank_hours": 0.5}, "bank_days"), ({"bank_hours": float("nan")}, "bank_days"),
    ({"increment_hours": -1}, "increment_days"), ({"bank_hours": 24, "increment_hours": 30}, "increment_days"),
])
async def test_bad_clock_settings_are_refused(service: GameService, changes: dict[str, Any], named: str) -> None:
    result = await service.lobby.create_lobby(1, 500, HOST, "alcazar1978", changes)
    assert refused(result, Reason.BAD_SETTINGS) and named in str(result.message)


async def test_the_record_shows_pace_reliability_and_a_provisional_rating(
        service: GameService, clock: FakeClock) -> None:
    table = await banked_table(service)
    first, second = table.last.game.players
    for think in (1, 4, 2, 8, 3):             # first: 1, 2, 3 h; second: 4, 8 h
        clock.advance(hours=think)
        await table.play()
    assert isinstance(await service.turns.resign(table.game_id, second), Accepted)
    mine = await service.ratings.player_record(1, "alcazar1978", first)
    theirs = await service.ratings.player_record(1, "alcazar1978", second)
    assert (mine.median_move_seconds, mine.games, mine.lost_on_time, mine.abandoned) == (2 * HOUR, 1, 0, 0)
    assert (theirs.median_move_seconds, theirs.games, theirs.lost_on_time, theirs.abandoned) == (6 * HOUR, 1, 0, 1)
    assert mine.rated_games == 1 and mine.provisional
    [shift, _] = await service.ratings.rating_changes(table.game_id)
    assert shift.rated_games == 1 and shift.provisional
    for game in range(4):                      # four more rated games: five in all, no longer provisional
        again = await service.lobby.create_lobby(1, 600 + game, HOST, "alcazar1978")
        assert isinstance(again, Accepted)
        await service.lobby.join(again.game.id, HOST + 1)
        await service.lobby.start(again.game.id, HOST)
        assert isinstance(await service.turns.resign(again.game.id, HOST + 1), Accepted)
        shifts = {s.user_id: s for s in await service.ratings.rating_changes(again.game.id)}
        assert shifts[HOST].rated_games == game + 2
    assert not (await service.ratings.player_record(1, "alcazar1978", first)).provisional
    assert not shifts[HOST].provisional
    [top, _] = await service.ratings.leaderboard(1, "alcazar1978")
    assert top.games == 5 and not top.provisional
