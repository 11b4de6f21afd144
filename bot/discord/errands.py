"""Errands: small pieces of work that follow an answer and that nobody waits on.

Taking the buttons off a board whose follow-up token has expired is one: the
new board is already in the channel, the player has their answer, and the
edit must go by the channel's route, in Discord's global bucket. Run inline,
it would hold up what comes after it in the same flow (the hand DM, a
computer's turn) behind the background lane (``bot.discord.pacing``); run as
an errand, it takes its paced turn there while the flow goes on.

An errand that fails is logged and forgotten: the worst it leaves is a stale
button, whose click is answered "this board is out of date". At shutdown the
errands still waiting are cancelled, for the same reason; and while ``MOST``
are under way (the background lane far behind, Discord's global bucket full
for minutes) a new one is not started at all, so that memory stays bounded.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Coroutine

from bot.telemetry import background_work, caused_by, note_outcome
from bot.telemetry.work import failed

log = logging.getLogger(__name__)

#: Errands under way at most; a new one beyond is dropped (and logged).
MOST = 2000


class Errands:
    """The errands under way in this process."""

    def __init__(self, most: int = MOST) -> None:
        self._running: set[asyncio.Task[None]] = set()
        self.most = most
        self.dropped = 0

    def start(self, work: Coroutine[Any, Any, None], *, cause: str, name: str) -> bool:
        """Run ``work`` in a task of its own, its requests put down to ``cause``; False (and ``work``
        never run) while ``most`` errands are under way already."""
        if len(self._running) >= self.most:
            work.close()
            self.dropped += 1
            log.info("Errand %s dropped: %s errands are waiting already", name, len(self._running))
            return False
        task = asyncio.create_task(self._run(work, cause, name), name=f"alcazar-errand-{name}")
        self._running.add(task)       # a task nobody holds may be collected before it ends
        task.add_done_callback(self._running.discard)
        return True

    @staticmethod
    async def _run(work: Coroutine[Any, Any, None], cause: str, name: str) -> None:
        with caused_by(cause), background_work(f"errand {name}"):
            try:
                await work
            except Exception as error:  # noqa: BLE001 - an errand's failure must not go unseen, nor spread
                note_outcome(failed(error))
                log.exception("An errand failed")

    @property
    def under_way(self) -> int:
        return len(self._running)

    async def wait(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until every errand started so far has ended."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=timeout)

    async def stop(self) -> None:
        """Cancel the errands still under way."""
        running = set(self._running)
        for task in running:
            task.cancel()
        if running:
            await asyncio.gather(*running, return_exceptions=True)
