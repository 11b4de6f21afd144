"""Leaving a tournament: by choice (``withdraw``) or after two losses on time.

A withdrawn player keeps their score and stays in the standings, marked;
they are not paired again. Their running game is resigned by the usual
rules before the result reaches here (``Result.forfeited``).
"""
from __future__ import annotations

from collections import Counter

from bot.tournament.model import Result, Tournament

#: Losses on time in one tournament after which a player is withdrawn (said on sign-up).
LOSSES_ON_TIME_LIMIT = 2


def losses_on_time(tournament: Tournament) -> Counter[int]:
    """How many games each player has lost on time in this tournament."""
    return Counter(p for result in tournament.results for p in result.lost_on_time)


def due_for_withdrawal(tournament: Tournament) -> tuple[int, ...]:
    """The active players who have lost on time too often, in entry order."""
    lost = losses_on_time(tournament)
    return tuple(e.player for e in tournament.active() if lost[e.player] >= LOSSES_ON_TIME_LIMIT)


def record_result(tournament: Tournament, result: Result) -> tuple[Tournament, tuple[int, ...]]:
    """The tournament with ``result`` scored, and the players it withdraws for losing on time twice."""
    tournament = tournament.with_result(result)
    leaving = due_for_withdrawal(tournament)
    for player in leaving:
        tournament = tournament.withdraw(player)
    return tournament, leaving
