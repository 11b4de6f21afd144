"""Replays and records: a game's whole move log, and its animation rebuilt from that log.

The animation replays the log through the engine (the seed and the log
rebuild every position) and draws each public position; all of it runs in
the worker processes (``bot.service.pictures``), never on the event loop.
"""
from __future__ import annotations

from typing import Sequence

from bot.service.base import ServiceCore, info_of
from bot.service.live import opening, replay_log
from bot.service.queries import Records
from bot.i18n import Msg
from bot.service.results import GameInfo, HistoryLine, Reason, Refusal
from bot.service.pictures import REPLAY_BUDGET, draw_replay, replay_gif
from bot.service.settings import GameSettings
from bot.store import GameStatus

# The animation's drawing lives with the other pictures; the names stay importable from here.
__all__ = ["REPLAY_BUDGET", "Replays", "draw_replay"]


class Replays:
    """A game's full log, its animation, and the finished games of a channel."""

    def __init__(self, core: ServiceCore, records: Records) -> None:
        self.core = core
        self.records = records
        self.store = core.store

    async def all_moves(self, game_id: int) -> list[HistoryLine] | Refusal:
        """Every line of the game's log, oldest first (undone moves left out), in words."""
        return await self.records.history(game_id, limit=None)

    async def finished_in_channel(self, channel_id: int, limit: int = 25) -> list[GameInfo]:
        """The newest finished games of a channel or thread, newest first."""
        async with self.store.read() as tx:
            rows = await tx.games.finished_in_channel(channel_id, limit)
            return [info_of(row, tuple(await tx.seats.of_game(row.id))) for row in rows]

    async def replay_animation(self, game_id: int, captions: Sequence[str], names: Sequence[str],
                               lang: str = "en") -> bytes | Refusal:
        """The game as an animated GIF: the opening and one frame per log line, ``captions`` under them
        (one more caption than log lines), the boards' own words in ``lang``."""
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        row, seats = loaded
        if row.status is GameStatus.LOBBY or row.version == 0:
            return Refusal(Reason.NOT_STARTED, Msg("refusal.not_started"))
        async with self.store.read() as tx:
            entries = await tx.moves.entries(game_id)
            result = await tx.results.get(game_id)
        if len(captions) != len(entries) + 1:
            raise ValueError(f"{len(entries) + 1} captions needed, {len(captions)} given")
        options = dict(GameSettings.from_dict(row.settings).options)
        log = [(e.kind.value, e.seat, e.notation) for e in entries]
        outcome = None if result is None else result.outcome
        return await replay_gif(row.kind, len(seats), row.seed, options, log, outcome, captions, names, lang)

