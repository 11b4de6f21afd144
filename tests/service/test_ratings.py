"""Ratings per server and game kind: rated finished games, unrated ones, places and ties,
the leaderboard and a player's record."""
from __future__ import annotations

from bot.games.common import Outcome
from bot.service import Accepted, GameService
from bot.service.ratings import new_ratings, places, shown_rating

from .helpers import open_table


def alcazar_outcome(totals: list[int], money: list[int], retired: tuple[int, ...] = ()) -> Outcome:
    details = tuple({"total": t, "money": m, "retired": s in retired} for s, (t, m) in enumerate(zip(totals, money)))
    return Outcome(winners=(0,), reason="test", scores=tuple(totals), details=details)


def test_places_follow_points_then_money_left_over_and_retired_seats_come_last() -> None:
    assert places(alcazar_outcome([20, 25, 20, 12], [113, 0, 63, 400]), 4) == [2, 1, 2, 4]
    assert places(alcazar_outcome([20, 25, 20], [120, 0, 63]), 3) == [2, 1, 3]      # 20 left over beats 13
    assert places(alcazar_outcome([30, 25, 20], [0, 0, 0], retired=(0,)), 3) == [3, 1, 2]


def test_places_without_scores_winner_first_and_a_draw_ties_everyone() -> None:
    assert places(Outcome(winners=(1,), reason="won"), 2) == [2, 1]
    assert places(Outcome(winners=(), reason="draw"), 2) == [1, 1]


def test_a_tie_moves_equal_ratings_equally_and_a_win_beats_a_loss() -> None:
    start = [(25.0, 25 / 3)] * 3
    tied_first, tied_second, last = new_ratings(start, [1, 1, 2])
    assert tied_first == tied_second
    assert shown_rating(*tied_first) > 1000 > shown_rating(*last)
    drawn = new_ratings(start[:2], [1, 1])
    assert drawn[0] == drawn[1]


async def test_a_finished_game_is_rated_and_shown_per_server_and_kind(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=501)
    over = await table.play_to_end()
    winner = over.game.result.winner_ids[0]
    loser = next(u for u in over.game.players if u != winner)
    shifts = {s.user_id: s for s in await service.ratings.rating_changes(table.game_id)}
    assert shifts[winner].before == shifts[loser].before == 1000 and shifts[winner].first_game
    assert shifts[winner].after > 1000 > shifts[loser].after
    assert shifts[winner].place == 1 and shifts[loser].place == 2
    board = await service.ratings.leaderboard(1, "alcazar1978")
    assert [s.user_id for s in board] == [winner, loser] and board[0].games == 1
    assert await service.ratings.leaderboard(1, "alcazar") == [], "each game kind has its own ratings"
    assert await service.ratings.leaderboard(2, "alcazar1978") == [], "each server has its own ratings"

    record = await service.ratings.player_record(1, "alcazar1978", winner)
    assert (record.games, record.wins, record.rated_games, record.rating) == (1, 1, 1, shifts[winner].after)
    assert record.average_points is None and len(record.history) == 1


async def test_a_second_game_starts_from_the_first_games_rating(service: GameService) -> None:
    first = await open_table(service, "alcazar1978", 2, channel_id=502, seed=3)
    await first.play_to_end()
    before = {s.user_id: s.after for s in await service.ratings.rating_changes(first.game_id)}
    second = await open_table(service, "alcazar1978", 2, channel_id=503, seed=4)
    await second.play_to_end()
    shifts = await service.ratings.rating_changes(second.game_id)
    assert {s.user_id: s.before for s in shifts} == before
    assert not any(s.first_game for s in shifts)
    record = await service.ratings.player_record(1, "alcazar1978", shifts[0].user_id)
    assert record.games == 2 and [r for _, r in record.history][-1] == shifts[0].after


async def test_alcazar_is_rated_with_points_and_the_record_averages_them(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3, channel_id=504)
    over = await table.play_to_end()
    shifts = await service.ratings.rating_changes(table.game_id)
    assert len(shifts) == 3
    scores = over.game.result.outcome.scores
    for shift in shifts:
        record = await service.ratings.player_record(1, "alcazar", shift.user_id)
        assert record.average_points == scores[over.game.players.index(shift.user_id)]
    assert shifts[0].place == 1 and shifts[0].user_id in over.game.result.winner_ids


async def test_a_game_fewer_than_two_people_finished_is_unrated(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2, channel_id=505)
    await table.play()
    resigned = await service.turns.resign(table.game_id, table.last.game.players[0])
    assert isinstance(resigned, Accepted) and resigned.game.result is not None, "one player left: the end"
    assert await service.ratings.rating_changes(table.game_id) == []
    assert await service.ratings.leaderboard(1, "alcazar") == []


async def test_a_resignation_in_alcazar_1978_is_a_rated_loss(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=506)
    quitter = table.last.game.players[1]
    assert isinstance(await service.turns.resign(table.game_id, quitter), Accepted)
    shifts = {s.user_id: s for s in await service.ratings.rating_changes(table.game_id)}
    assert shifts[quitter].after < 1000 and shifts[quitter].place == 2


async def test_a_retired_player_is_rated_last_when_two_others_finish(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3, channel_id=507)
    quitter = table.to_move_id
    table.follow(await service.turns.resign(table.game_id, quitter))
    await table.play_to_end()
    shifts = {s.user_id: s for s in await service.ratings.rating_changes(table.game_id)}
    assert shifts[quitter].place == 3 and shifts[quitter].after < 1000


async def test_a_cancelled_game_is_not_rated(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=508)
    await table.play()
    assert isinstance(await service.lobby.cancel(table.game_id, table.last.game.host_id), Accepted)
    assert await service.ratings.rating_changes(table.game_id) == []


def test_games_with_a_computer_or_a_stand_in_are_unrated() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from bot.service.ratings import is_rated
    from bot.store import SeatRow

    people = tuple(SeatRow(1, u, 0.0, s, False) for s, u in enumerate((10, 11, 12)))
    outcome = Outcome(winners=(0,), reason="won")
    assert is_rated(SimpleNamespace(seats=people), outcome)
    with_computer = (replace(people[0], user_id=-1), *people[1:])      # computer players have negative ids
    assert not is_rated(SimpleNamespace(seats=with_computer), outcome)
    with_stand_in = (*people[:2], replace(people[2], resigned=True, stand_in=True))
    assert not is_rated(SimpleNamespace(seats=with_stand_in), outcome)
    two_retired = alcazar_outcome([10, 9, 8], [0, 0, 0], retired=(1, 2))
    assert not is_rated(SimpleNamespace(seats=people), two_retired)
    one_retired = alcazar_outcome([10, 9, 8], [0, 0, 0], retired=(2,))
    assert is_rated(SimpleNamespace(seats=people), one_retired)
