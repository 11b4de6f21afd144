"""Where the service gets the time from: a real clock, or one that tests move by hand."""
from __future__ import annotations

import asyncio
import time
from typing import Protocol

HOUR = 3600.0


class Clock(Protocol):
    """The current time in seconds since the epoch."""

    def now(self) -> float: ...


class SystemClock:
    """The machine's wall clock."""

    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that only moves when told to, so tests never sleep."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, *, hours: float = 0.0, seconds: float = 0.0) -> float:
        """Move the clock forward; returns the new time."""
        if hours < 0 or seconds < 0:
            raise ValueError("a clock only moves forward")
        self._now += hours * HOUR + seconds
        return self._now


async def cancelled(task: asyncio.Task[None] | None) -> None:
    """Cancel a background loop's task and wait until it has stopped (None: nothing runs)."""
    if task is None:
        return
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
