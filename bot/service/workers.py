"""CPU-heavy work (board images, computer players) in a pool of worker processes.

Threads running Python hold the GIL, so a board drawn in a thread still
stalls the event loop, the gateway heartbeat and the database thread. A
process pool lets both cores work and keeps the loop free.

    png = await in_process(render_board, view, names=names)

``work`` must be a module-level function and its arguments picklable (views
are small JSON-ready dicts). The bot starts the pool with ``start_workers()``
when it starts and stops it with ``stop_workers()`` when it closes; without
that, the first ``in_process`` starts it. Processes come from the
``forkserver`` where available (forking a process that runs an event loop and
threads is unsafe). Modules named in ``configure_workers(preload=…)`` are
imported by the fork server, so every worker forked from it starts with them
loaded and their caches (fonts, static layers, palettes) already drawn,
shared with the fork server for as long as nobody writes to them (``FREEZE``).
"""
from __future__ import annotations

import asyncio
import functools
import importlib
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, ParamSpec, Sequence, TypeVar

#: Imported by the fork server so that it ends with the bot (see that module); never
#: imported here, where it would tie the bot's own life to its parent's.
GUARD = "bot.service.worker_guard"
#: Imported by the fork server first, so that no worker runs a script's main again (see that module).
NO_MAIN = "bot.service.worker_main"
#: Imported by the fork server after everything else, so its workers keep sharing what it loaded.
FREEZE = "bot.service.worker_freeze"

P = ParamSpec("P")
T = TypeVar("T")

_pool: ProcessPoolExecutor | None = None
_size: int | None = None
_preload: tuple[str, ...] = ()
_queued = 0     # calls handed to the pool and not done yet (waiting for a worker or running)
_ended: ProcessPoolExecutor | None = None    # the pool ``stop_workers`` last ended: its work is not tried again
_call_done: list[Callable[[], None]] = []    # told whenever a call leaves the pool (``on_call_done``)


def configure_workers(processes: int | None, *, preload: Sequence[str] = ()) -> None:
    """Set the pool's size (default: one process per core) and the modules every worker imports first.

    Takes effect at the next start.
    """
    global _size, _preload
    if processes is not None and processes < 1:
        raise ValueError("a worker pool needs at least one process")
    _size = processes
    _preload = tuple(preload)


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # only heeded before the fork server first starts; the initializer imports them anyway
        context.set_forkserver_preload([NO_MAIN, GUARD, *_preload, FREEZE])
        return context
    return multiprocessing.get_context("spawn")


def _prepare_worker(modules: tuple[str, ...], guarded: bool) -> None:
    """Each worker's first step: end with the fork server, then import what its work needs."""
    # Ctrl-C in a terminal reaches the whole process group: the bot stops its workers itself,
    # while a worker interrupted on its own would break the pool and print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if guarded:
        importlib.import_module(GUARD).end_with_fork_server()
    for module in modules:
        importlib.import_module(module)


def _ready() -> int:
    return os.getpid()


def _processes() -> int:
    return _size or os.cpu_count() or 1


def worker_pool() -> ProcessPoolExecutor:
    """The shared pool, started on first use."""
    global _pool
    if _pool is None:
        context = _context()
        _pool = ProcessPoolExecutor(max_workers=_processes(), mp_context=context, initializer=_prepare_worker,
                                    initargs=(_preload, context.get_start_method() == "forkserver"))
    return _pool


def start_workers() -> None:
    """Start the pool and all its processes now, so the first board is not kept waiting."""
    pool = worker_pool()
    # a process is added whenever work arrives and none is idle: one task each starts them all
    for _ in range(_processes()):
        pool.submit(_ready)


def worker_count() -> int:
    """How many processes the pool has (or will have when it starts)."""
    return _processes()


def worker_pids() -> list[int]:
    """The process ids of the running workers (for measurements and tests)."""
    # the executor has no public list of its processes
    return [] if _pool is None else sorted((_pool._processes or {}).keys())


async def in_process(work: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``work(*args, **kwargs)`` in a worker process and await its result.

    A pool whose worker died (killed, out of memory) is replaced once and the
    work tried again there.
    """
    global _queued
    loop = asyncio.get_running_loop()
    call = functools.partial(work, *args, **kwargs)
    _queued += 1
    try:
        pool = worker_pool()
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool:
            if pool is _ended:      # stopped on purpose (the bot is closing): no new pool for it
                raise
            shutdown_workers()
            return await loop.run_in_executor(worker_pool(), call)
    finally:
        _queued -= 1
        for listener in list(_call_done):
            listener()


def queued() -> int:
    """How many calls are in the pool now: waiting for a worker or being worked on."""
    return _queued


def on_call_done(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever a call leaves the pool (done or failed), until ``forget_call_done``."""
    if listener not in _call_done:
        _call_done.append(listener)


def forget_call_done(listener: Callable[[], None]) -> None:
    if listener in _call_done:
        _call_done.remove(listener)


def pool_trouble() -> str | None:
    """What is wrong with the pool, as a word for monitoring, or None when every worker is alive.

    ``not_started``, ``broken`` (a worker died; the next call replaces the pool), ``worker_gone``, ``no_workers``.
    """
    pool = _pool
    if pool is None:
        return "not_started"
    # the executor has no public word on its state or its processes
    if getattr(pool, "_broken", False):
        return "broken"
    processes = dict(pool._processes or {})
    if not processes:
        return "no_workers"
    if not all(process.is_alive() for process in processes.values()):
        return "worker_gone"
    return None


def shutdown_workers() -> None:
    """Stop the pool's processes and wait for them (the next ``in_process`` starts a new pool)."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


#: How long a stopping bot lets a worker finish what it is doing (a hard computer thinks for seconds).
STOP_GRACE_SECONDS = 2.0


async def stop_workers(grace: float = STOP_GRACE_SECONDS) -> None:
    """``shutdown_workers`` without blocking the event loop; workers still busy after ``grace`` seconds are ended.

    Nobody waits for their answers any more: the bot is stopping, and a computer's
    turn is played again after the restart.
    """
    global _ended
    _ended = _pool
    processes = [] if _pool is None else list((_pool._processes or {}).values())
    stopping = asyncio.ensure_future(asyncio.to_thread(shutdown_workers))
    try:
        await asyncio.wait_for(asyncio.shield(stopping), grace)
    except asyncio.TimeoutError:
        for process in processes:
            if process.is_alive():
                process.terminate()
        await stopping
