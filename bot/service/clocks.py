"""Time banks with an increment (play by the day, as on Little Golem): the arithmetic alone.

A player's bank is what they have left for all their remaining turns. It runs
only during their turn and stands still while they are away (quiet hours do
not stop it). After each of their turns it gains the increment, never beyond
the starting bank. An undo gives back what the undone turns cost: the bank is
again what it was before them (``bot.store.clocks`` forgets their rows).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from bot.service.away import away_until, paused_seconds
from bot.store.players import AwayPeriod

#: The warning goes out when this share of the starting bank is left.
WARNING_SHARE = 0.25


@dataclass(frozen=True)
class TurnClock:
    """Every seat's bank in seconds (for the seat to act: what is left now), and when the bank of
    the seat to act runs out (None while they are away: their bank stands still)."""

    banks: tuple[float, ...]
    to_act: int | None
    runs_out_at: float | None


def turn_used(turn_since: float, now: float, away: Sequence[AwayPeriod]) -> float:
    """Seconds the turn has taken so far, the player's time away not counted."""
    return max(0.0, now - turn_since - paused_seconds(away, turn_since, now))


def bank_after_turn(bank: float, used: float, start: float, increment: float) -> float:
    """The bank after a turn that took ``used`` seconds: what was left, plus the increment, capped at ``start``."""
    return min(start, max(0.0, bank - used) + increment)


def bank_left(bank: float, turn_since: float, now: float, away: Sequence[AwayPeriod]) -> float:
    """What is left of the bank of the player to act (never below nothing)."""
    return max(0.0, bank - turn_used(turn_since, now, away))


def runs_out_at(bank: float, turn_since: float, now: float, away: Sequence[AwayPeriod]) -> float | None:
    """When the bank of the player to act runs out; None while they are away (it stands still)."""
    if away_until(away, now) is not None:
        return None
    return turn_since + bank + paused_seconds(away, turn_since, now)


def warning_at(bank: float, start: float, turn_since: float, now: float,
               away: Sequence[AwayPeriod]) -> float | None:
    """When the player to act should hear that a quarter of their bank is left; None when the
    turn began with less than that (the previous turn warned them) or while they are away."""
    quarter = start * WARNING_SHARE
    if bank <= quarter or away_until(away, now) is not None:
        return None
    return turn_since + (bank - quarter) + paused_seconds(away, turn_since, now)


def median(values: Sequence[float]) -> float | None:
    """The middle value (the mean of the two middle ones for an even count); None for none."""
    ordered = sorted(values)
    if not ordered:
        return None
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
