"""Turns: playing a move, resigning, and what a missed deadline does."""
from __future__ import annotations

from dataclasses import replace

from bot.games.common import GameError, MoveError, Outcome
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceCore, change_events, count_moves, no_such_game
from bot.service.events import Event, MovePlayed, PlayerResigned
from bot.service.live import Action, LiveGame, Step, seat_name
from bot.service.results import Accepted, Reason, Refusal
from bot.service.settings import GameSettings
from bot.service.threads import in_thread
from bot.store import EntryKind, GameStatus, StaleVersion


def stale(live: LiveGame) -> Refusal:
    return Refusal(Reason.STALE_VERSION, Msg("refusal.stale_version", version=live.version))


# Refusals that an out-of-date cached copy of the game could cause.
_MAYBE_OUT_OF_DATE = frozenset({Reason.STALE_VERSION, Reason.NOT_YOUR_TURN, Reason.ILLEGAL_MOVE,
                                Reason.GAME_OVER})


class Turns:
    """Moves and resignations, each one transaction.

    The other parts end a turn through it too: a seat to act (``seated_player``), a step
    to commit (``commit``), a seat that stops playing (``end_turns_of``)."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core
        self.store = core.store
        self.clock = core.clock

    async def play(
        self, game_id: int, user_id: int, text: str, expected_version: int | None = None,
    ) -> Accepted | Refusal:
        """Play a move given in notation.

        ``expected_version`` is the board version the player saw (a button
        carries it); when the game has moved on since, the move is refused as
        stale and nothing is merged. ``None`` skips that check (a typed command).
        Forced passes that follow are played at once, in the same transaction.

        Another process may have moved the game on since this one cached it:
        the move is judged on the cached copy (no round trip to the database
        first), and a refusal that an old copy could explain, the version check
        of the commit among them, is judged once more on the stored game before
        it is given.
        """
        # While the image workers are behind, the move waits at the door as it came (not yet judged),
        # rather than as a turn worked out whose board waits for a worker.
        async with self.core.moves_admission.place(), self.core.game_lock(game_id):
            cached = self.core.live.get(game_id)
            result = await self._play_once(game_id, user_id, text, expected_version)
            # A player's board at or behind the cached version needs no second look: the cache
            # cannot be older than it, and a newer stored game would only make it staler.
            if cached is not None and isinstance(result, Refusal) and result.reason in _MAYBE_OUT_OF_DATE \
                    and (expected_version is None or expected_version > cached.version):
                self.core.forget(game_id)
                result = await self._play_once(game_id, user_id, text, expected_version)
            return result

    async def _play_once(
        self, game_id: int, user_id: int, text: str, expected_version: int | None,
    ) -> Accepted | Refusal:
        seated = await self.seated_player(game_id, user_id, trust_cache=True)
        if isinstance(seated, Refusal):
            return seated
        live, seat = seated
        if expected_version is not None and expected_version != live.version:
            return stale(live)
        if live.row.turn_seat != seat:
            return Refusal(Reason.NOT_YOUR_TURN, Msg("refusal.not_your_turn"))
        if not isinstance(text, str):
            return Refusal(Reason.MALFORMED_MOVE, Msg("refusal.move_as_text"))
        now = self.clock.now()
        try:
            # On the event loop, not in a worker thread: a player's step takes about 0.2 ms (0.5 ms at
            # the 99th percentile), as long as the hop to a thread and back, and a thread running
            # Python would hold the GIL, and so the loop, all the same.
            step = engine_work.advance(live.engine, live, Action(EntryKind.MOVE, seat, text), now)
        except MoveError as error:
            # The engine's reason quotes (shortly, harmlessly) the part it could not read.
            return Refusal(Reason.MALFORMED_MOVE, Msg("refusal.malformed", reason=error.reason))
        except GameError as error:
            return Refusal(Reason.ILLEGAL_MOVE, error.reason)
        # Only a purchase from the deck brings a card nobody has seen: the player is told which.
        from_deck = (seat,) if step.parts is not None and step.parts.draws_from_deck else ()
        return await self.commit(live, step, now, told_draws=from_deck)

    async def resign(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Resign. In Alcazar the game goes on without the player (their turns are
        skipped, they rank last) or, with the setting ``stand_in_on_resign``, with
        the stand-in playing their seat; in Alcazar 1978 the opponent wins at once."""
        result = await self._resign(game_id, user_id)
        if _lost_a_race(result):   # to another process: judged again on the game as it now is
            result = await self._resign(game_id, user_id)
        return result

    async def _resign(self, game_id: int, user_id: int) -> Accepted | Refusal:
        async with self.core.game_lock(game_id):
            seated = await self.seated_player(game_id, user_id)
            if isinstance(seated, Refusal):
                return seated
            live, seat = seated
            if live.engine.CAN_RETIRE and GameSettings.from_dict(live.row.settings).stand_in_on_resign:
                return await self._hand_seat_to_stand_in(live, seat)
            return await self.end_turns_of(live, seat, missed_deadline=False)

    async def _hand_seat_to_stand_in(self, live: LiveGame, seat: int) -> Accepted | Refusal:
        """The stand-in takes over a resigning player's seat: the board stays, the version moves on."""
        now = self.clock.now()
        step = await in_thread(engine_work.standing_still, live.engine, live)
        return await self.commit(live, step, now, resigned_seat=seat, stand_in=True)

    # -- shared by resignations and deadlines --------------------------------------------

    async def end_turns_of(self, live: LiveGame, seat: int, *, missed_deadline: bool, out_of_time: bool = False
                            ) -> Accepted | Refusal:
        """A seat stops playing: skipped or retired where the game goes on, beaten where not.

        ``out_of_time``: the seat's time bank ran out, which retires it (Alcazar) rather than skip one turn."""
        engine = live.engine
        now = self.clock.now()
        skipped = missed_deadline and not out_of_time
        if engine.CAN_SKIP if skipped else engine.CAN_RETIRE:
            kind = EntryKind.SKIP if skipped else EntryKind.RETIRE
            step = await in_thread(engine_work.advance, engine, live, Action(kind, seat), now)
            return await self.commit(live, step, now, resigned_seat=None if skipped else seat,
                                     lost_on_time=out_of_time)
        name = seat_name(engine, seat)
        key = "outcome.out_of_time" if out_of_time else "outcome.missed_deadline" if missed_deadline \
            else "outcome.resigned"
        winners = tuple(s for s in range(len(live.seats)) if s != seat)
        outcome = Outcome(winners=winners, reason=Msg(key, colour=name))
        step = await in_thread(engine_work.standing_still, engine, live)
        return await self.commit(live, step, now, outcome=outcome,
                                 resigned_seat=None if missed_deadline else seat,
                                 lost_on_time=missed_deadline)

    async def commit(
        self, live: LiveGame, step: Step, now: float, *,
        outcome: Outcome | None = None, resigned_seat: int | None = None, stand_in: bool = False,
        lost_on_time: bool = False,
        told_draws: tuple[int, ...] = (),
    ) -> Accepted | Refusal:
        """One transaction for one step; a stale version rolls it back whole.

        ``resigned_seat`` resigned in this step; with ``stand_in`` the stand-in plays it on.
        ``lost_on_time``: the player to act lost the game (or was retired) on time, for their record.
        ``told_draws``: the seats whose result says which cards came into their hand (from the deck).
        """
        try:
            async with self.store.write() as tx:
                if lost_on_time and live.row.turn_seat is not None:
                    await tx.turn_times.note_out_of_time(live.row.id, live.user_of(live.row.turn_seat), now)
                if resigned_seat is not None:
                    await tx.seats.mark_resigned(live.row.id, live.user_of(resigned_seat), stand_in=stand_in)
                    live = _with_resigned(live, resigned_seat, stand_in)
                after = await self.core.commit_step(tx, live, step, now, outcome=outcome)
                # What posting the change needs is read in its own transaction: none follows it.
                accepted = await self.core.accepted_in(
                    tx, live, after, _step_events(after, step, outcome, resigned_seat, lost_on_time),
                    step.hands_changed, told_draws, views=step.views)
        except StaleVersion:
            self.core.forget(live.row.id)
            return stale(live)
        self.core.remember(after)
        count_moves(self.core.metrics, after, step.entries)
        if accepted.game.status is GameStatus.FINISHED:
            # a tournament's game: scored, and its round may end
            accepted = replace(accepted, events=accepted.events + tuple(await self.core.game_ended(accepted.game)))
        return accepted

    async def seated_player(self, game_id: int, user_id: int, *, trust_cache: bool = False
                             ) -> tuple[LiveGame, int] | Refusal:
        """The active game and the user's seat in it, or why they cannot act in it."""
        live = await self.core.load_live(game_id, trust_cache=trust_cache)
        if live is None:
            loaded = await self.core.load_row(game_id)
            if loaded is None:
                return no_such_game(game_id)
            return Refusal(Reason.NOT_STARTED, Msg("refusal.not_started"))
        if live.row.status is not GameStatus.ACTIVE:
            return Refusal(Reason.GAME_OVER, Msg("refusal.game_is_over"))
        seat = live.seat_of(user_id)
        if seat is None:
            return Refusal(Reason.NOT_IN_GAME, Msg("refusal.not_in_game"))
        if live.seats[seat].resigned:
            return Refusal(Reason.NOT_IN_GAME, Msg("refusal.resigned"))
        return live, seat


def _step_events(after: LiveGame, step: Step, outcome: Outcome | None, resigned_seat: int | None,
                 lost_on_time: bool) -> list[Event]:
    """The events of a committed step: a resignation first, then the step's lines, board and turn."""
    events: list[Event] = []
    if resigned_seat is not None:
        events.append(PlayerResigned(after.row.id, resigned_seat, after.user_of(resigned_seat)))
    changes = change_events(after, step.entries, step.hands_changed, outcome or step.outcome)
    if lost_on_time:     # the retirement says why
        changes = [replace(e, out_of_time=True) if isinstance(e, MovePlayed) and e.kind is EntryKind.RETIRE
                   else e for e in changes]
    events.extend(changes)
    return events


def _lost_a_race(result: Accepted | Refusal) -> bool:
    """The commit found the game moved on since it was loaded (by another process)."""
    return isinstance(result, Refusal) and result.reason is Reason.STALE_VERSION


def _with_resigned(game: LiveGame, seat: int, stand_in: bool) -> LiveGame:
    seats = tuple(replace(s, resigned=True, stand_in=stand_in) if s.seat == seat else s for s in game.seats)
    return replace(game, seats=seats)
