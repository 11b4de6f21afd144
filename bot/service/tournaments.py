"""Tournaments and leagues the bot runs: sign-up, rounds that pair and open by themselves, the end.

``service.tournaments`` (a ``Tournaments``) takes ids and returns a
``TournamentAccepted`` or a ``Refusal``, like the rest of the service. Pairing
and scoring are ``bot.tournament``'s; this part stores the tournament, opens
each round's games through the game service's own public operations (so they
are ordinary games, rated as usual) and hears of every game that ends
(``game_ended``, called where games end). When a round's last game ends the
next round is paired at once, or the tournament ends.

Each game needs a channel of its own (one live game per channel): ``channels``
(a ``TableChannels``, set by whoever runs the bot; the Discord layer opens a
thread under the tournament's channel) gives one per table. Pairing a round is
guarded by the tournament's version in the database, so of several processes
hearing the same last game end, one pairs the round.
"""
from __future__ import annotations

import asyncio
import logging
import random
import weakref
from dataclasses import replace
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Mapping, Protocol, Sequence

from bot import tournament as cup
from bot.games import get_game
from bot.i18n.message import Msg
from bot.service.clock import Clock
from bot.service.lobby import Lobby
from bot.service.queries import Records
from bot.service.results import Accepted, GameInfo, Reason, Refusal
from bot.service.settings import GameSettings, SettingsError
from bot.service.standings import Ratings
from bot.service.turns import Turns
from bot.service.tournament_records import (
    FORMATS, UNRATED, PlayerWithdrawn, RoundEnded, RoundStarted, TournamentAccepted, TournamentCancelled,
    TournamentEnded, TournamentInfo, info_of, table_result, tournament_of,
)
from bot.store import GameStatus, Store, TournamentBusy, TournamentMovedOn, TournamentRow, TournamentStatus
from bot.store.tournaments import TableRow

log = logging.getLogger(__name__)

#: Swiss rounds a host may set.
MOST_ROUNDS = 20
#: Entrants one tournament takes.
MOST_ENTRANTS = 64
#: How long the process that paired a round has to open its games before another takes the work over.
OPENING_LEASE_SECONDS = 120.0
#: The fewest entrants a tournament starts with, by format.
FEWEST_ENTRANTS = {"swiss": 3, "round_robin": 2}


class TableChannels(Protocol):
    """Where a table's game is played: a channel (a thread) of its own, opened on demand."""

    async def open_table(self, tournament: TournamentInfo, round_number: int, table: int,
                         players: tuple[int, ...]) -> int: ...


def no_tournament() -> Refusal:
    return Refusal(Reason.NO_SUCH_GAME, Msg("tournament.refusal.none"))


def game_seed(tournament_seed: int, round_number: int, table: int) -> int:
    """A table's game seed, the same whoever opens it (63 bits, as games' seeds are)."""
    return random.Random(f"{tournament_seed}:{round_number}:{table}").getrandbits(63)


