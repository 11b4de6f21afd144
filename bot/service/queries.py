"""Read-only questions about games: what to draw, what a player may do, what happened."""
from __future__ import annotations

import asyncio
import logging

from bot.games.common import GameError, MoveDescription
from bot.i18n.message import Msg
from bot.service.base import ServiceCore, engine_of, info_of, no_such_game
from bot.service.results import (
    BoardView, GameInfo, GameResult, HistoryLine, MoveChoice, Reason, Refusal,
)
from bot.service.posting import BoardPosting, TurnFacts, read_turn_facts
from bot.service.kept import Kept
from bot.service.live import WordedLog, history_words, legal_choices, parts_of_text, words_of
from bot.service.settings import GameSettings
from bot.service.threads import in_thread
from bot.store import GameRow, GameStatus, LogEntry

log_ = logging.getLogger(__name__)

#: The last lines of a game whose words are kept from one history to the next (as many as a page lists):
#: the history after a move then replays that move alone, not the whole log from the opening.
RECENT_LINES = 40
#: Games whose history's last replay is kept (its stop as the engine's snapshot, and those words).
WORDED_LOGS_KEPT = 256


class Records:
    """What the service can be asked about games; none of it changes anything."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core
        self.store = core.store
        self._worded: Kept[tuple[int, int], WordedLog] = Kept(WORDED_LOGS_KEPT)

    async def games_by_status(self) -> dict[str, int]:
        """How many games are in each status (``lobby``, ``active``, ``finished``, ``cancelled``), for /metrics."""
        async with self.store.read() as tx:
            counts = await tx.games.count_by_status()
        return {status.value: count for status, count in counts.items()}

    async def database_trouble(self, timeout: float = 2.0) -> str | None:
        """Why the database does not answer a trivial query within ``timeout`` seconds (``timeout``, or the
        driver's error), or None when it does."""
        try:
            await asyncio.wait_for(self.store.ping(), timeout)
        except asyncio.TimeoutError:
            return "timeout"
        except Exception as error:  # noqa: BLE001 - whatever the driver raises, the database is not answering
            return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        return None

    async def game(self, game_id: int) -> GameInfo | Refusal:
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        return await self.core.info(*loaded)

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The lobby or active game of a channel or thread, if any."""
        return await self._channel_game(channel_id, live=True)

    async def latest_game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The newest game of a channel or thread, finished and cancelled ones included."""
        return await self._channel_game(channel_id, live=False)

    async def _channel_game(self, channel_id: int, *, live: bool) -> GameInfo | None:
        """The channel's live game (``live``) or its newest one, row and seats read together."""
        async with self.store.read() as tx:
            if live:
                row = await tx.games.live_in_channel(channel_id)
            else:
                row = await tx.games.latest_in_channel(channel_id)
            if row is None:
                return None
            seats = tuple(await tx.seats.of_game(row.id))
        # A live game has no result yet, so describing it reads nothing more.
        return info_of(row, seats) if live else await self.core.info(row, seats)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        """The lobbies and active games a user has joined."""
        async with self.store.read() as tx:
            rows = await tx.games.live_of_user(user_id)
            return [info_of(row, tuple(await tx.seats.of_game(row.id))) for row in rows]

    async def result(self, game_id: int) -> GameResult | None:
        """How a finished game ended; None while it is not finished."""
        info = await self.game(game_id)
        return None if isinstance(info, Refusal) else info.result

    async def board_view(self, game_id: int) -> BoardView | Refusal:
        """The public view of the board (for the channel): no hand of anyone."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None:
                return await self._no_board(game_id)
            view = await in_thread(live.engine.view, live.state, None)
            return BoardView(await self.core.info(live.row, live.seats), None, view)

    async def board_posting(self, game_id: int) -> BoardPosting | Refusal:
        """The board as it stands, for a board posted without a change (``/alcazar board`` for the table):
        the public view and the turn's facts, as a move's result carries them."""
        public = await self.board_view(game_id)
        if isinstance(public, Refusal):
            return public
        return BoardPosting(public, await self.turn_facts(public.game))

    async def turn_facts(self, game: GameInfo) -> TurnFacts:
        """What a board of ``game`` says about the turn now, in one read: the deadline with time away
        added, who is away, the time banks (nothing once the game has moved past ``game.version``)."""
        now = self.core.clock.now()
        async with self.store.read() as tx:
            row = await tx.games.get(game.id)
            if row is None or row.version != game.version:
                return TurnFacts()
            return await read_turn_facts(tx, row, game, now)

    async def private_view(self, game_id: int, user_id: int) -> BoardView | Refusal:
        """The view of the user's own seat, with their hand: for their eyes only."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None:
                return await self._no_board(game_id)
            seat = live.seat_of(user_id)
            if seat is None:
                return Refusal(Reason.NOT_IN_GAME, Msg("refusal.not_in_game"))
            view = await in_thread(live.engine.view, live.state, seat)
            return BoardView(await self.core.info(live.row, live.seats), seat, view)

    async def legal_moves_for(
        self, game_id: int, user_id: int, *, prefix: str = "", limit: int | None = 25,
    ) -> list[MoveChoice]:
        """The user's legal moves (notation, words and the engine's parts) whose notation starts with ``prefix``
        (case and spaces ignored); empty when it is not their turn or not their game.
        ``limit`` caps the list (Discord autocomplete shows 25)."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None or live.row.status is not GameStatus.ACTIVE:
                return []
            seat = live.seat_of(user_id)
            if seat is None or not live.is_to_act(seat) or live.seats[seat].resigned:
                return []
            return await in_thread(legal_choices, live.engine, live.state, prefix, limit)

    async def move_parts(self, game_id: int, user_id: int, text: str) -> MoveDescription | None:
        """The engine's parts of the move ``text`` names, when it is a legal move of the user to act;
        None otherwise (playing it says why). The Discord layer learns from them, before a move is
        played, whether it draws a card from the deck."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None or live.row.status is not GameStatus.ACTIVE:
                return None
            seat = live.seat_of(user_id)
            if seat is None or not live.is_to_act(seat) or not isinstance(text, str):
                return None
            return await in_thread(parts_of_text, live.engine, live.state, text)

    async def history(self, game_id: int, limit: int | None = 20) -> list[HistoryLine] | Refusal:
        """The last ``limit`` lines of the game's log (all with None), oldest first, in words (messages).

        The words are made afresh from the log's notation, so they read in the
        reader's language, for games logged before moves had messages too. The
        replay that words them goes on from where the game's last history stopped
        (kept per game with the words of its last ``RECENT_LINES``), so the history
        after a move replays that move, not the whole log.
        """
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        row, seats = loaded
        users = {s.seat: s.user_id for s in seats}
        async with self.store.read() as tx:
            log = await tx.moves.entries(game_id)
        # the whole log is read anyway to word the moves afresh; the lines shown are its tail
        lines = log if limit is None else log[max(len(log) - limit, 0):]
        words = await self._history_words(row, len(seats), log, {e.ply for e in lines})
        # The logged words are read only for a line the replay did not word (parsing them costs as much).
        return [
            HistoryLine(e.ply, e.seat, users[e.seat], e.kind, e.notation,
                        words[e.ply] if e.ply in words else words_of(e), e.forced, e.played_at, e.stand_in)
            for e in lines
        ]

    async def _history_words(self, row: GameRow, players: int, log: list[LogEntry], wanted: set[int]
                             ) -> dict[int, Msg]:
        if not log:
            return {}
        engine = engine_of(row.kind)
        options = GameSettings.from_dict(row.settings).options
        try:
            words, stop = await in_thread(history_words, engine, players, row.seed, dict(options), log, wanted,
                                          RECENT_LINES, self._worded.get((row.id, row.seed)))
        except GameError:
            # A log the engine no longer replays (a rule changed since): the words it was logged with.
            log_.warning("game %s: its log does not replay; history shows the logged words", row.id)
            return {}
        self._worded.put((row.id, row.seed), stop)
        return words

    async def _no_board(self, game_id: int) -> Refusal:
        if await self.core.load_row(game_id) is None:
            return no_such_game(game_id)
        return Refusal(Reason.NOT_STARTED, Msg("refusal.not_started"))


