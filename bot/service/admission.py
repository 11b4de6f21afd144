"""Moves wait their turn at the door while the image workers are full: a backlog waits as a move, not as a turn.

A move's turn in the bot is the move judged and committed (the engine's step,
the new state, the views of the board and of the hands that changed), then
its board drawn in a worker process. When moves come faster than the workers
can draw, turns pile up waiting for a worker, each holding what it worked
out: about 300 to 350 objects the cyclic garbage collector tracks. With
hundreds of turns waiting, a full collection walked them all: 30 to 127 ms of
CPU, every interaction in flight waiting meanwhile (``bench/load.py`` at 90 and
100 % of what the CPUs can draw).

So a move is judged only when the workers have room for what it leads to:
while the calls in the pool and the moves being judged reach
``PER_WORKER`` a worker, a new move waits here, first come first served, as
its game, player and text, a few objects. The turns worked out at once, and
so what a full collection walks for them, stay bounded however long the
backlog grows. Nothing else changes: the same moves are judged in the same
order, against the game as it is when their turn comes, and written as before.
"""
from __future__ import annotations

import asyncio
from collections import deque
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from bot.service import workers

#: Calls in the pool (drawing or waiting for a worker) and moves being judged, per worker, beyond which a new
#: move waits. Four keep every worker busy (one drawing, three queued behind it) with moves judged meanwhile,
#: so the door holds moves back only when the workers are behind already.
PER_WORKER = 4


class Admission:
    """A door that lets work in while ``busy() + inside < limit()``, in order of arrival.

    ``busy`` counts the work elsewhere that the door waits on (the pool's calls); the pool tells
    the door when one of them ends (``workers.on_call_done``)."""

    def __init__(self, limit: Callable[[], int], busy: Callable[[], int]) -> None:
        self._limit = limit
        self._busy = busy
        self.inside = 0
        self._waiting: deque[asyncio.Future[None]] = deque()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def _has_room(self) -> bool:
        return self.inside + self._busy() < self._limit()

    @asynccontextmanager
    async def place(self) -> AsyncIterator[None]:
        """Wait for room (behind everyone already waiting), then hold a place until the block ends."""
        if self._waiting or not self._has_room():
            await self._wait()      # the place is taken on our behalf when we are let in
        else:
            self.inside += 1
        try:
            yield
        finally:
            self.inside -= 1
            self._let_in()

    async def _wait(self) -> None:
        arrival = asyncio.get_running_loop().create_future()
        self._waiting.append(arrival)
        if len(self._waiting) == 1:
            workers.on_call_done(self._let_in)
        try:
            await arrival
        except asyncio.CancelledError:
            if arrival.done() and not arrival.cancelled():    # let in, then cancelled: the place goes on
                self.inside -= 1
            else:
                self._waiting.remove(arrival)
            self._let_in()
            raise

    def _let_in(self) -> None:
        """Let in those waiting, first come first, while there is room."""
        while self._waiting and self._has_room():
            arrival = self._waiting.popleft()
            if not arrival.done():
                self.inside += 1
                arrival.set_result(None)
        if not self._waiting:
            workers.forget_call_done(self._let_in)


def moves_admission() -> Admission:
    """The door for players' moves: room while the pool's calls and the moves being judged are under
    ``PER_WORKER`` a worker."""
    return Admission(limit=lambda: PER_WORKER * workers.worker_count(), busy=workers.queued)
