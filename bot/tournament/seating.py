"""Who sits where at a table: first seats (first moves) spread evenly, rotating between rounds.

In Alcazar (1978) seat 0 moves first: the player who has moved first fewer
times does so, and on a tie the one who moved second last time. In
Alcazar (2009) the same rule gives seat 0, and the other seats go to whoever
has sat latest so far, so that seat order rotates.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from bot.tournament.model import Round, Table


def seat_history(rounds: Sequence[Round]) -> dict[int, list[Fraction]]:
    """Each player's past seats, oldest first, as a share of the table (0 first, 1 last)."""
    history: dict[int, list[Fraction]] = {}
    for round_ in rounds:
        for table in round_.tables:
            last = len(table.seats) - 1
            for seat, player in enumerate(table.seats):
                history.setdefault(player, []).append(Fraction(seat, last))
    return history


def seated(players: Sequence[int], rounds: Sequence[Round], rng: random.Random) -> Table:
    """A table of ``players`` in seat order, rotating first seats by the history of ``rounds``."""
    history = seat_history(rounds)
    coin = {p: rng.random() for p in players}

    def claim(player: int) -> tuple[int, int, Fraction, float]:
        seats = history.get(player, [])
        firsts = sum(seat == 0 for seat in seats)
        first_last_time = int(bool(seats) and seats[-1] == 0)
        # Whoever has sat latest on average comes forward; the seeded coin settles the rest.
        lateness = sum(seats, Fraction(0)) / len(seats) if seats else Fraction(1, 2)
        return firsts, first_last_time, -lateness, coin[player]

    return Table(tuple(sorted(players, key=claim)))
