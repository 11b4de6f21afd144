"""Reminders (due, repeated, capped, muted, cleared, surviving a restart) and deadlines."""
from __future__ import annotations

from pathlib import Path

from bot.service import (
    Accepted, FakeClock, GameOver, GameService, MovePlayed, Reason, Reminder, TurnChanged,
)
from bot.store import EntryKind, GameStatus, Store, open_store

from .helpers import open_table, refused


async def send_due(service: GameService) -> list[Reminder]:
    """What a reminder loop does: take the due reminders and record each as sent."""
    due = await service.reminders.due_reminders()
    for reminder in due:
        assert await service.reminders.mark_reminded(reminder)
    return due


async def test_first_after_12_hours_then_every_24_at_most_3(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red = table.last.game.players[0]
    clock.advance(hours=11.9)
    assert await service.reminders.due_reminders() == []
    clock.advance(hours=0.1)
    [first] = await send_due(service)
    assert (first.user_id, first.number, first.game_id, first.channel_id) == (red, 1, table.game_id, 500)
    assert await service.reminders.due_reminders() == []              # sent once, not again
    clock.advance(hours=23.9)
    assert await service.reminders.due_reminders() == []
    clock.advance(hours=0.1)
    assert [r.number for r in await send_due(service)] == [2]
    clock.advance(hours=24)
    assert [r.number for r in await send_due(service)] == [3]
    clock.advance(hours=24 * 10)
    assert await service.reminders.due_reminders() == []              # capped at 3 per turn


async def test_recording_a_reminder_twice_counts_once(service: GameService, clock: FakeClock) -> None:
    await open_table(service, "alcazar1978", 2)
    clock.advance(hours=12)
    [reminder] = await service.reminders.due_reminders()
    assert await service.reminders.mark_reminded(reminder)
    assert not await service.reminders.mark_reminded(reminder)
    clock.advance(hours=24)
    assert [r.number for r in await service.reminders.due_reminders()] == [2]


async def test_the_settings_change_the_schedule(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await service.lobby.update_settings(table.game_id, table.last.game.host_id,
                                  {"reminder_first_hours": 1, "reminder_every_hours": 2, "reminder_max": 1})
    clock.advance(hours=1)
    assert [r.number for r in await send_due(service)] == [1]
    clock.advance(hours=50)
    assert await service.reminders.due_reminders() == []


async def test_muted_players_are_not_reminded(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red = table.last.game.players[0]
    refused(await service.reminders.mute(table.game_id, 999), Reason.NOT_IN_GAME)
    refused(await service.reminders.mute(999, red), Reason.NO_SUCH_GAME)
    assert isinstance(await service.reminders.mute(table.game_id, red), Accepted)
    clock.advance(hours=13)
    assert await service.reminders.due_reminders() == []
    await service.reminders.mute(table.game_id, red, muted=False)
    assert [r.user_id for r in await service.reminders.due_reminders()] == [red]


async def test_acting_clears_the_reminders(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red, green = table.last.game.players
    clock.advance(hours=12)
    [due] = await send_due(service)
    clock.advance(hours=1)
    await table.play()                                      # red acts
    assert await service.reminders.due_reminders() == []
    assert not await service.reminders.mark_reminded(due)             # a reminder of a past turn is void
    clock.advance(hours=12)
    [fresh] = await service.reminders.due_reminders()
    assert (fresh.user_id, fresh.number) == (green, 1)


async def test_reminders_survive_a_restart(db_path: Path, clock: FakeClock) -> None:
    store = await open_store(db_path)
    await open_table(GameService(store, clock), "alcazar", 2)
    clock.advance(hours=12)
    assert [r.number for r in await send_due(GameService(store, clock))] == [1]
    await store.close()
    reopened = await open_store(db_path)
    try:
        service = GameService(reopened, clock)
        assert await service.reminders.due_reminders() == []          # not fired twice
        clock.advance(hours=24)
        assert [r.number for r in await service.reminders.due_reminders()] == [2]
    finally:
        await reopened.close()


async def test_finished_and_lobby_games_get_no_reminders(service: GameService, clock: FakeClock) -> None:
    await service.lobby.create_lobby(1, 900, 1, "alcazar")
    table = await open_table(service, "alcazar1978", 2)
    await table.play_to_end()
    clock.advance(hours=100)
    assert await service.reminders.due_reminders() == []


async def test_no_deadline_by_default(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    clock.advance(hours=24 * 365)
    assert await service.reminders.process_deadlines() == []
    assert (await service.records.game(table.game_id)).status is GameStatus.ACTIVE


async def test_deadline_alcazar_1978_the_late_player_loses(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red, green = table.last.game.players
    assert (await service.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 48})).ok
    clock.advance(hours=47.9)
    assert await service.reminders.process_deadlines() == []
    clock.advance(hours=0.1)
    [result] = await service.reminders.process_deadlines()
    [over] = result.of_type(GameOver)
    assert over.winner_ids == (green,) and str(over.outcome.reason) == "Red missed the deadline"
    assert str(result.game.result.reason) == "Red missed the deadline"
    assert result.game.status is GameStatus.FINISHED
    assert await service.reminders.process_deadlines() == []          # acted on once


async def test_deadline_alcazar_skips_the_late_player(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar", 3)
    first, second, third = table.last.game.players
    assert (await service.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 24})).ok
    clock.advance(hours=10)
    await table.play()                                      # first moves in time
    clock.advance(hours=23)
    assert await service.reminders.process_deadlines() == []          # second's turn began 23 h ago
    clock.advance(hours=1)
    [result] = await service.reminders.process_deadlines()
    [skip] = result.of_type(MovePlayed)
    assert (skip.kind, skip.notation, skip.user_id) == (EntryKind.SKIP, "skip", second)
    assert result.of_type(TurnChanged)[0].user_id == third
    table.follow(result)
    assert [h.notation for h in await service.records.history(table.game_id)][-1] == "skip"
    assert (await service.records.game(table.game_id)).status is GameStatus.ACTIVE
    await table.play()                                      # the game goes on with the third player
    refused(await service.turns.play(table.game_id, second, "buy deck"), Reason.NOT_YOUR_TURN)


async def test_the_closed_dm_note_is_recorded_once_per_player_and_game(db_path) -> None:
    from bot.service import FakeClock, GameService
    from bot.store import open_store

    store = await open_store(db_path)
    service = GameService(store, FakeClock())
    lobby = await service.lobby.create_lobby(1, 10, 100, "alcazar1978")
    game_id = lobby.game.id
    assert await service.reminders.note_dms_closed(game_id, 100) is True
    assert await service.reminders.note_dms_closed(game_id, 100) is False
    assert await service.reminders.note_dms_closed(game_id, 200) is True
    await store.close()
    reopened = await open_store(db_path)
    assert await GameService(reopened, FakeClock()).reminders.note_dms_closed(game_id, 100) is False
    await reopened.close()


async def test_a_short_deadline_brings_the_first_reminder_forward(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    red = table.last.game.players[0]
    assert (await service.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 2})).ok
    clock.advance(hours=0.9)
    assert await service.reminders.due_reminders() == []
    clock.advance(hours=0.1)                     # half the deadline, long before the usual 12 h
    [reminder] = await send_due(service)
    assert reminder.user_id == red and reminder.number == 1
    clock.advance(hours=1)
    [result] = await service.reminders.process_deadlines()
    assert result.game.status is GameStatus.FINISHED
