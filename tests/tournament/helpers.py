"""Driving a tournament round by round, as the service will: pair, play, record."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations

from bot.tournament import Entrant, Result, Round, Table, Tournament, pair_swiss, record_result

Outcome = Callable[[Table], Result]


def entrants_of(game: str, count: int, *, seed: int = 1, table_size: int | None = None) -> Tournament:
    """Players 1…count, rated 2000, 1900, … so that player 1 is the favourite."""
    size = table_size if table_size is not None else (2 if game == "alcazar1978" else 4)
    return Tournament(game, tuple(Entrant(p, rating=2100 - 100 * p) for p in range(1, count + 1)), seed=seed,
                      table_size=size)


def play_round(tournament: Tournament, outcomes: dict[frozenset[int], Outcome]) -> tuple[Tournament, Round]:
    """Pair the next round and record each table's result from ``outcomes``, keyed by the table's players."""
    paired = pair_swiss(tournament)
    tournament = tournament.with_round(paired)
    for table in paired.tables:
        tournament, _ = record_result(tournament, outcomes[frozenset(table.seats)](table))
    return tournament, paired


def win(winner: int) -> Outcome:
    return lambda table: Result.win(table, winner)


def draw(table: Table) -> Result:
    return Result.draw(table)


def pair_counts(rounds: tuple[Round, ...]) -> Counter[frozenset[int]]:
    return Counter(frozenset(pair) for r in rounds for t in r.tables for pair in combinations(t.seats, 2))


def firsts(rounds: tuple[Round, ...]) -> Counter[int]:
    return Counter(t.first for r in rounds for t in r.tables)
