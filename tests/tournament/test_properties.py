"""Random tournaments, many rounds: the pairing rules hold against brute force on small fields."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import Result, Round, Table, Tournament, pair_swiss, record_result, table_plan
from bot.tournament.swiss import meetings

from .helpers import entrants_of


def matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair off ``players`` (an even count)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        for more in matchings([p for p in rest if p != partner]):
            yield [(first, partner)] + more


def partitions(players: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes``."""
    if not sizes:
        yield []
        return
    for size in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(size)
        for mates in combinations(players[1:], size - 1):
            group = (players[0],) + mates
            for more in partitions([p for p in players if p not in group], rest):
                yield [group] + more


def rematches(tables: list[tuple[int, ...]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for t in tables for pair in combinations(t, 2))


def duel_rematches(pairs: list[tuple[int, int]], met: Counter[frozenset[int]]) -> int:
    return sum(1 for pair in pairs if met[frozenset(pair)])


def random_result(table: Table, rng: random.Random, game: str) -> Result:
    roll = rng.random()
    if game == "alcazar1978":
        result = Result.draw(table) if roll < 0.2 else Result.win(table, rng.choice(table.seats))
    else:
        result = Result.ranked(table, {p: rng.randrange(4) for p in table.seats})
    if roll > 0.93:
        result = result.forfeited(rng.choice(table.seats), on_time=True)
    return result


def check_duels(cup: Tournament, paired: Round) -> None:
    active = [e.player for e in cup.active()]
    assert sorted(paired.players()) == sorted(active)
    assert (paired.bye is not None) == (len(active) % 2 == 1)
    byes = Counter(r.bye for r in cup.rounds if r.bye is not None)
    if paired.bye is not None:
        assert byes[paired.bye] == min(byes[p] for p in active)
    met = meetings(cup.rounds)
    ours = duel_rematches([t.seats for t in paired.tables], met)     # type: ignore[misc]
    candidates = [p for p in active if byes[p] == min(byes[q] for q in active)] if len(active) % 2 else [None]
    fewest = min(duel_rematches(m, met) for bye in candidates
                 for m in matchings([p for p in active if p != bye]))
    assert ours == fewest
    moved_first = Counter(t.first for r in cup.rounds for t in r.tables)
    for table in paired.tables:
        assert moved_first[table.seats[0]] <= moved_first[table.seats[1]]


def check_tables(cup: Tournament, paired: Round) -> None:
    active = [e.player for e in cup.active()]
    assert sorted(paired.players()) == sorted(active) and paired.bye is None
    plan = table_plan(len(active), cup.table_size)
    assert sorted(len(t.seats) for t in paired.tables) == sorted(plan.sizes)
    met = meetings(cup.rounds)
    fewest = min(rematches(p, met) for p in partitions(sorted(active), list(plan.sizes)))
    assert rematches([t.seats for t in paired.tables], met) == fewest


def run(game: str, players: int, rounds: int, seed: int, size: int, withdraw_at: int | None) -> None:
    rng = random.Random(seed)
    cup = entrants_of(game, players, seed=seed, table_size=size)
    for number in range(rounds):
        if number == withdraw_at and len(cup.active()) > 3:
            cup = cup.withdraw(rng.choice([e.player for e in cup.active()]))
        if len(cup.active()) < 2:
            return
        paired = pair_swiss(cup)
        assert pair_swiss(cup) == paired                            # the same inputs pair the same way
        (check_duels if game == "alcazar1978" else check_tables)(cup, paired)
        cup = cup.with_round(paired)
        for table in paired.tables:
            cup, _ = record_result(cup, random_result(table, rng, game))


@settings(max_examples=300, deadline=None)
@given(players=st.integers(2, 8), rounds=st.integers(1, 9), seed=st.integers(0, 10**6),
       withdraw_at=st.none() | st.integers(1, 5))
def test_swiss_duels_never_rematch_when_avoidable(players: int, rounds: int, seed: int,
                                                  withdraw_at: int | None) -> None:
    run("alcazar1978", players, rounds, seed, 2, withdraw_at)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(3, 9), rounds=st.integers(1, 5), seed=st.integers(0, 10**6),
       size=st.sampled_from([3, 4]), withdraw_at=st.none() | st.integers(1, 3))
def test_alcazar_tables_repeat_table_mates_no_more_than_needed(players: int, rounds: int, seed: int, size: int,
                                                               withdraw_at: int | None) -> None:
    run("alcazar", players, rounds, seed, size, withdraw_at)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(9, 30), seed=st.integers(0, 10**6), game=st.sampled_from(["alcazar1978", "alcazar"]))
def test_large_fields_seat_every_active_player_once_each_round(players: int, seed: int, game: str) -> None:
    rng = random.Random(seed)
    cup = entrants_of(game, players, seed=seed, table_size=2 if game == "alcazar1978" else rng.choice([3, 4]))
    for number in range(5):
        if number == 2:
            cup = cup.withdraw(rng.randrange(1, players + 1))
        paired = pair_swiss(cup)
        assert sorted(paired.players()) == sorted(e.player for e in cup.active())
        cup = cup.with_round(paired)
        for table in paired.tables:
            cup, _ = record_result(cup, random_result(table, rng, game))
    if game == "alcazar1978":
        assert max(Counter(r.bye for r in cup.rounds if r.bye).values(), default=1) == 1
        # Five rounds with nine or more players always leave a pairing without rematches.
        assert max(meetings(cup.rounds).values()) == 1
