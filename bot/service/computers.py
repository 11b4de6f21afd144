"""Computer players: seats in the lobby, and their turns (and the stand-in's) played in worker processes.

A computer player is a seat whose user id is negative: ``-(slot * 10 + level)``
with the level 1 easy, 2 normal, 3 hard, so the seat and its level survive a
restart in the ordinary ``seats`` table. The *stand-in* is a computer of level
normal that plays for a human: one turn when the player missed the deadline
(setting ``stand_in_on_deadline``), or the rest of the game when the player
resigned from Alcazar (setting ``stand_in_on_resign``; the seat is then marked
``stand_in``). Its moves are marked in the log.

A computer's turn is announced by a ``ComputerToMove`` event; whoever runs the
service (the Discord layer) calls ``play_computer_turn(game_id, version)``. The
turn is claimed in the database for a lease (one process thinks about it), the
computer thinks in a worker process outside the game's lock, and its move is
committed under the version check like any other: it counts once, and a turn
that moved on meanwhile (an undo, a cancel) is dropped. ``computer_turns_due``
lists the turns waiting for a computer, to resume them after a restart.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bot import ai
from bot.games.common import shortened
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceCore, engine_of, info_of
from bot.service.events import ComputerToMove, PlayerLeft
from bot.service.live import Action, LiveGame
from bot.service.lobby import Lobby, lobby_full
from bot.service.results import Accepted, Reason, Refusal, StoreUnavailable
from bot.service.threads import in_thread
from bot.service.turns import Turns
from bot.service.workers import in_process, worker_count
from bot.store import EntryKind, GameStatus, SeatRow

LEVELS = ai.LEVELS
STAND_IN_LEVEL = "normal"
MAX_SLOTS = 9


def computer_user_id(slot: int, level: str) -> int:
    """The user id of the computer in lobby ``slot`` (1–9) at ``level``."""
    return -(slot * 10 + LEVELS.index(level) + 1)


def is_computer(user_id: int) -> bool:
    return user_id < 0


def computer_level(user_id: int) -> str:
    """The level of a computer player, from its user id."""
    return LEVELS[(-user_id) % 10 - 1]


def computer_number(user_id: int) -> int:
    """The number of a computer player at its table (its lobby slot, 1–9): two computers of one
    game never share it, and it stays the same for the whole game, since it is part of the seat's id."""
    return (-user_id) // 10


def computer_words(user_id: int) -> Msg:
    """A computer player's name to word in the reader's language: "Computer 2 (normal)", "2. gép (közepes)".
    The number tells two computers of one level apart; it is the seat's for the whole game."""
    return Msg("computer.name", number=computer_number(user_id), level=Msg(f"level.{computer_level(user_id)}.lower"))


def computer_name(user_id: int) -> str:
    """How a computer player is called at its table, in English: "Computer 2 (normal)"."""
    return ai.level_name(computer_level(user_id), computer_number(user_id))


@dataclass(frozen=True)
class _Turn:
    """A computer's turn to think about: what it sees and who it plays for."""

    live: LiveGame
    seat: int
    level: str
    stand_in: bool
    seen: dict[str, Any]
    seed: int


