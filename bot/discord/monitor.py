"""The host's view of the bot: ``/healthz`` and ``/metrics`` over HTTP, in the bot's event loop.

``METRICS_PORT`` (unset: nothing is served) on ``METRICS_HOST``. ``/healthz``
answers 200 with each shard's gateway, the database and the image workers,
or 503 naming what fails: a shard disconnected for more than 30 s, a
database that does not answer ``SELECT 1`` within 2 s, a broken worker pool.
``/metrics`` is ``prometheus_client``'s text format of the bot's registry.

Discord's HTTP answers are counted by a ``aiohttp.TraceConfig`` on discord.py's
session (``http_trace``): every response, retried 429s included, by status,
method and route; an interaction callback's success also times the answer
from the interaction's creation (the time in its id).
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from types import SimpleNamespace
from typing import Any, Iterable, Protocol

import aiohttp
from aiohttp import web

from bot.discord import images
from bot.service import Clock, GameService, Store
from bot.telemetry import Metrics, request_cause
from bot.telemetry.logs import scrub
from bot.telemetry.metrics import CONTENT_TYPE

log = logging.getLogger(__name__)

#: A shard whose gateway has been down this long makes the bot unhealthy.
SHARD_DOWN_SECONDS = 30.0
DATABASE_TIMEOUT = 2.0
DISCORD_EPOCH_MS = 1420070400000

_API_PREFIX = re.compile(r"^.*?/api/v\d+")
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
_TOKEN_AFTER = {"interactions", "webhooks"}
# Outside Discord's global bucket, as Discord documents: interaction callbacks and webhooks (follow-ups).
_EXEMPT = re.compile(r"^/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/.*)?)$")


def route_of(path: str) -> str:
    """A request's route: ids as ``{id}``, interaction tokens as ``{token}`` (``/channels/{id}/messages``)."""
    parts = _API_PREFIX.sub("", path).split("/")
    route = []
    for index, part in enumerate(parts):
        if part.isdigit():
            part = "{id}"
        elif index >= 2 and parts[index - 2] in _TOKEN_AFTER and parts[index - 1].isdigit():
            part = "{token}"
        route.append(part)
    return "/".join(route) or "/"


def bucket_of(path: str) -> str:
    """``exempt`` for interaction callbacks and webhooks, else ``global``: Discord's 50 a second per bot token."""
    return "exempt" if _EXEMPT.match(_API_PREFIX.sub("", path)) else "global"


def http_trace(metrics: Metrics) -> aiohttp.TraceConfig:
    """Counts every request discord.py sends, by cause and bucket, and every response it receives;
    times each interaction's acknowledgement."""
    trace = aiohttp.TraceConfig()

    async def on_request_start(_session: aiohttp.ClientSession, _context: SimpleNamespace,
                               params: aiohttp.TraceRequestStartParams) -> None:
        # Run in the task that sends the request, so the cause is that of the work sending it.
        metrics.request_sent(request_cause(), bucket_of(params.url.path))

    async def on_request_end(_session: aiohttp.ClientSession, _context: SimpleNamespace,
                             params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        metrics.http_response(status, params.method, route_of(params.url.path))
        if status == 429:
            metrics.rate_limited(request_cause())
        callback = _CALLBACK.search(params.url.path)
        if callback is not None and 200 <= status < 300:
            created = ((int(callback.group(1)) >> 22) + DISCORD_EPOCH_MS) / 1000
            metrics.interaction_answered(time.time() - created)

    trace.on_request_start.append(on_request_start)
    trace.on_request_end.append(on_request_end)
    return trace


class MonitorUnavailable(Exception):
    """``/healthz`` and ``/metrics`` cannot be served at ``METRICS_HOST``:``METRICS_PORT`` (in use, no such address)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(host, port, reason)
        self.host, self.port, self.reason = host, port, reason


class GatewayWatch:
    """Since when each shard's gateway is down (None: connected), by the bot's clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._down_since: dict[int, float | None] = {}

    def expect(self, shard_ids: Iterable[int]) -> None:
        """The shards this process runs: down until they connect."""
        for shard_id in shard_ids:
            self._down_since.setdefault(shard_id, self.clock.now())

    def connected(self, shard_id: int) -> None:
        self._down_since[shard_id] = None

    def disconnected(self, shard_id: int) -> None:
        if self._down_since.get(shard_id) is None:
            self._down_since[shard_id] = self.clock.now()

    def report(self) -> dict[int, dict[str, Any]]:
        """Per shard: connected, and for how many seconds it has been down."""
        now = self.clock.now()
        return {shard: {"connected": since is None, "down_seconds": None if since is None else round(now - since, 1)}
                for shard, since in sorted(self._down_since.items())}

    def failing(self) -> list[int]:
        return [shard for shard, state in self.report().items()
                if state["down_seconds"] is not None and state["down_seconds"] > SHARD_DOWN_SECONDS]


class Watched(Protocol):
    """What the monitor looks at: the bot's gateways, its database and service, its metrics."""

    gateway_watch: GatewayWatch
    metrics: Metrics
    store: Store | None     # None once the bot has closed it

    @property
    def service(self) -> GameService: ...


class Monitor:
    """The HTTP server of ``/healthz`` and ``/metrics``; ``port`` is where it listens once started."""

    def __init__(self, bot: Watched) -> None:
        self.bot = bot
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError as error:
            await self.stop()
            raise MonitorUnavailable(host, port, error.strerror or str(error)) from error
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("Serving /healthz and /metrics on http://%s:%s", host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def health(self) -> tuple[bool, dict[str, Any]]:
        """Whether every part is well, and each part's state (``failing`` names the parts that are not)."""
        shards = self.bot.gateway_watch.report()
        failing = [f"shard {shard}" for shard in self.bot.gateway_watch.failing()]
        database = await self._database_trouble()
        if database is not None:
            failing.append("database")
        workers = images.workers_trouble()
        if workers is not None:
            failing.append("image workers")
        return not failing, {
            "status": "failing" if failing else "ok", "failing": failing,
            "shards": {str(shard): state for shard, state in shards.items()},
            "database": {"ok": database is None, "error": database},
            "image_workers": {"ok": workers is None, "error": workers, "queued": images.work_queued()},
        }

    async def _database_trouble(self) -> str | None:
        if self.bot.store is None:
            return "closed"
        trouble = await self.bot.service.records.database_trouble(DATABASE_TIMEOUT)
        return None if trouble is None else scrub(trouble)

    async def _healthz(self, _request: web.Request) -> web.Response:
        healthy, parts = await self.health()
        return web.Response(status=200 if healthy else 503, content_type="application/json",
                            text=json.dumps(parts))

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self.bot.store is not None:
            try:
                self.bot.metrics.count_games(
                    await asyncio.wait_for(self.bot.service.records.games_by_status(), DATABASE_TIMEOUT))
            except Exception as error:  # noqa: BLE001 - the other metrics are still worth answering
                log.warning("Could not count the games for /metrics: %s", error)
        return web.Response(body=self.bot.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE})
