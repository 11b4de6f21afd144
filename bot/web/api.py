"""The web board's HTTP API: a link swapped for a session, a viewer's view, moves and board, and a move.

Every call but the swap carries ``Authorization: Bearer <session>``, checked with the service on each
request; a session opens one game for one user, and any other game id answers exactly as an unknown
game does. The language of the words is the ``lang`` the page asks for, or the user's own as the bot
last heard it.
"""
from __future__ import annotations

import asyncio
import logging

from aiohttp import web

from bot.i18n import LANGUAGES, Msg
from bot.service import Accepted, GameService, Reason, Refusal, WebSession
from bot.web.answers import (
    BAD_REQUEST, LANG, NO_SESSION, TOO_MANY, Refused, json_answer, json_text_answer, page_language, read_object,
    refusal_answer, text_field, version_field,
)
from bot.web.guards import TokenBuckets, WebLimits, client_address
from bot.web.hooks import WebHooks

log = logging.getLogger(__name__)

LINK_LONGEST = 512       # a link token is ids, a time and a signature: well under this
MOVE_LONGEST = 200       # the longest Alcazar move in notation is about 40 characters
#: Sessions known good, kept to rate-limit them by session (a bounded number; refused ones never enter).
KNOWN_SESSIONS = 50_000


class BoardApi:
    """The API's handlers over one service; ``publishing`` holds the moves being posted in their channels."""

    def __init__(self, service: GameService, hooks: WebHooks, limits: WebLimits) -> None:
        self.service = service
        self.hooks = hooks
        self.limits = limits
        self.sessions = TokenBuckets(limits.per_session, limits.session_burst)
        self.addresses = TokenBuckets(limits.per_address, limits.address_burst)
        self.known: set[str] = set()
        self.publishing: set[asyncio.Task[None]] = set()

    def add_routes(self, app: web.Application) -> None:
        game = r"/api/games/{game_id:\d{1,18}}"
        app.router.add_post("/api/session", self.open_session)
        app.router.add_get(game + "/view", self.view)
        app.router.add_get(game + "/moves", self.moves)
        app.router.add_post(game + "/moves", self.play)
        app.router.add_get(game + "/board", self.board)

    # -- who asks -------------------------------------------------------------------------------

    def charge_address(self, request: web.Request) -> None:
        """Count a request that carries no known session against its address (429 past the limit)."""
        if not self.addresses.take(client_address(request)):
            raise Refused(TOO_MANY)

    async def session_of(self, request: web.Request) -> WebSession:
        """The request's session for the game in its path; ``Refused`` otherwise."""
        header = request.headers.get("Authorization", "")
        token = header[len("Bearer "):].strip() if header.startswith("Bearer ") else ""
        known = token in self.known
        if known and not self.sessions.take(token):
            raise Refused(TOO_MANY)
        # A session this process has not seen yet (a page from before a restart, a session another process
        # opened) is checked like any other: only a refused one counts against its address, so a restart's
        # pages coming back at once through one proxy are not taken for a flood.
        address = client_address(request)
        if not known and not self.addresses.allows(address):
            raise Refused(TOO_MANY)
        if not token or len(token) > LINK_LONGEST:
            self.addresses.take(address)
            raise Refused(NO_SESSION)
        session = await self.service.links.session(token)
        if isinstance(session, Refusal):
            self.known.discard(token)
            self.addresses.take(address)
            raise Refused(session)
        if not known:
            self.know(token)
            self.sessions.take(token)
        requested = int(request.match_info["game_id"])
        if requested != session.game_id:
            # The same answer as a game that does not exist: a session reveals nothing of other games.
            raise Refused(Refusal(Reason.NO_SUCH_GAME, Msg("refusal.no_such_game", game=requested)))
        return session

    def know(self, token: str) -> None:
        """Rate-limit ``token`` by session from now on (the set starts again when it is full)."""
        if len(self.known) >= KNOWN_SESSIONS:
            self.known.clear()
        self.known.add(token)

    async def language(self, request: web.Request, user_id: int) -> str:
        """``?lang=`` when the page asks for one, else the user's language as the bot last heard it."""
        asked = request.query.get("lang")
        if asked is not None:
            if asked not in LANGUAGES:
                raise Refused(BAD_REQUEST)
            lang = asked
        else:
            lang = (await self.service.languages.languages_of([user_id]))[user_id]
        request[LANG] = lang     # the words of a refusal that follows
        return lang

    # -- the handlers ---------------------------------------------------------------------------

    async def open_session(self, request: web.Request) -> web.Response:
        """``{"link": token}`` -> ``{"session", "game_id", "expires_at"}``: a link from Discord swapped for a
        session."""
        self.charge_address(request)
        body = await read_object(request, self.limits.body_bytes)
        # A page opened without a link sends an empty one, and gets the service's words for a broken link.
        opened = await self.service.links.open(text_field(body, "link", LINK_LONGEST, empty=True))
        if isinstance(opened, Refusal):
            return refusal_answer(opened, page_language(request))
        self.know(opened.token)
        return json_answer({"session": opened.token, "game_id": opened.game_id, "expires_at": opened.expires_at})

    async def view(self, request: web.Request) -> web.Response:
        session = await self.session_of(request)
        lang = await self.language(request, session.user_id)
        view = await self.service.pages.view(session.game_id, session.user_id, lang, self.hooks.names_of)
        if isinstance(view, Refusal):
            return refusal_answer(view, lang)
        return json_answer(view)

    async def moves(self, request: web.Request) -> web.Response:
        session = await self.session_of(request)
        lang = await self.language(request, session.user_id)
        return json_text_answer(await self.service.pages.moves_text(session.game_id, session.user_id, lang))

    async def board(self, request: web.Request) -> web.Response:
        """The board image. Under its own version (``?v=``) it never changes, so the browser may keep it a day."""
        session = await self.session_of(request)
        image = await self.service.pages.board_image(session.game_id, self.hooks.names_of)
        if isinstance(image, Refusal):
            return refusal_answer(image, await self.language(request, session.user_id))
        asked = request.query.get("v")
        cache = "private, max-age=86400" if asked == str(image.version) else "no-store"
        return web.Response(body=image.data, content_type=image.media_type,
                            headers={"Cache-Control": cache, "X-Board-Version": str(image.version)})

    async def play(self, request: web.Request) -> web.Response:
        """``{"version", "move"}``: the move played through the service as Discord plays one, then posted."""
        session = await self.session_of(request)
        lang = await self.language(request, session.user_id)
        body = await read_object(request, self.limits.body_bytes)
        version, move = version_field(body), text_field(body, "move", MOVE_LONGEST)
        result = await self.service.turns.play(session.game_id, session.user_id, move, expected_version=version)
        if isinstance(result, Refusal):
            return refusal_answer(result, lang)
        # The move is committed; posting it in its channel follows the answer, as Discord's does.
        self.publish_later(result)
        return json_answer({"ok": True, "version": result.game.version})

    def publish_later(self, accepted: Accepted) -> None:
        task = asyncio.create_task(self._publish(accepted))
        self.publishing.add(task)
        task.add_done_callback(self.publishing.discard)

    async def _publish(self, accepted: Accepted) -> None:
        try:
            await self.hooks.publish(accepted)
        except Exception:  # noqa: BLE001 - the move stands; a post that failed is the host's to see
            log.exception("posting game %s's move made on the web board failed", accepted.game.id)

    async def finish_publishing(self, timeout: float = 10.0) -> None:
        """Let the posts under way finish (on stop), up to ``timeout`` seconds."""
        if self.publishing:
            await asyncio.wait(set(self.publishing), timeout=timeout)
