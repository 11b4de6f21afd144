"""The value types: JSON round trips with a schema, and refusals of what cannot be."""
from __future__ import annotations

import json

import pytest

from bot.tournament import Entrant, Result, Round, Standing, Table, Tournament, TournamentError, standings

from .helpers import draw, entrants_of, play_round, win


def played_cup() -> Tournament:
    cup = entrants_of("alcazar1978", 5, seed=11)
    cup, _ = play_round(cup, {frozenset({1, 3}): win(1), frozenset({2, 4}): draw})
    return cup


def test_a_tournament_round_trips_through_json() -> None:
    cup = played_cup().withdraw(4)
    text = json.dumps(cup.to_dict())
    assert Tournament.from_dict(json.loads(text)) == cup
    assert json.loads(text)["schema"] == 1


def test_every_value_round_trips_through_json() -> None:
    table = Table((3, 1, 2))
    values = [Entrant(7, rating=1510, withdrawn=True, had_bye=True), table,
              Result.ranked(table, {3: 10, 1: 12, 2: 10}).forfeited(2, on_time=True), Round(4, (table,), bye=9)]
    for value in values:
        data = json.loads(json.dumps(value.to_dict()))
        assert data["schema"] == 1
        assert type(value).from_dict(data) == value
    for line in standings(played_cup()):
        assert Standing.from_dict(json.loads(json.dumps(line.to_dict()))) == line


def test_an_unknown_schema_is_refused() -> None:
    with pytest.raises(TournamentError):
        Table.from_dict({"schema": 2, "seats": [1, 2]})


@pytest.mark.parametrize("make", [
    lambda: Table((1, 1)),
    lambda: Table((1,)),
    lambda: Result(Table((1, 2)), (1,)),
    lambda: Result(Table((1, 2)), (0, 1)),
    lambda: Result(Table((1, 2)), (1, 2), lost_on_time=(3,)),
    lambda: Tournament("chess", ()),
    lambda: Tournament("alcazar", (), table_size=2),
    lambda: Tournament("alcazar1978", (), table_size=4),
    lambda: Tournament("alcazar1978", (Entrant(1), Entrant(1))),
])
def test_impossible_values_are_refused(make: object) -> None:
    with pytest.raises(TournamentError):
        make()  # type: ignore[operator]


def test_a_bye_is_marked_on_the_entrant_and_the_round_ends_with_its_last_result() -> None:
    cup = entrants_of("alcazar1978", 3)
    assert cup.round_is_over()
    paired = Round(1, (Table((1, 2)),), bye=3)
    cup = cup.with_round(paired)
    assert cup.entrant(3).had_bye and cup.had_bye(3) and not cup.had_bye(1)
    assert not cup.round_is_over()
    assert cup.with_result(Result.win(paired.tables[0], 2)).round_is_over()


def test_the_package_docstring_example_holds() -> None:
    from fractions import Fraction

    from bot import tournament as t
    cup = t.Tournament("alcazar1978", tuple(t.Entrant(p, rating=r) for p, r in ((1, 1600), (2, 1500), (3, 1400))),
                       seed=7)
    first = t.pair_swiss(cup)
    assert first == t.Round(1, tables=(t.Table(seats=(1, 2)),), bye=3)
    cup = cup.with_round(first)
    cup, leaving = t.record_result(cup, t.Result.win(first.tables[0], winner=1))
    assert leaving == ()
    assert [(s.rank, s.player, s.score) for s in t.standings(cup)] == [
        (1, 3, Fraction(1)), (2, 1, Fraction(1)), (3, 2, Fraction(0))]