class Computers:
    """Adding and removing computers in a lobby, and playing their turns (and the stand-in's)."""

    def __init__(self, core: ServiceCore, lobby: Lobby, turns: Turns, *, think_scale: float = 1.0) -> None:
        self.core = core
        self.lobby = lobby
        self.turns = turns
        self.store = core.store
        self.clock = core.clock
        # Multiplies the computers' thinking time per level (tests and benchmarks think briefly).
        self.think_scale = think_scale
        self._slots: asyncio.Semaphore | None = None

    # -- the lobby -----------------------------------------------------------------------

    async def add_computer(self, game_id: int, user_id: int, level: str) -> Accepted | Refusal:
        """The host adds a computer player of ``level`` (easy, normal, hard) to the lobby."""
        if level not in LEVELS:
            return Refusal(Reason.BAD_SETTINGS, Msg("refusal.no_level", level=shortened(str(level))))
        async with self.core.game_lock(game_id):
            loaded = await self.lobby.hosts_lobby(game_id, user_id, Msg("refusal.host_add_computer"))
            if isinstance(loaded, Refusal):
                return loaded
            row, seats = loaded
            engine = engine_of(row.kind)
            if len(seats) >= engine.MAX_PLAYERS:
                return lobby_full(engine)
            taken = {(-s.user_id) // 10 for s in seats if s.is_computer}
            slot = min(set(range(1, MAX_SLOTS + 1)) - taken)
            return await self.lobby.seat_in_lobby(row, computer_user_id(slot, level))

    async def remove_computer(self, game_id: int, user_id: int, computer_id: int | None = None
                              ) -> Accepted | Refusal:
        """The host removes a computer player from the lobby (by default the one added last)."""
        async with self.core.game_lock(game_id):
            loaded = await self.lobby.hosts_lobby(game_id, user_id, Msg("refusal.host_remove_computer"))
            if isinstance(loaded, Refusal):
                return loaded
            row, seats = loaded
            computers = [s for s in seats if s.is_computer]
            if computer_id is not None:
                computers = [s for s in computers if s.user_id == computer_id]
            if not computers:
                return Refusal(Reason.NOT_IN_GAME, Msg("refusal.no_computer_to_remove"))
            removed = computers[-1].user_id
            async with self.store.write() as tx:
                await tx.seats.remove(game_id, removed)
                tx.changes.note(game_id, row.version, moved=False)
                seats = tuple(await tx.seats.of_game(game_id))
            players = tuple(s.user_id for s in seats)
            return Accepted(info_of(row, seats), (PlayerLeft(game_id, removed, players),))

    # -- turns ----------------------------------------------------------------------------

    async def computer_turns_due(self) -> list[ComputerToMove]:
        """Every active game whose turn a computer plays (to resume them, e.g. after a restart)."""
        async with self.store.read() as tx:
            waiting = await tx.seats.computer_turns()
        return [ComputerToMove(game_id, version, seat) for game_id, version, seat in waiting]

    async def play_computer_turn(self, game_id: int, version: int) -> Accepted | None:
        """Let the computer (or the stand-in) play the turn at ``version``.

        None when there is nothing to do: the turn is over, it is no computer's,
        or another call has claimed it.
        """
        return await self._computer_plays(game_id, version, late=False)

    async def stand_in_for_late_player(self, game_id: int, version: int) -> Accepted | None:
        """The stand-in plays the turn of a player who missed the deadline."""
        return await self._computer_plays(game_id, version, late=True)

    async def _computer_plays(self, game_id: int, version: int, *, late: bool) -> Accepted | None:
        try:
            turn = await self._claim_turn(game_id, version, late=late)
            return None if turn is None else await self._think_and_play(turn)
        except StoreUnavailable:
            # Nothing of the turn was kept: once the store is back, the next try may take this
            # process's claim again at once. A move whose COMMIT did land moved the version on,
            # so that try finds nothing to do.
            self.core.interrupted_work(game_id, "computer", version, 0)
            raise

    def thinking_slots(self) -> asyncio.Semaphore:
        """How many computers may think at once: made on first use, once the worker pool has its size."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(max(1, worker_count() - 1))
        return self._slots

    async def _claim_turn(self, game_id: int, version: int, *, late: bool) -> _Turn | None:
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None or live.version != version or live.row.status is not GameStatus.ACTIVE:
                return None
            seat = live.row.turn_seat
            if seat is None:
                return None
            player = live.seats[seat]
            if not (late or player.computer_plays):
                return None
            # Claimed like scheduled work: a turn whose process died (its lease ran out) is thought
            # about again; the move itself counts once because it is committed under the version check.
            if not await self.core.claim(game_id, "computer", version, 0, self.clock.now()):
                return None
            async with self.store.read() as tx:
                history = [(e.seat, e.notation) for e in await tx.moves.entries(game_id)
                           if e.kind is EntryKind.MOVE]
            seen = await in_thread(ai.observe, live.row.kind, live.state, seat, history)
            return _Turn(live, seat, _level_of(player), not player.is_computer, seen,
                         seed=(live.row.seed * 1_000_003 + version) % 2**63)

    async def _think_and_play(self, turn: _Turn) -> Accepted | None:
        live = turn.live
        # Thinking happens outside the game's lock, in another process: the bot stays free. At
        # most all but one of the worker processes think at once, so boards are never kept
        # waiting behind computers.
        async with self.thinking_slots():
            move = await in_process(ai.choose_move, live.row.kind, turn.seen, turn.seat, turn.level,
                                    turn.seed, self.think_scale)
        async with self.core.game_lock(live.row.id):
            current = await self.core.load_live(live.row.id)
            if current is None or current.version != live.version \
                    or current.row.status is not GameStatus.ACTIVE:
                return None          # the game moved on while the computer thought
            now = self.clock.now()
            step = await in_thread(engine_work.advance, current.engine, current,
                                   Action(EntryKind.MOVE, turn.seat, move), now, turn.stand_in)
            result = await self.turns.commit(current, step, now)
        return result if isinstance(result, Accepted) else None


def _level_of(player: SeatRow) -> str:
    return computer_level(player.user_id) if player.is_computer else STAND_IN_LEVEL

