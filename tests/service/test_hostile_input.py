"""Hostile input at every entry point of the service: a clear refusal, never an exception, never a change."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import Accepted, FakeClock, GameService, Reason, Refusal
from bot.store import Store, open_store

from .helpers import HOST, open_table, refused

HUGE = "1" * 4301
MENTIONS = ("@everyone", "@here", "<@1", "<@&", "<@!")


def harmless(message: str, typed: str = "ж") -> None:
    """A refusal quotes under 60 characters of what was typed and carries no live mention."""
    assert message.count(typed) < 60, message
    for mention in MENTIONS:
        assert mention not in message, message


@pytest.mark.parametrize("kind", ["alcazar", "alcazar1978"])
async def test_a_move_of_thousands_of_digits_is_refused(service: GameService, kind: str) -> None:
    table = await open_table(service, kind, 2)
    game = table.last.game
    texts = [f"buy {HUGE}", f"w{HUGE} B1 cw1", f"castle {HUGE} 1-3", f"w3 B1 cw{HUGE}"]
    for text in texts:
        result = await service.turns.play(game.id, game.to_move_id, text, game.version)
        assert isinstance(result, Refusal) and result.reason in (Reason.MALFORMED_MOVE, Reason.ILLEGAL_MOVE)
        assert len(str(result.message)) < 300, str(result.message)
    assert (await service.records.game(game.id)).version == game.version


@pytest.mark.parametrize("kind", ["alcazar", "alcazar1978"])
async def test_a_refusal_quotes_a_long_move_once_and_shortly(service: GameService, kind: str) -> None:
    table = await open_table(service, kind, 2)
    game = table.last.game
    for text in ["ж" * 200, "buy " + "ж" * 200, "ж" * 200 + " @everyone", "<@&12345> " + "ж" * 200]:
        result = refused(await service.turns.play(game.id, game.to_move_id, text), Reason.MALFORMED_MOVE)
        harmless(str(result.message))
        assert len(str(result.message)) < 250, str(result.message)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=80))
async def test_any_text_played_is_a_move_or_a_refusal(tmp_path: Path, text: str) -> None:
    store = await open_store(tmp_path / f"h{abs(hash(text))}.sqlite3")
    try:
        service = GameService(store, FakeClock())
        table = await open_table(service, "alcazar", 3)
        game = table.last.game
        result = await service.turns.play(game.id, game.to_move_id, text, game.version)
        assert isinstance(result, (Accepted, Refusal))
        if isinstance(result, Refusal):
            assert (await service.records.game(game.id)).version == game.version
    finally:
        await store.close()


async def test_lobby_refusals_echo_only_a_short_harmless_piece(service: GameService) -> None:
    kind = refused(await service.lobby.create_lobby(1, 9, HOST, "ж" * 200 + " @everyone"), Reason.UNKNOWN_GAME_KIND)
    harmless(str(kind.message))
    refused(await service.lobby.create_lobby(1, 9, HOST, None), Reason.UNKNOWN_GAME_KIND)  # type: ignore[arg-type]
    refused(await service.lobby.create_lobby(1, 9, HOST, ["alcazar"]), Reason.UNKNOWN_GAME_KIND)  # type: ignore[arg-type]
    rule = refused(await service.lobby.create_lobby(1, 9, HOST, "alcazar1978", {"options": {"ж" * 200 + "<@123>": True}}),
                   Reason.BAD_SETTINGS)
    harmless(str(rule.message))
    name = refused(await service.lobby.create_lobby(1, 9, HOST, "alcazar", {"@here" + "ж" * 200: 1}), Reason.BAD_SETTINGS)
    harmless(str(name.message))
    assert await service.records.game_in_channel(9) is None


BAD_VALUES: list[Any] = [
    "12", None, math.nan, math.inf, -math.inf, 10**400, -(10**400), 1e300, 1e-300, 0, -1, True, [], {}, 0.01,
]
BAD_SETTINGS: list[dict[str, Any]] = (
    [{"deadline_hours": v} for v in BAD_VALUES if v is not None]
    + [{"reminder_first_hours": v} for v in BAD_VALUES]
    + [{"reminder_every_hours": v} for v in BAD_VALUES]
    + [{"reminder_max": v} for v in ["3", None, math.nan, 3.0, 10**400, -1, True, 10**6]]
    + [{"options": v} for v in [None, "threefold_repetition", [("threefold_repetition", True)], 3]]
    + [{"options": {"threefold_repetition": v}} for v in [None, 1, "yes", math.nan]]
)


@pytest.mark.parametrize("changes", BAD_SETTINGS, ids=lambda c: repr(c)[:40])
async def test_bad_settings_are_refused_where_they_enter_the_service(service: GameService,
                                                                     changes: dict[str, Any]) -> None:
    refused(await service.lobby.create_lobby(1, 9, HOST, "alcazar1978", changes), Reason.BAD_SETTINGS)
    lobby = await service.lobby.create_lobby(1, 9, HOST, "alcazar1978")
    assert isinstance(lobby, Accepted)
    before = lobby.game.settings
    result = refused(await service.lobby.update_settings(lobby.game.id, HOST, changes), Reason.BAD_SETTINGS)
    assert len(str(result.message)) < 300
    assert (await service.records.game(lobby.game.id)).settings == before


async def test_settings_that_are_not_a_mapping_are_refused(service: GameService) -> None:
    refused(await service.lobby.create_lobby(1, 9, HOST, "alcazar", [("deadline_hours", 2)]),  # type: ignore[arg-type]
            Reason.BAD_SETTINGS)
    lobby = await service.lobby.create_lobby(1, 9, HOST, "alcazar")
    assert isinstance(lobby, Accepted)
    refused(await service.lobby.update_settings(lobby.game.id, HOST, "deadline_hours"),  # type: ignore[arg-type]
            Reason.BAD_SETTINGS)


async def test_good_settings_at_the_bounds_are_taken(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 9, HOST, "alcazar", {
        "deadline_hours": 2160, "reminder_first_hours": 0.5, "reminder_every_hours": 720, "reminder_max": 0})
    assert isinstance(lobby, Accepted)
    assert lobby.game.settings.deadline_hours == 2160


async def test_a_game_with_broken_stored_settings_stops_no_other_game(service: GameService, store: Store,
                                                                      clock: FakeClock) -> None:
    broken = await open_table(service, "alcazar", 2, channel_id=501)
    healthy = await open_table(service, "alcazar1978", 2, channel_id=502)
    changed = await service.lobby.update_settings(healthy.game_id, HOST, {"deadline_hours": 2})
    assert isinstance(changed, Accepted)
    # Written past the service, as an older version of the bot could have stored it.
    row = await service.records.game(broken.game_id)
    assert not isinstance(row, Refusal)
    async with store.write() as tx:
        await tx.games.update_settings(broken.game_id, {**row.settings.to_dict(), "deadline_hours": 10**400},
                                       clock.now())
    clock.advance(hours=3)
    reminders = await service.reminders.due_reminders()
    assert [r.game_id for r in reminders] == [healthy.game_id]
    acted = await service.reminders.process_deadlines()
    assert [a.game.id for a in acted] == [healthy.game_id]


async def test_every_call_refuses_a_game_that_does_not_exist(service: GameService) -> None:
    missing = 424242
    calls = {
        "join": service.lobby.join(missing, HOST), "leave": service.lobby.leave(missing, HOST),
        "update_settings": service.lobby.update_settings(missing, HOST, {"deadline_hours": 2}),
        "start": service.lobby.start(missing, HOST), "cancel": service.lobby.cancel(missing, HOST),
        "play": service.turns.play(missing, HOST, "pass"), "play_versioned": service.turns.play(missing, HOST, "pass", 3),
        "resign": service.turns.resign(missing, HOST),
        "ask_undo": service.questions.ask("undo", missing, HOST), "approve_undo": service.questions.answer("undo", missing, HOST, True),
        "decline_undo": service.questions.answer("undo", missing, HOST, False),
        "offer_draw": service.questions.ask("draw", missing, HOST), "accept_draw": service.questions.answer("draw", missing, HOST, True),
        "decline_draw": service.questions.answer("draw", missing, HOST, False),
        "mute": service.reminders.mute(missing, HOST), "note_dms_closed": service.reminders.note_dms_closed(missing, HOST),
        "game": service.records.game(missing), "board_view": service.records.board_view(missing),
        "private_view": service.records.private_view(missing, HOST), "history": service.records.history(missing),
    }
    for name, call in calls.items():
        result = await call
        assert isinstance(result, Refusal) and result.reason is Reason.NO_SUCH_GAME, (name, result)
    assert await service.records.legal_moves_for(missing, HOST) == []
    assert await service.records.result(missing) is None
