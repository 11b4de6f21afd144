"""Players away (deadlines paused, no reminders) and quiet hours (reminders wait).

Nothing about a game changes when a player goes away: a turn's deadline and
its reminders are computed from the turn's start plus the time the player to
act has been away since then. So the clock stops while they are away and runs
on from where it stood when they come back, and a restart changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import Msg
from bot.service.clock import HOUR
from bot.service.settings import GameSettings
from bot.store import GameRow
from bot.store.players import AwayPeriod, QuietHours

DAY = 24 * HOUR
MAX_AWAY_DAYS = 14          # one period
YEARLY_AWAY_DAYS = 30       # in any 365 days
YEAR_DAYS = 365


@dataclass(frozen=True)
class AwayStatus:
    """A player's time away: until when (None when not away) and how much of the year is used."""

    user_id: int
    until: float | None
    used_days: float             # days away in the 365 days up to the end of the current period
    quiet: QuietHours | None = None

    @property
    def left_days(self) -> float:
        return max(0.0, YEARLY_AWAY_DAYS - self.used_days)


def paused_seconds(periods: Iterable[AwayPeriod], start: float, now: float) -> float:
    """How long the player was away between ``start`` and ``now`` (the clock stood still)."""
    return sum(p.overlap(start, now) for p in periods)


def away_until(periods: Iterable[AwayPeriod], now: float) -> float | None:
    """The end of the period the player is in now, or None when they are here."""
    ends = [p.ends_at for p in periods if p.starts_at <= now < p.ends_at]
    return max(ends) if ends else None


def turn_deadline(game: GameRow, away: Sequence[AwayPeriod], now: float) -> float | None:
    """When the current turn's deadline passes, the player's time away added; None without one,
    or while the player is away (their clock stands still)."""
    deadline = GameSettings.from_dict(game.settings).deadline_seconds
    if deadline is None or game.turn_since is None or away_until(away, now) is not None:
        return None
    return game.turn_since + deadline + paused_seconds(away, game.turn_since, now)


def days_away(periods: Iterable[AwayPeriod], start: float, end: float) -> float:
    """Days away between ``start`` and ``end`` (periods may overlap nothing, or partly)."""
    return paused_seconds(periods, start, end) / DAY


def yearly_refusal(periods: Sequence[AwayPeriod], now: float, until: float) -> Msg | None:
    """Why a new period from ``now`` to ``until`` breaks the yearly limit, or None when it fits.

    ``periods`` are the player's earlier periods (a running one cut at ``now``).
    Days away in a 365-day window change linearly between the moments where a
    period enters or leaves the window, so checking the windows that end at
    those moments (and at both ends of the new period) checks every window.
    """
    new = AwayPeriod(0, now, until)
    year = YEAR_DAYS * DAY
    ends = {now, until} | {t for p in periods for t in (p.starts_at + year, p.ends_at + year) if now < t < until}
    worst_end = max(ends, key=lambda end: days_away([*periods, new], end - year, end))
    used = days_away(periods, worst_end - year, worst_end)
    wanted = (until - now) / DAY
    if used + days_away([new], worst_end - year, worst_end) <= YEARLY_AWAY_DAYS + 1e-9:
        return None
    left = max(0.0, YEARLY_AWAY_DAYS - days_away(periods, until - year, until))
    return Msg("away.yearly_limit", limit=YEARLY_AWAY_DAYS, year=YEAR_DAYS, used=_days(used),
               left=_days(min(left, MAX_AWAY_DAYS)), wanted=_days(wanted))


def _days(value: float) -> int | float:
    """A number of days as players read it: whole, or with one decimal."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def in_quiet_hours(quiet: QuietHours | None, now: float) -> bool:
    """Whether ``now`` falls in the player's quiet hours (their local time)."""
    if quiet is None or quiet.start_hour == quiet.end_hour:
        return False
    hour = datetime.fromtimestamp(now, ZoneInfo(quiet.time_zone)).hour
    if quiet.start_hour < quiet.end_hour:
        return quiet.start_hour <= hour < quiet.end_hour
    return hour >= quiet.start_hour or hour < quiet.end_hour       # over midnight, e.g. 22–7


def time_zone_refusal(name: str) -> Msg | None:
    """Why ``name`` is not a time zone, or None when it is one."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return Msg("quiet.unknown_zone", name=name)
    return None


def time_zones_matching(typed: str, limit: int = 25) -> list[str]:
    """Time zone names containing what was typed (for autocomplete)."""
    wanted = typed.strip().lower().replace(" ", "_")
    names = sorted(available_timezones())
    return [n for n in names if wanted in n.lower()][:limit]
