"""The shared worker-process pool runs work in another process, off the event loop."""
from __future__ import annotations

import os

import pytest

from bot.service.workers import configure_workers, in_process, shutdown_workers


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
