"""Taking back the last move, only with every other player's approval.

Only the player who made the last move may ask, and only until someone else
acts: a request belongs to the game version at which it was made, so any
later move voids it. Forced passes played after the move go back with it.
Nothing is undone once the game is over. ``questions`` asks and answers the request.
"""
from __future__ import annotations

from typing import Sequence

from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceCore, change_events
from bot.service.events import MovesUndone, UndoApproved
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.settings import GameSettings
from bot.service.threads import in_thread
from bot.service.turns import stale
from bot.store import EntryKind, GameStatus, LogEntry, QuestionRow, Snapshot, StaleVersion, Store


def _undoable_ply(log: Sequence[LogEntry], seat: int) -> int | None:
    """The ply of the seat's last move when nothing but forced passes came after it."""
    for entry in reversed(log):
        if entry.forced:
            continue
        if entry.kind is EntryKind.MOVE and entry.seat == seat:
            return entry.ply
        return None
    return None


def undo_voters(live: LiveGame, requester_id: int) -> tuple[int, ...]:
    """Every person who still plays, but the one asking (computers are not asked)."""
    return tuple(s.user_id for s in live.seats
                 if not s.resigned and not s.is_computer and s.user_id != requester_id)


async def undo_answerers(store: Store, live: LiveGame, seat: int, user_id: int) -> tuple[int, ...] | Refusal:
    """Who must approve the user's request to take back their last move, or why they may not ask."""
    async with store.read() as tx:
        log = await tx.moves.entries(live.row.id)
    ply = _undoable_ply(log, seat)
    if ply is None:
        return Refusal(Reason.NOTHING_TO_UNDO, Msg("refusal.undo_own_last"))
    move = next(e for e in log if e.ply == ply)
    secret = live.engine.why_no_take_back(move.notation)
    if secret is not None:
        return Refusal(Reason.NOTHING_TO_UNDO, Msg("refusal.undo_secret", move=move.notation, why=secret))
    voters = undo_voters(live, user_id)
    if not voters:
        return Refusal(Reason.NOTHING_TO_UNDO, Msg("refusal.computers_no_undo"))
    return voters


async def take_back(core: ServiceCore, live: LiveGame, request: QuestionRow, approver: int
                    ) -> Accepted | Refusal:
    """Everyone approved: the asker's last move (and forced passes after it) goes back."""
    game_id = live.row.id
    async with core.store.read() as tx:
        log = await tx.moves.entries(game_id)
    requester_seat = live.seat_of(request.asked_by)
    assert requester_seat is not None
    ply = _undoable_ply(log, requester_seat)
    assert ply is not None, "the request was checked at this version"
    kept = [e for e in log if e.ply < ply]
    options = dict(GameSettings.from_dict(live.row.settings).options)
    state, hands, snapshot = await in_thread(
        engine_work.rebuild, live.engine, len(live.seats), live.row.seed, options, kept
    )
    now = core.clock.now()
    turn = live.engine.to_move(state)
    try:
        async with core.store.write() as tx:
            version = await tx.games.advance(game_id, expected_version=live.version,
                                             status=GameStatus.ACTIVE, turn_seat=turn, now=now)
            await tx.moves.mark_undone(game_id, ply, now)
            await tx.turn_times.take_back(game_id, ply)   # their cost is given back
            await tx.snapshots.put(Snapshot(game_id, version, len(kept), snapshot))
            await tx.questions.clear(game_id)
            row = await tx.games.require(game_id)
    except StaleVersion:
        core.forget(game_id)
        return stale(live)
    after = LiveGame(row=row, seats=live.seats, engine=live.engine, state=state,
                     ply=len(kept), hands=hands)
    core.remember(after)
    changed = tuple(s for s, (a, b) in enumerate(zip(live.hands, hands)) if a != b)
    events = (UndoApproved(game_id, approver, ()), MovesUndone(game_id, tuple(e.ply for e in log if e.ply >= ply)),
              *change_events(after, (), changed, None))
    return await core.accepted_change(live, after, events, changed)
