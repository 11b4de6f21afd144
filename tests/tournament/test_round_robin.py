"""Leagues: a fixed schedule in which everyone meets everyone."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from bot.tournament import Result, TournamentError, schedule, standings

from .helpers import entrants_of, firsts, pair_counts


def test_a_league_of_four_meets_each_pair_once_with_first_moves_balanced() -> None:
    league = entrants_of("alcazar1978", 4)
    rounds = schedule(league)
    assert [r.number for r in rounds] == [1, 2, 3]
    assert all(r.bye is None and sorted(r.players()) == [1, 2, 3, 4] for r in rounds)
    assert pair_counts(rounds) == Counter({frozenset(p): 1 for p in combinations(range(1, 5), 2)})
    assert sorted(firsts(rounds).values()) == [1, 1, 2, 2]


def test_a_double_league_of_four_plays_each_pair_twice_once_with_each_colour() -> None:
    rounds = schedule(entrants_of("alcazar1978", 4), double=True)
    assert len(rounds) == 6
    seats = Counter(t.seats for r in rounds for t in r.tables)
    assert len(seats) == 12 and set(seats.values()) == {1}
    assert all((b, a) in seats for a, b in seats)
    assert set(firsts(rounds).values()) == {3}


@pytest.mark.parametrize("players", range(2, 13))
def test_every_league_size_has_a_berger_schedule(players: int) -> None:
    rounds = schedule(entrants_of("alcazar1978", players))
    even = players + players % 2
    assert len(rounds) == even - 1
    assert set(pair_counts(rounds).values()) == {1} and len(pair_counts(rounds)) == players * (players - 1) // 2
    for r in rounds:
        assert sorted(r.players()) == list(range(1, players + 1))
        assert (r.bye is not None) == bool(players % 2)
    if players % 2:
        assert sorted(r.bye for r in rounds if r.bye) == list(range(1, players + 1))
    games = players - 1
    assert set(firsts(rounds)[p] for p in range(1, players + 1)) <= {games // 2, (games + 1) // 2}


def test_the_league_standings_after_every_game_of_four() -> None:
    """1 beats everyone, 2 beats 3 and 4, 3 and 4 draw: 3, 2, ½, ½."""
    league = entrants_of("alcazar1978", 4)
    for round_ in schedule(league):
        league = league.with_round(round_)
        for table in round_.tables:
            low = min(table.seats)
            league = league.with_result(Result.draw(table) if set(table.seats) == {3, 4} else Result.win(table, low))
    lines = standings(league)
    assert [(s.rank, s.player, s.score) for s in lines] == [
        (1, 1, 3), (2, 2, 2), (3, 3, Fraction(1, 2)), (4, 4, Fraction(1, 2))]
    # 3 and 4: level on score, Buchholz (3 + 2 + ½ each) and their draw; the rating decides.
    assert lines[2].buchholz == lines[3].buchholz == Fraction(11, 2)


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("players", range(3, 17))
def test_an_alcazar_league_seats_every_pair_together_at_least_once(players: int, size: int) -> None:
    league = entrants_of("alcazar", players, table_size=size, seed=9)
    rounds = schedule(league)
    assert set(pair_counts(rounds)) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
    for r in rounds:
        assert sorted(r.players()) == list(range(1, players + 1))
    # Each round a player meets at most table size − 1 (or 4 at a forced table of 5) new people.
    most_met = max(len(t.seats) for r in rounds for t in r.tables) - 1
    assert len(rounds) >= -(-(players - 1) // most_met)
    assert schedule(league) == rounds


def test_the_alcazar_league_of_eight_at_fours_needs_only_three_rounds_and_rotates_first_seats() -> None:
    rounds = schedule(entrants_of("alcazar", 8, table_size=4, seed=9))
    assert len(rounds) == 3
    assert max(firsts(rounds).values()) == 1


def test_a_double_alcazar_league_is_refused() -> None:
    with pytest.raises(TournamentError):
        schedule(entrants_of("alcazar", 6, table_size=3), double=True)


def test_withdrawn_entrants_are_left_out_of_a_new_schedule() -> None:
    league = entrants_of("alcazar1978", 5).withdraw(5)
    rounds = schedule(league)
    assert len(rounds) == 3 and all(5 not in r.players() for r in rounds)
