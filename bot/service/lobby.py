"""Lobbies: create, join, leave, settings, start, and cancelling a game."""
from __future__ import annotations

import random
from typing import Any, Awaitable, Callable, Mapping, Sequence

from bot.games import GAME_NAMES
from bot.games.common import Outcome, quoted
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceCore, change_events, engine_of, info_of
from bot.service.events import (
    Event, GameCancelled, GameStarted, LobbyOpened, PlayerJoined, PlayerLeft, SettingsChanged,
)
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.settings import GameSettings, SettingsError, checked_options
from bot.service.threads import in_thread
from bot.store import ChannelBusy, GameRow, GameStatus, SeatRow, Snapshot, StaleVersion


def seat_order(seed: int, players_in_joining_order: Sequence[int]) -> list[int]:
    """The seating for a game: a shuffle of the players driven by the game's seed (reproducible)."""
    order = list(players_in_joining_order)
    random.Random(seed).shuffle(order)
    return order


def _players_wanted(engine: Any) -> Msg:
    low, high = engine.MIN_PLAYERS, engine.MAX_PLAYERS
    return Msg("players.exactly", count=low) if low == high else Msg("players.range", low=low, high=high)


class Lobby:
    """Everything before the first move, and cancelling."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core
        self.store = core.store
        self.clock = core.clock

    async def create_lobby(
        self, guild_id: int, channel_id: int, host_id: int, kind: str,
        settings: Mapping[str, Any] | None = None, *, seed: int | None = None,
    ) -> Accepted | Refusal:
        """Open a lobby in a channel (or thread); the host joins it at once.

        ``settings`` are changes to the defaults of ``GameSettings`` (by field
        name; ``options`` holds house rules). ``seed`` fixes the deal and the
        seating (tests); by default it is random.
        """
        if not isinstance(kind, str) or kind not in GAME_NAMES:
            games = ", ".join(GAME_NAMES)
            return Refusal(Reason.UNKNOWN_GAME_KIND,
                           Msg("refusal.unknown_game", name=quoted(kind), games=games) if isinstance(kind, str)
                           else Msg("refusal.unknown_game_unnamed", games=games))
        engine = engine_of(kind)
        try:
            chosen = GameSettings().changed(engine, settings or {})
        except SettingsError as error:
            return Refusal(Reason.BAD_SETTINGS, error.reason)
        now = self.clock.now()
        try:
            async with self.store.write() as tx:
                if await tx.games.live_in_channel(channel_id) is not None:
                    raise ChannelBusy(channel_id)
                row = await tx.games.create_lobby(
                    guild_id=guild_id, channel_id=channel_id, kind=kind, host_id=host_id,
                    settings=chosen.to_dict(),
                    seed=self.core.new_seed() if seed is None else seed, now=now,
                )
                await tx.seats.add(row.id, host_id, now)
                seats = tuple(await tx.seats.of_game(row.id))
        except ChannelBusy:
            return Refusal(Reason.CHANNEL_BUSY, Msg("refusal.channel_busy"))
        return Accepted(info_of(row, seats), (LobbyOpened(row.id, host_id, kind),))

    async def _lobby_rows(self, game_id: int, started: Msg = Msg("refusal.already_started")
                          ) -> tuple[GameRow, tuple[SeatRow, ...]] | Refusal:
        """The row and seats of a game still in its lobby, or why it is not (unknown, started, over)."""
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal) or loaded[0].status is GameStatus.LOBBY:
            return loaded
        if loaded[0].status is GameStatus.ACTIVE:
            return Refusal(Reason.ALREADY_STARTED, started)
        return Refusal(Reason.GAME_OVER, Msg("refusal.game_is_over"))

    async def hosts_lobby(self, game_id: int, user_id: int, not_host: Msg
                           ) -> tuple[GameRow, tuple[SeatRow, ...]] | Refusal:
        """Like ``_lobby_rows``, for what only the host may do; ``not_host`` says what that is."""
        loaded = await self._lobby_rows(game_id)
        if not isinstance(loaded, Refusal) and user_id != loaded[0].host_id:
            return Refusal(Reason.NOT_HOST, not_host)
        return loaded

    async def _as_host(self, game_id: int, user_id: int, *, over: Msg, not_host: Msg,
                       act: Callable[[GameRow, tuple[SeatRow, ...]], Awaitable[Accepted | Refusal]]
                       ) -> Accepted | Refusal:
        """``act`` on a lobby or game in play, under the game's lock, for what only its host may do
        (``over``, ``not_host``: the refusals when it is over or the user is not its host)."""
        async with self.core.game_lock(game_id):
            loaded = await self.core.game_rows(game_id)
            if isinstance(loaded, Refusal):
                return loaded
            if not loaded[0].status.is_live:
                return Refusal(Reason.GAME_OVER, over)
            if user_id != loaded[0].host_id:
                return Refusal(Reason.NOT_HOST, not_host)
            return await act(*loaded)

    async def join(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Join a lobby."""
        async with self.core.game_lock(game_id):
            loaded = await self._lobby_rows(game_id)
            if isinstance(loaded, Refusal):
                return loaded
            row, seats = loaded
            if any(s.user_id == user_id for s in seats):
                return Refusal(Reason.ALREADY_JOINED, Msg("refusal.already_joined"))
            engine = engine_of(row.kind)
            if len(seats) >= engine.MAX_PLAYERS:
                return lobby_full(engine)
            return await self.seat_in_lobby(row, user_id)

    async def seat_in_lobby(self, row: GameRow, user_id: int) -> Accepted | Refusal:
        """Seat ``user_id`` (a person or a computer) in the lobby ``row``, checked again with the row
        locked: another process may have started the game or filled the lobby since it was read."""
        engine = engine_of(row.kind)
        async with self.store.write() as tx:
            if not await tx.games.lock_lobby(row.id):
                return Refusal(Reason.ALREADY_STARTED, Msg("refusal.already_started"))
            if len(await tx.seats.of_game(row.id)) >= engine.MAX_PLAYERS:
                return lobby_full(engine)
            await tx.seats.add(row.id, user_id, self.clock.now())
            tx.changes.note(row.id, row.version, moved=False)
            seats = tuple(await tx.seats.of_game(row.id))
        return Accepted(info_of(row, seats), (PlayerJoined(row.id, user_id, tuple(s.user_id for s in seats)),))

    async def leave(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Leave a lobby. When the host leaves, the lobby closes."""
        async with self.core.game_lock(game_id):
            loaded = await self._lobby_rows(game_id, started=Msg("refusal.started_resign"))
            if isinstance(loaded, Refusal):
                return loaded
            row, seats = loaded
            if not any(s.user_id == user_id for s in seats):
                return Refusal(Reason.NOT_IN_GAME, Msg("refusal.not_in_game"))
            now = self.clock.now()
            async with self.store.write() as tx:
                if not await tx.games.lock_lobby(game_id):   # started meanwhile by another process
                    return Refusal(Reason.ALREADY_STARTED, Msg("refusal.started_resign"))
                await tx.seats.remove(game_id, user_id)
                tx.changes.note(game_id, row.version, moved=False)
                if user_id == row.host_id:
                    await tx.games.set_status(game_id, GameStatus.CANCELLED, now)
                row = await tx.games.require(game_id)
                seats = tuple(await tx.seats.of_game(game_id))
            players = tuple(s.user_id for s in seats)
            events: list[Event] = [PlayerLeft(game_id, user_id, players)]
            if row.status is GameStatus.CANCELLED:
                events.append(GameCancelled(game_id, None))
            return Accepted(info_of(row, seats), tuple(events))

    async def update_settings(
        self, game_id: int, user_id: int, changes: Mapping[str, Any]
    ) -> Accepted | Refusal:
        """Change settings (host only). House rules (``options``) only before the start."""
        return await self._as_host(game_id, user_id, over=Msg("refusal.game_is_over"),
                                   not_host=Msg("refusal.host_settings"),
                                   act=lambda row, seats: self._change_settings(row, seats, changes))

    async def _change_settings(self, row: GameRow, seats: tuple[SeatRow, ...], changes: Mapping[str, Any]
                               ) -> Accepted | Refusal:
        game_id = row.id
        async with self.store.read() as tx:
            in_tournament = await tx.tournaments.table_of_game(game_id) is not None
        if in_tournament:
            # Every game of a tournament plays by the tournament's settings (its deadline or time
            # bank above all), set when its table was opened: its first seat is no host of them.
            return Refusal(Reason.NOT_HOST, Msg("refusal.tournament_game_settings"))
        if "options" in changes and row.status is not GameStatus.LOBBY:
            return Refusal(Reason.ALREADY_STARTED, Msg("refusal.house_rules_lobby"))
        engine = engine_of(row.kind)
        try:
            updated = GameSettings.from_dict(row.settings).changed(engine, changes)
        except SettingsError as error:
            return Refusal(Reason.BAD_SETTINGS, error.reason)
        async with self.store.write() as tx:
            await tx.games.update_settings(game_id, updated.to_dict(), self.clock.now())
            row = await tx.games.require(game_id)
        self.core.forget(game_id)
        return Accepted(info_of(row, seats), (SettingsChanged(game_id, updated.to_dict()),))

    async def start(self, game_id: int, user_id: int, *, seats: Sequence[int] | None = None) -> Accepted | Refusal:
        """Start the game (host only): seat the players in the seed's order and deal.

        ``seats``, the lobby's players in another order, seats them so instead (a tournament's pairing)."""
        try:
            return await self._start(game_id, user_id, seats)
        except StaleVersion:
            # Another process started the lobby first (a second Start click, delivered there).
            return Refusal(Reason.ALREADY_STARTED, Msg("refusal.already_started"))

    async def _start(self, game_id: int, user_id: int, chosen: Sequence[int] | None = None) -> Accepted | Refusal:
        async with self.core.game_lock(game_id):
            loaded = await self.hosts_lobby(game_id, user_id, Msg("refusal.host_start"))
            if isinstance(loaded, Refusal):
                return loaded
            row, seats = loaded
            engine = engine_of(row.kind)
            if not engine.MIN_PLAYERS <= len(seats) <= engine.MAX_PLAYERS:
                return Refusal(Reason.WRONG_PLAYER_COUNT, Msg(
                    "refusal.player_count", title=engine.TITLE, wanted=_players_wanted(engine), count=len(seats)))
            settings = GameSettings.from_dict(row.settings)
            options = {**engine.DEFAULT_OPTIONS, **checked_options(engine, settings.options)}
            settings = GameSettings.from_dict({**settings.to_dict(), "options": options})
            order = seat_order(row.seed, [s.user_id for s in seats])
            if chosen is not None and sorted(chosen) == sorted(order):
                order = list(chosen)
            now = self.clock.now()
            state, entries, hands, snapshot = await in_thread(
                engine_work.start, engine, len(order), row.seed, options, now
            )
            outcome: Outcome | None = engine.outcome(state)
            turn = None if outcome is not None else engine.to_move(state)
            async with self.store.write() as tx:
                # Checked again with the row locked: another process may have started the
                # game, or let someone join or leave, since the lobby was read.
                if not await tx.games.lock_lobby(game_id):
                    return Refusal(Reason.ALREADY_STARTED, Msg("refusal.already_started"))
                if tuple(await tx.seats.of_game(game_id)) != seats:
                    return Refusal(Reason.STALE_VERSION, Msg("refusal.lobby_changed"))
                await tx.seats.assign(game_id, order)
                await tx.games.update_settings(game_id, settings.to_dict(), now)
                version = await tx.games.advance(
                    game_id, expected_version=row.version,
                    status=GameStatus.ACTIVE if outcome is None else GameStatus.FINISHED,
                    turn_seat=turn, now=now,
                )
                await tx.moves.append(game_id, entries)
                await tx.snapshots.put(Snapshot(game_id, version, len(entries), snapshot))
                if outcome is not None:
                    await tx.results.record(game_id, winners=outcome.winners, reason=str(outcome.reason),
                                            outcome=outcome.to_dict(), now=now)
                row = await tx.games.require(game_id)
                seats = tuple(await tx.seats.of_game(game_id))
            game = LiveGame(row=row, seats=seats, engine=engine, state=state, ply=len(entries),
                            hands=hands)
            self.core.remember(game)
            dealt = tuple(seat for seat, hand in enumerate(hands) if hand is not None)
            return Accepted(await self.core.info(row, seats),
                            (GameStarted(game_id, game.user_ids), *change_events(game, entries, dealt, outcome)))

    async def cancel(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Cancel a lobby or a game in play (host only); no result is recorded."""
        return await self._as_host(game_id, user_id, over=Msg("refusal.game_already_over"),
                                   not_host=Msg("refusal.host_cancel"),
                                   act=lambda row, seats: self._cancelled(row, seats, user_id))

    async def _cancelled(self, row: GameRow, seats: tuple[SeatRow, ...], user_id: int) -> Accepted | Refusal:
        async with self.store.write() as tx:
            if await tx.tournaments.table_of_game(row.id) is not None:   # its round waits for its end
                return Refusal(Reason.NOT_HOST, Msg("refusal.tournament_game_cancel"))
            await tx.games.set_status(row.id, GameStatus.CANCELLED, self.clock.now())
            row = await tx.games.require(row.id)
        self.core.forget(row.id)
        return Accepted(info_of(row, seats), (GameCancelled(row.id, user_id),))


def lobby_full(engine: Any) -> Refusal:
    """The lobby has as many players as the game takes."""
    return Refusal(Reason.LOBBY_FULL, Msg("refusal.lobby_full", title=engine.TITLE, count=engine.MAX_PLAYERS))
