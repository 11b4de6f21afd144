"""PNG images from the renderer, drawn in a worker thread so the event loop stays free.

The board posted to a channel is always drawn from the *public* view; a hand
image is only ever drawn from its owner's view and sent to its owner.
"""
from __future__ import annotations

import asyncio
import importlib
import logging
from typing import Any, Callable, Mapping, Sequence

log = logging.getLogger(__name__)

# (module, function) of the renderer for each image; looked up when first used.
_BOARD = {"alcazar": ("renderer.alcazar", "board"), "alcazar1978": ("renderer.alcazar1978", "board")}
_RESULTS = {"alcazar": ("renderer.results", "results"), "alcazar1978": ("renderer.results", "results")}
_HAND = ("renderer.hand", "hand")


def _renderer(where: tuple[str, str]) -> Callable[..., bytes] | None:
    module_name, function = where
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    return getattr(module, function, None)


async def _draw(where: tuple[str, str] | None, view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    draw = None if where is None else _renderer(where)
    if draw is None:
        log.warning("No renderer %s available; sending the message without an image", where)
        return None
    return await asyncio.to_thread(draw, dict(view), names=list(names))


async def board_png(kind: str, public_view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    """The board for the channel, from the public view (``seat`` None)."""
    if public_view.get("seat") is not None or "hand" in public_view:
        raise ValueError("a board for the channel must be drawn from the public view")
    return await _draw(_BOARD.get(kind), public_view, names)


async def results_png(kind: str, public_view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    if public_view.get("seat") is not None or "hand" in public_view:
        raise ValueError("the results for the channel must be drawn from the public view")
    return await _draw(_RESULTS.get(kind), public_view, names) or await board_png(kind, public_view, names)


async def hand_png(private_view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    """One player's hand, for that player's eyes only (DM or ephemeral reply)."""
    return await _draw(_HAND, private_view, names)
