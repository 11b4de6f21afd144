"""Per-game settings a host chooses: reminders, an optional deadline, house rules."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

from bot.games import AnyEngine
from bot.games.common import quoted, shortened
from bot.i18n import ENGLISH, LANGUAGES, Msg
from bot.service.clock import HOUR


class SettingsError(ValueError):
    """A setting a host asked for is not allowed; the message (a ``Msg``) says which and why."""

    @property
    def reason(self) -> Msg:
        reason: Msg = self.args[0]
        return reason


@dataclass(frozen=True)
class GameSettings:
    """How a game treats slow players, plus the engine's house rules.

    Defaults: the first reminder after 12 h without a move, then one every
    24 h, at most 3 per turn; no deadline. With a deadline, a player who has
    not moved within it is skipped for that turn (Alcazar) or loses (Alcazar
    1978). ``options`` are the engine's house rules (``DEFAULT_OPTIONS`` keys).

    The stand-in is a computer player: with ``stand_in_on_deadline`` it plays
    the turn of a player who missed the deadline (instead of the skip or the
    loss); with ``stand_in_on_resign`` (Alcazar only) it takes over the seat
    of a player who resigns (instead of retiring it).

    A time bank (``bank_hours``, off by default) gives each player that many
    hours for all their turns together: it runs only during their turn, gains
    ``increment_hours`` after each of their moves (never beyond
    ``bank_hours``), and running out acts as a missed deadline does, except
    that without the stand-in an Alcazar player is retired rather than skipped.
    """

    reminder_first_hours: float = 12.0
    reminder_every_hours: float = 24.0
    reminder_max: int = 3
    deadline_hours: float | None = None
    stand_in_on_deadline: bool = False
    stand_in_on_resign: bool = False
    bank_hours: float | None = None
    increment_hours: float = 0.0
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

    @property
    def bank_seconds(self) -> float | None:
        return None if self.bank_hours is None else self.bank_hours * HOUR

    @property
    def increment_seconds(self) -> float:
        return self.increment_hours * HOUR

    def to_dict(self) -> dict[str, Any]:
        # Written only when set, so the settings of games without a time bank read as they always did.
        clock = {name: value for name, value in (("bank_hours", self.bank_hours),
                                                 ("increment_hours", self.increment_hours)) if value}
        return {
            "reminder_first_hours": self.reminder_first_hours,
            "reminder_every_hours": self.reminder_every_hours,
            "reminder_max": self.reminder_max,
            "deadline_hours": self.deadline_hours,
            "stand_in_on_deadline": self.stand_in_on_deadline,
            "stand_in_on_resign": self.stand_in_on_resign,
            "options": dict(self.options),
            "language": self.language,
            **clock,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSettings:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def changed(self, engine: AnyEngine, changes: Mapping[str, Any]) -> GameSettings:
        """These settings with ``changes`` applied and checked; ``SettingsError`` says why not.

        Whatever reaches the service is checked here, not only what a slash
        command's ranges let through: a wrong type, NaN, an infinity or an
        absurd number is refused instead of stored.
        """
        if not isinstance(changes, Mapping):
            raise SettingsError(Msg("setting.by_name"))
        known = {f.name for f in fields(self)}
        unknown = sorted((k for k in changes if k not in known), key=str)
        if unknown:
            raise SettingsError(Msg("setting.unknown", name=_shown(unknown[0]), known=", ".join(sorted(known))))
        updated = dict(changes)
        if "options" in updated:
            updated["options"] = {**self.options, **checked_options(engine, updated["options"])}
        result = replace(self, **updated)
        result.check()
        if result.stand_in_on_resign is True and not engine.CAN_RETIRE:
            raise SettingsError(Msg("setting.stand_in_resign_1978", title=engine.TITLE))
        return result

    def check(self) -> None:
        """``SettingsError`` unless every value is a number of the right kind within its range."""
        for name in ("reminder_first_hours", "reminder_every_hours"):
            _check_hours(name, getattr(self, name), REMINDER_HOURS)
        count = self.reminder_max
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_REMINDERS:
            raise SettingsError(Msg("setting.reminder_max", high=MAX_REMINDERS, value=_shown(count)))
        for name in ("stand_in_on_deadline", "stand_in_on_resign"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(Msg("setting.on_off", name=OPTION_OF[name][0], value=_shown(getattr(self, name))))
        if self.deadline_hours is not None:
            _check_hours("deadline_hours", self.deadline_hours, DEADLINE_HOURS, off=True)
        if self.bank_hours is not None:
            _check_hours("bank_hours", self.bank_hours, BANK_HOURS, off=True)
        _check_hours("increment_hours", self.increment_hours, INCREMENT_HOURS)
        if self.bank_hours is not None and self.increment_hours > self.bank_hours:
            raise SettingsError(Msg("setting.increment_over_bank", increment=_in_days(self.increment_hours),
                                    bank=_in_days(self.bank_hours)))
        if self.language not in LANGUAGES:
            raise SettingsError(Msg("setting.language", languages=", ".join(LANGUAGES), value=_shown(self.language)))


#: Each setting as a host sets it: the option's name in the commands, and how many hours one unit
#: of it is (None: on or off). A refusal names the option and the units the host typed, never the
#: setting's name here: ``bank_days:2 increment_days:3`` is refused in days, as increment_days and bank_days.
OPTION_OF: dict[str, tuple[str, float | None]] = {
    "reminder_first_hours": ("reminder_hours", 1.0),
    "reminder_every_hours": ("reminder_hours", 1.0),
    "deadline_hours": ("deadline_hours", 1.0),
    "bank_hours": ("bank_days", 24.0),
    "increment_hours": ("increment_days", 24.0),
    "stand_in_on_deadline": ("stand_in_deadline", None),
    "stand_in_on_resign": ("stand_in_resign", None),
}

# The service's bounds; the slash commands offer the same ranges.
REMINDER_HOURS = (0.5, 720.0)
DEADLINE_HOURS = (1.0, 2160.0)
BANK_HOURS = (1.0, 2160.0)
INCREMENT_HOURS = (0.0, 720.0)
MAX_REMINDERS = 20


def _check_hours(name: str, value: object, bounds: tuple[float, float], off: bool = False) -> None:
    low, high = bounds
    # NaN fails every comparison, infinities and huge integers fail the upper bound.
    if not _is_number(value) or not low <= value <= high:  # type: ignore[operator]
        option, hours_per_unit = OPTION_OF[name]
        unit = "days" if hours_per_unit == 24.0 else "hours"
        in_days = unit == "days" and _is_number(value) and abs(value) <= 10**12  # type: ignore[arg-type]
        shown = _in_days(value) if in_days else _shown(value)   # NaN, infinities and huge numbers as they are
        raise SettingsError(Msg(f"setting.{unit}_or_off" if off else f"setting.{unit}", name=option,
                                low=_in_days(low, up=True) if unit == "days" else low,
                                high=_in_days(high) if unit == "days" else high, value=shown))


def _in_days(hours: object, up: bool = False) -> float:
    """Hours as the days a host typed, to a hundredth (``up``: a lower bound, rounded up so that it holds)."""
    days = float(hours) / 24  # type: ignore[arg-type]
    return math.ceil(days * 100) / 100 if up else round(days, 2)


def checked_options(engine: AnyEngine, options: Mapping[str, Any]) -> dict[str, Any]:
    """House rules the engine knows, each of the type of its default."""
    if not isinstance(options, Mapping):
        raise SettingsError(Msg("setting.rules_by_name"))
    defaults: Mapping[str, Any] = engine.DEFAULT_OPTIONS
    for name, value in options.items():
        if name not in defaults:
            offered = ", ".join(sorted(defaults))
            raise SettingsError(Msg("setting.no_house_rule", title=engine.TITLE, name=_shown(name), offered=offered)
                                if offered else Msg("setting.no_house_rules", title=engine.TITLE, name=_shown(name)))
        if type(value) is not type(defaults[name]):
            raise SettingsError(Msg("setting.rule_type", name=repr(name), type=type(defaults[name]).__name__,
                                    value=_shown(value)))
    return dict(options)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shown(value: object) -> str | Msg:
    """A value as a refusal may echo it: short, mention-free, and safe for huge integers."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "…"
    if isinstance(value, str):
        return quoted(value)
    try:
        return shortened(repr(value))
    except Exception:  # noqa: BLE001 - a value whose repr fails is still refused
        return f"<{type(value).__name__}>"
