"""Pending requests between players: undo requests and draw offers.

Both belong to the game ``version`` at which they were made; a row of an older
version is void, so a move never has to clean them up.
"""
from __future__ import annotations

import json

from bot.store.db import Db
from bot.store.records import DrawOfferRow, UndoRequestRow


class UndoRepo:
    """The ``undo_requests`` table: at most one pending request per game."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def put(self, request: UndoRequestRow) -> None:
        await self._conn.execute(
            "INSERT INTO undo_requests"
            " (game_id, requester_id, version, requested_at, approved_by) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET requester_id = excluded.requester_id,"
            " version = excluded.version, requested_at = excluded.requested_at,"
            " approved_by = excluded.approved_by",
            (request.game_id, request.requester_id, request.version, request.requested_at,
             json.dumps(list(request.approved_by))),
        )

    async def get(self, game_id: int) -> UndoRequestRow | None:
        cursor = await self._conn.execute(
            "SELECT requester_id, version, requested_at, approved_by FROM undo_requests"
            " WHERE game_id = ?", (game_id,),
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        requester, version, requested_at, approved_by = row
        return UndoRequestRow(
            game_id=game_id, requester_id=requester, version=version,
            requested_at=requested_at, approved_by=tuple(json.loads(approved_by)),
        )

    async def clear(self, game_id: int) -> None:
        await self._conn.execute("DELETE FROM undo_requests WHERE game_id = ?", (game_id,))


class DrawOfferRepo:
    """The ``draw_offers`` table: at most one pending offer per game."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def put(self, offer: DrawOfferRow) -> None:
        await self._conn.execute(
            "INSERT INTO draw_offers (game_id, offered_by, version, offered_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
            " offered_by = excluded.offered_by, version = excluded.version,"
            " offered_at = excluded.offered_at",
            (offer.game_id, offer.offered_by, offer.version, offer.offered_at),
        )

    async def get(self, game_id: int) -> DrawOfferRow | None:
        cursor = await self._conn.execute(
            "SELECT offered_by, version, offered_at FROM draw_offers WHERE game_id = ?", (game_id,)
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        offered_by, version, offered_at = row
        return DrawOfferRow(game_id=game_id, offered_by=offered_by, version=version,
                            offered_at=offered_at)

    async def clear(self, game_id: int) -> None:
        await self._conn.execute("DELETE FROM draw_offers WHERE game_id = ?", (game_id,))
