"""Ratings per server and game kind (openskill's Plackett-Luce model), and players' records.

A finished game is rated in the same transaction that records its result, so
a rating never misses a game and never counts one twice. Unrated: games with
a computer player or a stand-in, and games where fewer than two people
finished (in Alcazar a player who resigned left a game that went on without
them; in Alcazar 1978 a resignation ends the game, so both players finished it).
Every player of a rated game is rated, a retired one in the last place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from openskill.models import PlackettLuce

from bot.games.common import Outcome
from bot.service.live import LiveGame
from bot.store.ratings import RatingChange, RatingRow

MODEL = PlackettLuce()
# The shown rating: openskill's conservative estimate mu - 3 sigma, scaled so that
# a new player starts at 1000 and one game moves it by tens of points.
SCALE, START = 40.0, 1000.0
MONEY_PER_POINT = 50


#: A rating is provisional (shown as "1480?") until this many rated games.
PROVISIONAL_GAMES = 5


def is_provisional(rated_games: int) -> bool:
    """Whether a rating from this many rated games is still provisional."""
    return rated_games < PROVISIONAL_GAMES


def shown_rating(mu: float, sigma: float) -> int:
    """The rating players see: ``1000 + 40 × (mu − 3 sigma)``, rounded."""
    return round(START + SCALE * (mu - 3.0 * sigma))


def places(outcome: Outcome, players: int) -> list[int]:
    """Each seat's place, 1 for the best; equal results share a place.

    With scores (Alcazar), places follow the engine's ranking: players still in
    the game before retired ones, then points, then money left over the full
    50s (the tie-break). Without (Alcazar 1978) the winners are first and the
    others second; a draw puts everyone first.
    """
    details = outcome.details
    keys: list[tuple[int, ...]]
    if outcome.scores is not None and len(details) == players:
        keys = [_rank_key(details[s]) for s in range(players)]
    else:
        keys = [(1 if s in outcome.winners or not outcome.winners else 0,) for s in range(players)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def _rank_key(detail: dict[str, Any]) -> tuple[int, int, int]:
    return (0 if detail.get("retired") else 1, int(detail.get("total", 0)),
            int(detail.get("money", 0)) % MONEY_PER_POINT)


def is_rated(live: LiveGame, outcome: Outcome) -> bool:
    """A game is rated when people alone played it and at least two of them finished it
    (the caller also checks that the stand-in never played a late player's turn).

    Who left early is read from the outcome (Alcazar marks retired seats in its
    details), since the seat that resigns in this very step is not marked yet.
    """
    if any(seat.computer_plays for seat in live.seats):   # a computer or the stand-in: never rated
        return False
    details = outcome.details if len(outcome.details) == len(live.seats) else ()
    finishing = [s for s in range(len(live.seats)) if not (details and details[s].get("retired"))]
    return len(finishing) >= 2


def new_ratings(before: Sequence[tuple[float, float]], place_of: Sequence[int]) -> list[tuple[float, float]]:
    """Everyone's (mu, sigma) after a game, from the ratings before it and the places."""
    teams = [[MODEL.create_rating([mu, sigma])] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=[float(p) for p in place_of])
    return [(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True)
class RatingShift:
    """One player's rating before and after a game, as shown under the results."""

    user_id: int
    place: int
    before: int
    after: int
    first_game: bool
    rated_games: int = 0        # the player's rated games with this one

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rated_games)

    @property
    def change(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class Standing:
    """A line of a server's leaderboard."""

    user_id: int
    rating: int
    games: int

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record on one server for one game kind."""

    user_id: int
    kind: str
    games: int
    wins: int
    draws: int
    average_points: float | None      # Alcazar only (1978 keeps no score)
    rating: int | None                # None until a rated game
    rated_games: int
    history: tuple[tuple[float, int], ...]   # (when, rating after that game), oldest first
    #: Pace and reliability: the median time a move took (time away not counted; None before any),
    #: and of the games in play or finished, those lost on time and those abandoned (resigned).
    median_move_seconds: float | None = None
    lost_on_time: int = 0
    abandoned: int = 0

    @property
    def provisional(self) -> bool:
        return is_provisional(self.rated_games)


def shifts_of(changes: Sequence[RatingChange], rated_games: dict[int, int] | None = None) -> list[RatingShift]:
    """The shifts of a game's changes (``rated_games``: each player's rated games with this one)."""
    counts = rated_games or {}
    return [RatingShift(c.user_id, c.place, shown_rating(c.mu_before, c.sigma_before),
                        shown_rating(c.mu_after, c.sigma_after),
                        first_game=(c.mu_before, c.sigma_before) == (MODEL.mu, MODEL.sigma),
                        rated_games=counts.get(c.user_id, 0))
            for c in changes]


def rating_changes(live: LiveGame, outcome: Outcome, prior: dict[int, RatingRow], now: float
                   ) -> list[RatingChange]:
    """Each player's change from a rated game, from their ratings before it (``prior``; a player
    without one starts at openskill's default). Pure arithmetic: fast enough to run in the
    transaction that records the result, which keeps two games sharing a player from racing."""
    row = live.row
    users = live.user_ids
    before = [(prior[u].mu, prior[u].sigma) if u in prior else (MODEL.mu, MODEL.sigma) for u in users]
    place_of = places(outcome, len(users))
    after = new_ratings(before, place_of)
    return [RatingChange(row.id, u, row.guild_id, row.kind, place_of[s], before[s][0], before[s][1],
                         after[s][0], after[s][1], now)
            for s, u in enumerate(users)]


def player_record(user_id: int, kind: str, finished: list[tuple[int, list[int], dict[str, Any]]],
                  rating: RatingRow | None, history: list[RatingChange]) -> PlayerRecord:
    """A ``PlayerRecord`` from the stored games, rating and rating changes."""
    wins = sum(1 for seat, winners, _ in finished if seat in winners)
    draws = sum(1 for _, winners, _ in finished if not winners)
    points = [outcome["scores"][seat] for seat, _, outcome in finished if outcome.get("scores")]
    return PlayerRecord(
        user_id=user_id, kind=kind, games=len(finished), wins=wins, draws=draws,
        average_points=sum(points) / len(points) if points else None,
        rating=None if rating is None else shown_rating(rating.mu, rating.sigma),
        rated_games=0 if rating is None else rating.games,
        history=tuple((c.rated_at, shown_rating(c.mu_after, c.sigma_after)) for c in history),
    )
