"""The bot and Python's cyclic garbage collector: what start-up loaded is put out of its reach.

A full (generation 2) collection walks every object the collector tracks, and
the event loop waits meanwhile. Once the bot is ready, most of those are what
start-up loaded and keeps for good: modules, the engines' tables, discord.py's
caches of guilds, channels and roles, the service and its parts. In the
running bot in 500 servers they were about 100,000 objects, and each full
collection took about 70 ms on a 2-core machine (several board renders) with
no game cached (``bench/collector.py``).

``gc.freeze()`` moves every object tracked so far into a permanent
generation that no collection walks, as the ``gc`` documentation advises
for what a process loads at start-up; those objects are still freed by their
reference counts, only a cycle among them that became garbage would stay
(a guild the bot leaves, once). What is made after start-up (new guilds'
caches, the games' latest copies) is collected as before. The cached games
themselves are kept out of the collector's way by the service
(``bot/service/cache.py``), since they come and go.
"""
from __future__ import annotations

import gc
import logging
import time
from typing import Protocol

log = logging.getLogger(__name__)


class Readiness(Protocol):
    async def wait_until_ready(self) -> None: ...


def full_collection_ms() -> float:
    """One full collection, timed: what a collection of generation 2 stops the process for now."""
    began = time.perf_counter()
    gc.collect()
    return (time.perf_counter() - began) * 1000


def freeze_start_up() -> int:
    """Collect what start-up left as garbage, then freeze everything still tracked; the count frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


async def freeze_once_ready(client: Readiness) -> None:
    """Freeze what start-up loaded once the client is ready (its caches of guilds and channels filled)."""
    await client.wait_until_ready()
    before_ms = full_collection_ms()
    frozen = freeze_start_up()
    log.info("Start-up's %d objects are out of the garbage collector's reach: a full collection took %.1f ms, "
             "now %.1f ms", frozen, before_ms, full_collection_ms())
