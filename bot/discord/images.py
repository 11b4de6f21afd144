"""PNG images from the renderer, drawn in the worker processes so the event loop stays free.

Drawing holds the GIL, so in a thread it would stall the event loop, the
gateway and the database; in a worker process it uses the other core. Only
the view (a small dict) and the names travel to the worker, only the PNG
bytes come back. The bot starts the workers with ``start_images`` in its
``setup_hook`` and stops them with ``stop_images`` when it closes.

The board and the results posted to a channel are always drawn from the
*public* view; a hand image is only ever drawn from its owner's view and sent
to its owner.
"""
from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Sequence

from bot.service import GameResult
from bot.service.workers import (
    configure_workers, in_process, pool_trouble, queued, start_workers, stop_workers, worker_pids,
)
from bot.telemetry import Metrics
from renderer import alcazar, alcazar1978, hand, results

# Imported by every worker before its first image: draws the static layers and palettes once.
WORKER_PRELOAD = ("renderer.warm",)

_BOARDS: dict[str, Callable[..., bytes]] = {"alcazar": alcazar.board, "alcazar1978": alcazar1978.board}

#: Where the drawing times go: the metrics of the bot that started the workers (one pool a process).
_metrics: Metrics | None = None


async def _drawn(image: str, draw: Callable[..., bytes], view: Mapping[str, Any], **options: Any) -> bytes:
    """``draw(view, **options)`` in a worker, timed for /metrics (the wait for a free worker included)."""
    started = time.perf_counter()
    png = await in_process(draw, view, **options)
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


def start_images(processes: int | None = None, metrics: Metrics | None = None) -> None:
    """Start the worker processes that draw images (``processes``: default one per core), timed into ``metrics``."""
    global _metrics
    _metrics = metrics
    configure_workers(processes, preload=WORKER_PRELOAD)
    start_workers()


async def stop_images() -> None:
    """Stop the worker processes (waiting for them to exit, off the event loop)."""
    await stop_workers()


def workers_trouble() -> str | None:
    """What is wrong with the image workers, or None when all are alive (for /healthz)."""
    return pool_trouble()


def work_queued() -> int:
    """Images (and computer moves) handed to the workers and not done yet."""
    return queued()


__all__ = ["board_png", "final_view", "hand_png", "results_png", "start_images", "stop_images", "work_queued",
           "worker_pids", "workers_trouble"]
