"""Taking back the last move, only with every other player's approval.

Only the player who made the last move may ask, and only until someone else
acts: a request belongs to the game version at which it was made, so any
later move voids it. Forced passes played after the move go back with it.
Nothing is undone once the game is over.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceBase
from bot.service.events import (
    BoardChanged, Event, HandsChanged, MovesUndone, UndoApproved, UndoDeclined, UndoRequested,
)
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.settings import GameSettings
from bot.service.threads import in_thread
from bot.service.turns import TurnOperations, stale
from bot.store import EntryKind, GameStatus, LogEntry, Snapshot, StaleVersion, UndoRequestRow


def _undoable_ply(log: Sequence[LogEntry], seat: int) -> int | None:
    """The ply of the seat's last move when nothing but forced passes came after it."""
    for entry in reversed(log):
        if entry.forced:
            continue
        if entry.kind is EntryKind.MOVE and entry.seat == seat:
            return entry.ply
        return None
    return None


def _voters(live: LiveGame, requester_id: int) -> tuple[int, ...]:
    """Every person who still plays, but the one asking (computers are not asked)."""
    return tuple(s.user_id for s in live.seats
                 if not s.resigned and not s.is_computer and s.user_id != requester_id)


class UndoOperations(TurnOperations, ServiceBase):
    """request_undo → approve_undo by every other player (or decline_undo)."""

    async def request_undo(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Ask to take back your last move; the others are asked to approve."""
        async with self._game_lock(game_id):
            seated = await self._seated_player(game_id, user_id)
            if isinstance(seated, Refusal):
                return seated
            live, seat = seated
            async with self.store.read() as tx:
                log = await tx.moves.entries(game_id)
            ply = _undoable_ply(log, seat)
            if ply is None:
                return Refusal(Reason.NOTHING_TO_UNDO, Msg("refusal.undo_own_last"))
            move = next(e for e in log if e.ply == ply)
            secret = live.engine.why_no_take_back(move.notation)
            if secret is not None:
                return Refusal(Reason.NOTHING_TO_UNDO, Msg("refusal.undo_secret", move=move.notation, why=secret))
            async with self.store.read() as tx:
                pending = await tx.undo.get(game_id)
            if pending is not None and pending.version == live.version:
                return Refusal(Reason.ALREADY_ASKED, Msg("refusal.undo_already_asked"))
            voters = _voters(live, user_id)
            if not voters:
                return Refusal(Reason.NOTHING_TO_UNDO,
                               Msg("refusal.computers_no_undo"))
            async with self.store.write() as tx:
                await tx.undo.put(UndoRequestRow(game_id, user_id, live.version, self.clock.now(), ()))
            return Accepted(await self._info(live.row, live.seats),
                            (UndoRequested(game_id, user_id, voters),))

    async def approve_undo(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Approve the pending request; the last approval takes the move back."""
        async with self._game_lock(game_id):
            checked = await self._pending_request(game_id, user_id)
            if isinstance(checked, Refusal):
                return checked
            live, request = checked
            approved = tuple(sorted({*request.approved_by, user_id}))
            waiting = tuple(u for u in _voters(live, request.requester_id) if u not in approved)
            if waiting:
                async with self.store.write() as tx:
                    await tx.undo.put(replace(request, approved_by=approved))
                return Accepted(await self._info(live.row, live.seats),
                                (UndoApproved(game_id, user_id, waiting),))
            return await self._take_back(live, request, user_id)

    async def decline_undo(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Decline the pending request (or withdraw your own); the move stands."""
        async with self._game_lock(game_id):
            checked = await self._pending_request(game_id, user_id, requester_may=True)
            if isinstance(checked, Refusal):
                return checked
            live, _ = checked
            async with self.store.write() as tx:
                await tx.undo.clear(game_id)
            return Accepted(await self._info(live.row, live.seats), (UndoDeclined(game_id, user_id),))

    async def _pending_request(
        self, game_id: int, user_id: int, *, requester_may: bool = False,
    ) -> tuple[LiveGame, UndoRequestRow] | Refusal:
        seated = await self._seated_player(game_id, user_id)
        if isinstance(seated, Refusal):
            return seated
        live, _ = seated
        async with self.store.read() as tx:
            request = await tx.undo.get(game_id)
        if request is None or request.version != live.version:
            return Refusal(Reason.NO_UNDO_REQUEST, Msg("refusal.no_undo_request"))
        if user_id == request.requester_id and not requester_may:
            return Refusal(Reason.NOT_YOUR_VOTE, Msg("refusal.undo_not_your_vote"))
        return live, request

    async def _take_back(self, live: LiveGame, request: UndoRequestRow, approver: int
                         ) -> Accepted | Refusal:
        game_id = live.row.id
        async with self.store.read() as tx:
            log = await tx.moves.entries(game_id)
        requester_seat = live.seat_of(request.requester_id)
        assert requester_seat is not None
        ply = _undoable_ply(log, requester_seat)
        assert ply is not None, "the request was checked at this version"
        kept = [e for e in log if e.ply < ply]
        options = dict(GameSettings.from_dict(live.row.settings).options)
        state, hands, snapshot = await in_thread(
            engine_work.rebuild, live.engine, len(live.seats), live.row.seed, options, kept
        )
        now = self.clock.now()
        turn = live.engine.to_move(state)
        try:
            async with self.store.write() as tx:
                version = await tx.games.advance(game_id, expected_version=live.version,
                                                 status=GameStatus.ACTIVE, turn_seat=turn, now=now)
                await tx.moves.mark_undone(game_id, ply, now)
                await tx.snapshots.put(Snapshot(game_id, version, len(kept), snapshot))
                await tx.undo.clear(game_id)
                row = await tx.games.require(game_id)
        except StaleVersion:
            self._forget(game_id)
            return stale(live)
        after = LiveGame(row=row, seats=live.seats, engine=live.engine, state=state,
                         ply=len(kept), hands=hands)
        self._remember(after)
        changed = tuple(s for s, (a, b) in enumerate(zip(live.hands, hands)) if a != b)
        events: list[Event] = [
            UndoApproved(game_id, approver, ()),
            MovesUndone(game_id, tuple(e.ply for e in log if e.ply >= ply)),
            BoardChanged(game_id, after.version),
        ]
        if changed:
            events.append(HandsChanged(game_id, changed, tuple(after.user_of(s) for s in changed)))
        events.extend(self._turn_or_result(after, None))
        return Accepted(await self._info(after.row, after.seats), tuple(events))
