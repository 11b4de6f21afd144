"""Players first: background requests take turns in one paced lane; a player's requests never wait in it.

Discord gives a bot token 50 requests a second in its global bucket, shared by
every shard and process. A player waits on the requests made while their
interaction is answered (the board of their move, the hand DM it changed);
nobody waits on a reminder, a missed deadline's board or a computer's move
(``bot.telemetry.causes.in_background``). Left alone, a burst of background
work (5,000 reminders after an outage) would fill the bucket, meet global
429s, and discord.py would then hold every request, players' boards too,
until the bucket refills.

So every request in the global bucket passes :meth:`BackgroundLane.send`,
wrapped around discord.py's ``HTTPClient.request`` (whose own rate-limit
handling still paces routes and waits out any 429):

- a player's request goes straight on; it is only counted;
- a background request waits for its turn, one at a time in the order they
  came: at most ``per_second`` of them a second, evenly spaced (a burst is
  spread, not sent in lumps), and only while the requests of the last second
  plus the players' requests still under way stay below ``total_per_second``,
  so that players always find room left in the bucket.

Interaction callbacks and webhooks (follow-ups) are outside the global bucket
and pass untouched. The lane is per process: a process running some of the
shards takes its share of the token's budget (:meth:`share_token`).
"""
from __future__ import annotations

import asyncio
import functools
import math
import time
from collections import deque
from typing import Any, Awaitable, Callable

import discord

from bot.discord.monitor import bucket_of
from bot.telemetry.causes import in_background

#: Background requests a second, all processes of the token together: about half of Discord's 50.
BACKGROUND_PER_SECOND = 25.0
#: Background requests wait while the last second's requests and the players' under way reach this.
TOTAL_PER_SECOND = 42.0
WINDOW_SECONDS = 1.0

Request = Callable[..., Awaitable[Any]]


class BackgroundLane:
    """The order of the work in Discord's global bucket: players' requests first, background ones paced."""

    def __init__(self, *, per_second: float = BACKGROUND_PER_SECOND, total_per_second: float = TOTAL_PER_SECOND,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.total_per_second = total_per_second
        self.clock = clock
        self._turns = asyncio.Lock()        # fair: background requests are let through in the order they came
        self._started: deque[float] = deque()   # global-bucket requests started in the last second, any work
        self._players_under_way = 0
        self._next_turn = -math.inf
        #: Background requests waiting for their turn now, and let through so far.
        self.waiting = 0
        self.let_through = 0

    def install(self, http: discord.http.HTTPClient) -> None:
        """Put the lane in front of discord.py's requests (its rate-limit handling stays behind it)."""
        # An instance attribute shadows the method: every caller of ``http.request`` passes the lane.
        setattr(http, "request", functools.partial(self.send, http.request))

    def share_token(self, fraction: float) -> None:
        """This process runs ``fraction`` of the bot's shards: it takes that share of the token's budget."""
        fraction = min(1.0, max(fraction, 0.01))
        self.per_second = BACKGROUND_PER_SECOND * fraction
        self.total_per_second = TOTAL_PER_SECOND * fraction

    async def send(self, request: Request, route: discord.http.Route, **options: Any) -> Any:
        """Send ``route`` through discord.py: at once for a player, at the lane's pace for background work."""
        if bucket_of(route.url) != "global":
            return await request(route, **options)
        if in_background():
            await self._take_turn()
            return await request(route, **options)
        self._count(self.clock())
        self._players_under_way += 1
        try:
            return await request(route, **options)
        finally:
            self._players_under_way -= 1

    async def _take_turn(self) -> None:
        self.waiting += 1
        try:
            async with self._turns:
                while (wait := self._wait(self.clock())) > 0:
                    await asyncio.sleep(wait)
                now = self.clock()
                self._count(now)
                self._next_turn = now + 1.0 / self.per_second
                self.let_through += 1
        finally:
            self.waiting -= 1

    def _wait(self, now: float) -> float:
        """Seconds until the next background request may go (0 or less: now)."""
        self._forget_before(now - WINDOW_SECONDS)
        wait = self._next_turn - now
        if len(self._started) + self._players_under_way >= self.total_per_second:
            # Room comes back as the oldest request of the window leaves it, or as a player's finishes.
            leaves = self._started[0] + WINDOW_SECONDS - now if self._started else 0.0
            wait = max(wait, min(leaves, 0.02) if self._players_under_way else leaves, 0.001)
        return wait

    def _count(self, now: float) -> None:
        self._forget_before(now - WINDOW_SECONDS)
        self._started.append(now)

    def _forget_before(self, moment: float) -> None:
        while self._started and self._started[0] <= moment:
            self._started.popleft()
