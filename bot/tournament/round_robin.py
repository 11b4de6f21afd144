"""Round robin: a fixed schedule, made once when the tournament starts.

Alcazar (1978) uses the circle method (Berger tables): one player stays
put while the others turn around them, each pair meets once, and with an
odd count an empty slot gives a bye each round. Colours come from the
slot: the fixed player alternates, the others move first in the upper half
of the circle, so everyone moves first in half their games (within one).
``double`` plays the whole cycle again with colours swapped.

Alcazar (2009) reads "everyone meets everyone" as: every pair of players
shares a table at least once. The schedule is built round by round, each
table taking the player with the most table mates still to meet and then
whoever adds the most new pairs; a few seeded orders are tried and the one
with the fewest rounds kept. Seat orders rotate as in the Swiss.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from bot.tournament.model import ALCAZAR_1978, Round, Table, Tournament, TournamentError
from bot.tournament.seating import seated
from bot.tournament.tables import table_plan

#: How many seeded orders the schedule of Alcazar (2009) tries; a quarter as many beyond ``LARGE_LEAGUE`` players.
SCHEDULE_TRIES = 100
LARGE_LEAGUE = 24


def schedule(tournament: Tournament, *, double: bool = False) -> tuple[Round, ...]:
    """Every round of the league, for the active entrants in entry order."""
    players = [e.player for e in tournament.active()]
    if len(players) < 2:
        raise TournamentError("a league needs two players")
    if tournament.game == ALCAZAR_1978:
        return berger(players, double=double)
    if double:
        raise TournamentError("a double round robin is played in Alcazar (1978) only")
    return covering_schedule(players, tournament.table_size, tournament.seed)


def berger(players: Sequence[int], *, double: bool = False) -> tuple[Round, ...]:
    """The circle method; with ``double``, a second cycle with the colours swapped."""
    slots: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(slots)
    fixed, circle = slots[-1], slots[:-1]
    cycle: list[tuple[list[tuple[int, int]], int | None]] = []
    for number in range(n - 1):
        turned = circle[number:] + circle[:number]
        duels: list[tuple[int | None, int | None]] = [
            (fixed, turned[0]) if number % 2 else (turned[0], fixed)]
        duels += [(turned[i], turned[n - 1 - i]) for i in range(1, n // 2)]
        bye = next((a if b is None else b for a, b in duels if a is None or b is None), None)
        cycle.append(([(a, b) for a, b in duels if a is not None and b is not None], bye))
    rounds = [Round(i + 1, tuple(Table(d) for d in duels), bye) for i, (duels, bye) in enumerate(cycle)]
    if double:
        rounds += [Round(len(cycle) + i + 1, tuple(Table((b, a)) for a, b in duels), bye)
                   for i, (duels, bye) in enumerate(cycle)]
    return tuple(rounds)


def covering_schedule(players: Sequence[int], size: int, seed: int) -> tuple[Round, ...]:
    """Rounds of tables in which every pair of ``players`` sits together at least once."""
    best: list[list[list[int]]] | None = None
    tries = SCHEDULE_TRIES if len(players) <= LARGE_LEAGUE else SCHEDULE_TRIES // 4
    for attempt in range(tries):
        rng = random.Random(f"{seed}:league:{attempt}")
        rounds = _greedy_cover(list(players), size, rng)
        if best is None or len(rounds) < len(best):
            best = rounds
    assert best is not None
    played: list[Round] = []
    rng = random.Random(f"{seed}:league:seats")
    for number, groups in enumerate(best, start=1):
        played.append(Round(number, tuple(seated(g, played, rng) for g in groups)))
    return tuple(played)


def _greedy_cover(players: list[int], size: int, rng: random.Random) -> list[list[list[int]]]:
    sizes = table_plan(len(players), size).sizes
    unmet = {p: set(players) - {p} for p in players}
    rounds: list[list[list[int]]] = []
    while any(unmet.values()):
        # Fresh coins each round, so that equal choices do not make the same tables again.
        coin = {p: rng.random() for p in players}
        left = set(players)
        groups: list[list[int]] = []
        for table_size in sizes:
            # The player with the most still to meet heads the table, whoever adds most new pairs joins it.
            group = [max(left, key=lambda p: (len(unmet[p] & left), coin[p]))]
            left.remove(group[0])
            while len(group) < table_size:
                mate = max(left, key=lambda p: (sum(g in unmet[p] for g in group), coin[p]))
                group.append(mate)
                left.remove(mate)
            groups.append(group)
        for group in groups:
            for a, b in combinations(group, 2):
                unmet[a].discard(b)
                unmet[b].discard(a)
        rounds.append(groups)
    return rounds
