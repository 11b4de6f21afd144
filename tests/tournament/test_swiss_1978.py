"""The issue's Swiss: Alcazar (1978), five players, three rounds; byes, no rematch, colours, Buchholz."""
from __future__ import annotations

from fractions import Fraction

from bot.tournament import Entrant, Result, Round, Table, Tournament, pair_swiss, standings
from bot.tournament.swiss import meetings

from .helpers import draw, entrants_of, firsts, pair_counts, play_round, win

H = Fraction(1, 2)


def five_player_swiss() -> tuple[Tournament, list[Round]]:
    cup = entrants_of("alcazar1978", 5, seed=11)      # 1 is rated highest, 5 lowest
    cup, one = play_round(cup, {frozenset({1, 3}): win(1), frozenset({2, 4}): draw})
    cup, two = play_round(cup, {frozenset({5, 2}): win(5), frozenset({1, 4}): draw})
    cup, three = play_round(cup, {frozenset({5, 1}): win(1), frozenset({3, 4}): draw})
    return cup, [one, two, three]


def players_of(round_: Round) -> set[frozenset[int]]:
    return {frozenset(t.seats) for t in round_.tables}


def test_round_one_gives_the_lowest_rated_the_bye_and_the_top_half_meets_the_bottom_half() -> None:
    _, (one, _, _) = five_player_swiss()
    assert one.bye == 5
    assert players_of(one) == {frozenset({1, 3}), frozenset({2, 4})}


def test_round_two_avoids_the_rematch_of_two_and_four() -> None:
    """After round one: 5 (bye) and 1 have 1, 2 and 4 have ½ and drew each other, 3 has 0.

    3 is the lowest-ranked without a bye. Pairing the score groups as they
    stand (5–1, 2–4) would repeat 2–4, so 5 floats to 2 and 1 meets 4.
    """
    _, (_, two, _) = five_player_swiss()
    assert two.bye == 3
    assert players_of(two) == {frozenset({5, 2}), frozenset({1, 4})}


def test_round_three_bye_goes_to_a_third_player_and_nobody_meets_twice() -> None:
    cup, rounds = five_player_swiss()
    assert rounds[2].bye == 2
    assert [r.bye for r in rounds] == [5, 3, 2]
    assert players_of(rounds[2]) == {frozenset({5, 1}), frozenset({3, 4})}
    assert max(pair_counts(cup.rounds).values()) == 1


