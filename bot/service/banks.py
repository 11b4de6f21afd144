"""Keeping time in a game's transactions: each ended turn's time and, with a time bank, what is left.

Called from inside a store transaction (only statements on ``tx`` are awaited).
"""
from __future__ import annotations

from typing import Sequence

from bot.service.clocks import TurnClock, bank_after_turn, bank_left, runs_out_at, turn_used
from bot.service.live import LiveGame
from bot.service.settings import GameSettings
from bot.store import GameRow, LogEntry, Tx
from bot.store.clocks import TurnTime
from bot.store.players import AwayPeriod


async def record_turn(tx: Tx, live: LiveGame, entries: Sequence[LogEntry], now: float) -> None:
    """The turn of the seat to act ended with ``entries`` (a move, a skip, the stand-in's move):
    record how long it took and, with a time bank, charge it and add the increment.

    Forced passes of other seats take no time and cost nothing; a computer's turns are not kept."""
    row = live.row
    seat = row.turn_seat
    if seat is None or row.turn_since is None or live.seats[seat].is_computer:
        return
    ending = next((e for e in entries if e.seat == seat and not e.forced), None)
    if ending is None:
        return
    user_id = live.user_of(seat)
    settings = GameSettings.from_dict(row.settings)
    bank = None
    # The row keeps the turn's whole length; time away comes off when it is counted (``pace``), so that
    # a move without a time bank costs one statement here and asks nothing of the away table.
    if settings.bank_seconds is not None:
        away = (await tx.away.of_users([user_id], row.turn_since)).get(user_id, [])
        before = (await tx.turn_times.banks([row.id])).get(row.id, {}).get(seat, settings.bank_seconds)
        bank = bank_after_turn(before, turn_used(row.turn_since, now, away), settings.bank_seconds,
                               settings.increment_seconds)
    await tx.turn_times.record(TurnTime(row.id, ending.ply, seat, user_id, now - row.turn_since, bank, now))


def turn_clock(row: GameRow, players: int, banks: dict[int, float], away: Sequence[AwayPeriod],
               now: float) -> TurnClock | None:
    """The banks of a game in play (``banks``: each seat's stored bank; ``away``: the time away
    of the player to act); None without a time bank."""
    start = GameSettings.from_dict(row.settings).bank_seconds
    if start is None:
        return None
    stored = [banks.get(seat, start) for seat in range(players)]
    seat = row.turn_seat
    if seat is None or row.turn_since is None:
        return TurnClock(tuple(stored), None, None)
    shown = list(stored)
    shown[seat] = bank_left(stored[seat], row.turn_since, now, away)
    return TurnClock(tuple(shown), seat, runs_out_at(stored[seat], row.turn_since, now, away))
