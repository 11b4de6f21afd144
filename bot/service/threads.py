"""Running short synchronous engine work off the event loop (images go to ``workers.in_process``)."""
from __future__ import annotations

import asyncio
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


async def in_thread(work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``work(*args, **kwargs)`` in a worker thread and await its result.

    The service uses it for engine steps (``advance``, ``view``): the event loop
    keeps answering interactions meanwhile. Long CPU work belongs in a worker
    process (``in_process``), since a thread running Python holds the GIL.
    """
    return await asyncio.to_thread(work, *args, **kwargs)
