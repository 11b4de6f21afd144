"""Changes of games made by other processes, heard through PostgreSQL's ``LISTEN``.

One dedicated connection per process (autocommit, outside the pool, since it waits for notifications
all the time) listens on the channel of the store's schema (``bot.store.changes.channel_of``). The server delivers a notification when the
transaction that sent it commits, to every listening connection, in the order the transactions
committed. When the connection is lost (a server restart, a network fault) the listener connects again
with backoff and then tells ``on_resumed`` since when it may have missed notifications: nothing
remembers them for a connection that was away.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Awaitable, Callable

import psycopg
from psycopg import sql

from bot.store.changes import ChangeNote

log = logging.getLogger(__name__)

#: Seconds before the first attempt to connect again after a loss, and the longest wait between two.
FIRST_RETRY = 0.2
LONGEST_RETRY = 10.0
#: Seconds one connection attempt may take.
CONNECT_TIMEOUT = 5
#: TCP keepalives, so that a connection cut without a goodbye (a network fault) is found out within
#: about a minute rather than never, since a listener only ever waits.
KEEPALIVES: dict[str, Any] = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
                              "keepalives_count": 3}


class ChangeListener:
    """``LISTEN`` on one dedicated connection; ``on_note`` hears each change another store made,
    ``on_resumed(since)`` the end of a loss (``since``: the wall-clock time it began)."""

    def __init__(self, url: str, channel: str, origin: str, on_note: Callable[[ChangeNote], None],
                 on_resumed: Callable[[float], Awaitable[None]]) -> None:
        self._url = url
        self._channel = channel
        self._origin = origin
        self._on_note = on_note
        self._on_resumed = on_resumed
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self._losses = 0

    async def start(self, *, timeout: float = 10.0) -> None:
        """Start listening; returns once the first ``LISTEN`` is in place (or ``timeout`` passed)."""
        if self._task is None:
            self._task = asyncio.create_task(self._listen(), name="game-changes-listener")
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._connected.wait(), timeout)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @property
    def listening(self) -> bool:
        return self._connected.is_set()

    @property
    def losses(self) -> int:
        """How many times the listening connection was lost (and listened again, or is trying to)."""
        return self._losses

    async def _listen(self) -> None:
        lost_at: float | None = None
        delay = FIRST_RETRY
        while True:
            problem = "the server ended it"
            try:
                async with await psycopg.AsyncConnection.connect(
                        self._url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, **KEEPALIVES) as conn:
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))
                    self._connected.set()
                    delay = FIRST_RETRY
                    if lost_at is not None:
                        log.info("Listening for changes of games again (not listening for %.1f s).",
                                 time.time() - lost_at)
                        await self._on_resumed(lost_at)
                        lost_at = None
                    async for notify in conn.notifies():
                        self._heard(notify.payload)
            except (psycopg.Error, OSError) as error:
                problem = str(error).strip() or type(error).__name__
            except Exception as error:     # noqa: BLE001 - never stop listening over one surprise
                log.exception("The listener for changes of games failed; it connects again.")
                problem = type(error).__name__
            finally:
                self._connected.clear()
            # However the listening ended, notifications may be missed from now until it listens again.
            if lost_at is None:
                lost_at = time.time()
                self._losses += 1
                log.warning("Lost the connection that listens for changes of games (%s); connecting again.",
                            problem)
            await asyncio.sleep(delay)
            delay = min(delay * 2, LONGEST_RETRY)

    def _heard(self, payload: str) -> None:
        read = ChangeNote.from_payload(payload)
        if read is None:
            log.debug("Ignored a notification on %s: %r", self._channel, payload)
            return
        note, origin = read
        if origin != self._origin:     # this store's own were told in this process at commit
            self._on_note(note)
