"""Swiss pairing for both games: equal scores meet, no rematch while another pairing exists.

Players are ranked by score, then the tiebreaks so far, then rating (the
seed settles what is left). Alcazar (1978) pairs them two by two with a
search over the ranked list: the top unpaired player meets the nearest
score first (within a score group, the top half meets the bottom half, as
in the Dutch system), and the search backs up whenever the rest could not
be paired without a rematch. Only when no rematch-free pairing exists at
all does it allow one rematch, then two, and so on. With an odd count the
bye goes to the lowest-ranked player who has not had one (whose bye leaves
a rematch-free pairing, if any does); it scores as a win.

Alcazar (2009) cuts the ranked list into tables (``tables.table_plan``)
and then moves players between tables to have the fewest repeated table
mates, and among those the closest scores at each table.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

from bot.tournament.model import ALCAZAR_1978, Round, Table, Tournament, TournamentError
from bot.tournament.scoring import standings
from bot.tournament.seating import seated
from bot.tournament.tables import table_plan

Pair = tuple[int, int]
#: Up to how many groupings the tables of Alcazar (2009) are searched exhaustively (beyond, swaps decide).
GROUPING_LIMIT = 20_000


def round_rng(tournament: Tournament, purpose: str) -> random.Random:
    """The seeded tie-breaker for the next round; a string seed hashes the same in every process."""
    return random.Random(f"{tournament.seed}:{len(tournament.rounds) + 1}:{purpose}")


def ranking(tournament: Tournament) -> list[int]:
    """The active players, best first: score, tiebreaks, rating, then the seed."""
    coin = round_rng(tournament, "ranking")
    order = {line.player: (line.rank, coin.random()) for line in standings(tournament)}
    return sorted((e.player for e in tournament.active()), key=lambda p: order[p])


def meetings(rounds: Sequence[Round]) -> Counter[frozenset[int]]:
    """How many times each pair of players has shared a table."""
    met: Counter[frozenset[int]] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
    return met


def pair_swiss(tournament: Tournament) -> Round:
    """The next Swiss round of ``tournament``: withdrawn players are left out."""
    if not tournament.round_is_over():
        raise TournamentError("the round is still being played")
    if len(tournament.active()) < 2:
        raise TournamentError("fewer than two players are left")
    if tournament.game == ALCAZAR_1978:
        return _pair_duels(tournament)
    return _group_tables(tournament)


# Alcazar (1978): duels.

def _pair_duels(tournament: Tournament) -> Round:
    order = ranking(tournament)
    score = {line.player: line.score for line in standings(tournament)}
    met = meetings(tournament.rounds)
    candidates = bye_candidates(tournament, order) if len(order) % 2 else [None]
    for repeats in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [p for p in order if p != bye]
            pairs = match(rest, score, met, repeats)
            if pairs is not None:
                rng = round_rng(tournament, "colours")
                tables = tuple(seated(pair, tournament.rounds, rng) for pair in pairs)
                return Round(len(tournament.rounds) + 1, tables, bye)
    raise AssertionError("some pairing exists once every rematch is allowed")


def bye_candidates(tournament: Tournament, order: Sequence[int]) -> list[int]:
    """Who may get the bye, most deserving first: the lowest-ranked who have had the fewest."""
    count = Counter(r.bye for r in tournament.rounds if r.bye is not None)
    for entrant in tournament.entrants:
        if entrant.had_bye and not count[entrant.player]:
            count[entrant.player] = 1
    fewest = min(count[p] for p in order)
    return [p for p in reversed(order) if count[p] == fewest]


def match(order: Sequence[int], score: dict[int, Fraction], met: Counter[frozenset[int]],
          repeats: int) -> list[Pair] | None:
    """Pairs for every player of ``order`` with at most ``repeats`` rematches, or None if there are none.

    The top unpaired player takes the first partner of ``partners`` that
    leaves the rest pairable; dead ends are remembered, so a search that
    fails fails once per set of players left.
    """
    dead: set[tuple[frozenset[int], int]] = set()

    def search(left: tuple[int, ...], allowed: int) -> list[Pair] | None:
        if not left:
            return []
        if (frozenset(left), allowed) in dead:
            return None
        top = left[0]
        for partner in partners(left, score):
            cost = 1 if met[frozenset((top, partner))] else 0
            if cost > allowed:
                continue
            rest = search(tuple(p for p in left[1:] if p != partner), allowed - cost)
            if rest is not None:
                return [(top, partner)] + rest
        dead.add((frozenset(left), allowed))
        return None

    return search(tuple(order), repeats)


def partners(left: Sequence[int], score: dict[int, Fraction]) -> list[int]:
    """The top player's partners in order of preference: their score group's top of the bottom half first."""
    top = left[0]
    group = [p for p in left if score[p] == score[top]]
    half = len(group) // 2
    same = group[half:] + group[1:half][::-1] if len(group) > 1 else []
    others = sorted((p for p in left if score[p] != score[top]),
                    key=lambda p: (abs(score[p] - score[top]), left.index(p)))
    return same + others


# Alcazar (2009): tables.

def _group_tables(tournament: Tournament) -> Round:
    order = ranking(tournament)
    score = {line.player: line.score for line in standings(tournament)}
    met = meetings(tournament.rounds)
    sizes = table_plan(len(order), tournament.table_size).sizes
    groups = best_grouping(order, sizes, score, met)
    rng = round_rng(tournament, "seats")
    tables = tuple(seated(group, tournament.rounds, rng) for group in groups)
    return Round(len(tournament.rounds) + 1, tables)


Cost = tuple[int, Fraction]


def table_cost(group: Sequence[int], score: dict[int, Fraction], met: Counter[frozenset[int]]) -> Cost:
    """Repeated table mates (a pair met twice counts twice), then how far apart the scores are."""
    pairs = list(combinations(group, 2))
    return (sum(met[frozenset(pair)] for pair in pairs),
            sum((abs(score[a] - score[b]) for a, b in pairs), Fraction(0)))


def grouping_cost(groups: Sequence[Sequence[int]], score: dict[int, Fraction],
                  met: Counter[frozenset[int]]) -> Cost:
    costs = [table_cost(g, score, met) for g in groups]
    return sum(c[0] for c in costs), sum((c[1] for c in costs), Fraction(0))


def best_grouping(order: Sequence[int], sizes: Sequence[int], score: dict[int, Fraction],
                  met: Counter[frozenset[int]]) -> list[list[int]]:
    """Tables of ``sizes`` for the ranked ``order``: fewest repeats, then closest scores.

    Starts from the ranked list cut in order, improves it by swapping
    players between tables, then, for fields small enough (up to about a
    dozen players), searches every grouping for the best.
    """
    groups = _cut(order, sizes)
    groups = _swapped(groups, score, met)
    return _searched(order, sizes, score, met, groups)


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(list(order[start:start + size]))
        start += size
    return groups


def _swapped(groups: list[list[int]], score: dict[int, Fraction], met: Counter[frozenset[int]]) -> list[list[int]]:
    """Swap players between two tables while that lowers the cost, first improvement first."""
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(groups)), 2):
            before = grouping_cost([groups[i], groups[j]], score, met)
            for a, b in ((a, b) for a in range(len(groups[i])) for b in range(len(groups[j]))):
                gi, gj = list(groups[i]), list(groups[j])
                gi[a], gj[b] = gj[b], gi[a]
                if grouping_cost([gi, gj], score, met) < before:
                    groups[i], groups[j] = gi, gj
                    improved = True
                    break
            if improved:
                break
    return groups


def groupings_count(players: int, sizes: Sequence[int]) -> int:
    """How many ways there are to seat ``players`` at tables of ``sizes``."""
    if not sizes:
        return 1
    count = 0
    for size in set(sizes):
        rest = list(sizes)
        rest.remove(size)
        count += comb(players - 1, size - 1) * groupings_count(players - size, rest)
    return count


def _searched(order: Sequence[int], sizes: Sequence[int], score: dict[int, Fraction],
              met: Counter[frozenset[int]], start: list[list[int]]) -> list[list[int]]:
    """Branch and bound over every grouping, when there are few enough: each table takes the top player left."""
    if groupings_count(len(order), sizes) > GROUPING_LIMIT:
        return start
    best, best_cost = start, grouping_cost(start, score, met)

    def search(left: tuple[int, ...], todo: tuple[int, ...], chosen: list[list[int]], cost: Cost) -> None:
        nonlocal best, best_cost
        if cost >= best_cost:
            return
        if not todo:
            best, best_cost = [list(g) for g in chosen], cost
            return
        top = left[0]
        # The top player's table may be of any size still to fill; the chosen size is tried first.
        for size in sorted(set(todo), key=todo.index):
            rest = list(todo)
            rest.remove(size)
            for mates in combinations(left[1:], size - 1):
                group = (top,) + mates
                extra = table_cost(group, score, met)
                search(tuple(p for p in left if p not in group), tuple(rest), chosen + [list(group)],
                       (cost[0] + extra[0], cost[1] + extra[1]))

    search(tuple(order), tuple(sizes), [], (0, Fraction(0)))
    return best
