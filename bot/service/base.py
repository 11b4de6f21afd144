"""What every part of the game service shares: the store, the clock, locks, the cache, claims and commits."""
from __future__ import annotations

import asyncio
import os
import secrets
import socket
import weakref
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any, AsyncIterator, Awaitable, Callable, Mapping, Sequence

from bot.games import AnyEngine, get_game
from bot.games.common import GameError, Outcome
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.admission import moves_admission
from bot.service.banks import record_turn
from bot.service.cache import GameCache
from bot.service.clock import Clock, SystemClock
from bot.service.events import (
    BoardChanged, ComputerToMove, Event, GameOver, HandsChanged, MovePlayed, TurnChanged,
)
from bot.service.live import LiveGame, Step, words_of
from bot.service.posting import posting_of
from bot.service.ratings import is_rated, rating_changes
from bot.service.results import Accepted, GameInfo, GameResult, Reason, Refusal
from bot.service.settings import GameSettings
from bot.service.threads import in_thread
from bot.store import EntryKind, GameRow, GameStatus, LogEntry, ResultRow, SeatRow, Snapshot, Store, Tx
from bot.telemetry import Metrics
from bot.telemetry.context import about


def new_seed() -> int:
    """A fresh game seed (63 bits, so it fits SQLite's signed integers)."""
    return secrets.randbits(63)


