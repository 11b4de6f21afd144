"""Every picture the bot posts, drawn in the worker processes so the event loop stays free.

Drawing holds the GIL, so in a thread it would stall the event loop, the
gateway and the database; in a worker process it uses the other core. Only
the view (a small dict) and the names travel to the worker, only the PNG (or
GIF) bytes come back. The Discord layer reaches these through
``bot/discord/images.py``; the service draws its replays here too, so the
renderer and the pool meet in this one module.

The board and the results posted to a channel are always drawn from the
*public* view; a hand image is only ever drawn from its owner's view and sent
to its owner.
"""
from __future__ import annotations

import functools
import time
from typing import Any, Callable, Mapping, Sequence

from bot.games import get_game
from bot.service.results import GameResult
from bot.service.workers import (
    configure_workers, in_process, pool_trouble, queued, start_workers, stop_workers, worker_pids,
)
from bot.service.live import opening, replay_log
from bot.store import EntryKind, LogEntry
from bot.telemetry import Metrics
from renderer import alcazar, alcazar1978, hand, results
from renderer.alcazar_geometry import MAX_PLAYERS, geometry as alcazar_geometry
from renderer.chart import rating_chart
from renderer.drawing import named_text, png_bytes
from renderer.replay import animation

# Imported by every worker before its first image: draws the static layers and palettes once.
WORKER_PRELOAD = ("renderer.warm",)

_BOARDS: dict[str, Callable[..., bytes]] = {"alcazar": alcazar.board, "alcazar1978": alcazar1978.board}

#: What a replay may weigh at most (Discord takes 10 MB per file from a bot).
REPLAY_BUDGET = 8 * 1024 * 1024

#: Smaller and smaller frames for games too long for the budget at full size.
REPLAY_SCALES = (1.0, 0.75, 0.55, 0.4)

#: Where the drawing times go: the metrics of the bot that started the workers (one pool a process).
_metrics: Metrics | None = None


async def _drawn(image: str, draw: Callable[..., bytes], *args: Any, **options: Any) -> bytes:
    """``draw(*args, **options)`` in a worker, timed for /metrics (the wait for a free worker included)."""
    started = time.perf_counter()
    png = await in_process(draw, *args, **options)
    if _metrics is not None:
        _metrics.image_drawn(image, time.perf_counter() - started)
    return png


def _require_public(view: Mapping[str, Any], what: str) -> None:
    if view.get("seat") is not None or "hand" in view:
        raise ValueError(f"{what} for the channel must be drawn from the public view")


async def board_png(kind: str, public_view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """The board for the channel, from the public view (``seat`` None), its words in the game's language."""
    _require_public(public_view, "a board")
    return await _drawn("board", _BOARDS[kind], dict(public_view), names=list(names), lang=lang)


#: A page's board is drawn larger than the channel's (a grid cell, a square, in pixels), so that it stays
#: crisp when a phone zooms into it; its fixed palette is the channel board's (the same colours).
PAGE_SIZES = {"alcazar": 128, "alcazar1978": 240}
_PAGE_DRAWINGS = {"alcazar": (alcazar.board_image, alcazar.board_palette),
                  "alcazar1978": (alcazar1978.board_image, alcazar1978.board_palette)}


@functools.lru_cache(maxsize=None)
def page_layout(kind: str, players: int) -> dict[str, Any]:
    """Where everything is on a page's board image (pixels): the renderer's own layout at the page's size.
    Worked out once per kind and number of players and shared: read it, never change it."""
    if kind == "alcazar":
        return alcazar_geometry(PAGE_SIZES[kind], max(1, min(MAX_PLAYERS, players))).to_dict()
    return alcazar1978.geometry(PAGE_SIZES[kind]).to_dict()


def draw_page_board(kind: str, public_view: Mapping[str, Any], names: Sequence[str], lang: str) -> bytes:
    """The board for a page, as a PNG (runs in a worker process)."""
    draw, palette = _PAGE_DRAWINGS[kind]
    image = draw(dict(public_view), names=list(names), size=PAGE_SIZES[kind], lang=lang)
    return png_bytes(image, palette=palette())


async def page_board_png(kind: str, public_view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """The board for a web page, from the public view (``seat`` None), larger than the channel's."""
    _require_public(public_view, "a page's board")
    return await _drawn("page_board", draw_page_board, kind, dict(public_view), names=list(names), lang=lang)


def final_view(public_view: Mapping[str, Any], result: GameResult) -> dict[str, Any]:
    """The public view with the recorded outcome.

    The service's record is what counts: a resignation, a missed deadline or a
    draw by agreement ends a game whose engine state is not over by itself.
    """
    return dict(public_view, outcome=result.outcome.to_dict())


async def results_png(public_view: Mapping[str, Any], result: GameResult, names: Sequence[str],
                      lang: str = "en") -> bytes:
    """The results image of a finished game, for the channel (in the game's language)."""
    _require_public(public_view, "results")
    return await _drawn("results", results.results, final_view(public_view, result), names=list(names), lang=lang)


async def hand_png(private_view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """One player's hand, for that player's eyes only (DM or ephemeral reply), in their language."""
    return await _drawn("hand", hand.hand, dict(private_view), names=list(names), lang=lang)


async def chart_png(history: Any, title: str, lang: str = "en") -> bytes:
    """A player's rating over their games, as a chart."""
    return await in_process(rating_chart, history, title=title, lang=lang)


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


def draw_replay(kind: str, players: int, seed: int, options: dict[str, Any],
                log: Sequence[tuple[str, int, str]], outcome: dict[str, Any] | None,
                captions: Sequence[str], names: Sequence[str], lang: str = "en",
                budget: int = REPLAY_BUDGET) -> bytes:
    """The animated GIF of a game (runs in a worker process).

    A very long game is drawn smaller rather than losing frames: every move keeps its frame.
    """
    views = public_positions(kind, players, seed, options, log, outcome)
    gif = b""
    for scale in REPLAY_SCALES:
        gif = animation(kind, views, captions, names=list(names), scale=scale, lang=lang)
        if len(gif) <= budget:
            break
    return gif


async def replay_gif(kind: str, players: int, seed: int, options: dict[str, Any],
                     log: Sequence[tuple[str, int, str]], outcome: dict[str, Any] | None,
                     captions: Sequence[str], names: Sequence[str], lang: str = "en") -> bytes:
    """``draw_replay`` in a worker process."""
    return await in_process(draw_replay, kind, players, seed, options, log, outcome, list(captions), list(names),
                            lang)


def start_pictures(processes: int | None = None, metrics: Metrics | None = None) -> None:
    """Start the worker processes that draw (``processes``: default one per core), timed into ``metrics``."""
    global _metrics
    _metrics = metrics
    configure_workers(processes, preload=WORKER_PRELOAD)
    start_workers()


async def stop_pictures() -> None:
    """Stop the worker processes (waiting for them to exit, off the event loop)."""
    await stop_workers()


def workers_trouble() -> str | None:
    """What is wrong with the workers, or None when all are alive (for /healthz)."""
    return pool_trouble()


def work_queued() -> int:
    """Images (and computer moves) handed to the workers and not done yet."""
    return queued()


__all__ = ["PAGE_SIZES", "REPLAY_BUDGET", "board_png", "draw_page_board", "page_board_png", "page_layout",
           "chart_png", "draw_replay", "final_view", "hand_png", "named_text",
           "public_positions", "replay_gif", "results_png", "start_pictures", "stop_pictures", "work_queued",
           "worker_pids", "workers_trouble"]