def test_first_moves_are_shared_as_evenly_as_possible() -> None:
    cup, rounds = five_player_swiss()
    moved_first = firsts(cup.rounds)
    games = {p: sum(p in t.seats for r in rounds for t in r.tables) for p in range(1, 6)}
    for player, played in games.items():
        assert moved_first[player] in (played // 2, (played + 1) // 2), (player, moved_first[player], played)
    # Whoever moved first in round 2 and meets an opponent with as many first moves moves second in round 3.
    assert all(t.first != rounds[1].tables[i].first for i, t in enumerate(rounds[2].tables)
               if set(t.seats) == set(rounds[1].tables[i].seats))


def test_standings_and_buchholz_match_the_hand_computation() -> None:
    """By hand:

    ====== ========================= ===== ===================================
    player games                      score Buchholz
    ====== ========================= ===== ===================================
    1      W 3, D 4, W 5              2½   3 (1½) + 4 (1½) + 5 (2)   = 5
    2      D 4, L 5, bye              1½   4 (1½) + 5 (2) + own 1½   = 5
    3      L 1, bye, D 4              1½   1 (2½) + own 1½ + 4 (1½)  = 5½
    4      D 2, D 1, D 3              1½   2 (1½) + 1 (2½) + 3 (1½)  = 5½
    5      bye, W 2, L 1              2    own 2 + 2 (1½) + 1 (2½)   = 6
    ====== ========================= ===== ===================================

    3, 4 and 2 share 1½; 2 is last on Buchholz; 3 and 4 are level on
    Buchholz and drew each other, so the rating before the tournament puts
    3 (1800) above 4 (1700).
    """
    cup, _ = five_player_swiss()
    table = standings(cup)
    assert [(s.rank, s.player, s.score, s.buchholz) for s in table] == [
        (1, 1, 2 + H, Fraction(5)),
        (2, 5, Fraction(2), Fraction(6)),
        (3, 3, 1 + H, 5 + H),
        (4, 4, 1 + H, 5 + H),
        (5, 2, 1 + H, Fraction(5)),
    ]
    assert [s.byes for s in table] == [0, 1, 1, 0, 1]
    assert [s.games for s in table] == [3, 2, 2, 3, 2]
    assert table[2].direct == table[3].direct == H


def test_the_direct_encounter_decides_before_the_rating() -> None:
    """Six players, three rounds, the seat-0 player winning as listed below.

    1 and 4 finish on 2 points, Buchholz 2 (1) + 3 (1) + 4 (2) = 4 and
    3 (1) + 6 (1) + 1 (2) = 4; 4 beat 1, so 4 is ahead though rated lower.
    Likewise 6 (Buchholz 5) is ahead of 2 (Buchholz 5), whom 6 beat.
    """
    rounds = (Round(1, (Table((1, 2)), Table((3, 4)), Table((5, 6)))),
              Round(2, (Table((1, 3)), Table((2, 5)), Table((4, 6)))),
              Round(3, (Table((4, 1)), Table((6, 2)), Table((5, 3)))))
    cup = Tournament("alcazar1978", tuple(Entrant(p, rating=2000 - p) for p in range(1, 7)), rounds=rounds,
                     results=tuple(Result.win(t, t.first) for r in rounds for t in r.tables))
    table = standings(cup)
    assert [(s.rank, s.player, s.score, s.buchholz, s.direct) for s in table] == [
        (1, 4, 2, 4, 1), (2, 1, 2, 4, 0), (3, 5, 2, 3, 0), (4, 3, 1, 6, 0), (5, 6, 1, 5, 1), (6, 2, 1, 5, 0)]


def test_players_equal_on_everything_share_a_rank() -> None:
    a = Table((1, 2))
    cup = Tournament("alcazar1978", (Entrant(1, rating=1500), Entrant(2, rating=1500)), rounds=(Round(1, (a,)),),
                     results=(Result.draw(a),))
    assert [(s.rank, s.player) for s in standings(cup)] == [(1, 1), (1, 2)]


def test_the_same_history_pairs_the_same_way() -> None:
    cup, _ = five_player_swiss()
    again, _ = five_player_swiss()
    assert again == cup
    assert pair_swiss(cup.withdraw(5)) == pair_swiss(again.withdraw(5))


def test_a_rematch_is_allowed_only_when_nothing_else_pairs() -> None:
    """Three players after three rounds have all met: round four must repeat a pairing, once."""
    cup = entrants_of("alcazar1978", 3, seed=3)
    for _ in range(3):
        paired = pair_swiss(cup)
        cup = cup.with_round(paired)
        cup = cup.with_result(Result.draw(paired.tables[0]))
    assert sorted(r.bye for r in cup.rounds if r.bye) == [1, 2, 3]
    fourth = pair_swiss(cup)
    assert len(fourth.tables) == 1 and meetings(cup.rounds)[frozenset(fourth.tables[0].seats)] == 1


def drawn_history(game_rounds: list[list[tuple[int, int]]], players: int) -> Tournament:
    cup = entrants_of("alcazar1978", players)
    for number, duels in enumerate(game_rounds, start=1):
        paired = Round(number, tuple(Table(d) for d in duels))
        cup = cup.with_round(paired)
        for table in paired.tables:
            cup = cup.with_result(Result.draw(table))
    return cup


def test_when_everyone_has_met_across_two_triangles_one_rematch_is_the_fewest() -> None:
    """Three rounds have paired {1, 2, 3} against {4, 5, 6} every way: the unplayed pairs form two triangles.

    No rematch-free pairing exists (a triangle cannot pair off), so round four
    repeats exactly one game.
    """
    cup = drawn_history([[(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 6), (3, 4)], [(1, 6), (2, 4), (3, 5)]], 6)
    fourth = pair_swiss(cup)
    met = meetings(cup.rounds)
    assert sum(met[frozenset(t.seats)] for t in fourth.tables) == 1


def test_the_search_backs_up_when_the_natural_pairing_strands_the_last_two() -> None:
    """All level on ½ point a game; 1–4 and 2–5 are the Dutch choices, but then 3 and 6 would meet again.

    So the search backs up from 2–5 to 2's next choice, 6, leaving 3–5.
    """
    cup = drawn_history([[(3, 6), (1, 2), (4, 5)]], 6)
    second = pair_swiss(cup)
    met = meetings(cup.rounds)
    assert all(met[frozenset(t.seats)] == 0 for t in second.tables)
    assert {frozenset(t.seats) for t in second.tables} == {frozenset({1, 4}), frozenset({2, 6}), frozenset({3, 5})}