class ServiceCore:
    """The store, the clock and the metrics; one lock per game; the games held in memory and their
    loading; claims on scheduled work; committing a step. Every part of ``GameService`` that works
    on games is handed this one object."""

    # Games held in memory at once (the least recently used go first and are
    # reloaded from their snapshot when played again). Every game being played
    # should fit: a reload costs a read and a replay on every move.
    CACHE_SIZE = 5000
    # How long a claim on a reminder or a deadline is held: far longer than sending one
    # reminder takes, so that only a process that died loses its claim to another.
    CLAIM_LEASE_SECONDS = 120.0

    def __init__(
        self, store: Store, clock: Clock | None = None, *,
        seed_source: Callable[[], int] = new_seed, cache_size: int | None = None,
        process_name: str | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        if cache_size is not None and cache_size < 1:
            raise ValueError("the game cache needs room for at least one game")
        self.cache_size = cache_size or self.CACHE_SIZE
        self.store = store
        self.clock: Clock = clock or SystemClock()
        # Where a new game's seed comes from (tests fix it).
        self.new_seed = seed_source
        # The moves counted for the host's /metrics (the bot passes its own; otherwise they count for nobody).
        self.metrics = metrics or Metrics()
        # Who holds a claim: this process, among the others sharing the database.
        self.process_name = process_name or f"{socket.gethostname()}:{os.getpid()}"
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # The games held in memory, least recently used first (most of them packed, out of the
        # garbage collector's way: ``bot/service/cache.py``).
        self.live = GameCache(self.cache_size)
        # Players' moves wait here while the image workers are full, so a backlog waits as moves, not as
        # turns worked out and waiting for their boards (``bot/service/admission.py``).
        self.moves_admission = moves_admission()
        # Claims this process holds on work an outage cut short: (game id, task, version, number).
        self._interrupted: set[tuple[int, str, int, int]] = set()
        # Told of every game's end once it is committed (``GameService`` sets its tournaments' here).
        self.on_game_end: Callable[[GameInfo], Awaitable[list[Any]]] | None = None

    # -- serialising work on one game ------------------------------------------------

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's lock: one operation at a time per game, other games run freely."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        with about(game_id=game_id):      # the log lines of the work on the game name it
            async with lock:
                yield

    # -- claims on scheduled work (several processes, one database) -------------------

    async def claim(self, game_id: int, task: str, version: int, number: int, now: float) -> bool:
        """Take a piece of scheduled work for this process; False when it is done or held elsewhere.

        Work this process claimed and then could not do, because the store went away before
        anything was done (``interrupted_work``), is taken again at once, if the claim is still
        its own, rather than after the claim's lease."""
        key = (game_id, task, version, number)
        async with self.store.write() as tx:
            if key in self._interrupted:
                self._interrupted.discard(key)
                if await tx.claims.renew(game_id, task, version, number, owner=self.process_name,
                                         now=now, lease=self.CLAIM_LEASE_SECONDS):
                    return True
            return await tx.claims.claim(game_id, task, version, number, owner=self.process_name,
                                         now=now, lease=self.CLAIM_LEASE_SECONDS)

    def interrupted_work(self, game_id: int, task: str, version: int, number: int) -> None:
        """The store went away after this process claimed the work and before any of it was done."""
        self._interrupted.add((game_id, task, version, number))

    async def finish_claim(self, game_id: int, task: str, version: int, number: int) -> None:
        async with self.store.write() as tx:
            await tx.claims.finish(game_id, task, version, number, now=self.clock.now())

    async def game_ended(self, game: GameInfo) -> list[Any]:
        """Heard after a game's end is committed: events to add (a tournament's game is scored and its
        round may end: ``GameService`` hands this on to its tournaments)."""
        return [] if self.on_game_end is None else await self.on_game_end(game)

    # -- loading -----------------------------------------------------------------------

    async def game_rows(self, game_id: int) -> tuple[GameRow, tuple[SeatRow, ...]] | Refusal:
        """The game's row and seats, or the refusal for a game that does not exist."""
        loaded = await self.load_row(game_id)
        return no_such_game(game_id) if loaded is None else loaded

    async def load_row(self, game_id: int) -> tuple[GameRow, tuple[SeatRow, ...]] | None:
        async with self.store.read() as tx:
            row = await tx.games.get(game_id)
            if row is None:
                return None
            return row, tuple(await tx.seats.of_game(game_id))

    async def load_live(self, game_id: int, *, trust_cache: bool = False) -> LiveGame | None:
        """The game in play (or finished) at its current version: cached, or from the store.

        With a store of its own (SQLite) the cache is trusted: this process makes
        every change through the service. With a shared store (PostgreSQL, other
        processes) the cached copy is checked against the game's row first and
        reloaded when another process moved the game on, unless ``trust_cache``:
        the caller commits under the store's version check, which guards every
        commit anyway, and judges again on a reload when that check fails.
        """
        cached = self.live.get(game_id)
        if cached is not None:
            if trust_cache or not self.store.shared:
                self.live.move_to_end(game_id)
                return cached
            async with self.store.read() as tx:
                row = await tx.games.get(game_id)
            if row is not None and row.version == cached.version:
                # Same board; only what changes without a move (settings) is taken from the row.
                fresh = cached if row == cached.row else replace(cached, row=row)
                self.remember(fresh)
                return fresh
        game = await self._loaded(game_id)
        if game is not None:
            self.remember(game)
        return game

    async def _loaded(self, game_id: int) -> LiveGame | None:
        """The game read from the store: from its snapshot and the log lines after it, or, when the
        engine cannot take the snapshot up, replayed from its whole log. None for a lobby."""
        async with self.store.consistent_read() as tx:
            stored = await _stored_game(tx, game_id, whole_log=False)
        if stored is None:
            return None
        engine = get_game(stored.row.kind)
        if stored.snapshot is not None and stored.entries is None:
            game = await self._resumed(stored.row, stored.seats, engine, stored.snapshot, stored.later)
            if game is not None:
                return game
            async with self.store.consistent_read() as tx:
                stored = await _stored_game(tx, game_id, whole_log=True)
            if stored is None:
                return None
        assert stored.entries is not None
        return await self._rebuilt(stored.row, stored.seats, engine, stored.entries)

    async def _resumed(self, row: GameRow, seats: tuple[SeatRow, ...], engine: AnyEngine,
                       snapshot: Snapshot, later: Sequence[LogEntry]) -> LiveGame | None:
        """The game from its snapshot and the log lines after it; None when the engine cannot
        take the snapshot up (another schema) or the lines do not follow from it."""
        try:
            state, hands = await in_thread(engine_work.resume, engine, snapshot.state, later, len(seats))
        except (ValueError, GameError):
            return None
        ply = later[-1].ply if later else snapshot.ply
        return LiveGame(row=row, seats=seats, engine=engine, state=state, ply=ply, hands=hands,
                        snapshot_ply=snapshot.ply)

    async def _rebuilt(self, row: GameRow, seats: tuple[SeatRow, ...], engine: AnyEngine,
                       entries: Sequence[LogEntry]) -> LiveGame:
        """The game replayed from its seed and its whole log; its next step writes a snapshot."""
        settings = GameSettings.from_dict(row.settings)
        state, hands, _ = await in_thread(
            engine_work.rebuild, engine, len(seats), row.seed, dict(settings.options), entries
        )
        ply = len(entries)
        return LiveGame(row=row, seats=seats, engine=engine, state=state, ply=ply, hands=hands,
                        snapshot_ply=ply - engine_work.SNAPSHOT_EVERY)

    def remember(self, game: LiveGame) -> None:
        self.live.remember(game)

    def forget(self, game_id: int) -> None:
        self.live.forget(game_id)

    # -- describing ----------------------------------------------------------------------

    async def info(self, row: GameRow, seats: tuple[SeatRow, ...]) -> GameInfo:
        if row.status is not GameStatus.FINISHED:
            return info_of(row, seats)     # nothing to read
        async with self.store.read() as tx:
            return await info_in(tx, row, seats)

    async def accepted_change(self, before: LiveGame, after: LiveGame, events: Sequence[Event],
                              hands_changed: Sequence[int]) -> Accepted:
        """``accepted_in`` for a change committed already: the views worked out and the posting read afresh."""
        views = await in_thread(engine_work.views_of, after.engine, after.state, (None, *hands_changed))
        async with self.store.read() as tx:
            return await self.accepted_in(tx, before, after, events, hands_changed, views=views)

    async def accepted_in(self, tx: Tx, before: LiveGame, after: LiveGame, events: Sequence[Event],
                          hands_changed: Sequence[int], told_draws: Sequence[int] = (), *,
                          views: Mapping[int | None, Mapping[str, Any]]) -> Accepted:
        """The answer to a change of the board, with what posting it needs: the public view, the
        turn's facts and each changed hand (so the edge asks nothing more); for the seats of
        ``told_draws``, the cards that came into the hand. ``views`` are the engine's views of
        ``after`` (public and changed hands). Read in ``tx``, the change's own transaction, so that a
        move costs one transaction and no read after it."""
        info = await info_in(tx, after.row, after.seats)
        posting, hands = await posting_of(tx, before, after, info, hands_changed, self.clock.now(), views,
                                          told_draws)
        return Accepted(info, tuple(events), posting=posting, hands=hands)

    # -- committing a step -----------------------------------------------------------------

    async def commit_step(
        self, tx: Tx, live: LiveGame, step: Step, now: float, *, outcome: Outcome | None = None,
    ) -> LiveGame:
        """Write one step (log lines, snapshot, version) inside ``tx``; ``StaleVersion`` if late."""
        outcome = outcome or step.outcome
        finished = outcome is not None
        turn = None if finished else live.engine.to_move(step.state)
        version = await tx.games.advance(
            live.row.id, expected_version=live.version,
            status=GameStatus.FINISHED if finished else GameStatus.ACTIVE,
            turn_seat=turn, now=now,
        )
        await tx.moves.append(live.row.id, step.entries)
        await record_turn(tx, live, step.entries, now)
        snapshot = step.snapshot
        if snapshot is None and finished:    # ended by the session (a resignation, a deadline)
            snapshot = engine_work.snapshot_of(live.engine, step.state)
        if snapshot is not None:
            await tx.snapshots.put(Snapshot(live.row.id, version, step.ply, snapshot))
        if outcome is not None:
            # the reason column keeps English for people reading the database; players read the outcome's message
            await tx.results.record(live.row.id, winners=outcome.winners, reason=str(outcome.reason),
                                    outcome=outcome.to_dict(), now=now)
            # Rated in the result's transaction: no game is rated twice or missed.
            if is_rated(live, outcome) and not await tx.moves.stand_in_seats(live.row.id):
                prior = await tx.ratings.of_players(live.row.guild_id, live.row.kind, live.user_ids)
                await tx.ratings.record(rating_changes(live, outcome, prior, now))
        row = _advanced_row(live.row, version, turn, now, finished)
        return LiveGame(row=row, seats=live.seats, engine=live.engine, state=step.state,
                        ply=step.ply, hands=step.hands,
                        snapshot_ply=live.stored_snapshot_ply if snapshot is None else step.ply)


def count_moves(metrics: Metrics, game: LiveGame, entries: Sequence[LogEntry]) -> None:
    """The moves of a committed step, for /metrics: chosen by a person or by a computer (forced passes left out)."""
    for entry in entries:
        if entry.kind is EntryKind.MOVE and not entry.forced:
            metrics.move_played(game.row.kind, by_computer=entry.stand_in or game.seats[entry.seat].computer_plays)


def change_events(game: LiveGame, entries: Sequence[LogEntry], hands_changed: tuple[int, ...],
                  outcome: Outcome | None) -> list[Event]:
    """Events of a committed change of ``game`` (as it now is): its log lines, the new board,
    the hands that changed, then whose turn it is or the result."""
    game_id = game.row.id
    events: list[Event] = [
        MovePlayed(game_id, e.ply, e.seat, game.user_of(e.seat), e.kind, e.notation, words_of(e), e.forced,
                   e.stand_in)
        for e in entries
    ]
    events.append(BoardChanged(game_id, game.version))
    if hands_changed:
        events.append(HandsChanged(game_id, hands_changed, tuple(game.user_of(s) for s in hands_changed)))
    events.extend(turn_or_result(game, outcome))
    return events


def turn_or_result(game: LiveGame, outcome: Outcome | None) -> list[Event]:
    """Who is to play now (and whether a computer plays it), or how the game ended."""
    if outcome is not None:
        return [GameOver(game.row.id, outcome, tuple(game.user_of(s) for s in outcome.winners))]
    seat = game.row.turn_seat
    assert seat is not None
    events: list[Event] = [TurnChanged(game.row.id, seat, game.user_of(seat))]
    if game.seats[seat].computer_plays:
        events.append(ComputerToMove(game.row.id, game.version, seat))
    return events


def _advanced_row(row: GameRow, version: int, turn: int | None, now: float, finished: bool) -> GameRow:
    return GameRow(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, kind=row.kind,
        status=GameStatus.FINISHED if finished else GameStatus.ACTIVE, host_id=row.host_id,
        settings=row.settings, seed=row.seed, version=version, created_at=row.created_at,
        updated_at=now, turn_seat=turn, turn_since=None if turn is None else now,
    )


def _result(stored: ResultRow, seats: tuple[SeatRow, ...]) -> GameResult:
    ids = {s.seat: s.user_id for s in seats}
    outcome = Outcome.from_dict(stored.outcome)
    return GameResult(
        winners=stored.winners, winner_ids=tuple(ids[s] for s in stored.winners),
        reason=outcome.reason or stored.reason, outcome=outcome,
        finished_at=stored.finished_at,
    )


async def info_in(tx: Tx, row: GameRow, seats: tuple[SeatRow, ...]) -> GameInfo:
    """A ``GameInfo`` from stored rows, with a finished game's result read in ``tx``."""
    result = None
    if row.status is GameStatus.FINISHED:
        stored = await tx.results.get(row.id)
        if stored is not None:
            stood_in = await tx.moves.stand_in_seats(row.id)
            result = replace(_result(stored, seats), stand_in_seats=stood_in)
    return info_of(row, seats, result)


def info_of(row: GameRow, seats: tuple[SeatRow, ...], result: GameResult | None = None) -> GameInfo:
    """A ``GameInfo`` from stored rows."""
    players = tuple(s.user_id for s in seats)
    to_move_id = None
    if row.turn_seat is not None and row.turn_seat < len(players):
        to_move_id = players[row.turn_seat]
    return GameInfo(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, kind=row.kind,
        title=engine_title(row.kind), status=row.status, host_id=row.host_id,
        settings=GameSettings.from_dict(row.settings), version=row.version, players=players,
        resigned=frozenset(s.user_id for s in seats if s.resigned),
        to_move_seat=row.turn_seat, to_move_id=to_move_id, turn_since=row.turn_since,
        result=result, stood_in=frozenset(s.user_id for s in seats if s.stand_in),
    )


def engine_title(kind: str) -> str:
    return str(get_game(kind).TITLE)


def engine_of(kind: str) -> AnyEngine:
    return get_game(kind)


def no_such_game(game_id: int) -> Refusal:
    return Refusal(Reason.NO_SUCH_GAME, Msg("refusal.no_such_game", game=game_id))


@dataclass(frozen=True)
class _StoredGame:
    """What the store holds of a game in play, read at one moment: its row and seats, and its
    snapshot with the log lines after it, or (``entries``) its whole log."""

    row: GameRow
    seats: tuple[SeatRow, ...]
    snapshot: Snapshot | None
    later: list[LogEntry]
    entries: list[LogEntry] | None


async def _stored_game(tx: Tx, game_id: int, *, whole_log: bool) -> _StoredGame | None:
    """The game's rows in ``tx`` (a consistent read); None for a lobby, or a lobby that closed.
    The whole log is read when asked, when there is no snapshot, or when the snapshot is newer
    than the row (it cannot be taken up as the row's board)."""
    row = await tx.games.get(game_id)
    if row is None or row.status is GameStatus.LOBBY or row.version == 0:
        return None
    seats = tuple(await tx.seats.of_game(game_id))
    snapshot = await tx.snapshots.get(game_id)
    if whole_log or snapshot is None or snapshot.version > row.version:
        return _StoredGame(row, seats, snapshot, [], await tx.moves.entries(game_id))
    later = await tx.moves.entries_after(game_id, snapshot.ply) if snapshot.version < row.version else []
    return _StoredGame(row, seats, snapshot, later, None)