class Tournaments:
    """Tournaments over ``store``; their games are opened through the ``lobby`` (in channels from
    ``channels``), resigned through ``turns``, looked up in ``records``, seeded by ``ratings``."""

    def __init__(self, store: Store, clock: Clock, *, lobby: Lobby, turns: Turns, records: Records,
                 ratings: Ratings, channels: TableChannels | None = None, seed_source: Any = None) -> None:
        self.store = store
        self.clock = clock
        self.lobby, self.turns, self.records, self.ratings = lobby, turns, records, ratings
        self.channels = channels
        self._seed_source = seed_source or (lambda: random.SystemRandom().getrandbits(63))
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def _lock(self, tournament_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        async with lock:
            yield

    # -- queries -------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentInfo | Refusal:
        """The tournament, or a refusal for an unknown id."""
        async with self.store.read() as tx:
            row = await tx.tournaments.get(tournament_id)
            if row is None:
                return no_tournament()
            return info_of(row, await tx.tournaments.entrants(row.id), await tx.tournaments.rounds(row.id))

    async def in_channel(self, channel_id: int, *, latest: bool = False) -> TournamentInfo | None:
        """The channel's tournament signing up or running (``latest``: or the newest one, ended too)."""
        async with self.store.read() as tx:
            row = await (tx.tournaments.latest_in_channel(channel_id) if latest
                         else tx.tournaments.live_in_channel(channel_id))
            if row is None:
                return None
            return info_of(row, await tx.tournaments.entrants(row.id), await tx.tournaments.rounds(row.id))

    async def standings(self, tournament_id: int) -> tuple[TournamentInfo, tuple[cup.Standing, ...]] | Refusal:
        """The standings so far (before the start: every entrant on nothing)."""
        loaded = await self._load(tournament_id)
        if isinstance(loaded, Refusal):
            return loaded
        info, pure, _ = loaded
        return info, cup.standings(pure)

    async def _load(self, tournament_id: int
                    ) -> tuple[TournamentInfo, cup.Tournament, list[TableRow]] | Refusal:
        async with self.store.read() as tx:
            row = await tx.tournaments.get(tournament_id)
            if row is None:
                return no_tournament()
            entrants = await tx.tournaments.entrants(row.id)
            rounds = await tx.tournaments.rounds(row.id)
            tables = await tx.tournaments.tables(row.id)
        return info_of(row, entrants, rounds), tournament_of(row, entrants, rounds, tables), tables

    # -- sign-up -----------------------------------------------------------------------------

    async def new(self, guild_id: int, channel_id: int, host_id: int, game: str, format: str, *,
                  rounds: int | None = None, table_size: int | None = None, double: bool = False,
                  game_settings: Mapping[str, Any] | None = None, seed: int | None = None
                  ) -> TournamentAccepted | Refusal:
        """Open a tournament for sign-up in a channel. The host runs it and joins only if they want to play.

        ``game_settings`` are what each of its games is set to (the clock, the language)."""
        checked = self._checked_settings(game, format, rounds, table_size, double, game_settings)
        if isinstance(checked, Refusal):
            return checked
        rounds, table_size, settings = checked
        try:
            async with self.store.write() as tx:
                if await tx.tournaments.live_in_channel(channel_id) is not None:
                    raise TournamentBusy(channel_id)
                row = await tx.tournaments.create(
                    guild_id=guild_id, channel_id=channel_id, game=game, format=format, rounds=rounds,
                    table_size=table_size, double=double, clock=settings, host_id=host_id,
                    seed=self._seed_source() if seed is None else seed, now=self.clock.now())
        except TournamentBusy:
            return Refusal(Reason.CHANNEL_BUSY, Msg("tournament.refusal.channel_busy"))
        return TournamentAccepted(info_of(row, (), ()))

    def _checked_settings(self, game: str, format: str, rounds: int | None, table_size: int | None, double: bool,
                          game_settings: Mapping[str, Any] | None
                          ) -> tuple[int, int, dict[str, Any]] | Refusal:
        if game not in cup.GAMES:
            return Refusal(Reason.UNKNOWN_GAME_KIND, Msg("refusal.unknown_game_unnamed", games=", ".join(cup.GAMES)))
        if format not in FORMATS:
            return Refusal(Reason.BAD_SETTINGS, Msg("tournament.refusal.format"))
        if format == "swiss":
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
                return Refusal(Reason.BAD_SETTINGS, Msg("tournament.refusal.rounds", most=MOST_ROUNDS))
        else:
            rounds = 0        # the schedule's length, known at the start
        if game == cup.ALCAZAR_1978:
            if table_size not in (None, 2):
                return Refusal(Reason.BAD_SETTINGS, Msg("tournament.refusal.table_size_1978"))
            table_size = 2
        elif table_size is None:
            table_size = 4
        elif table_size not in (3, 4):
            return Refusal(Reason.BAD_SETTINGS, Msg("tournament.refusal.table_size"))
        if double and (format != "round_robin" or game != cup.ALCAZAR_1978):
            return Refusal(Reason.BAD_SETTINGS, Msg("tournament.refusal.double"))
        try:
            settings = GameSettings().changed(get_game(game), dict(game_settings or {}))
        except SettingsError as error:
            return Refusal(Reason.BAD_SETTINGS, error.reason)
        chosen = {k: v for k, v in settings.to_dict().items() if k in (game_settings or {})}
        return rounds, table_size, chosen

    async def join(self, tournament_id: int, user_id: int) -> TournamentAccepted | Refusal:
        """Sign up, while the tournament is open for it."""
        async with self._lock(tournament_id):
            async with self.store.write() as tx:
                row = await tx.tournaments.get(tournament_id)
                if row is None:
                    return no_tournament()
                refusal = _not_signing_up(row, Msg("tournament.refusal.join_started"))
                if refusal is not None:
                    return refusal
                if len(await tx.tournaments.entrants(row.id)) >= MOST_ENTRANTS:
                    return Refusal(Reason.LOBBY_FULL, Msg("tournament.refusal.full", most=MOST_ENTRANTS))
                if not await tx.tournaments.enter(row.id, user_id, self.clock.now()):
                    return Refusal(Reason.ALREADY_JOINED, Msg("tournament.refusal.already_joined"))
            return await self._accepted(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentAccepted | Refusal:
        """Take back a sign-up before the start (after it: ``withdraw``)."""
        async with self._lock(tournament_id):
            async with self.store.write() as tx:
                row = await tx.tournaments.get(tournament_id)
                if row is None:
                    return no_tournament()
                refusal = _not_signing_up(row, Msg("tournament.refusal.leave_started"))
                if refusal is not None:
                    return refusal
                if not await tx.tournaments.leave(row.id, user_id):
                    return Refusal(Reason.NOT_IN_GAME, Msg("tournament.refusal.not_entered"))
            return await self._accepted(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int) -> TournamentAccepted | Refusal:
        """Call the tournament off (host only). Games already under way are played out as ordinary games."""
        async with self._lock(tournament_id):
            async with self.store.write() as tx:
                row = await tx.tournaments.get(tournament_id)
                if row is None:
                    return no_tournament()
                if not row.status.is_live:
                    return Refusal(Reason.GAME_OVER, Msg("tournament.refusal.over"))
                if user_id != row.host_id:
                    return Refusal(Reason.NOT_HOST, Msg("tournament.refusal.host_cancel"))
                await tx.tournaments.advance(row.id, expected_version=row.version,
                                             status=TournamentStatus.CANCELLED, now=self.clock.now())
            return await self._accepted(tournament_id, (TournamentCancelled(tournament_id, user_id),))

    async def _accepted(self, tournament_id: int, events: tuple[object, ...] = ()) -> TournamentAccepted:
        info = await self.get(tournament_id)
        assert not isinstance(info, Refusal)
        return TournamentAccepted(info, events)

    # -- the start ---------------------------------------------------------------------------

    async def start(self, tournament_id: int, user_id: int) -> TournamentAccepted | Refusal:
        """Start (host only): take each entrant's rating, pair round 1 and open its games."""
        async with self._lock(tournament_id):
            loaded = await self._load(tournament_id)
            if isinstance(loaded, Refusal):
                return loaded
            info, pure, _ = loaded
            async with self.store.read() as tx:
                row = await tx.tournaments.get(tournament_id)
            assert row is not None
            refusal = _not_signing_up(row, Msg("tournament.refusal.already_started"))
            if refusal is not None:
                return refusal
            if user_id != row.host_id:
                return Refusal(Reason.NOT_HOST, Msg("tournament.refusal.host_start"))
            fewest = FEWEST_ENTRANTS[row.format]
            if len(info.entrants) < fewest:
                return Refusal(Reason.WRONG_PLAYER_COUNT, Msg("tournament.refusal.too_few", fewest=fewest,
                                                              entered=len(info.entrants)))
            ratings = {s.user_id: s.rating for s in await self.ratings.leaderboard(row.guild_id, row.game, 10 ** 6)}
            pure = cup.Tournament(pure.game, tuple(cup.Entrant(e.player, ratings.get(e.player, UNRATED))
                                                   for e in pure.entrants), pure.seed, pure.table_size)
            first, length = self._first_round(row, pure)
            now = self.clock.now()
            try:
                async with self.store.write() as tx:
                    await tx.tournaments.advance(row.id, expected_version=row.version,
                                                 status=TournamentStatus.RUNNING, rounds=length, now=now)
                    for entrant in pure.entrants:
                        await tx.tournaments.set_rating(row.id, entrant.player, entrant.rating)
                    await tx.tournaments.add_round(row.id, first.number, first.bye,
                                                   [t.seats for t in first.tables], now)
            except TournamentMovedOn:
                return Refusal(Reason.ALREADY_STARTED, Msg("tournament.refusal.already_started"))
            started = await self._open_round(tournament_id, first.number)
        return await self._accepted(tournament_id, tuple(started))

    def _first_round(self, row: TournamentRow, pure: cup.Tournament) -> tuple[cup.Round, int]:
        """Round 1 and how many rounds the tournament has."""
        if row.format == "swiss":
            return cup.pair_swiss(pure), row.rounds
        rounds = cup.schedule(pure, double=row.double)
        return rounds[0], len(rounds)

    # -- opening a round's games --------------------------------------------------------------

    async def _open_round(self, tournament_id: int, number: int) -> list[object]:
        """Open the games of round ``number`` that are not open yet; ``RoundStarted`` once they all are."""
        info = await self.get(tournament_id)
        assert not isinstance(info, Refusal)
        async with self.store.read() as tx:
            tables = [t for t in await tx.tournaments.tables(tournament_id) if t.round == number]
            rounds = await tx.tournaments.rounds(tournament_id)
        openings: list[Accepted] = []
        for table in tables:
            if table.game_id is None:
                opened = await self._open_table(info, table)
                if opened is None:
                    return []      # tried again by ``resume``
                openings.append(opened)
        fresh = {o.game.id: o.game for o in openings}
        async with self.store.read() as tx:
            seated = [t.game_id for t in await tx.tournaments.tables(tournament_id) if t.round == number]
        games = []
        for game_id in seated:
            assert game_id is not None
            game = fresh.get(game_id) or await self.records.game(game_id)
            if isinstance(game, GameInfo):
                games.append(game)
        bye = next((r.bye for r in rounds if r.number == number), None)
        return [RoundStarted(tournament_id, number, tuple(games), bye, tuple(openings))]

    async def _open_table(self, info: TournamentInfo, table: TableRow) -> Accepted | None:
        """One table's game: a thread of its own, the players seated as paired, started at once."""
        if self.channels is None:
            log.warning("Tournament %s: no channels to open round %s's games in", info.id, table.round)
            return None
        channel_id = await self.channels.open_table(info, table.round, table.number, table.seats)
        seed = game_seed(await self._seed_of(info.id), table.round, table.number)
        host, *others = table.seats
        created = await self.lobby.create_lobby(info.guild_id, channel_id, host, info.game, info.game_settings,
                                                seed=seed)
        if isinstance(created, Refusal):
            log.warning("Tournament %s: table %s of round %s did not open: %s", info.id, table.number,
                        table.round, created.message)
            return None
        for player in others:
            await self.lobby.join(created.game.id, player)
        started = await self.lobby.start(created.game.id, host, seats=table.seats)
        if isinstance(started, Refusal):
            log.warning("Tournament %s: game %s did not start: %s", info.id, created.game.id, started.message)
            return None
        async with self.store.write() as tx:
            await tx.tournaments.seat_game(info.id, table.round, table.number, created.game.id)
        return started

    async def _seed_of(self, tournament_id: int) -> int:
        async with self.store.read() as tx:
            row = await tx.tournaments.get(tournament_id)
        assert row is not None
        return row.seed

    # -- games ending ---------------------------------------------------------------------------

    async def game_ended(self, game: GameInfo) -> list[object]:
        """A game finished: when it is a tournament's, score it; pair the next round once the round is over.

        Called where games end, after the game's result is committed. What goes wrong here never
        undoes the game's end: it is logged, and ``resume`` finishes the work later."""
        try:
            async with self.store.read() as tx:
                table = await tx.tournaments.table_of_game(game.id)
            if table is None or table.result is not None:
                return []
            async with self._lock(table.tournament_id):
                return await self._score(table.tournament_id, table, game)
        except Exception:
            log.exception("Tournament work after game %s ended failed; it is taken up again on resume", game.id)
            return []

    async def _score(self, tournament_id: int, table: TableRow, game: GameInfo) -> list[object]:
        loaded = await self._load(tournament_id)
        if isinstance(loaded, Refusal):
            return []
        info, pure, _ = loaded
        if info.status is not TournamentStatus.RUNNING:
            return []
        result = table_result(cup.Table(table.seats), game, info.withdrawn)
        scored, leaving = cup.record_result(pure, result)
        now = self.clock.now()
        async with self.store.write() as tx:
            if not await tx.tournaments.record_result(tournament_id, table.round, table.number, result.to_dict()):
                return []       # heard already (another process)
            for player in result.lost_on_time:
                await tx.tournaments.add_loss_on_time(tournament_id, player)
            for player in leaving:
                await tx.tournaments.withdraw(tournament_id, player, "lost_on_time", now)
        events: list[object] = [PlayerWithdrawn(tournament_id, p, "lost_on_time") for p in leaving]
        return events + await self._after_round(tournament_id)

    async def _after_round(self, tournament_id: int) -> list[object]:
        """When the latest round is over: the standings, then the next round or the end."""
        loaded = await self._load(tournament_id)
        if isinstance(loaded, Refusal):
            return []
        info, pure, _ = loaded
        if info.status is not TournamentStatus.RUNNING or not pure.round_is_over():
            return []
        async with self.store.read() as tx:
            row = await tx.tournaments.get(tournament_id)
        assert row is not None
        number = len(pure.rounds)
        table = cup.standings(pure)
        ended = RoundEnded(tournament_id, number, table)
        following = self._next_round(row, pure) if number < row.rounds else None
        now = self.clock.now()
        try:
            async with self.store.write() as tx:
                await tx.tournaments.end_round(tournament_id, number, now)
                await tx.tournaments.advance(tournament_id, expected_version=row.version, now=now,
                                             status=None if following else TournamentStatus.FINISHED)
                if following is not None:
                    await tx.tournaments.add_round(tournament_id, following.number, following.bye,
                                                   [t.seats for t in following.tables], now)
        except TournamentMovedOn:
            return []           # another process paired it (or ended the tournament) first
        if following is None:
            return [ended, TournamentEnded(tournament_id, table)]
        return [ended, *await self._open_round(tournament_id, following.number)]

    def _next_round(self, row: TournamentRow, pure: cup.Tournament) -> cup.Round | None:
        """The next round: Swiss pairs it now; a league takes it from its schedule, without those who left."""
        active = {e.player for e in pure.active()}
        if len(active) < 2:
            return None
        number = len(pure.rounds) + 1
        if row.format == "swiss":
            return cup.pair_swiss(pure)
        planned = cup.schedule(_as_at_start(pure), double=row.double)[number - 1]
        tables = tuple(cup.Table(tuple(p for p in t.seats if p in active)) for t in planned.tables
                       if sum(p in active for p in t.seats) >= 2)
        bye = planned.bye if planned.bye in active else None
        return cup.Round(number, tables, bye)

    # -- leaving ------------------------------------------------------------------------------

    async def withdraw(self, tournament_id: int, user_id: int) -> TournamentAccepted | Refusal:
        """Leave a running tournament: the running game is resigned (a loss), no more pairings."""
        async with self._lock(tournament_id):
            loaded = await self._load(tournament_id)
            if isinstance(loaded, Refusal):
                return loaded
            info, _, tables = loaded
            if info.status is TournamentStatus.SIGNUP:
                return Refusal(Reason.NOT_STARTED, Msg("tournament.refusal.withdraw_signup"))
            if info.status is not TournamentStatus.RUNNING:
                return Refusal(Reason.GAME_OVER, Msg("tournament.refusal.over"))
            if user_id not in info.entrants or user_id in info.withdrawn:
                return Refusal(Reason.NOT_IN_GAME, Msg("tournament.refusal.not_entered"))
            async with self.store.write() as tx:
                await tx.tournaments.withdraw(tournament_id, user_id, "withdrew", self.clock.now())
        running = [t for t in tables if t.game_id is not None and t.result is None and user_id in t.seats]
        resigned = []
        for table in running:
            assert table.game_id is not None
            resignation = await self.turns.resign(table.game_id, user_id)   # its end is heard by game_ended
            if isinstance(resignation, Accepted):
                resigned.append(resignation)
        now = await self.get(tournament_id)
        assert not isinstance(now, Refusal)
        return TournamentAccepted(now, (PlayerWithdrawn(tournament_id, user_id, "withdrew"),), tuple(resigned))

    async def remember_signup(self, tournament_id: int, message_id: int) -> None:
        """The sign-up message posted for the tournament (edited as players join and leave)."""
        async with self.store.write() as tx:
            await tx.tournaments.remember_signup(tournament_id, message_id)

    # -- after a restart --------------------------------------------------------------------------

    async def resume(self) -> list[object]:
        """Finish what an interrupted process left: results not heard, rounds not paired, games not opened."""
        async with self.store.read() as tx:
            running = await tx.tournaments.running()
        events: list[object] = []
        for row in running:
            async with self._lock(row.id):
                events.extend(await self._resume_one(row.id))
        return events

    async def _resume_one(self, tournament_id: int) -> list[object]:
        loaded = await self._load(tournament_id)
        if isinstance(loaded, Refusal):
            return []
        _, _, tables = loaded
        events: list[object] = []
        for table in tables:
            if table.game_id is None or table.result is not None:
                continue
            game = await self.records.game(table.game_id)
            if isinstance(game, GameInfo) and game.status is GameStatus.FINISHED:
                events.extend(await self._score(tournament_id, table, game))
        latest = max((t.round for t in tables), default=0)
        async with self.store.read() as tx:
            paired_at = next((r.paired_at for r in await tx.tournaments.rounds(tournament_id) if r.number == latest),
                             None)
        # The process that paired the round opens its games at once; after a lease's time it is taken to be gone.
        abandoned = paired_at is not None and self.clock.now() - paired_at >= OPENING_LEASE_SECONDS
        if abandoned and any(t.game_id is None for t in tables if t.round == latest):
            events.extend(await self._open_round(tournament_id, latest))
        if not events:
            events.extend(await self._after_round(tournament_id))
        return events


def _not_signing_up(row: TournamentRow, started: Msg) -> Refusal | None:
    if row.status is TournamentStatus.SIGNUP:
        return None
    if row.status is TournamentStatus.RUNNING:
        return Refusal(Reason.ALREADY_STARTED, started)
    return Refusal(Reason.GAME_OVER, Msg("tournament.refusal.over"))


def _as_at_start(pure: cup.Tournament) -> cup.Tournament:
    """The tournament as it started (everyone active, nothing played): what a league's schedule is made from."""
    return cup.Tournament(pure.game, tuple(replace(e, withdrawn=False, had_bye=False) for e in pure.entrants),
                          pure.seed, pure.table_size)
