"""The web board: a live board in any browser, served by the bot itself beside the Discord layer.

It imports only the service's package API, ``bot.i18n``, ``bot.config``, ``bot.telemetry``, aiohttp
and the standard library. The server decides everything a viewer sees (the service's projection for
that viewer); the page (``static/``) knows no rules and shows what it is given.

    web_app(service, settings, hooks)      the aiohttp application (tests use it with aiohttp's client)
    WebBoard(service, settings, hooks)     the application served on WEB_HOST:WEB_PORT (start, stop)
    WebHooks(names_of, publish)            what the board asks of the rest of the bot
"""
from __future__ import annotations

from bot.web.app import WebBoard, web_app
from bot.web.guards import WebLimits
from bot.web.hooks import WebHooks

__all__ = ["WebBoard", "WebHooks", "WebLimits", "web_app"]
