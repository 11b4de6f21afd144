"""Per-game settings a host chooses: reminders, an optional deadline, house rules."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import ModuleType
from typing import Any, Mapping

from bot.i18n import ENGLISH, LANGUAGES
from bot.service.clock import HOUR


class SettingsError(ValueError):
    """A setting a host asked for is not allowed; the message says which and why."""


@dataclass(frozen=True)
class GameSettings:
    """How a game treats slow players, plus the engine's house rules.

    Defaults: the first reminder after 12 h without a move, then one every
    24 h, at most 3 per turn; no deadline. With a deadline, a player who has
    not moved within it is skipped for that turn (Alcazar) or loses (Alcazar
    1978). ``options`` are the engine's house rules (``DEFAULT_OPTIONS`` keys).
    """

    reminder_first_hours: float = 12.0
    reminder_every_hours: float = 24.0
    reminder_max: int = 3
    deadline_hours: float | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The language of the game's public posts (a catalog in ``data/locales``); games from before it: English.
    language: str = ENGLISH

    @property
    def reminder_first_seconds(self) -> float:
        return self.reminder_first_hours * HOUR

    @property
    def reminder_every_seconds(self) -> float:
        return self.reminder_every_hours * HOUR

    @property
    def deadline_seconds(self) -> float | None:
        return None if self.deadline_hours is None else self.deadline_hours * HOUR

    def to_dict(self) -> dict[str, Any]:
        return {
            "reminder_first_hours": self.reminder_first_hours,
            "reminder_every_hours": self.reminder_every_hours,
            "reminder_max": self.reminder_max,
            "deadline_hours": self.deadline_hours,
            "options": dict(self.options),
            "language": self.language,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSettings:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def changed(self, engine: ModuleType, changes: Mapping[str, Any]) -> GameSettings:
        """These settings with ``changes`` applied and checked; ``SettingsError`` says why not."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise SettingsError(f"unknown setting {unknown[0]!r}; settings are {', '.join(sorted(known))}")
        updated = dict(changes)
        if "options" in updated:
            updated["options"] = {**self.options, **checked_options(engine, updated["options"])}
        result = replace(self, **updated)
        result.check()
        return result

    def check(self) -> None:
        """``SettingsError`` unless every value is in range."""
        for name in ("reminder_first_hours", "reminder_every_hours"):
            value = getattr(self, name)
            if not _is_number(value) or value <= 0:
                raise SettingsError(f"{name} must be a positive number of hours, not {value!r}")
        if not isinstance(self.reminder_max, int) or isinstance(self.reminder_max, bool) \
                or self.reminder_max < 0:
            raise SettingsError(f"reminder_max must be a whole number ≥ 0, not {self.reminder_max!r}")
        deadline = self.deadline_hours
        if deadline is not None and (not _is_number(deadline) or deadline <= 0):
            raise SettingsError(f"deadline_hours must be a positive number of hours or off, not {deadline!r}")
        if self.language not in LANGUAGES:
            raise SettingsError(f"language must be one of {', '.join(LANGUAGES)}, not {self.language!r}")


def checked_options(engine: ModuleType, options: Mapping[str, Any]) -> dict[str, Any]:
    """House rules the engine knows, each of the type of its default."""
    defaults: Mapping[str, Any] = engine.DEFAULT_OPTIONS
    for name, value in options.items():
        if name not in defaults:
            offered = ", ".join(sorted(defaults)) or "none"
            raise SettingsError(f"{engine.TITLE} has no house rule {name!r} (house rules: {offered})")
        if type(value) is not type(defaults[name]):
            raise SettingsError(
                f"house rule {name!r} takes a {type(defaults[name]).__name__}, not {value!r}"
            )
    return dict(options)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
