"""Errands (``bot.discord.errands``): work after an answer that nobody waits on, bounded and put down to its cause."""
from __future__ import annotations

import asyncio

from bot.discord.errands import Errands
from bot.telemetry import request_cause


async def test_an_errand_runs_under_its_cause_and_a_failure_is_only_logged() -> None:
    errands = Errands()
    causes: list[str] = []

    async def edit() -> None:
        causes.append(request_cause())

    async def broken() -> None:
        raise RuntimeError("a message gone")

    assert errands.start(edit(), cause="old board", name="1") and errands.start(broken(), cause="old board", name="2")
    await errands.wait(1)
    assert causes == ["old board"] and errands.under_way == 0


async def test_beyond_the_most_under_way_an_errand_is_dropped_and_stop_cancels_the_rest() -> None:
    errands = Errands(most=3)
    shut = asyncio.Event()
    done: list[int] = []

    async def waits(n: int) -> None:
        await shut.wait()
        done.append(n)

    started = [errands.start(waits(n), cause="old board", name=str(n)) for n in range(5)]
    assert started == [True, True, True, False, False] and errands.dropped == 2
    await asyncio.sleep(0)
    await errands.stop()
    shut.set()
    await asyncio.sleep(0)
    assert errands.under_way == 0 and done == [], "cancelled, never run to the end"
