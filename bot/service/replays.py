"""Replays and records: a game's whole move log, and its animation rebuilt from that log.

The animation replays the log through the engine (the seed and the log
rebuild every position) and draws each public position; all of it runs in
the worker processes, never on the event loop.
"""
from __future__ import annotations

from typing import Any, Sequence

from bot.games import get_game
from bot.service.base import info_of
from bot.service.live import opening, replay_log
from bot.service.queries import QueryOperations
from bot.i18n import Msg
from bot.service.results import GameInfo, HistoryLine, Reason, Refusal
from bot.service.settings import GameSettings
from bot.service.workers import in_process
from bot.store import EntryKind, GameStatus, LogEntry
from renderer.replay import animation

#: What a replay may weigh at most (Discord takes 10 MB per file from a bot).
REPLAY_BUDGET = 8 * 1024 * 1024


def public_positions(kind: str, players: int, seed: int, options: dict[str, Any],
                     log: Sequence[tuple[str, int, str]], outcome: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The public view of every position: the opening, then after each (kind, seat, notation) line.

    ``outcome`` is the recorded result, drawn on the last position (a resignation or
    a missed deadline ends a game whose engine state is not over by itself).
    """
    engine = get_game(kind)
    state = opening(engine, players, seed, options)
    entries = (LogEntry(ply, seat, EntryKind(line_kind), notation, "", False, 0.0)
               for ply, (line_kind, seat, notation) in enumerate(log, start=1))
    views = [engine.view(state, None)]
    views.extend(engine.view(step.after, None) for step in replay_log(engine, state, entries))
    if outcome is not None:
        views[-1] = dict(views[-1], outcome=outcome)
    return views


#: Smaller and smaller frames for games too long for the budget at full size.
REPLAY_SCALES = (1.0, 0.75, 0.55, 0.4)


def draw_replay(kind: str, players: int, seed: int, options: dict[str, Any],
                log: Sequence[tuple[str, int, str]], outcome: dict[str, Any] | None,
                captions: Sequence[str], names: Sequence[str], budget: int = REPLAY_BUDGET) -> bytes:
    """The animated GIF of a game (runs in a worker process).

    A very long game is drawn smaller rather than losing frames: every move keeps its frame.
    """
    views = public_positions(kind, players, seed, options, log, outcome)
    gif = b""
    for scale in REPLAY_SCALES:
        gif = animation(kind, views, captions, names=list(names), scale=scale)
        if len(gif) <= budget:
            break
    return gif


class ReplayOperations(QueryOperations):
    """A game's full log, its animation, and the finished games of a channel."""

    async def all_moves(self, game_id: int) -> list[HistoryLine] | Refusal:
        """Every line of the game's log, oldest first (undone moves left out), in words."""
        return await self.history(game_id, limit=None)

    async def finished_in_channel(self, channel_id: int, limit: int = 25) -> list[GameInfo]:
        """The newest finished games of a channel or thread, newest first."""
        async with self.store.read() as tx:
            rows = await tx.games.finished_in_channel(channel_id, limit)
            return [info_of(row, tuple(await tx.seats.of_game(row.id))) for row in rows]

    async def replay_animation(self, game_id: int, captions: Sequence[str], names: Sequence[str]
                               ) -> bytes | Refusal:
        """The game as an animated GIF: the opening and one frame per log line, ``captions`` under them
        (one more caption than log lines)."""
        loaded = await self._game_rows(game_id)
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
        return await in_process(draw_replay, row.kind, len(seats), row.seed, options, log, outcome,
                                list(captions), list(names))

