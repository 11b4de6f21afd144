"""Leaving mid-tournament: by choice, or after two losses on time."""
from __future__ import annotations

from fractions import Fraction

import pytest

from bot.tournament import (
    LOSSES_ON_TIME_LIMIT, Result, Table, TournamentError, due_for_withdrawal, forfeit_result, pair_swiss,
    record_result, standings,
)

from .helpers import draw, entrants_of, play_round, win


def test_a_withdrawn_player_is_not_paired_again_and_stays_in_the_standings_marked() -> None:
    cup = entrants_of("alcazar1978", 6)
    cup, one = play_round(cup, {frozenset({1, 4}): win(1), frozenset({2, 5}): win(5), frozenset({3, 6}): draw})
    cup = cup.withdraw(5)
    two = pair_swiss(cup)
    assert 5 not in two.players()
    assert two.bye is not None and two.bye != 5     # five left: someone sits out, not the one who left
    lines = {s.player: s for s in standings(cup.with_round(two))}
    assert lines[5].withdrawn and lines[5].score == 1
    assert not any(s.withdrawn for p, s in lines.items() if p != 5)


def test_a_resigned_game_counts_as_a_loss_for_the_one_who_left() -> None:
    duel = Table((3, 8))
    assert forfeit_result(duel, 3).places == (2, 1)
    four = Table((1, 2, 3, 4))
    left = Result.ranked(four, {1: 30, 2: 25, 3: 25, 4: 10}).forfeited(2)
    assert left.places == (1, 4, 2, 3)
    # The others keep their order, and two who leave share last place behind everyone else.
    assert left.forfeited(1).places == (3, 3, 1, 2)
    assert forfeit_result(four, 4, on_time=True).places == (1, 1, 1, 4)


def test_two_losses_on_time_withdraw_a_player() -> None:
    assert LOSSES_ON_TIME_LIMIT == 2
    cup = entrants_of("alcazar1978", 4)
    first = pair_swiss(cup)
    cup = cup.with_round(first)
    late = first.tables[0].seats[1]
    cup, leaving = record_result(cup, Result.win(first.tables[0], first.tables[0].seats[0]).forfeited(
        late, on_time=True))
    assert leaving == ()
    cup, _ = record_result(cup, Result.draw(first.tables[1]))
    second = pair_swiss(cup)
    cup = cup.with_round(second)
    table = next(t for t in second.tables if late in t.seats)
    cup, leaving = record_result(cup, forfeit_result(table, late, on_time=True))
    assert leaving == (late,) and cup.entrant(late).withdrawn
    assert due_for_withdrawal(cup) == ()
    for other in second.tables:
        if other != table:
            cup, _ = record_result(cup, Result.draw(other))
    assert late not in pair_swiss(cup).players()
    assert {s.player: s.score for s in standings(cup)}[late] == 0


def test_an_alcazar_table_without_the_one_who_left() -> None:
    cup = entrants_of("alcazar", 7, table_size=4)
    first = pair_swiss(cup)
    cup = cup.with_round(first)
    for table in first.tables:
        cup, _ = record_result(cup, Result.ranked(table, {p: 10 * p for p in table.seats}))
    cup = cup.withdraw(7).withdraw(6)
    second = pair_swiss(cup)
    assert [len(t.seats) for t in second.tables] == [5]      # five left: one table of five, said so
    assert {s.player: s.withdrawn for s in standings(cup)} == {p: p in (6, 7) for p in range(1, 8)}
    assert sum(s.score for s in standings(cup)) == 6 + 3


def test_pairing_waits_for_the_round_and_for_enough_players() -> None:
    cup = entrants_of("alcazar1978", 4)
    cup = cup.with_round(pair_swiss(cup))
    with pytest.raises(TournamentError):
        pair_swiss(cup)
    lonely = entrants_of("alcazar1978", 2).withdraw(1)
    with pytest.raises(TournamentError):
        pair_swiss(lonely)
    assert Fraction(0) == sum(s.score for s in standings(lonely))
