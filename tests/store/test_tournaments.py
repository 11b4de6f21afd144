"""The tournament tables: one live tournament per channel, entrants in joining order, rounds, and
each table's game and result; the version check that keeps a round from being paired twice."""
from __future__ import annotations

import pytest

from bot.store import SCHEMA_VERSION, Store, TournamentBusy, TournamentMovedOn, TournamentStatus


async def _tournament(store: Store, channel: int = 10) -> int:
    async with store.write() as tx:
        row = await tx.tournaments.create(guild_id=5, channel_id=channel, game="alcazar1978", format="swiss",
                                          rounds=3, table_size=2, double=False, clock={"deadline_hours": 48},
                                          host_id=1, seed=42, now=100.0)
    return row.id


async def test_a_tournament_keeps_its_settings(store: Store) -> None:
    assert await store.schema_version() == SCHEMA_VERSION
    tournament_id = await _tournament(store)
    async with store.read() as tx:
        row = await tx.tournaments.get(tournament_id)
        assert await tx.tournaments.live_in_channel(10) == row
    assert row is not None
    assert (row.game, row.format, row.rounds, row.table_size, row.double) == ("alcazar1978", "swiss", 3, 2, False)
    assert row.clock == {"deadline_hours": 48}
    assert (row.host_id, row.status, row.seed, row.version) == (1, TournamentStatus.SIGNUP, 42, 0)
    assert (row.created_at, row.started_at, row.ended_at, row.signup_message) == (100.0, None, None, None)
    async with store.write() as tx:
        await tx.tournaments.remember_signup(tournament_id, 777)
    async with store.read() as tx:
        assert (await tx.tournaments.get(tournament_id)).signup_message == 777


async def test_one_live_tournament_per_channel(store: Store) -> None:
    first = await _tournament(store)
    with pytest.raises(TournamentBusy):
        await _tournament(store)
    await _tournament(store, channel=11)             # another channel is free
    async with store.write() as tx:
        await tx.tournaments.advance(first, expected_version=0, status=TournamentStatus.CANCELLED, now=200.0)
    again = await _tournament(store)                 # the cancelled one no longer holds the channel
    async with store.read() as tx:
        assert (await tx.tournaments.latest_in_channel(10)).id == again
        cancelled = await tx.tournaments.get(first)
    assert cancelled is not None and cancelled.ended_at == 200.0 and cancelled.status is TournamentStatus.CANCELLED


async def test_entrants_keep_their_joining_order(store: Store) -> None:
    tournament_id = await _tournament(store)
    async with store.write() as tx:
        for user, now in ((7, 1.0), (3, 2.0), (9, 3.0)):
            assert await tx.tournaments.enter(tournament_id, user, now)
        assert not await tx.tournaments.enter(tournament_id, 3, 4.0), "already signed up"
        assert await tx.tournaments.leave(tournament_id, 3)
        assert not await tx.tournaments.leave(tournament_id, 3)
        assert await tx.tournaments.enter(tournament_id, 3, 5.0)
        await tx.tournaments.set_rating(tournament_id, 9, 1480)
        await tx.tournaments.add_loss_on_time(tournament_id, 7)
        assert await tx.tournaments.withdraw(tournament_id, 7, "lost_on_time", 6.0)
        assert not await tx.tournaments.withdraw(tournament_id, 7, "withdrew", 7.0)
    async with store.read() as tx:
        entrants = await tx.tournaments.entrants(tournament_id)
    assert [e.user_id for e in entrants] == [7, 9, 3]
    assert [e.entry for e in entrants] == [1, 3, 4]
    assert entrants[0].withdrawn and entrants[0].withdrawn_why == "lost_on_time" and entrants[0].losses_on_time == 1
    assert entrants[1].rating == 1480 and not entrants[1].withdrawn


async def test_rounds_tables_games_and_results(store: Store) -> None:
    tournament_id = await _tournament(store)
    async with store.write() as tx:
        game = await tx.games.create_lobby(guild_id=5, channel_id=500, kind="alcazar1978", host_id=7,
                                           settings={}, seed=1, now=10.0)
        await tx.tournaments.add_round(tournament_id, 1, 3, [(7, 9), (4, 8)], 20.0)
        assert await tx.tournaments.seat_game(tournament_id, 1, 0, game.id)
        assert not await tx.tournaments.seat_game(tournament_id, 1, 0, game.id), "the table has its game"
        assert await tx.tournaments.record_result(tournament_id, 1, 0, {"places": [1, 2]})
        assert not await tx.tournaments.record_result(tournament_id, 1, 0, {"places": [2, 1]}), "recorded once"
        await tx.tournaments.end_round(tournament_id, 1, 30.0)
    async with store.read() as tx:
        rounds = await tx.tournaments.rounds(tournament_id)
        tables = await tx.tournaments.tables(tournament_id)
        of_game = await tx.tournaments.table_of_game(game.id)
        assert await tx.tournaments.table_of_game(game.id + 1) is None
    assert [(r.number, r.bye, r.paired_at, r.ended_at) for r in rounds] == [(1, 3, 20.0, 30.0)]
    assert [(t.round, t.number, t.seats, t.game_id) for t in tables] == [(1, 0, (7, 9), game.id), (1, 1, (4, 8), None)]
    assert of_game == tables[0] and of_game.result == {"places": [1, 2]}


async def test_a_late_change_is_refused_whole(store: Store) -> None:
    """Two processes pairing the same round: the second finds the version moved on and writes nothing."""
    tournament_id = await _tournament(store)
    async with store.write() as tx:
        assert await tx.tournaments.advance(tournament_id, expected_version=0, status=TournamentStatus.RUNNING,
                                            rounds=3, now=50.0) == 1
    with pytest.raises(TournamentMovedOn):
        async with store.write() as tx:
            await tx.tournaments.add_round(tournament_id, 1, None, [(1, 2)], 60.0)
            await tx.tournaments.advance(tournament_id, expected_version=0, now=60.0)
    async with store.read() as tx:
        assert await tx.tournaments.rounds(tournament_id) == []
        row = await tx.tournaments.get(tournament_id)
    assert row is not None and row.status is TournamentStatus.RUNNING and row.started_at == 50.0 and row.version == 1
