"""Ratings per player, server and game kind, and the change each rated game made."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from bot.store.repo import Repo, marks


@dataclass(frozen=True)
class RatingRow:
    """A player's current rating on one server for one game kind (openskill's mu and sigma)."""

    guild_id: int
    kind: str
    user_id: int
    mu: float
    sigma: float
    games: int
    updated_at: float


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to one player's rating."""

    game_id: int
    user_id: int
    guild_id: int
    kind: str
    place: int                 # 1 for the winner(s); equal places are a tie
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    rated_at: float


_CHANGE_COLUMNS = ("game_id, user_id, guild_id, kind, place, mu_before, sigma_before, mu_after,"
                   " sigma_after, rated_at")


class RatingRepo(Repo):
    """The ``ratings`` and ``rating_changes`` tables."""

    async def of_players(self, guild_id: int, kind: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = sorted(set(user_ids))
        rows = await self._rows(
            "SELECT guild_id, kind, user_id, mu, sigma, games, updated_at FROM ratings"
            f" WHERE guild_id = ? AND kind = ? AND user_id IN ({marks(ids)})", (guild_id, kind, *ids),
        ) if ids else []
        return {row[2]: RatingRow(*row) for row in rows}

    async def record(self, changes: Iterable[RatingChange]) -> None:
        """Write a game's changes and the players' new ratings (inside the result's transaction)."""
        changes = list(changes)
        await self._conn.executemany(
            f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(c.game_id, c.user_id, c.guild_id, c.kind, c.place, c.mu_before, c.sigma_before,
              c.mu_after, c.sigma_after, c.rated_at) for c in changes],
        )
        await self._conn.executemany(
            "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
            " updated_at = excluded.updated_at",
            [(c.guild_id, c.kind, c.user_id, c.mu_after, c.sigma_after, c.rated_at) for c in changes],
        )

    async def changes_of_game(self, game_id: int) -> list[RatingChange]:
        cursor = await self._conn.execute(
            f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ? ORDER BY place, user_id",
            (game_id,),
        )
        return [RatingChange(*row) for row in await cursor.fetchall()]

    async def games_up_to(self, game_id: int) -> dict[int, int]:
        """Each player of a rated game: their rated games (on its server, of its kind) up to and with it."""
        cursor = await self._conn.execute(
            "SELECT c.user_id, (SELECT count(*) FROM rating_changes p WHERE p.user_id = c.user_id"
            "   AND p.guild_id = c.guild_id AND p.kind = c.kind AND (p.rated_at < c.rated_at"
            "   OR (p.rated_at = c.rated_at AND p.game_id <= c.game_id)))"
            " FROM rating_changes c WHERE c.game_id = ?", (game_id,),
        )
        return {user: int(count) for user, count in await cursor.fetchall()}

    async def history(self, guild_id: int, kind: str, user_id: int) -> list[RatingChange]:
        """Every rated game of the player on that server and kind, oldest first."""
        cursor = await self._conn.execute(
            f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE guild_id = ? AND kind = ? AND user_id = ?"
            " ORDER BY rated_at, game_id", (guild_id, kind, user_id),
        )
        return [RatingChange(*row) for row in await cursor.fetchall()]

    async def of_user(self, user_id: int) -> list[tuple[int, str]]:
        """The (server, game kind) pairs where the user has a rating."""
        cursor = await self._conn.execute(
            "SELECT guild_id, kind FROM ratings WHERE user_id = ? ORDER BY guild_id, kind", (user_id,)
        )
        return [(guild, kind) for guild, kind in await cursor.fetchall()]

    async def table(self, guild_id: int, kind: str) -> list[RatingRow]:
        """Every rated player of the server for that kind (the caller orders them)."""
        cursor = await self._conn.execute(
            "SELECT guild_id, kind, user_id, mu, sigma, games, updated_at FROM ratings"
            " WHERE guild_id = ? AND kind = ?", (guild_id, kind),
        )
        return [RatingRow(*row) for row in await cursor.fetchall()]

    async def finished_games(self, guild_id: int, kind: str, user_id: int
                             ) -> list[tuple[int, list[int], dict[str, Any]]]:
        """The user's finished games on that server and kind: (seat, winning seats, outcome dict)."""
        cursor = await self._conn.execute(
            "SELECT s.seat, r.winners, r.outcome FROM games g JOIN seats s ON s.game_id = g.id"
            " JOIN results r ON r.game_id = g.id"
            " WHERE g.guild_id = ? AND g.kind = ? AND s.user_id = ? AND g.status = 'finished'"
            " ORDER BY g.id", (guild_id, kind, user_id),
        )
        return [(seat, json.loads(winners), json.loads(outcome))
                for seat, winners, outcome in await cursor.fetchall()]
