"""Game settings and the clocks."""
from __future__ import annotations

import time

import pytest

from bot.games import get_game
from bot.service import FakeClock, GameSettings, SettingsError, SystemClock


def test_defaults_are_12h_then_24h_three_times_no_deadline() -> None:
    settings = GameSettings()
    assert (settings.reminder_first_seconds, settings.reminder_every_seconds) == (12 * 3600, 24 * 3600)
    assert settings.reminder_max == 3 and settings.deadline_seconds is None


def test_round_trip_through_a_dict() -> None:
    settings = GameSettings(reminder_max=1, deadline_hours=36, options={"threefold_repetition": False})
    assert GameSettings.from_dict(settings.to_dict()) == settings


def test_changes_are_checked() -> None:
    engine = get_game("alcazar1978")
    assert GameSettings().changed(engine, {"deadline_hours": 2.5}).deadline_seconds == 2.5 * 3600
    assert GameSettings().changed(engine, {"reminder_max": 0}).reminder_max == 0
    with pytest.raises(SettingsError, match="reminder_hours must be a number of hours"):
        GameSettings().changed(engine, {"reminder_every_hours": True})
    with pytest.raises(SettingsError, match="Alcazar has no house rule"):
        GameSettings().changed(get_game("alcazar"), {"options": {"threefold_repetition": True}})


def test_fake_clock_moves_only_forward_when_told() -> None:
    clock = FakeClock(1000.0)
    assert clock.now() == 1000.0 == clock.now()
    assert clock.advance(hours=1, seconds=5) == 1000.0 + 3605
    with pytest.raises(ValueError):
        clock.advance(hours=-1)


def test_system_clock_is_the_wall_clock() -> None:
    assert abs(SystemClock().now() - time.time()) < 5
