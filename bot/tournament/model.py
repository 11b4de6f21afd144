"""The value types of a tournament: entrants, tables, results, rounds, standings.

All are frozen dataclasses with ``to_dict``/``from_dict`` (JSON-ready, with
``"schema": 1``) so the service can store them as they are. Player ids are
plain integers; scores are ``Fraction``s so that a half point stays exact.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

SCHEMA = 1
#: The two games, by their engine names.
ALCAZAR = "alcazar"
ALCAZAR_1978 = "alcazar1978"
GAMES = (ALCAZAR, ALCAZAR_1978)


class TournamentError(ValueError):
    """A tournament asked for something its format cannot give (too few players, an unknown game)."""


def _checked(data: dict[str, Any], kind: str) -> dict[str, Any]:
    if data.get("schema") != SCHEMA:
        raise TournamentError(f"{kind}: unknown schema {data.get('schema')!r}")
    return data


@dataclass(frozen=True)
class Entrant:
    """A player signed up: their rating before the tournament, and whether they left or had a bye."""

    player: int
    rating: int = 0
    withdrawn: bool = False
    had_bye: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "player": self.player, "rating": self.rating,
                "withdrawn": self.withdrawn, "had_bye": self.had_bye}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entrant:
        data = _checked(data, "entrant")
        return cls(int(data["player"]), int(data["rating"]), bool(data["withdrawn"]), bool(data["had_bye"]))


@dataclass(frozen=True)
class Table:
    """The players of one game in seat order; in Alcazar (1978) seat 0 moves first (Red)."""

    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats) or len(self.seats) < 2:
            raise TournamentError(f"a table needs two or more different players: {self.seats}")

    @property
    def first(self) -> int:
        """The player in seat 0: the one who moves first."""
        return self.seats[0]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        return cls(tuple(int(p) for p in _checked(data, "table")["seats"]))


@dataclass(frozen=True)
class Result:
    """How one table's game ended, for scoring.

    ``places`` holds each seat's finishing place (1 is first; equal places
    are a tie), ``game_points`` each seat's points in the game itself
    (Alcazar 2009; empty for 1978), ``forfeits`` the players who lost by
    resigning, leaving or running out of time, and ``lost_on_time`` those
    whose clock ran out, which counts towards withdrawal.
    """

    table: Table
    places: tuple[int, ...]
    game_points: tuple[int, ...] = ()
    lost_on_time: tuple[int, ...] = ()
    forfeits: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.places) != len(self.table.seats) or min(self.places) < 1:
            raise TournamentError(f"one place per seat, from 1: {self.places}")
        if self.game_points and len(self.game_points) != len(self.table.seats):
            raise TournamentError(f"one game score per seat: {self.game_points}")
        if not set(self.lost_on_time) | set(self.forfeits) <= set(self.table.seats):
            raise TournamentError(f"lost but not at the table: {self.lost_on_time}, {self.forfeits}")

    @classmethod
    def win(cls, table: Table, winner: int) -> Result:
        """A two-player game won by ``winner``."""
        return cls(table, tuple(1 if p == winner else 2 for p in table.seats))

    @classmethod
    def draw(cls, table: Table) -> Result:
        """A game in which every player ties."""
        return cls(table, tuple(1 for _ in table.seats))

    @classmethod
    def ranked(cls, table: Table, scores: dict[int, int]) -> Result:
        """A game ranked by final game scores, higher first, equal scores tying (Alcazar 2009)."""
        points = tuple(scores[p] for p in table.seats)
        return cls(table, tuple(1 + sum(other > mine for other in points) for mine in points), points)

    def place_of(self, player: int) -> int:
        return self.places[self.table.seats.index(player)]

    def game_points_of(self, player: int) -> int:
        return self.game_points[self.table.seats.index(player)] if self.game_points else 0

    def forfeited(self, player: int, *, on_time: bool = False) -> Result:
        """This result with ``player`` losing: behind everyone who did not also forfeit.

        A resignation, a withdrawal and a loss on time all count as a loss;
        players who forfeit share last place. ``on_time`` also records the
        clock, which counts towards withdrawal.
        """
        forfeits = self.forfeits + ((player,) if player not in self.forfeits else ())
        keys = [(1, 0) if p in forfeits else (0, place) for p, place in zip(self.table.seats, self.places)]
        places = tuple(1 + sum(other < mine for other in keys) for mine in keys)
        lost = self.lost_on_time + ((player,) if on_time and player not in self.lost_on_time else ())
        return replace(self, places=places, lost_on_time=lost, forfeits=forfeits)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "table": self.table.to_dict(), "places": list(self.places),
                "game_points": list(self.game_points), "lost_on_time": list(self.lost_on_time),
                "forfeits": list(self.forfeits)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        data = _checked(data, "result")
        return cls(Table.from_dict(data["table"]), tuple(int(p) for p in data["places"]),
                   tuple(int(p) for p in data["game_points"]), tuple(int(p) for p in data["lost_on_time"]),
                   tuple(int(p) for p in data.get("forfeits", ())))


def forfeit_result(table: Table, player: int, *, on_time: bool = False) -> Result:
    """The result of a game that ``player`` lost by forfeit and the others tied (shared win)."""
    return Result.draw(table).forfeited(player, on_time=on_time)


@dataclass(frozen=True)
class Round:
    """One round: its tables (in board order) and the player with the bye, if any."""

    number: int
    tables: tuple[Table, ...]
    bye: int | None = None

    def players(self) -> tuple[int, ...]:
        """Everyone in the round, the bye included."""
        seated = tuple(p for table in self.tables for p in table.seats)
        return seated + ((self.bye,) if self.bye is not None else ())

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "number": self.number, "tables": [t.to_dict() for t in self.tables],
                "bye": self.bye}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        data = _checked(data, "round")
        bye = data["bye"]
        return cls(int(data["number"]), tuple(Table.from_dict(t) for t in data["tables"]),
                   None if bye is None else int(bye))


@dataclass(frozen=True)
class Tournament:
    """A tournament's settings and history: what pairing and scoring read.

    ``table_size`` is 2 for Alcazar (1978) and the chosen 3 or 4 for
    Alcazar (2009); ``seed`` breaks every tie that nothing else breaks.
    """

    game: str
    entrants: tuple[Entrant, ...]
    seed: int = 0
    table_size: int = 2
    rounds: tuple[Round, ...] = ()
    results: tuple[Result, ...] = ()

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise TournamentError(f"unknown game {self.game!r}")
        if self.table_size not in ((2,) if self.game == ALCAZAR_1978 else (3, 4)):
            raise TournamentError(f"{self.game} is not played at tables of {self.table_size}")
        players = [e.player for e in self.entrants]
        if len(set(players)) != len(players):
            raise TournamentError("a player is entered twice")

    def entrant(self, player: int) -> Entrant:
        for entrant in self.entrants:
            if entrant.player == player:
                return entrant
        raise KeyError(player)

    def active(self) -> tuple[Entrant, ...]:
        """The entrants still playing."""
        return tuple(e for e in self.entrants if not e.withdrawn)

    def had_bye(self, player: int) -> bool:
        return self.entrant(player).had_bye or any(r.bye == player for r in self.rounds)

    def with_round(self, round_: Round) -> Tournament:
        """The tournament with ``round_`` paired; its bye is marked on the entrant."""
        entrants = tuple(replace(e, had_bye=True) if e.player == round_.bye else e for e in self.entrants)
        return replace(self, entrants=entrants, rounds=self.rounds + (round_,))

    def with_result(self, result: Result) -> Tournament:
        return replace(self, results=self.results + (result,))

    def withdraw(self, player: int) -> Tournament:
        """The tournament with ``player`` no longer paired; their results and score stay."""
        self.entrant(player)
        return replace(self, entrants=tuple(replace(e, withdrawn=True) if e.player == player else e
                                            for e in self.entrants))

    def round_is_over(self) -> bool:
        """True when every table of the latest round has a result (or no round was paired yet)."""
        if not self.rounds:
            return True
        # Each table gets exactly one result, and a round is paired only once the last one is over.
        return len(self.results) == sum(len(r.tables) for r in self.rounds)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "game": self.game, "seed": self.seed, "table_size": self.table_size,
                "entrants": [e.to_dict() for e in self.entrants], "rounds": [r.to_dict() for r in self.rounds],
                "results": [r.to_dict() for r in self.results]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        data = _checked(data, "tournament")
        return cls(str(data["game"]), tuple(Entrant.from_dict(e) for e in data["entrants"]), int(data["seed"]),
                   int(data["table_size"]), tuple(Round.from_dict(r) for r in data["rounds"]),
                   tuple(Result.from_dict(r) for r in data["results"]))


@dataclass(frozen=True)
class Standing:
    """One line of the standings; ``rank`` is shared by players equal on every tiebreak."""

    rank: int
    player: int
    score: Fraction
    buchholz: Fraction
    game_points: int
    direct: Fraction
    rating: int
    games: int
    withdrawn: bool = False
    byes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "rank": self.rank, "player": self.player, "score": str(self.score),
                "buchholz": str(self.buchholz), "game_points": self.game_points, "direct": str(self.direct),
                "rating": self.rating, "games": self.games, "withdrawn": self.withdrawn, "byes": self.byes}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Standing:
        data = _checked(data, "standing")
        return cls(int(data["rank"]), int(data["player"]), Fraction(data["score"]), Fraction(data["buchholz"]),
                   int(data["game_points"]), Fraction(data["direct"]), int(data["rating"]), int(data["games"]),
                   bool(data["withdrawn"]), int(data["byes"]))
