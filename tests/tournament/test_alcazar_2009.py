"""The issue's Alcazar (2009) tournament: seven players at tables of 3 or 4 over three rounds."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from bot.tournament import Result, Round, Table, Tournament, pair_swiss, record_result, standings
from bot.tournament.scoring import table_points
from bot.tournament.swiss import meetings

from .helpers import entrants_of

H = Fraction(1, 2)


def castle_scores(table: Table, round_number: int) -> dict[int, int]:
    """Game scores that tie the first two seats in round 1 and favour low player numbers otherwise."""
    if round_number == 1 and len(table.seats) == 4:
        return dict(zip(table.seats, (20, 20, 15, 9)))
    return {p: 40 - 3 * p - i for i, p in enumerate(table.seats)}


def seven_player_cup(table_size: int = 4) -> tuple[Tournament, list[Round]]:
    cup = entrants_of("alcazar", 7, seed=5, table_size=table_size)
    rounds = []
    for number in (1, 2, 3):
        paired = pair_swiss(cup)
        cup = cup.with_round(paired)
        for table in paired.tables:
            cup, _ = record_result(cup, Result.ranked(table, castle_scores(table, number)))
        rounds.append(paired)
    return cup, rounds


def test_seven_players_sit_at_a_table_of_four_and_a_table_of_three() -> None:
    for size in (3, 4):
        cup, rounds = seven_player_cup(size)
        for round_ in rounds:
            assert sorted(len(t.seats) for t in round_.tables) == [3, 4]
            assert round_.bye is None
            assert sorted(round_.players()) == list(range(1, 8))
        assert len(rounds[0].tables[0].seats) == size


def test_round_one_groups_the_ranked_list_in_order() -> None:
    _, rounds = seven_player_cup()
    assert [set(t.seats) for t in rounds[0].tables] == [{1, 2, 3, 4}, {5, 6, 7}]


def test_a_first_seat_is_never_taken_twice_while_someone_has_had_none() -> None:
    cup, rounds = seven_player_cup()
    firsts = Counter(t.first for r in rounds for t in r.tables)
    assert len(firsts) == 6 and set(firsts.values()) == {1}
    # Seat order rotates: nobody keeps the same seat number at the same-size table two rounds running.
    for before, after in zip(rounds, rounds[1:]):
        seat_before = {p: i for t in before.tables for i, p in enumerate(t.seats)}
        assert sum(seat_before[p] == i for t in after.tables for i, p in enumerate(t.seats)) <= 2


def groupings(players: list[int], sizes: list[int]) -> list[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (brute force, for small fields)."""
    if not sizes:
        return [[]]
    found = []
    for size in sorted(set(sizes)):
        rest_sizes = list(sizes)
        rest_sizes.remove(size)
        for mates in combinations(players[1:], size - 1):
            group = (players[0],) + mates
            found += [[group] + more for more in groupings([p for p in players if p not in group], rest_sizes)]
    return found


def repeats(groups: list[tuple[int, ...]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for g in groups for pair in combinations(g, 2))


def test_each_round_has_the_fewest_repeated_table_mates_a_brute_force_finds() -> None:
    cup, rounds = seven_player_cup()
    for number, round_ in enumerate(rounds):
        met = Counter(frozenset(p) for r in rounds[:number] for t in r.tables for p in combinations(t.seats, 2))
        fewest = min(repeats(g, met) for g in groupings(list(range(1, 8)), [4, 3]))
        assert repeats([t.seats for t in round_.tables], met) == fewest
    assert repeats([t.seats for t in rounds[1].tables], meetings(rounds[:1])) == 3   # 2 at the 4, 1 at the 3


def test_a_table_scores_one_per_player_beaten_and_a_half_per_tie() -> None:
    table = Table((4, 1, 3, 2))
    result = Result.ranked(table, {4: 20, 1: 20, 3: 15, 2: 9})
    assert result.places == (1, 1, 3, 4)
    assert table_points(result) == {4: 2 + H, 1: 2 + H, 3: Fraction(1), 2: Fraction(0)}
    three = Result.ranked(Table((5, 6, 7)), {5: 3, 6: 8, 7: 3})
    assert table_points(three) == {6: Fraction(2), 5: H, 7: H}


def test_standings_add_table_points_game_points_and_table_mates_buchholz() -> None:
    cup, _ = seven_player_cup()
    table = standings(cup)
    by = {s.player: s for s in table}
    # Each game hands out one point per pair seated together: 6 at a table of 4, 3 at a table of 3.
    assert sum(s.score for s in table) == 3 * (6 + 3)
    for player, line in by.items():
        expected_bh = sum((by[o].score for r in cup.results if player in r.table.seats
                           for o in r.table.seats if o != player), Fraction(0))
        assert line.buchholz == expected_bh
        assert line.game_points == sum(r.game_points_of(player) for r in cup.results if player in r.table.seats)
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    keys = [(s.score, s.buchholz, s.game_points) for s in table]
    assert keys == sorted(keys, reverse=True)


def test_game_points_break_a_tie_on_score_and_buchholz() -> None:
    """Two players who tied at one table of three: the one with more castle points ranks higher."""
    table = Table((1, 2, 3))
    cup = Tournament("alcazar", tuple(entrants_of("alcazar", 3).entrants), table_size=3,
                     rounds=(Round(1, (table,)),), results=(Result((table), (1, 1, 3), (31, 30, 10)),))
    lines = standings(cup)
    assert [(s.player, s.score, s.buchholz, s.game_points) for s in lines] == [
        (1, 1 + H, 1 + H, 31), (2, 1 + H, 1 + H, 30), (3, Fraction(0), Fraction(3), 10)]


def test_the_same_seed_seats_the_same_way_and_another_may_not() -> None:
    assert seven_player_cup()[0] == seven_player_cup()[0]
