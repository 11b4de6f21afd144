"""The shared worker-process pool runs work in another process, off the event loop."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.service.workers import configure_workers, in_process, shutdown_workers, stop_workers, worker_pids


def _pid_and_sum(a: int, b: int, *, c: int = 0) -> tuple[int, int]:
    return os.getpid(), a + b + c


async def test_work_runs_in_another_process_and_returns_its_result():
    configure_workers(1)
    try:
        pid, total = await in_process(_pid_and_sum, 2, 3, c=4)
    finally:
        shutdown_workers()
        configure_workers(None)
    assert total == 9
    assert pid != os.getpid()


def test_a_pool_needs_a_process():
    with pytest.raises(ValueError):
        configure_workers(0)


async def test_the_board_is_drawn_in_a_worker_process_that_has_the_renderer_warm():
    from bot.discord import images
    from bot.games import get_game

    engine = get_game("alcazar")
    view = engine.view(engine.new_game(players=3, seed=4), None)
    images.start_images(1)
    try:
        warm = await in_process(_renderer_is_warm)
        png = await images.board_png("alcazar", view, ["Ana", "Ben", "Cleo"])
        pids = images.worker_pids()
    finally:
        await images.stop_images()
        configure_workers(None)
    assert png.startswith(b"\x89PNG")
    assert warm, "the worker imported renderer.warm (static layers and palettes) before its first image"
    assert len(pids) == 1 and os.getpid() not in pids
    assert images.worker_pids() == []


def _renderer_is_warm() -> bool:
    """Whether the static layers and the palettes of every image kind are already built here."""
    from renderer.alcazar_background import background
    from renderer.palette import palette_for
    return palette_for.cache_info().currsize >= 3 and background.cache_info().currsize >= 1


async def test_a_pool_whose_worker_died_is_replaced():
    configure_workers(1)
    try:
        pid, _ = await in_process(_pid_and_sum, 1, 1)
        os.kill(pid, 9)
        pid_after, total = await in_process(_pid_and_sum, 1, 2)
    finally:
        shutdown_workers()
        configure_workers(None)
    assert total == 3 and pid_after != pid


_ORPHAN_SCRIPT = """
import asyncio, sys
from bot.service.workers import configure_workers, start_workers, worker_pids
configure_workers(2)
start_workers()
print(" ".join(map(str, worker_pids())), flush=True)
sys.stdin.read()
"""


def _started(pid: int) -> str | None:
    """When ``pid`` started (clock ticks since boot), or None once it has ended (gone or a zombie).

    Process ids are reused, quickly on a busy machine: a worker counts as alive
    only while its id still names the process that started at that moment.
    """
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None if fields[0] == "Z" else fields[19]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal is Linux only")
def test_workers_end_when_the_bot_is_killed_outright():
    bot = subprocess.Popen([sys.executable, "-c", _ORPHAN_SCRIPT], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    try:
        workers = {int(p): _started(int(p)) for p in bot.stdout.readline().split()}
        assert workers and None not in workers.values()
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 20

    def left() -> list[int]:
        return [pid for pid, started in workers.items() if _started(pid) == started]

    while left() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left(), "image workers outlived the killed bot"


def _think_for_long() -> None:
    time.sleep(60)


async def test_stopping_ends_a_worker_still_busy_after_the_grace_period():
    """A bot stopping while a computer thinks does not wait for the thought: the worker is ended."""
    configure_workers(1)
    try:
        busy = asyncio.ensure_future(in_process(_think_for_long))
        while not worker_pids():
            await asyncio.sleep(0.01)
        pid = worker_pids()[0]
        await asyncio.sleep(0.2)
        started = time.monotonic()
        await stop_workers(grace=0.3)
        took = time.monotonic() - started
        [outcome] = await asyncio.gather(busy, return_exceptions=True)
        assert worker_pids() == [], "the work of a pool stopped on purpose is not tried again in a new one"
    finally:
        shutdown_workers()
        configure_workers(None)
    assert took < 5, f"stopping took {took:.1f} s"
    assert isinstance(outcome, BrokenProcessPool)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


_SCRIPT_STARTING_WORKERS = '''
import os, sys
print("script ran in", os.getpid(), flush=True)
from bot.service import workers

if __name__ == "__main__":
    workers.configure_workers(2)
    workers.start_workers()
    import asyncio
    async def both():
        return await asyncio.gather(*(workers.in_process(os.getpid) for _ in range(4)))
    print("workers", *sorted(set(asyncio.run(both()))), flush=True)
    workers.shutdown_workers()
'''


def test_workers_of_a_bot_started_as_a_script_do_not_run_the_script_again(tmp_path) -> None:
    """Every worker used to run the parent's script (and all it imports) again, in memory of its own."""
    script = tmp_path / "start_bot.py"
    script.write_text(_SCRIPT_STARTING_WORKERS)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": root})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    ran = [line for line in lines if line.startswith("script ran in")]
    [workers_line] = [line for line in lines if line.startswith("workers")]
    assert len(workers_line.split()) > 1, "the work ran in workers"
    assert len(ran) == 1, f"the script ran again in a worker: {ran}"
