"""Lobbies: create, join, leave, settings, start and cancel, with every refusal."""
from __future__ import annotations

import pytest

from bot.service import (
    Accepted, GameCancelled, GameService, GameStarted, HandsChanged, LobbyOpened, PlayerJoined,
    PlayerLeft, Reason, SettingsChanged, TurnChanged, seat_order,
)
from bot.store import GameStatus

from .helpers import HOST, open_table, player_ids, refused


async def lobby(service: GameService, kind: str = "alcazar1978", channel: int = 500, **kw) -> Accepted:
    result = await service.lobby.create_lobby(1, channel, HOST, kind, **kw)
    assert isinstance(result, Accepted), result
    return result


async def test_create_lobby_seats_the_host(service: GameService) -> None:
    result = await lobby(service, seed=3)
    game = result.game
    assert (game.status, game.players, game.host_id, game.version) == (GameStatus.LOBBY, (HOST,), HOST, 0)
    assert result.events == (LobbyOpened(game.id, HOST, "alcazar1978"),)
    assert (await service.records.game_in_channel(500)).id == game.id


async def test_one_live_game_per_channel(service: GameService) -> None:
    await lobby(service, channel=500)
    refused(await service.lobby.create_lobby(1, 500, 999, "alcazar"), Reason.CHANNEL_BUSY)
    await lobby(service, channel=501)   # another channel or thread is free


async def test_unknown_game_kind_is_refused(service: GameService) -> None:
    result = refused(await service.lobby.create_lobby(1, 500, HOST, "chess"), Reason.UNKNOWN_GAME_KIND)
    assert "chess" in str(result.message)


@pytest.mark.parametrize("settings, words", [
    ({"reminder_first_hours": 0}, "reminder_hours"),         # named as the option a host types
    ({"deadline_hours": -1}, "deadline_hours"),
    ({"reminder_max": 1.5}, "the number of reminders"),
    ({"colour": "blue"}, "unknown setting"),
    ({"options": {"threefold_repetition": "yes"}}, "threefold_repetition"),
    ({"options": {"no_such_rule": True}}, "no house rule"),
])
async def test_bad_settings_are_refused_with_the_setting_named(
    service: GameService, settings: dict, words: str
) -> None:
    result = refused(await service.lobby.create_lobby(1, 500, HOST, "alcazar1978", settings), Reason.BAD_SETTINGS)
    assert words in str(result.message)


async def test_join_and_its_refusals(service: GameService) -> None:
    game_id = (await lobby(service)).game.id
    joined = await service.lobby.join(game_id, 201)
    assert joined.events == (PlayerJoined(game_id, 201, (HOST, 201)),)
    refused(await service.lobby.join(game_id, 201), Reason.ALREADY_JOINED)
    refused(await service.lobby.join(game_id, 202), Reason.LOBBY_FULL)      # 1978: exactly two
    refused(await service.lobby.join(999, 202), Reason.NO_SUCH_GAME)


async def test_alcazar_lobby_takes_five_players(service: GameService) -> None:
    game_id = (await lobby(service, kind="alcazar")).game.id
    for user in player_ids(5)[1:]:
        assert isinstance(await service.lobby.join(game_id, user), Accepted)
    refused(await service.lobby.join(game_id, 999), Reason.LOBBY_FULL)


async def test_leave_and_host_leaving_closes_the_lobby(service: GameService) -> None:
    game_id = (await lobby(service, kind="alcazar")).game.id
    await service.lobby.join(game_id, 201)
    refused(await service.lobby.leave(game_id, 777), Reason.NOT_IN_GAME)
    left = await service.lobby.leave(game_id, 201)
    assert left.events == (PlayerLeft(game_id, 201, (HOST,)),)
    await service.lobby.join(game_id, 202)
    closed = await service.lobby.leave(game_id, HOST)
    assert closed.game.status is GameStatus.CANCELLED
    assert GameCancelled(game_id, None) in closed.events
    assert await service.records.game_in_channel(500) is None


