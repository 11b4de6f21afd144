"""The live socket, ``GET /api/games/{id}/live``: a page follows its game without reloading.

Only pages of the web board's own origin may open it (a page elsewhere cannot borrow a viewer's
browser), and inside Discord the Activity's, ``https://<application id>.discordsays.com``, through
which Discord's proxy serves the page. The session is the page's first message, never the URL, so no
proxy's log holds it: ``{"session": "...", "version": 12, "lang": "hu"}``. The answer is the view at
once if the game is past that version, and again at every change; when the session ends,
``{"type": "ended", ...}``.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from yarl import URL

from bot.i18n import LANGUAGES, t
from bot.service import GameService, Refusal, StoreUnavailable
from bot.web.answers import TOO_MANY, Refused
from bot.web.api import LINK_LONGEST
from bot.web.guards import TokenBuckets, WebLimits, client_address
from bot.web.hub import LiveHub, LivePage, end_page


def origin_of(url: str) -> str:
    return str(URL(url).origin())


def activity_origin(application_id: int) -> str:
    """Where Discord serves an application's Activity from, through its proxy."""
    return f"https://{application_id}.discordsays.com"


class LiveSockets:
    """The socket's handler: checks, the first message, then the page stays in the hub until it closes."""

    def __init__(self, service: GameService, hub: LiveHub, web_url: str | None, limits: WebLimits,
                 addresses: TokenBuckets, activity_id: int | None = None) -> None:
        self.service = service
        self.hub = hub
        self.origins = {origin_of(web_url)} if web_url else set()
        if web_url and activity_id is not None:
            self.origins.add(activity_origin(activity_id))
        self.limits = limits
        # Refused sessions count against their address, as on the API (a page's reconnects do not).
        self.addresses = addresses

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get(r"/api/games/{game_id:\d{1,18}}/live", self.live)

    async def live(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Origin") not in self.origins:
            raise web.HTTPForbidden()
        address = client_address(request)
        if not self.addresses.allows(address):
            raise Refused(TOO_MANY)
        # Uncompressed: permessage-deflate keeps a compressor of about 256 KB for each socket (five times a
        # page's memory budget) and would deflate one view once per page; a view is some 16 KB, less than a
        # tenth of the board image the page fetches for the same change.
        socket = web.WebSocketResponse(heartbeat=self.limits.heartbeat_seconds,
                                       max_msg_size=self.limits.socket_message_bytes, compress=False)
        await socket.prepare(request)
        try:
            page = await self.greet(socket, int(request.match_info["game_id"]), address)
            if page is None:
                return socket
            try:
                await self.hub.join(page)
                # The page says nothing more; reading keeps the heartbeat's answers and the close coming.
                async for message in socket:
                    if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                        break
            finally:
                self.hub.leave(page)
        except StoreUnavailable:
            # The page reconnects after its backoff, by when the store may be back.
            await socket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"store unavailable")
        return socket

    async def greet(self, socket: web.WebSocketResponse, game_id: int, address: str) -> LivePage | None:
        """The first message: a session of this game, the version the page holds, its language."""
        try:
            first = await socket.receive(timeout=self.limits.first_message_seconds)
        except asyncio.TimeoutError:
            await socket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"no session")
            return None
        hello = parse_hello(first.data) if first.type is WSMsgType.TEXT else None
        if hello is None:
            await socket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"bad first message")
            return None
        token, version, lang = hello
        session = await self.service.links.session(token)
        if isinstance(session, Refusal):
            self.addresses.take(address)
            await end_page(socket, t(lang, session.message), self.limits.send_seconds)
            return None
        if session.game_id != game_id:
            # As for an unknown game: nothing said about other games.
            await socket.close(code=4404, message=b"no such game")
            return None
        return LivePage(socket, session, lang, version)


def parse_hello(data: Any) -> tuple[str, int, str] | None:
    """``{"session", "version", "lang"}`` from the page's first message, or None when malformed."""
    try:
        hello = json.loads(data)
    except (ValueError, TypeError):
        return None
    if not isinstance(hello, dict):
        return None
    token, version, lang = hello.get("session"), hello.get("version", 0), hello.get("lang", "en")
    if not isinstance(token, str) or not token or len(token) > LINK_LONGEST:
        return None
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 2**53:
        return None
    if lang not in LANGUAGES:
        lang = "en"
    return token, version, lang
