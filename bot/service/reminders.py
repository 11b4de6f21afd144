"""Reminders for slow players, muting them, and deadlines.

The Discord layer polls: every few minutes it calls ``due_reminders()``; for
each one it calls ``claim_reminder(reminder)``, sends it when the claim is
granted, and then calls ``mark_reminded(reminder)``. And it calls
``process_deadlines()`` and publishes the events it returns. All state is in
the database, so a restart neither forgets nor repeats a reminder.

Several bot processes may poll one database: a reminder and a deadline are
claimed there first (with a lease), so each is acted on by one process once.
A process that dies holding a claim leaves the work undone; when the lease
ends another process claims it and does it.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Mapping, Sequence

from bot.service.away import away_until, in_quiet_hours, paused_seconds, turn_deadline
from bot.i18n.message import Msg
from bot.i18n import ENGLISH
from bot.service.base import ServiceCore, engine_title, info_of
from bot.service.banks import turn_clock
from bot.service.clocks import TurnClock, runs_out_at, warning_at
from bot.service.computers import Computers
from bot.service.results import (
    BANK_WARNING, Accepted, GameInfo, Reason, Refusal, Reminder, StoreUnavailable,
)
from bot.service.settings import GameSettings
from bot.service.turns import Turns
from bot.store import GameRow, GameStatus, ReminderRow
from bot.store.players import AwayPeriod

log = logging.getLogger(__name__)


def _next_reminder(game: GameRow, settings: GameSettings, sent: ReminderRow | None,
                   away: Sequence[AwayPeriod] = (), now: float = 0.0) -> tuple[int, float] | None:
    """The number of the next reminder of the current turn and when it is due; None when capped.

    Time the player was away does not count (their clock stood still).
    """
    count = sent.sent if sent is not None and sent.version == game.version else 0
    if count >= settings.reminder_max or game.turn_since is None:
        return None
    if count == 0:
        first = settings.reminder_first_seconds
        if settings.deadline_seconds is not None:
            # A deadline sooner than the usual first reminder must not catch anyone unwarned:
            # remind at half the deadline at the latest.
            first = min(first, settings.deadline_seconds / 2)
        return 1, game.turn_since + first + paused_seconds(away, game.turn_since, now)
    assert sent is not None
    return count + 1, (sent.last_sent_at + settings.reminder_every_seconds
                       + paused_seconds(away, sent.last_sent_at, now))


def bank_runs_out(game: GameRow, away: Sequence[AwayPeriod], now: float, banks: Mapping[int, float]
                  ) -> float | None:
    """When the time bank of the player to act runs out (``banks``: the game's stored banks per
    seat); None without a time bank, or while the player is away."""
    start = GameSettings.from_dict(game.settings).bank_seconds
    if start is None or game.turn_seat is None or game.turn_since is None:
        return None
    return runs_out_at(banks.get(game.turn_seat, start), game.turn_since, now, away)


def _deadline_passed(game: GameRow, away: Sequence[AwayPeriod], now: float,
                     banks: Mapping[int, float] | None = None) -> bool:
    """Whether the turn's deadline has passed or the player's time bank has run out."""
    ends = [t for t in (turn_deadline(game, away, now), bank_runs_out(game, away, now, banks or {}))
            if t is not None]
    return bool(ends) and now >= min(ends)


def _out_of_time(game: GameRow, away: Sequence[AwayPeriod], now: float, banks: Mapping[int, float]) -> bool:
    """The bank ran out, no later than the turn's deadline (which, passed first, skips one turn only)."""
    bank_end = bank_runs_out(game, away, now, banks)
    deadline = turn_deadline(game, away, now)
    return bank_end is not None and now >= bank_end and (deadline is None or bank_end <= deadline)


