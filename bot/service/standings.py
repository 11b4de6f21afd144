"""Leaderboards, players' records and the rating changes of a game (queries only)."""
from __future__ import annotations

from dataclasses import replace

from bot.service.away import paused_seconds
from bot.service.clocks import median
from bot.service.ratings import PlayerRecord, RatingShift, Standing, player_record, shifts_of, shown_rating
from bot.store import Store


class Ratings:
    """What finished games did to ratings: leaderboards, players' records, a game's changes.

    The rating itself is done in the result's transaction (``ServiceCore.commit_step``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def rating_changes(self, game_id: int) -> list[RatingShift]:
        """What a finished game did to its players' ratings, best place first; empty when unrated."""
        async with self.store.read() as tx:
            return shifts_of(await tx.ratings.changes_of_game(game_id), await tx.ratings.games_up_to(game_id))

    async def leaderboard(self, guild_id: int, kind: str, limit: int = 10) -> list[Standing]:
        """The server's best rated players of a game kind, highest rating first."""
        async with self.store.read() as tx:
            rows = await tx.ratings.table(guild_id, kind)
        standings = [Standing(r.user_id, shown_rating(r.mu, r.sigma), r.games) for r in rows]
        standings.sort(key=lambda s: (-s.rating, -s.games, s.user_id))
        return standings[:limit]

    async def player_record(self, guild_id: int, kind: str, user_id: int) -> PlayerRecord:
        """Games, wins, average points and the rating with its history, on one server for one kind;
        the median time per move, and games lost on time or abandoned."""
        async with self.store.read() as tx:
            finished = await tx.ratings.finished_games(guild_id, kind, user_id)
            rating = (await tx.ratings.of_players(guild_id, kind, [user_id])).get(user_id)
            history = await tx.ratings.history(guild_id, kind, user_id)
            turns = await tx.turn_times.turns_of(user_id, guild_id, kind)
            away = (await tx.away.of_users([user_id], min((end - used for end, used in turns), default=0.0))
                    ).get(user_id, [])
            used = [max(0.0, used - paused_seconds(away, end - used, end)) for end, used in turns]
            _, lost_on_time, abandoned = await tx.turn_times.ends_of(user_id, guild_id, kind)
        return replace(player_record(user_id, kind, finished, rating, history), median_move_seconds=median(used),
                       lost_on_time=lost_on_time, abandoned=abandoned)

    async def ratings_of_user(self, user_id: int) -> list[tuple[int, str]]:
        """The (server id, game kind) pairs where the user has a rating."""
        async with self.store.read() as tx:
            return await tx.ratings.of_user(user_id)
