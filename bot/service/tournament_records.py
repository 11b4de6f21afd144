"""What the tournament part answers and announces, and how stored rows become ``bot.tournament`` values.

The pure package pairs and scores a ``Tournament`` value; this module builds
that value from the store's rows, and a table's ``Result`` from how its game
ended (forfeits and losses on time included).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from bot import tournament as cup
from bot.i18n.message import Msg
from bot.service.results import Accepted, GameInfo
from bot.store import EntrantRow, RoundRow, TableRow, TournamentRow, TournamentStatus

#: The formats a host may choose.
FORMATS = ("swiss", "round_robin")
#: The shown rating of a player without one (openskill's ordinal of a new player): their rating before.
UNRATED = 1000
#: Outcome messages that mean the loser ran out of time (a missed deadline; a clock's bank run out).
ON_TIME_REASONS = frozenset({"outcome.missed_deadline", "outcome.out_of_time"})


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as the Discord layer shows it: settings, who entered, how far it has come."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    format: str
    rounds: int                       # Swiss: as set; a league: its schedule's length (0 before the start)
    table_size: int
    double: bool
    game_settings: dict[str, object]  # what each of its games is set to (the clock among them)
    host_id: int
    status: TournamentStatus
    version: int
    entrants: tuple[int, ...]         # joining order
    withdrawn: frozenset[int] = frozenset()
    round: int = 0                    # the round being played (or the last one), 0 before the start
    forced_tables: bool = False       # Alcazar (2009): the field forces a table of 2 or 5 (said on sign-up)
    signup_message: int | None = None  # the sign-up message in ``channel_id``, once posted

    @property
    def language(self) -> str:
        language = self.game_settings.get("language", "en")
        return language if isinstance(language, str) else "en"


@dataclass(frozen=True)
class TournamentAccepted:
    """A tournament operation went through: the tournament as it now is, and what happened."""

    tournament: TournamentInfo
    events: tuple[object, ...] = ()
    games: tuple[Accepted, ...] = ()   # games changed on the way (a withdrawn player's resignation)
    ok = True


@dataclass(frozen=True)
class RoundStarted:
    """A round was paired and its games opened (each ``openings`` entry is a game's start)."""

    tournament_id: int
    number: int
    games: tuple[GameInfo, ...]
    bye: int | None
    openings: tuple[Accepted, ...] = field(default=(), compare=False)

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone playing a game this round, in board order."""
        return tuple(p for game in self.games for p in game.players)


@dataclass(frozen=True)
class RoundEnded:
    """Every game of a round ended: the standings after it."""

    tournament_id: int
    number: int
    standings: tuple[cup.Standing, ...]


@dataclass(frozen=True)
class PlayerWithdrawn:
    """A player left a running tournament (``why``: withdrew, lost_on_time)."""

    tournament_id: int
    user_id: int
    why: str


@dataclass(frozen=True)
class TournamentEnded:
    """The last round ended: the final ranking, best first."""

    tournament_id: int
    ranking: tuple[cup.Standing, ...]


@dataclass(frozen=True)
class TournamentCancelled:
    tournament_id: int
    by_user_id: int


def info_of(row: TournamentRow, entrants: Sequence[EntrantRow], rounds: Sequence[RoundRow]) -> TournamentInfo:
    playing = sum(not e.withdrawn for e in entrants)
    forced = row.game == cup.ALCAZAR and playing >= 2 and cup.table_plan(playing, row.table_size).forced
    return TournamentInfo(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, game=row.game, format=row.format,
        rounds=row.rounds, table_size=row.table_size, double=row.double, game_settings=dict(row.clock),
        host_id=row.host_id, status=row.status, version=row.version,
        entrants=tuple(e.user_id for e in entrants), withdrawn=frozenset(e.user_id for e in entrants if e.withdrawn),
        round=len(rounds), forced_tables=forced, signup_message=row.signup_message,
    )


def tournament_of(row: TournamentRow, entrants: Sequence[EntrantRow], rounds: Sequence[RoundRow],
                  tables: Sequence[TableRow]) -> cup.Tournament:
    """The pure tournament the stored rows describe: entrants, paired rounds and the results so far."""
    return cup.Tournament(
        row.game,
        tuple(cup.Entrant(e.user_id, rating=UNRATED if e.rating is None else e.rating, withdrawn=e.withdrawn)
              for e in entrants),
        seed=row.seed, table_size=row.table_size,
        rounds=tuple(cup.Round(r.number, tuple(cup.Table(t.seats) for t in tables if t.round == r.number), r.bye)
                     for r in rounds),
        results=tuple(cup.Result.from_dict(t.result) for t in tables if t.result is not None),
    )


def table_result(table: cup.Table, game: GameInfo, withdrawn: frozenset[int]) -> cup.Result:
    """How a table's finished game counts: its places (Alcazar: by points), then the forfeits.

    A player who resigned, retired or withdrew, or who lost on time, finishes behind
    everyone who did not also forfeit; a loss on time also counts towards withdrawal."""
    result = game.result
    assert result is not None
    outcome = result.outcome
    if game.kind == cup.ALCAZAR and outcome.scores is not None:
        scored = cup.Result.ranked(table, {user: outcome.scores[seat] for seat, user in enumerate(game.players)})
    elif outcome.is_draw:
        scored = cup.Result.draw(table)
    else:
        winners = set(result.winner_ids)
        scored = cup.Result(table, tuple(1 if p in winners else 2 for p in table.seats))
    on_time = isinstance(outcome.reason, Msg) and outcome.reason.key in ON_TIME_REASONS
    details = outcome.details
    for seat, user in enumerate(game.players):
        retired = bool(details and seat < len(details) and details[seat].get("retired"))
        if on_time and game.kind == cup.ALCAZAR_1978 and user not in result.winner_ids:
            scored = scored.forfeited(user, on_time=True)
        elif user in game.resigned or user in withdrawn or retired:
            scored = scored.forfeited(user)
    return scored