def _bank_warning(game: GameRow, settings: GameSettings, banks: Mapping[int, float],
                  warned: tuple[int, int, str, float, float | None] | None, away: Sequence[AwayPeriod],
                  now: float) -> float | None:
    """When the bank runs out, if the one warning of this turn that a quarter of the time bank is
    left is due and not yet sent (``warned``: the game's claim on the warning); else None."""
    start = settings.bank_seconds
    if start is None or game.turn_seat is None or game.turn_since is None:
        return None
    if warned is not None and warned[0] == game.version and warned[4] is not None:
        return None
    bank = banks.get(game.turn_seat, start)
    due_at = warning_at(bank, start, game.turn_since, now, away)
    ends = runs_out_at(bank, game.turn_since, now, away)
    if due_at is None or ends is None or now < due_at or now >= ends:
        return None
    return ends


def _reminder_of(game: GameRow, user_id: int, number: int, deadline_at: float | None, bank_ends_at: float | None,
                 *, runs_out_at: float | None = None) -> Reminder:
    """Reminder ``number`` of the turn of ``game`` (0 with ``runs_out_at``: the time bank's warning), with
    what sending it needs of the game; the player's language and DM channel come with ``_addressed``."""
    assert game.turn_seat is not None and game.turn_since is not None
    return Reminder(game_id=game.id, guild_id=game.guild_id, channel_id=game.channel_id, user_id=user_id,
                    seat=game.turn_seat, number=number, version=game.version, waiting_since=game.turn_since,
                    title=engine_title(game.kind), deadline_at=deadline_at,
                    language=GameSettings.from_dict(game.settings).language,
                    runs_out_at=runs_out_at, bank_ends_at=bank_ends_at)