async def test_start_needs_the_host_and_the_right_player_count(service: GameService) -> None:
    game_id = (await lobby(service)).game.id
    refused(await service.lobby.start(game_id, HOST), Reason.WRONG_PLAYER_COUNT)
    await service.lobby.join(game_id, 201)
    refused(await service.lobby.start(game_id, 201), Reason.NOT_HOST)
    started = await service.lobby.start(game_id, HOST)
    assert isinstance(started, Accepted)
    refused(await service.lobby.start(game_id, HOST), Reason.ALREADY_STARTED)
    refused(await service.lobby.join(game_id, 202), Reason.ALREADY_STARTED)
    refused(await service.lobby.leave(game_id, 201), Reason.ALREADY_STARTED)


async def test_alcazar_needs_at_least_two(service: GameService) -> None:
    game_id = (await lobby(service, kind="alcazar")).game.id
    result = refused(await service.lobby.start(game_id, HOST), Reason.WRONG_PLAYER_COUNT)
    assert "2 to 5" in str(result.message)


async def test_seat_order_comes_from_the_seed(service: GameService) -> None:
    first = await open_table(service, "alcazar", 4, seed=11, channel_id=1)
    second = await open_table(service, "alcazar", 4, seed=11, channel_id=2)
    other = await open_table(service, "alcazar", 4, seed=12, channel_id=3)
    joined = player_ids(4)
    assert first.last.game.players == second.last.game.players == tuple(seat_order(11, joined))
    assert other.last.game.players == tuple(seat_order(12, joined))
    assert sorted(first.last.game.players) == joined
    assert {seat_order(seed, joined)[0] for seed in range(40)} == set(joined)   # a real shuffle


async def test_start_events_deal_hands_and_name_the_first_player(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.last.game
    assert isinstance(table.last.events[0], GameStarted)
    assert table.last.events[0].players == game.players
    hands = table.last.of_type(HandsChanged)
    assert hands == [HandsChanged(game.id, (0, 1, 2), game.players)]
    assert table.last.events[-1] == TurnChanged(game.id, 0, game.players[0])
    assert (game.status, game.version, game.to_move_id) == (GameStatus.ACTIVE, 1, game.players[0])


async def test_settings_host_only_and_house_rules_only_before_the_start(service: GameService) -> None:
    game_id = (await lobby(service)).game.id
    refused(await service.lobby.update_settings(game_id, 201, {"deadline_hours": 24}), Reason.NOT_HOST)
    changed = await service.lobby.update_settings(game_id, HOST, {"options": {"threefold_repetition": False}})
    assert changed.game.settings.options == {"threefold_repetition": False}
    assert isinstance(changed.events[0], SettingsChanged)
    await service.lobby.join(game_id, 201)
    started = await service.lobby.start(game_id, HOST)
    assert started.game.settings.options == {"threefold_repetition": False}
    refused(await service.lobby.update_settings(game_id, HOST, {"options": {"threefold_repetition": True}}),
            Reason.ALREADY_STARTED)
    during = await service.lobby.update_settings(game_id, HOST, {"deadline_hours": 48})
    assert during.game.settings.deadline_hours == 48
    refused(await service.lobby.update_settings(game_id, HOST, {"deadline_hours": 0}), Reason.BAD_SETTINGS)


async def test_default_house_rules_are_stored_at_the_start(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    assert table.last.game.settings.options == {"threefold_repetition": True}


async def test_cancel_host_only_frees_the_channel(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    refused(await service.lobby.cancel(table.game_id, 201), Reason.NOT_HOST)
    refused(await service.lobby.cancel(999, HOST), Reason.NO_SUCH_GAME)
    cancelled = await service.lobby.cancel(table.game_id, HOST)
    assert cancelled.events == (GameCancelled(table.game_id, HOST),)
    assert cancelled.game.status is GameStatus.CANCELLED
    assert await service.records.game_in_channel(500) is None
    refused(await service.turns.play(table.game_id, table.to_move_id, table.pick(win=False)), Reason.GAME_OVER)
    refused(await service.lobby.cancel(table.game_id, HOST), Reason.GAME_OVER)
    assert isinstance(await service.lobby.create_lobby(1, 500, HOST, "alcazar"), Accepted)


async def test_a_finished_game_cannot_be_cancelled(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await table.play_to_end()
    refused(await service.lobby.cancel(table.game_id, HOST), Reason.GAME_OVER)
    refused(await service.lobby.update_settings(table.game_id, HOST, {"deadline_hours": 2}), Reason.GAME_OVER)
