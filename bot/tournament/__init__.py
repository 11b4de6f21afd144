"""Tournaments and leagues: pairing and scoring, pure like the rules engines.

No I/O, no Discord, no clock: the service stores a ``Tournament`` (its
``to_dict``) and asks this package for the next round and the standings::

    from bot import tournament as t
    cup = t.Tournament("alcazar1978", tuple(t.Entrant(p, rating=r) for p, r in ((1, 1600), (2, 1500), (3, 1400))),
                       seed=7)
    first = t.pair_swiss(cup)               # Round(1, tables=(Table(seats=(1, 2)),), bye=3)
    cup = cup.with_round(first)
    cup, leaving = t.record_result(cup, t.Result.win(first.tables[0], winner=1))
    [(s.rank, s.player, s.score) for s in t.standings(cup)]
    # [(1, 3, Fraction(1, 1)), (2, 1, Fraction(1, 1)), (3, 2, Fraction(0, 1))]: 3's bye counts on Buchholz

A league has its whole schedule at once: ``schedule(cup, double=False)``.
Alcazar (2009) is played at tables of ``table_size`` 3 or 4
(``table_plan`` says how a field splits, and when a 2 or a 5 is forced).
The rules chosen where the issue is silent are in ``docs/tournaments.md``.
"""
from __future__ import annotations

from bot.tournament.model import (
    ALCAZAR, ALCAZAR_1978, GAMES, Entrant, Result, Round, Standing, Table, Tournament, TournamentError,
    forfeit_result,
)
from bot.tournament.round_robin import schedule
from bot.tournament.scoring import buchholz, scores, standings
from bot.tournament.swiss import pair_swiss
from bot.tournament.tables import TablePlan, table_plan
from bot.tournament.withdrawal import LOSSES_ON_TIME_LIMIT, due_for_withdrawal, losses_on_time, record_result

__all__ = [
    "ALCAZAR", "ALCAZAR_1978", "GAMES", "LOSSES_ON_TIME_LIMIT", "Entrant", "Result", "Round", "Standing", "Table",
    "TablePlan", "Tournament", "TournamentError", "buchholz", "due_for_withdrawal", "forfeit_result",
    "losses_on_time", "pair_swiss", "record_result", "schedule", "scores", "standings", "table_plan",
]