class Reminders:
    """Reminders, mutes and deadlines."""

    def __init__(self, core: ServiceCore, turns: Turns, computers: Computers) -> None:
        self.core = core
        self.turns = turns
        self.computers = computers
        self.store = core.store
        self.clock = core.clock

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        """Players whose turn has waited long enough for a (next) reminder, not muted."""
        now = self.clock.now() if now is None else now
        async with self.store.read() as tx:
            games = await tx.games.with_status(GameStatus.ACTIVE)
            to_act = await tx.seats.to_act()
            sent = await tx.reminders.of_games(g.id for g in games)
            muted = await tx.mutes.muted_in_active_games()
            earliest = min((g.turn_since for g in games if g.turn_since is not None), default=now)
            away = await tx.away.of_users(to_act.values(), earliest)
            quiet = await tx.quiet.of_users(to_act.values())
            banked = [g for g in games if "bank_hours" in g.settings]
            banks = await tx.turn_times.banks(g.id for g in banked)
            warned = {g.id: await tx.claims.holder(g.id, BANK_WARNING) for g in banked}
        due: list[Reminder] = []
        for game in games:
            user_id = to_act.get(game.id)
            # Computers are never reminded: they move by themselves.
            if user_id is None or user_id < 0 or game.turn_seat is None or (game.id, user_id) in muted:
                continue
            periods = away.get(user_id, [])
            try:
                if away_until(periods, now) is not None or in_quiet_hours(quiet.get(user_id), now):
                    continue            # away: no reminders; quiet hours: they wait until the end
                settings = GameSettings.from_dict(game.settings)
                warning = _bank_warning(game, settings, banks.get(game.id, {}), warned.get(game.id),
                                        periods, now)
                upcoming = _next_reminder(game, settings, sent.get(game.id), periods, now)
            except Exception:  # noqa: BLE001 - one game's broken settings must not stop the others' reminders
                log.exception("Reminder of game %s could not be worked out", game.id)
                continue
            deadline = turn_deadline(game, periods, now)
            bank_ends = bank_runs_out(game, periods, now, banks.get(game.id, {}))
            if warning is not None:
                due.append(_reminder_of(game, user_id, 0, deadline, bank_ends, runs_out_at=warning))
            if upcoming is None or now < upcoming[1]:
                continue
            due.append(_reminder_of(game, user_id, upcoming[0], deadline, bank_ends))
        return await self._addressed(due)

    async def _addressed(self, due: list[Reminder]) -> list[Reminder]:
        """The due reminders with each player's own language and DM channel (when known)."""
        if not due:
            return due
        users = [reminder.user_id for reminder in due]
        async with self.store.read() as tx:
            languages = await tx.languages.of_users(users)
            dm_channels = await tx.dm_channels.of_users(users)
        return [replace(reminder, dm_language=languages.get(reminder.user_id, ENGLISH),
                        dm_channel_id=dm_channels.get(reminder.user_id)) for reminder in due]

    async def deadline_of(self, game: GameInfo) -> float | None:
        """When the turn of ``game`` runs out, the player's time away added (None: no deadline, or
        the player is away and their clock stands still)."""
        if game.status is not GameStatus.ACTIVE or game.to_move_id is None:
            return None
        now = self.clock.now()
        async with self.store.read() as tx:
            row = await tx.games.get(game.id)
            if row is None or row.version != game.version:
                return None
            periods = (await tx.away.of_users([game.to_move_id], row.turn_since or now)).get(game.to_move_id, [])
        return turn_deadline(row, periods, now)

    async def clock_of(self, game: GameInfo) -> TurnClock | None:
        """Every player's time bank in a game in play (for the player to act: what is left now, and
        when it runs out); None without a time bank, or once the game is over."""
        if game.status is not GameStatus.ACTIVE or game.settings.bank_hours is None:
            return None
        now = self.clock.now()
        async with self.store.read() as tx:
            row = await tx.games.get(game.id)
            if row is None or row.status is not GameStatus.ACTIVE:
                return None
            banks = (await tx.turn_times.banks([game.id])).get(game.id, {})
            to_act = game.to_move_id
            periods = [] if to_act is None else \
                (await tx.away.of_users([to_act], row.turn_since or now)).get(to_act, [])
        return turn_clock(row, len(game.players), banks, periods, now)

    async def claim_reminder(self, reminder: Reminder) -> bool:
        """Take the sending of a due reminder for this process (for ``ServiceCore.CLAIM_LEASE_SECONDS``).

        False when it went out already, its turn is over, or another process
        is sending it; once a holder's lease has passed without the reminder
        being recorded, the holder is taken to be gone and the claim is granted.
        """
        now = self.clock.now()
        async with self.store.read() as tx:
            game = await tx.games.get(reminder.game_id)
            sent = (await tx.reminders.of_games([reminder.game_id])).get(reminder.game_id)
        if game is None or game.status is not GameStatus.ACTIVE or game.version != reminder.version:
            return False
        if reminder.task == BANK_WARNING:        # done once: the claim, finished, is never granted again
            return await self.core.claim(reminder.game_id, BANK_WARNING, reminder.version, 0, now)
        recorded = sent.sent if sent is not None and sent.version == reminder.version else 0
        if recorded >= reminder.number:
            return False
        return await self.core.claim(reminder.game_id, "reminder", reminder.version, reminder.number, now)

    def reminder_not_sent(self, reminder: Reminder) -> None:
        """A claimed reminder was not sent, the store having gone away first: this process takes
        it again as soon as the store is back, not only after the claim's lease."""
        self.core.interrupted_work(reminder.game_id, reminder.task, reminder.version, reminder.number)

    async def mark_reminded(self, reminder: Reminder) -> bool:
        """Record that a reminder went out; False when it was already recorded or the turn is over."""
        async with self.store.write() as tx:
            game = await tx.games.get(reminder.game_id)
            if game is None or game.status is not GameStatus.ACTIVE or game.version != reminder.version:
                return False
            now = self.clock.now()
            if reminder.task == BANK_WARNING:
                return await tx.claims.finish(reminder.game_id, BANK_WARNING, reminder.version, 0, now=now)
            await tx.claims.finish(reminder.game_id, "reminder", reminder.version, reminder.number, now=now)
            return await tx.reminders.record_sent(reminder.game_id, reminder.version, reminder.number, now)

    async def mute(self, game_id: int, user_id: int, muted: bool = True) -> Accepted | Refusal:
        """Stop (or, with ``muted=False``, resume) reminders of one game for one player."""
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        row, seats = loaded
        if not any(s.user_id == user_id for s in seats):
            return Refusal(Reason.NOT_IN_GAME, Msg("refusal.not_in_game"))
        async with self.store.write() as tx:
            await tx.mutes.set_muted(game_id, user_id, muted)
        return Accepted(info_of(row, seats))

    async def note_dms_closed(self, game_id: int, user_id: int) -> bool | Refusal:
        """Record that a player was told in the channel that their DMs are closed.

        True the first time for that player in that game, False after: the note
        is said once per game, and the record survives restarts. A refusal for
        a game that does not exist.
        """
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        async with self.store.write() as tx:
            return await tx.dm_notes.note_once(game_id, user_id, self.clock.now())

    async def process_deadlines(self, now: float | None = None) -> list[Accepted]:
        """Act on every missed deadline: skip the late player (Alcazar) or end the game
        with their loss (Alcazar 1978); with the setting ``stand_in_on_deadline``, the
        stand-in plays the turn instead. One result, with its events, per game acted on.
        A turn a computer plays has no deadline (it is resumed, not punished)."""
        now = self.clock.now() if now is None else now
        async with self.store.read() as tx:
            active = await tx.games.with_status(GameStatus.ACTIVE)
            to_act = await tx.seats.to_act()
            earliest = min((g.turn_since for g in active if g.turn_since is not None), default=now)
            away = await tx.away.of_users(to_act.values(), earliest)
            banks = await tx.turn_times.banks(g.id for g in active if "bank_hours" in g.settings)
        results: list[Accepted] = []
        for candidate in active:
            try:
                outcome = await self._apply_deadline(candidate, away.get(to_act.get(candidate.id, 0), []), now,
                                                     banks.get(candidate.id, {}))
            except StoreUnavailable:
                raise       # no other game's deadline can be applied either: the round ends here
            except Exception:  # noqa: BLE001 - one game that fails must not stop the others' deadlines
                log.exception("Deadline of game %s could not be applied", candidate.id)
                continue
            if isinstance(outcome, Accepted):
                results.append(outcome)
        return results

    async def _apply_deadline(self, candidate: GameRow, away: Sequence[AwayPeriod], now: float,
                              banks: Mapping[int, float]) -> Accepted | Refusal | None:
        """Skip or beat the late player of one game, or let the stand-in play their turn;
        None when its deadline has not passed and the time bank has not run out (``away``: the
        time away of the player to act, which does not count; ``banks``: the game's time banks).

        One claim covers both: a turn ends once, by whichever comes first."""
        if not _deadline_passed(candidate, away, now, banks):
            return None
        # One process acts on a missed deadline; the version check would refuse a second
        # anyway, but the claim spares it the work, and outlives a process that dies: the
        # claim is left unfinished then (as after an error), and taken again after its lease.
        if not await self.core.claim(candidate.id, "deadline", candidate.version, 0, now):
            return None
        try:
            return await self._act_on_deadline(candidate, away, now, banks)
        except StoreUnavailable:
            # Taken again at the next round once the store is back; the version check makes
            # a deadline that was applied after all count once.
            self.core.interrupted_work(candidate.id, "deadline", candidate.version, 0)
            raise

    async def _act_on_deadline(self, candidate: GameRow, away: Sequence[AwayPeriod], now: float,
                               banks: Mapping[int, float]) -> Accepted | Refusal | None:
        """The claimed deadline of ``candidate``: skip or beat the late player, or let the stand-in play.
        A time bank run out retires the player (Alcazar) or loses the game (Alcazar 1978)."""
        async with self.core.game_lock(candidate.id):
            live = await self.core.load_live(candidate.id)
            outcome: Accepted | Refusal | None = None
            stand_in = False
            # Re-checked under the lock: the player may have moved meanwhile.
            if live is not None and live.row.status is GameStatus.ACTIVE and live.version == candidate.version \
                    and _deadline_passed(live.row, away, now, banks) and live.row.turn_seat is not None \
                    and not live.seats[live.row.turn_seat].computer_plays:
                stand_in = GameSettings.from_dict(live.row.settings).stand_in_on_deadline
                if not stand_in:
                    outcome = await self.turns.end_turns_of(live, live.row.turn_seat, missed_deadline=True,
                                                            out_of_time=_out_of_time(live.row, away, now, banks))
        if stand_in:
            # The stand-in thinks outside the game's lock, like any computer.
            outcome = await self.computers.stand_in_for_late_player(candidate.id, candidate.version)
        await self.core.finish_claim(candidate.id, "deadline", candidate.version, 0)
        return outcome
