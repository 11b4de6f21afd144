"""Time away: deadlines pause and reminders stop, the clock runs on afterwards, the yearly limit;
quiet hours hold reminders back."""
from __future__ import annotations

from datetime import datetime, timezone

from bot.service import AwayStatus, FakeClock, GameService, Reason

from .helpers import open_table, refused

DAY = 24.0


async def away(service: GameService, user: int, days: float) -> AwayStatus:
    status = await service.players.set_away(user, days * DAY * 3600)
    assert isinstance(status, AwayStatus), status
    return status


async def test_away_pauses_the_deadline_and_it_runs_on_after_the_return(service: GameService,
                                                                        clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red, green = table.last.game.players
    assert (await service.lobby.update_settings(table.game_id, red, {"deadline_hours": 24})).ok
    clock.advance(hours=10)
    status = await away(service, red, 3)
    assert status.until == clock.now() + 3 * DAY * 3600
    assert await service.players.away_of([red, green]) == {red: status.until}
    assert await service.reminders.deadline_of(table.last.game) is None      # the clock stands still
    clock.advance(hours=3 * DAY - 0.1)
    assert await service.reminders.process_deadlines() == [], "no loss while away"
    clock.advance(hours=0.1)                                        # back, 14 h of the 24 h left
    assert await service.players.away_of([red]) == {}
    assert await service.reminders.deadline_of(table.last.game) == clock.now() + 14 * 3600
    clock.advance(hours=13.9)
    assert await service.reminders.process_deadlines() == []
    clock.advance(hours=0.1)
    [lost] = await service.reminders.process_deadlines()
    assert lost.game.result.winner_ids == (green,) and "missed the deadline" in str(lost.game.result.reason)


async def test_coming_back_early_restarts_the_clock_at_once(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar", 2)
    first, second = table.last.game.players
    assert (await service.lobby.update_settings(table.game_id, first, {"deadline_hours": 24})).ok
    await away(service, first, 5)
    clock.advance(hours=30)
    back = await service.players.come_back(first)
    assert isinstance(back, AwayStatus) and back.until is None
    refused(await service.players.come_back(first), Reason.NOT_AWAY)
    clock.advance(hours=23.9)
    assert await service.reminders.process_deadlines() == []
    clock.advance(hours=0.1)
    [skipped] = await service.reminders.process_deadlines()
    assert skipped.game.to_move_id == second


async def test_no_reminders_while_away_and_the_schedule_moves_by_the_time_away(service: GameService,
                                                                             clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red = table.last.game.players[0]
    clock.advance(hours=2)
    await away(service, red, 1)
    clock.advance(hours=DAY)
    assert await service.reminders.due_reminders() == []                       # 26 h: away for 24 of them
    clock.advance(hours=9.9)
    assert await service.reminders.due_reminders() == []
    clock.advance(hours=0.1)                                         # 12 h on the clock
    [due] = await service.reminders.due_reminders()
    assert due.user_id == red and due.number == 1


async def test_away_for_longer_than_14_days_is_refused(service: GameService) -> None:
    refusal = refused(await service.players.set_away(5, 14.5 * DAY * 3600), Reason.AWAY_LIMIT)
    assert "at most 14 days at a time" in str(refusal.message)
    refused(await service.players.set_away(5, 0), Reason.BAD_SETTINGS)
    await away(service, 5, 14)


async def test_at_most_30_days_in_any_365(service: GameService, clock: FakeClock) -> None:
    user = 7
    await away(service, user, 14)
    clock.advance(hours=14 * DAY)
    await away(service, user, 14)
    clock.advance(hours=20 * DAY)
    refusal = refused(await service.players.set_away(user, 3 * DAY * 3600), Reason.AWAY_LIMIT)
    assert "at most 30 days in any 365 days" in str(refusal.message)
    assert "been away 28 days" in str(refusal.message) and "2 days at most now" in str(refusal.message)
    await away(service, user, 2)                                     # exactly 30 fits
    clock.advance(hours=2 * DAY)
    refused(await service.players.set_away(user, 3600), Reason.AWAY_LIMIT)
    clock.advance(hours=324 * DAY)                                   # day 360: all 30 days in the window
    refused(await service.players.set_away(user, DAY * 3600), Reason.AWAY_LIMIT)
    # From day 365 the first period leaves the window a day a day, as fast as new days come in.
    clock.advance(hours=6 * DAY)
    status = await away(service, user, 14)
    assert status.until == clock.now() + 14 * DAY * 3600


async def test_a_new_period_replaces_the_running_one_and_the_days_used_still_count(service: GameService,
                                                                                 clock: FakeClock) -> None:
    await away(service, 9, 10)
    clock.advance(hours=4 * DAY)
    status = await away(service, 9, 2)
    assert status.until == clock.now() + 2 * DAY * 3600
    assert round(status.used_days, 3) == 6


async def test_quiet_hours_hold_reminders_until_they_end(service: GameService, clock: FakeClock) -> None:
    # FakeClock starts at 2023-11-14 22:13 UTC; Budapest is an hour ahead then.
    table = await open_table(service, "alcazar1978", 2)
    red = table.last.game.players[0]
    refused(await service.players.set_quiet_hours(red, "Mars/Olympus", 22, 7), Reason.BAD_SETTINGS)
    refused(await service.players.set_quiet_hours(red, "Europe/Budapest", 7, 7), Reason.BAD_SETTINGS)
    assert isinstance(await service.players.set_quiet_hours(red, "Europe/Budapest", 22, 7), AwayStatus)
    clock.advance(hours=12)                          # 11:13 in Budapest: not quiet
    assert [r.user_id for r in await service.reminders.due_reminders()] == [red]
    clock.advance(hours=12)                          # 23:13 in Budapest: quiet
    local = datetime.fromtimestamp(clock.now(), timezone.utc)
    assert local.hour == 22
    assert await service.reminders.due_reminders() == []
    clock.advance(hours=7.8)                         # 07:01 in Budapest
    assert [r.user_id for r in await service.reminders.due_reminders()] == [red]
    await service.players.clear_quiet_hours(red)
    assert (await service.players.away_status(red)).quiet is None
