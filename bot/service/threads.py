"""Running slow synchronous work (engine search, rendering) off the event loop."""
from __future__ import annotations

import asyncio
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


async def in_thread(work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``work(*args, **kwargs)`` in a worker thread and await its result.

    The Discord layer uses it for rendering, e.g.
    ``png = await in_thread(render_board, view, size=800)``: the event loop keeps
    answering interactions meanwhile.
    """
    return await asyncio.to_thread(work, *args, **kwargs)
