"""Tournaments and leagues: their settings, entrants, rounds and the game at each table.

The pairing and scoring live in ``bot.tournament`` (pure); this module only
keeps what it needs. A tournament's ``version`` is bumped by every change of
its course (start, a round paired, the end), each an ``UPDATE … WHERE version
= ?``: two processes pairing the same round find that one of them was late.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.store.db import Db, IntegrityError


class TournamentStatus(str, Enum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_live(self) -> bool:
        return self in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


class TournamentBusy(Exception):
    """The channel already has a tournament signing up or running."""


class TournamentMovedOn(Exception):
    """The tournament changed since the version the caller expected; nothing was written."""


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    format: str                 # "swiss" or "round_robin"
    rounds: int
    table_size: int
    double: bool
    clock: dict[str, Any]       # the game settings each of its games gets
    host_id: int
    status: TournamentStatus
    seed: int
    version: int
    created_at: float
    started_at: float | None
    ended_at: float | None
    signup_message: int | None = None


@dataclass(frozen=True)
class EntrantRow:
    tournament_id: int
    user_id: int
    entry: int                  # joining order, from 1
    joined_at: float
    rating: int | None
    withdrawn_at: float | None
    withdrawn_why: str | None   # "withdrew" or "lost_on_time"
    losses_on_time: int

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


@dataclass(frozen=True)
class RoundRow:
    tournament_id: int
    number: int
    bye: int | None
    paired_at: float
    ended_at: float | None


@dataclass(frozen=True)
class TableRow:
    tournament_id: int
    round: int
    number: int
    seats: tuple[int, ...]
    game_id: int | None
    result: dict[str, Any] | None


_COLUMNS = ("id, guild_id, channel_id, game, format, rounds, table_size, double_round, clock, host_id, status,"
            " seed, version, created_at, started_at, ended_at, signup_message")


def _tournament(row: Any) -> TournamentRow:
    (id_, guild, channel, game, format_, rounds, size, double, clock, host, status, seed, version,
     created, started, ended, signup_message) = row
    return TournamentRow(id_, guild, channel, game, format_, rounds, size, bool(double), json.loads(clock), host,
                         TournamentStatus(status), seed, version, created, started, ended, signup_message)


def _table(row: Any) -> TableRow:
    tournament_id, round_, number, seats, game_id, result = row
    return TableRow(tournament_id, round_, number, tuple(json.loads(seats)), game_id,
                    None if result is None else json.loads(result))


class TournamentRepo:
    """The tables ``tournaments``, ``tournament_entrants``, ``tournament_rounds`` and ``tournament_tables``."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    # -- the tournament ------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, game: str, format: str, rounds: int,
                     table_size: int, double: bool, clock: dict[str, Any], host_id: int, seed: int,
                     now: float) -> TournamentRow:
        """A tournament open for sign-up; ``TournamentBusy`` when the channel has a live one."""
        try:
            cursor = await self._conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, game, format, rounds, table_size, double_round,"
                " clock, host_id, status, seed, version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup',"
                " ?, 0, ?) RETURNING id",
                (guild_id, channel_id, game, format, rounds, table_size, int(double), json.dumps(clock), host_id,
                 seed, now),
            )
            (tournament_id,) = await cursor.fetchone()
        except IntegrityError as error:
            if error.about("tournaments_live_in_channel", "tournaments.channel_id"):
                raise TournamentBusy(channel_id) from None
            raise
        found = await self.get(tournament_id)
        assert found is not None
        return found

    async def get(self, tournament_id: int) -> TournamentRow | None:
        cursor = await self._conn.execute(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        row = await cursor.fetchone()
        return None if row is None else _tournament(row)

    async def live_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The channel's tournament signing up or running, if any."""
        cursor = await self._conn.execute(
            f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? AND status IN ('signup', 'running')",
            (channel_id,))
        row = await cursor.fetchone()
        return None if row is None else _tournament(row)

    async def latest_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The channel's newest tournament, ended or cancelled ones included."""
        cursor = await self._conn.execute(
            f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        row = await cursor.fetchone()
        return None if row is None else _tournament(row)

    async def running(self) -> list[TournamentRow]:
        """Every tournament under way (to resume work a restart cut short)."""
        cursor = await self._conn.execute(
            f"SELECT {_COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id")
        return [_tournament(row) for row in await cursor.fetchall()]

    async def advance(self, tournament_id: int, *, expected_version: int, status: TournamentStatus | None = None,
                      rounds: int | None = None, now: float) -> int:
        """Bump the version (and change status or rounds); ``TournamentMovedOn`` when another change came first."""
        cursor = await self._conn.execute(
            "UPDATE tournaments SET version = version + 1, status = COALESCE(?, status),"
            " rounds = COALESCE(?, rounds),"
            " started_at = CASE WHEN ? = 'running' AND started_at IS NULL THEN ? ELSE started_at END,"
            " ended_at = CASE WHEN ? IN ('finished', 'cancelled') THEN ? ELSE ended_at END"
            " WHERE id = ? AND version = ?",
            (None if status is None else status.value, rounds, None if status is None else status.value, now,
             None if status is None else status.value, now, tournament_id, expected_version),
        )
        if cursor.rowcount != 1:
            raise TournamentMovedOn(tournament_id)
        return expected_version + 1

    async def remember_signup(self, tournament_id: int, message_id: int) -> None:
        """The sign-up message, edited as players join and leave."""
        await self._conn.execute("UPDATE tournaments SET signup_message = ? WHERE id = ?", (message_id, tournament_id))

    # -- entrants ------------------------------------------------------------------------

    async def enter(self, tournament_id: int, user_id: int, now: float) -> bool:
        """Sign ``user_id`` up, last in joining order; False when they already are."""
        cursor = await self._conn.execute(
            "INSERT INTO tournament_entrants (tournament_id, user_id, entry, joined_at)"
            " SELECT ?, ?, COALESCE(MAX(entry), 0) + 1, ? FROM tournament_entrants WHERE tournament_id = ?"
            " ON CONFLICT (tournament_id, user_id) DO NOTHING",
            (tournament_id, user_id, now, tournament_id),
        )
        return cursor.rowcount == 1

    async def leave(self, tournament_id: int, user_id: int) -> bool:
        """Take back a sign-up; False when they were not signed up."""
        cursor = await self._conn.execute(
            "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id))
        return cursor.rowcount == 1

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """The entrants in joining order."""
        cursor = await self._conn.execute(
            "SELECT tournament_id, user_id, entry, joined_at, rating, withdrawn_at, withdrawn_why, losses_on_time"
            " FROM tournament_entrants WHERE tournament_id = ? ORDER BY entry", (tournament_id,))
        return [EntrantRow(*row) for row in await cursor.fetchall()]

    async def set_rating(self, tournament_id: int, user_id: int, rating: int) -> None:
        await self._conn.execute(
            "UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? AND user_id = ?",
            (rating, tournament_id, user_id))

    async def withdraw(self, tournament_id: int, user_id: int, why: str, now: float) -> bool:
        """Mark the entrant withdrawn (``why``: withdrew, lost_on_time); False when they already were."""
        cursor = await self._conn.execute(
            "UPDATE tournament_entrants SET withdrawn_at = ?, withdrawn_why = ?"
            " WHERE tournament_id = ? AND user_id = ? AND withdrawn_at IS NULL", (now, why, tournament_id, user_id))
        return cursor.rowcount == 1

    async def add_loss_on_time(self, tournament_id: int, user_id: int) -> None:
        await self._conn.execute(
            "UPDATE tournament_entrants SET losses_on_time = losses_on_time + 1"
            " WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id))

    # -- rounds and tables -----------------------------------------------------------------

    async def add_round(self, tournament_id: int, number: int, bye: int | None,
                        tables: list[tuple[int, ...]], now: float) -> None:
        """A paired round and its tables (their games not opened yet)."""
        await self._conn.execute(
            "INSERT INTO tournament_rounds (tournament_id, number, bye, paired_at) VALUES (?, ?, ?, ?)",
            (tournament_id, number, bye, now))
        await self._conn.executemany(
            "INSERT INTO tournament_tables (tournament_id, round, number, seats) VALUES (?, ?, ?, ?)",
            [(tournament_id, number, i, json.dumps(list(seats))) for i, seats in enumerate(tables)])

    async def end_round(self, tournament_id: int, number: int, now: float) -> None:
        await self._conn.execute(
            "UPDATE tournament_rounds SET ended_at = ? WHERE tournament_id = ? AND number = ? AND ended_at IS NULL",
            (now, tournament_id, number))

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        cursor = await self._conn.execute(
            "SELECT tournament_id, number, bye, paired_at, ended_at FROM tournament_rounds"
            " WHERE tournament_id = ? ORDER BY number", (tournament_id,))
        return [RoundRow(*row) for row in await cursor.fetchall()]

    async def tables(self, tournament_id: int) -> list[TableRow]:
        """Every table of every round, in round and board order."""
        cursor = await self._conn.execute(
            "SELECT tournament_id, round, number, seats, game_id, result FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY round, number", (tournament_id,))
        return [_table(row) for row in await cursor.fetchall()]

    async def seat_game(self, tournament_id: int, round_: int, number: int, game_id: int) -> bool:
        """The game opened for a table; False when the table already has one."""
        cursor = await self._conn.execute(
            "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND number = ?"
            " AND game_id IS NULL", (game_id, tournament_id, round_, number))
        return cursor.rowcount == 1

    async def table_of_game(self, game_id: int) -> TableRow | None:
        """The tournament table a game is played at, if it is a tournament's game."""
        cursor = await self._conn.execute(
            "SELECT tournament_id, round, number, seats, game_id, result FROM tournament_tables WHERE game_id = ?",
            (game_id,))
        row = await cursor.fetchone()
        return None if row is None else _table(row)

    async def record_result(self, tournament_id: int, round_: int, number: int, result: dict[str, Any]) -> bool:
        """The table's result; False when it already has one (the game's end is recorded once)."""
        cursor = await self._conn.execute(
            "UPDATE tournament_tables SET result = ? WHERE tournament_id = ? AND round = ? AND number = ?"
            " AND result IS NULL", (json.dumps(result), tournament_id, round_, number))
        return cursor.rowcount == 1
