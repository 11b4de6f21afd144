"""CPU-heavy work (board images, computer players) in a pool of worker processes.

Threads running Python hold the GIL, so a board drawn in a thread still
stalls the event loop, the gateway heartbeat and the database thread. A
process pool lets both cores work and keeps the loop free.

    png = await in_process(render_board, view, names=names)

``work`` must be a module-level function and its arguments picklable (views
are small JSON-ready dicts). The pool starts lazily on first use with the
``forkserver`` method where available (forking a process that runs an event
loop and threads is unsafe), and ``shutdown_workers()`` stops it.
"""
from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_pool: ProcessPoolExecutor | None = None
_size: int | None = None


def configure_workers(processes: int | None) -> None:
    """Set the pool's size (default: one process per core); takes effect at the next start."""
    global _size
    if processes is not None and processes < 1:
        raise ValueError("a worker pool needs at least one process")
    _size = processes


def _context() -> multiprocessing.context.BaseContext:
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def worker_pool() -> ProcessPoolExecutor:
    """The shared pool, started on first use."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=_size or os.cpu_count() or 1, mp_context=_context())
    return _pool


async def in_process(work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``work(*args, **kwargs)`` in a worker process and await its result."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(worker_pool(), functools.partial(work, *args, **kwargs))


def shutdown_workers() -> None:
    """Stop the pool's processes (the next ``in_process`` starts a new pool)."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
