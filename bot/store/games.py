"""Games, their seats and their results."""
from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from bot.store.changes import ChangeNotes
from bot.store.db import Db, IntegrityError
from bot.store.repo import Repo
from bot.store.records import GameRow, GameStatus, ResultRow, SeatRow


class StaleVersion(Exception):
    """The game changed since the version the caller expected; nothing was written."""


class ChannelBusy(Exception):
    """The channel already has a live game (lobby or active)."""


_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, host_id, settings, seed, version, "
    "created_at, updated_at, turn_seat, turn_since"
)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _game(row: tuple[Any, ...]) -> GameRow:
    (id_, guild, channel, kind, status, host, settings, seed, version,
     created, updated, turn_seat, turn_since) = row
    return GameRow(
        id=id_, guild_id=guild, channel_id=channel, kind=kind, status=GameStatus(status),
        host_id=host, settings=json.loads(settings), seed=seed, version=version,
        created_at=created, updated_at=updated, turn_seat=turn_seat, turn_since=turn_since,
    )


class GameRepo(Repo):
    """The ``games`` table. Every write of a game's row is noted in the transaction's ``changes``."""

    def __init__(self, conn: Db, changes: ChangeNotes) -> None:
        super().__init__(conn)
        self._changes = changes

    async def create_lobby(
        self, *, guild_id: int, channel_id: int, kind: str, host_id: int,
        settings: dict[str, Any], seed: int, now: float,
    ) -> GameRow:
        """Insert a new lobby; ``ChannelBusy`` when the channel has a live game."""
        try:
            cursor = await self._conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, status, host_id, settings, seed,"
                " version, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?)"
                " RETURNING id",
                (guild_id, channel_id, kind, host_id, _compact(settings), seed, now, now),
            )
            (game_id,) = await cursor.fetchone()
        except IntegrityError as error:
            if error.about("games_live_in_channel", "games.channel_id"):
                raise ChannelBusy(channel_id) from None
            raise
        self._changes.note(game_id, 0, moved=False)
        return GameRow(
            id=game_id, guild_id=guild_id, channel_id=channel_id, kind=kind,
            status=GameStatus.LOBBY, host_id=host_id, settings=settings, seed=seed, version=0,
            created_at=now, updated_at=now, turn_seat=None, turn_since=None,
        )

    async def _game_where(self, condition: str, params: Sequence[Any]) -> GameRow | None:
        """The first game that meets the SQL ``condition``, if any."""
        row = await self._row(f"SELECT {_GAME_COLUMNS} FROM games WHERE {condition}", params)
        return None if row is None else _game(row)

    async def _games_where(self, condition: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """Every game that meets the SQL ``condition``."""
        return [_game(row) for row in await self._rows(f"SELECT {_GAME_COLUMNS} FROM games WHERE {condition}", params)]

    async def get(self, game_id: int) -> GameRow | None:
        return await self._game_where("id = ?", (game_id,))

    async def lock(self, game_id: int) -> GameRow | None:
        """The game, its row locked until the transaction ends (other processes' changes wait)."""
        return await self._game_where(f"id = ?{self._conn.row_lock}", (game_id,))

    async def lock_lobby(self, game_id: int) -> bool:
        """Lock the game's row for the transaction; whether it is still a lobby."""
        locked = await self.lock(game_id)
        return locked is not None and locked.status is GameStatus.LOBBY

    async def require(self, game_id: int) -> GameRow:
        """The game, which the caller knows exists (inside the transaction that changed it)."""
        game = await self.get(game_id)
        if game is None:
            raise LookupError(f"game {game_id} does not exist")
        return game

    async def live_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel or thread, if any."""
        return await self._game_where("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def latest_in_channel(self, channel_id: int) -> GameRow | None:
        """The newest game of a channel or thread, whatever its status."""
        return await self._game_where("channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))

    async def finished_in_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """The newest finished games of a channel or thread, newest first."""
        return await self._games_where(
            "channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT ?", (channel_id, limit)
        )

    async def with_status(self, status: GameStatus) -> list[GameRow]:
        return await self._games_where("status = ? ORDER BY id", (status.value,))

    async def count_by_status(self) -> dict[GameStatus, int]:
        """How many games have each status (every status, 0 when none): the ``games_by_status`` index only."""
        cursor = await self._conn.execute("SELECT status, COUNT(*) FROM games GROUP BY status")
        counts = {status: 0 for status in GameStatus}
        counts.update({GameStatus(status): int(count) for status, count in await cursor.fetchall()})
        return counts

    async def changed_since(self, since: float) -> list[tuple[int, int]]:
        """(id, version) of every game whose row changed at or after ``since``, oldest change first
        (a scan of the table: for the rare catch-up after a listener lost its connection)."""
        rows = await self._rows("SELECT id, version FROM games WHERE updated_at >= ? ORDER BY updated_at, id",
                                (since,))
        return [(int(game_id), int(version)) for game_id, version in rows]

    async def live_of_user(self, user_id: int) -> list[GameRow]:
        """Lobbies and active games the user has joined, oldest first."""
        cursor = await self._conn.execute(
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))}"
            " FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
            (user_id,),
        )
        return [_game(row) for row in await cursor.fetchall()]

    async def update_settings(self, game_id: int, settings: dict[str, Any], now: float) -> None:
        await self._noted(
            "UPDATE games SET settings = ?, updated_at = ? WHERE id = ? RETURNING version",
            (_compact(settings), now, game_id),
        )

    async def set_status(self, game_id: int, status: GameStatus, now: float) -> None:
        """Change the status without touching the board (lobby closed, game cancelled)."""
        await self._noted(
            "UPDATE games SET status = ?, updated_at = ?,"
            " turn_seat = CASE WHEN ? = 'active' THEN turn_seat END,"
            " turn_since = CASE WHEN ? = 'active' THEN turn_since END WHERE id = ? RETURNING version",
            (status.value, now, status.value, status.value, game_id),
        )

    async def _noted(self, sql: str, params: Sequence[Any]) -> None:
        """A change of a game's row that leaves its version (``sql`` returns it), noted as a change."""
        cursor = await self._conn.execute(sql, params)
        row = await cursor.fetchone()
        if row is not None:
            self._changes.note(params[-1], int(row[0]), moved=False)

    async def advance(
        self, game_id: int, *, expected_version: int, status: GameStatus,
        turn_seat: int | None, now: float,
    ) -> int:
        """Bump the version of a game whose board changed; ``StaleVersion`` if it moved on.

        Returns the new version. The turn (seat and since when) is set in the
        same statement, so the version always names one turn. Sent with the
        transaction's next statements (``Db.send``): ``StaleVersion`` may come
        from one of them or from the end of the transaction, always before it
        commits.
        """
        await self._conn.send(
            "UPDATE games SET version = version + 1, status = ?, updated_at = ?,"
            " turn_seat = ?, turn_since = ? WHERE id = ? AND version = ?",
            (status.value, now, turn_seat, None if turn_seat is None else now,
             game_id, expected_version),
            or_else=StaleVersion(game_id),
        )
        self._changes.note(game_id, expected_version + 1, moved=True)
        return expected_version + 1


class SeatRepo(Repo):
    """The ``seats`` table: who plays a game, and in which seat once it started."""

    async def add(self, game_id: int, user_id: int, now: float) -> bool:
        """Add a player to a lobby; False if the user had already joined."""
        return await self._insert_new(
            "seats", ("game_id", "user_id"), {"game_id": game_id, "user_id": user_id, "joined_at": now}
        )

    async def remove(self, game_id: int, user_id: int) -> bool:
        cursor = await self._conn.execute(
            "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return cursor.rowcount == 1

    async def of_game(self, game_id: int) -> list[SeatRow]:
        """The players in seat order once seated, in joining order before that."""
        cursor = await self._conn.execute(
            "SELECT game_id, user_id, joined_at, seat, resigned FROM seats WHERE game_id = ?"
            " ORDER BY seat, joined_at, user_id", (game_id,),
        )
        return [
            SeatRow(game_id=g, user_id=u, joined_at=j, seat=s, resigned=bool(r), stand_in=r == 2)
            for g, u, j, s, r in await cursor.fetchall()
        ]

    async def assign(self, game_id: int, user_ids_in_seat_order: Iterable[int]) -> None:
        await self._conn.executemany(
            "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
            [(seat, game_id, user) for seat, user in enumerate(user_ids_in_seat_order)],
        )

    async def to_act(self) -> dict[int, int]:
        """For every active game, the user id of the player to act."""
        cursor = await self._conn.execute(
            "SELECT g.id, s.user_id FROM games g"
            " JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = 'active'"
        )
        return {game_id: user_id for game_id, user_id in await cursor.fetchall()}

    async def computer_turns(self) -> list[tuple[int, int, int]]:
        """(game id, version, seat) of every active game whose seat to act a computer plays:
        a computer player (negative user id) or the stand-in of one who resigned (``resigned`` 2)."""
        cursor = await self._conn.execute(
            "SELECT g.id, g.version, g.turn_seat FROM games g"
            " JOIN seats s ON s.game_id = g.id AND s.seat = g.turn_seat"
            " WHERE g.status = 'active' AND (s.user_id < 0 OR s.resigned = 2) ORDER BY g.id"
        )
        return [(game_id, version, seat) for game_id, version, seat in await cursor.fetchall()]

    async def mark_resigned(self, game_id: int, user_id: int, *, stand_in: bool = False) -> None:
        """The player resigned; with ``stand_in`` a computer plays their seat on (``resigned`` = 2)."""
        await self._conn.execute(
            "UPDATE seats SET resigned = ? WHERE game_id = ? AND user_id = ?",
            (2 if stand_in else 1, game_id, user_id),
        )


class ResultRepo(Repo):
    """The ``results`` table: one row per finished game."""

    async def record(
        self, game_id: int, *, winners: Iterable[int], reason: str,
        outcome: dict[str, Any], now: float,
    ) -> None:
        await self._conn.execute(
            "INSERT INTO results (game_id, winners, reason, outcome, finished_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, _compact(list(winners)), reason, _compact(outcome), now),
        )

    async def get(self, game_id: int) -> ResultRow | None:
        row = await self._row(
            "SELECT winners, reason, outcome, finished_at FROM results WHERE game_id = ?", (game_id,)
        )
        if row is None:
            return None
        winners, reason, outcome, finished_at = row
        return ResultRow(
            game_id=game_id, winners=tuple(json.loads(winners)), reason=reason,
            outcome=json.loads(outcome), finished_at=finished_at,
        )
