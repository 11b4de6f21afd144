"""Scores, tiebreaks and standings.

One rule scores both games: at each table a player earns 1 point for every
player they finish ahead of and ½ for every player they tie with. In
Alcazar (1978) that is 1 for a win and ½ for a draw; a bye is worth 1.

Tiebreaks, in order: Buchholz, the game's own points (Alcazar 2009), the
direct encounter, the rating before the tournament. Buchholz is the sum of
the opponents' scores, a table mate counted once per table shared. A bye
has no opponent: it counts as a game against a virtual opponent with the
player's own final score (the FIDE-style reading). Counting nothing would
cost the player a whole opponent's score for a bye they had no say in.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from bot.tournament.model import Result, Standing, Tournament

BYE_POINTS = Fraction(1)
HALF = Fraction(1, 2)


def pair_points(result: Result, player: int, other: int) -> Fraction:
    """What ``player`` earns against ``other`` at one table: 1 ahead, ½ tied, 0 behind."""
    mine, theirs = result.place_of(player), result.place_of(other)
    return Fraction(1) if mine < theirs else HALF if mine == theirs else Fraction(0)


def table_points(result: Result) -> dict[int, Fraction]:
    """Each player's points from one table."""
    return {p: sum((pair_points(result, p, o) for o in result.table.seats if o != p), Fraction(0))
            for p in result.table.seats}


def scores(tournament: Tournament) -> dict[int, Fraction]:
    """Every entrant's score: their tables' points plus 1 per bye."""
    total: dict[int, Fraction] = {e.player: Fraction(0) for e in tournament.entrants}
    for result in tournament.results:
        for player, points in table_points(result).items():
            total[player] += points
    for round_ in tournament.rounds:
        if round_.bye is not None:
            total[round_.bye] += BYE_POINTS
    return total


def opponents(tournament: Tournament) -> dict[int, list[int]]:
    """Each entrant's opponents in finished games, once per table shared."""
    met: dict[int, list[int]] = {e.player: [] for e in tournament.entrants}
    for result in tournament.results:
        for player in result.table.seats:
            met[player].extend(o for o in result.table.seats if o != player)
    return met


def byes(tournament: Tournament) -> dict[int, int]:
    counted: dict[int, int] = defaultdict(int)
    for round_ in tournament.rounds:
        if round_.bye is not None:
            counted[round_.bye] += 1
    return counted


def buchholz(tournament: Tournament, score: dict[int, Fraction] | None = None) -> dict[int, Fraction]:
    """The sum of each entrant's opponents' scores, a bye counting as an opponent of one's own score."""
    score = scores(tournament) if score is None else score
    bye_count = byes(tournament)
    return {player: sum((score[o] for o in met), Fraction(0)) + bye_count[player] * score[player]
            for player, met in opponents(tournament).items()}


def game_points(tournament: Tournament) -> dict[int, int]:
    """The sum of each entrant's points in the games themselves (Alcazar 2009; 0 in 1978)."""
    total: dict[int, int] = {e.player: 0 for e in tournament.entrants}
    for result in tournament.results:
        for player in result.table.seats:
            total[player] += result.game_points_of(player)
    return total


def direct_encounter(results: Iterable[Result], group: Sequence[int]) -> dict[int, Fraction]:
    """Each player's points in the games against the others of ``group`` (the players still tied)."""
    among = set(group)
    total: dict[int, Fraction] = {p: Fraction(0) for p in group}
    for result in results:
        present = [p for p in result.table.seats if p in among]
        for player in present:
            total[player] += sum((pair_points(result, player, o) for o in present if o != player), Fraction(0))
    return total


def standings(tournament: Tournament) -> tuple[Standing, ...]:
    """The standings, best first; players equal on every tiebreak share a rank. Withdrawn players stay, marked."""
    score = scores(tournament)
    bh = buchholz(tournament, score)
    gp = game_points(tournament)
    games = {p: sum(p in r.table.seats for r in tournament.results) for p in score}
    bye_count = byes(tournament)
    rating = {e.player: e.rating for e in tournament.entrants}

    def before_direct(player: int) -> tuple[Fraction, Fraction, int]:
        return score[player], bh[player], gp[player]

    ordered = sorted(score, key=lambda p: (before_direct(p), p), reverse=True)
    direct: dict[int, Fraction] = {}
    for group in _runs(ordered, before_direct):
        direct.update(direct_encounter(tournament.results, group) if len(group) > 1 else {group[0]: Fraction(0)})

    def key(player: int) -> tuple[Fraction, Fraction, int, Fraction, int]:
        return score[player], bh[player], gp[player], direct[player], rating[player]

    # Players equal on everything keep a fixed order (by id) but share the rank.
    ordered = sorted(score, key=lambda p: (key(p), -p), reverse=True)
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        rank = lines[-1].rank if lines and key(ordered[index - 1]) == key(player) else index + 1
        lines.append(Standing(rank, player, score[player], bh[player], gp[player], direct[player],
                              rating[player], games[player], tournament.entrant(player).withdrawn,
                              bye_count[player]))
    return tuple(lines)


def _runs(ordered: list[int], key: Callable[[int], object]) -> list[list[int]]:
    """``ordered`` cut into runs of equal ``key``."""
    runs: list[list[int]] = []
    for player in ordered:
        if runs and key(runs[-1][0]) == key(player):
            runs[-1].append(player)
        else:
            runs.append([player])
    return runs
