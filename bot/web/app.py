"""The web board's application and its life in the bot's process.

    board = WebBoard(service, settings, WebHooks(names_of=..., publish=...))
    await board.start()      # listens on WEB_HOST:WEB_PORT, follows the service's changes
    ...
    await board.stop()       # closes the open pages' sockets, stops following

Routes: ``GET /play`` (the page), ``GET /assets/<name>.<hash>.<ext>``, ``POST /api/session``, and under
``/api/games/{id}/``: ``view``, ``moves`` (GET, and POST to play), ``board``, ``live`` (the socket). In
Activity mode (``hooks.activity``) also ``GET /``, the same page (Discord opens an Activity at its URL
mapping's root), and ``api/activity`` with its ``session`` and ``pick`` (``activity_api.py``). Nothing
else is served here: ``/healthz`` and ``/metrics`` stay on METRICS_PORT.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Awaitable, Callable

from aiohttp import web

from bot.config import Settings
from bot.service import GameService, StoreUnavailable
from bot.web.answers import APOLOGY, BAD_REQUEST, LANG, NOT_FOUND, STORE_UNAVAILABLE, TOO_LARGE, Refused, page_language
from bot.web.activity_api import ActivityApi
from bot.web.api import BoardApi
from bot.web.assets import STATIC, Assets
from bot.web.bundle import BUNDLE
from bot.web.guards import WebLimits, security_headers
from bot.web.hooks import WebHooks
from bot.web.hub import LiveHub
from bot.web.live import LiveSockets

log = logging.getLogger(__name__)

#: aiohttp's access log without the Referer (the page sends none anyway) or any header that could
#: carry a session: who, what, the answer, its size and time. A token is never in a URL.
ACCESS_LOG_FORMAT = '%a "%r" %s %b %Tf'

HUB = web.AppKey("hub", LiveHub)
API = web.AppKey("api", BoardApi)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def web_app(service: GameService, settings: Settings, hooks: WebHooks, *,
            limits: WebLimits = WebLimits(), static: Path = STATIC) -> web.Application:
    """The web board's aiohttp application over ``service`` (its hub follows the changes while it runs)."""
    app = web.Application(middlewares=[answer_errors], client_max_size=limits.body_bytes)
    assets = Assets(static, built=(BUNDLE,))
    app.router.add_get("/play", assets.serve_page)
    app.router.add_get("/assets/{name}", assets.serve_asset)
    app[API] = api = BoardApi(service, hooks, limits)
    api.add_routes(app)
    activity = hooks.activity
    if activity is not None:
        app.router.add_get("/", assets.serve_page)      # Discord opens an Activity at its URL mapping's root
        ActivityApi(service, hooks, activity, api, lambda: assets.has(BUNDLE.name)).add_routes(app)
    app[HUB] = hub = LiveHub(service, hooks.names_of, send_seconds=limits.send_seconds,
                             recheck_seconds=limits.recheck_seconds)
    LiveSockets(service, hub, settings.web_url, limits, api.addresses,
                activity.client_id if activity else None).add_routes(app)
    app.on_response_prepare.append(security_headers(settings.web_url, activity=activity is not None))

    async def start_hub(app: web.Application) -> None:
        await hub.start()

    async def close_pages(app: web.Application) -> None:
        await hub.close_sockets()

    async def stop_hub(app: web.Application) -> None:
        await hub.stop()
        await api.finish_publishing()

    app.on_startup.append(start_hub)
    app.on_shutdown.append(close_pages)
    app.on_cleanup.append(stop_hub)
    return app


@web.middleware
async def answer_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every failure as a JSON refusal in the viewer's language: the edge's and the service's refusals,
    unknown API paths, a store that is down; anything unforeseen is logged and answered 500."""
    lang = page_language(request)
    try:
        return await handler(request)
    except Refused as refused:
        return refused.answer(request.get(LANG, lang))
    except web.HTTPException as http:
        if not request.path.startswith("/api/") or http.status < 400 or http.status == 403:
            raise
        # aiohttp's own refusals (no such path, a method the path has not) in the API's shape.
        kind = NOT_FOUND if http.status == 404 else TOO_LARGE if http.status == 413 else BAD_REQUEST
        return Refused((kind[0], http.status, kind[2])).answer(request.get(LANG, lang))
    except StoreUnavailable:
        return Refused(STORE_UNAVAILABLE).answer(request.get(LANG, lang))
    except Exception:  # noqa: BLE001 - one request's bug must answer, not hang the page
        log.exception("the web board failed on %s %s", request.method, request.path)
        return Refused(APOLOGY).answer(request.get(LANG, lang))


class WebBoard:
    """The web board in the bot's process: ``start`` binds WEB_HOST:WEB_PORT and starts the service's
    changes; ``stop`` closes the pages' sockets and stops them."""

    def __init__(self, service: GameService, settings: Settings, hooks: WebHooks, *,
                 limits: WebLimits = WebLimits()) -> None:
        self.service = service
        self.settings = settings
        self.app = web_app(service, settings, hooks, limits=limits)
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        await self.service.changes.start()
        self.runner = web.AppRunner(self.app, access_log_format=ACCESS_LOG_FORMAT, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.settings.web_host, self.settings.web_port)
        await site.start()
        log.info("the web board listens on %s:%s for %s", self.settings.web_host, self.settings.web_port,
                 self.settings.web_url)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()     # on_shutdown closes the sockets, on_cleanup stops the hub
            self.runner = None
        await self.service.changes.stop()
