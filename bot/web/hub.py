"""The live hub: one subscription to the service's changes, fanned out to the open pages of each game.

For a change of game N to version V, each open page of N that is behind V gets its own view: one view
is built for each kind of viewer (a seated player, in a language; every spectator of a language shares
one), made into JSON once, and sent to every page of that kind side by side. A page never gets a view
older than one it has; a socket too slow to take one within ``send_seconds`` is closed, so it holds
nobody else up (the page reconnects and catches up by version). Changes that arrive while a game's
pages are being brought up to date are coalesced: the next round sends the newest view.
"""
from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from aiohttp import WSCloseCode, web

from bot.i18n import t
from bot.service import GameService, Refusal, StoreUnavailable, WebSession

log = logging.getLogger(__name__)

#: How many views are built at once (see ``LiveHub.lane``).
VIEWS_AT_ONCE = 2

#: A viewer as a view is built for: the seated user's id (None for every spectator) and the language.
ViewerKey = tuple[int | None, str]


@dataclass(eq=False)
class LivePage:
    """One open page's socket: whose session, in which language, and the newest version it holds."""

    socket: web.WebSocketResponse
    session: WebSession
    lang: str
    version: int
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def game_id(self) -> int:
        return self.session.game_id

    @property
    def user_id(self) -> int:
        return self.session.user_id


@dataclass(eq=False)
class GameRoom:
    """The open pages of one game and how far they have been brought."""

    pages: set[LivePage] = field(default_factory=set)
    wanted: int = 0          # the newest version a change announced
    done: int = 0            # the newest version a round has brought every page to
    again: bool = False      # a change left the version as it was: every page is sent the game anew
    round: asyncio.Task[None] | None = None


class LiveHub:
    """The open pages by game, fed by ``service.changes``."""

    def __init__(self, service: GameService, names_of: Callable[..., Awaitable[list[str]]], *,
                 send_seconds: float, recheck_seconds: float) -> None:
        self.service = service
        self.names_of = names_of
        self.send_seconds = send_seconds
        self.recheck_seconds = recheck_seconds
        self.rooms: dict[int, GameRoom] = {}
        # Views are built a couple at a time: building is CPU work in the bot's own event loop, and moves,
        # Discord's interactions among them, must not queue behind every open game's views at once. A game
        # that waits for its turn here sends its newest view when it gets it, whatever changed meanwhile.
        self.lane = asyncio.Semaphore(VIEWS_AT_ONCE)
        self.tasks: list[asyncio.Task[None]] = []
        self.subscribed = asyncio.Event()

    # -- life -----------------------------------------------------------------------------------

    async def start(self) -> None:
        self.tasks = [asyncio.create_task(self._follow_changes(), name="web board: changes"),
                      asyncio.create_task(self._recheck_sessions(), name="web board: sessions")]
        await self.subscribed.wait()

    async def close_sockets(self) -> None:
        """Close every open page (the bot is going down; the pages reconnect to the next one)."""
        pages = [page for room in self.rooms.values() for page in room.pages]
        await asyncio.gather(*(page.socket.close(code=WSCloseCode.GOING_AWAY, message=b"restarting")
                               for page in pages), return_exceptions=True)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        rounds = [room.round for room in self.rooms.values() if room.round is not None]
        for task in rounds:
            task.cancel()
        await asyncio.gather(*self.tasks, *rounds, return_exceptions=True)
        self.tasks = []

    @property
    def open_pages(self) -> int:
        return sum(len(room.pages) for room in self.rooms.values())

    # -- pages come and go ----------------------------------------------------------------------

    async def join(self, page: LivePage) -> None:
        """Add an open page, and send it the game as it is now if it is behind."""
        room = self.rooms.setdefault(page.game_id, GameRoom())
        room.pages.add(page)
        # A page that is up to date (most reconnects) costs no view; the game is in the service's memory.
        game = await self.service.records.game(page.game_id)
        if isinstance(game, Refusal) or game.version <= page.version:
            return
        async with self.lane:        # after a restart every page comes back at once
            view = await self.service.pages.view(page.game_id, page.user_id, page.lang, self.names_of)
        if isinstance(view, Refusal):
            return
        await self.send(page, int(view["game"]["version"]), view_message(view))

    def leave(self, page: LivePage) -> None:
        room = self.rooms.get(page.game_id)
        if room is None:
            return
        room.pages.discard(page)
        if not room.pages and (room.round is None or room.round.done()):
            del self.rooms[page.game_id]

    # -- changes --------------------------------------------------------------------------------

    async def _follow_changes(self) -> None:
        while True:
            try:
                async with self.service.changes.subscribe() as feed:
                    self.subscribed.set()
                    async for change in feed:
                        self.changed(change.game_id, change.version, change.moved)
            except Exception:  # noqa: BLE001 - the pages must go on hearing of changes
                log.exception("the web board's feed of changes failed; it subscribes again")
                await asyncio.sleep(1.0)

    def changed(self, game_id: int, version: int, moved: bool = True) -> None:
        """Game ``game_id`` is at ``version``: start a round for its pages unless one runs (it goes on).
        A change that left the version as it was (``moved`` False: a lobby's joins and leaves, settings,
        a cancellation) sends every page the game anew, at the version it has."""
        room = self.rooms.get(game_id)
        if room is None or version < room.done or (moved and version == room.done):
            return
        room.wanted = max(room.wanted, version)
        room.again = room.again or not moved
        if room.round is None or room.round.done():
            room.round = asyncio.create_task(self._bring_up_to_date(game_id, room))

    async def _bring_up_to_date(self, game_id: int, room: GameRoom) -> None:
        while (room.done < room.wanted or room.again) and room.pages:
            target, anew = room.wanted, room.again
            room.again = False
            try:
                await self._send_views(game_id, room, target, anew)
            except Exception:  # noqa: BLE001 - one game's trouble must not end the pages' updates
                log.exception("the web board could not bring game %s's pages to version %s", game_id, target)
            room.done = max(room.done, target)
        if not room.pages and self.rooms.get(game_id) is room:
            del self.rooms[game_id]

    async def _send_views(self, game_id: int, room: GameRoom, target: int, anew: bool) -> None:
        behind = [page for page in room.pages if page.version < target or (anew and page.version == target)]
        if not behind:
            return
        game = await self.service.records.game(game_id)
        seated = set(game.players) if not isinstance(game, Refusal) else set()
        viewers: dict[ViewerKey, list[LivePage]] = {}
        for page in behind:
            viewers.setdefault((page.user_id if page.user_id in seated else None, page.lang), []).append(page)
        await asyncio.gather(*(self._send_view(game_id, pages, anew) for pages in viewers.values()))

    async def _send_view(self, game_id: int, pages: list[LivePage], anew: bool) -> None:
        """One view, built for the first page of a kind, sent to all of them (``anew``: also to those that
        have its version)."""
        first = pages[0]
        async with self.lane:
            if not anew and all(page.version >= self._known_version(game_id) for page in pages):
                return        # a newer round sent them theirs while this one waited
            view = await self.service.pages.view(game_id, first.user_id, first.lang, self.names_of)
        if isinstance(view, Refusal):
            return
        version, message = int(view["game"]["version"]), view_message(view)
        await asyncio.gather(*(self.send(page, version, message, anew) for page in pages))

    def _known_version(self, game_id: int) -> int:
        room = self.rooms.get(game_id)
        return room.wanted if room is not None else 0

    async def send(self, page: LivePage, version: int, message: str, anew: bool = False) -> None:
        """Send ``message`` (the view at ``version``) unless the page has it (``anew``: has a newer one);
        drop a slow socket."""
        async with page.sending:
            if version < page.version or (version == page.version and not anew) or page.socket.closed:
                return
            page.version = version
            try:
                await asyncio.wait_for(page.socket.send_str(message), self.send_seconds)
            except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                await self.drop(page)

    async def drop(self, page: LivePage) -> None:
        self.leave(page)
        try:
            await asyncio.wait_for(page.socket.close(code=WSCloseCode.TRY_AGAIN_LATER), 1.0)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            pass

    # -- sessions end ---------------------------------------------------------------------------

    async def _recheck_sessions(self) -> None:
        while True:
            await asyncio.sleep(self.recheck_seconds)
            pages = [page for room in list(self.rooms.values()) for page in list(room.pages)]
            try:
                for page in pages:
                    await self.recheck(page)
            except StoreUnavailable:
                continue          # the sessions are checked again next time; the pages stay open meanwhile

    async def recheck(self, page: LivePage) -> None:
        """End the page when its session has ended or expired: ``{"type": "ended", "message": ...}``, then close."""
        session = await self.service.links.session(page.session.token)
        if not isinstance(session, Refusal):
            return
        await end_page(page.socket, t(page.lang, session.message), self.send_seconds)
        self.leave(page)


def view_message(view: dict[str, Any]) -> str:
    return json.dumps({"type": "view", "view": view}, ensure_ascii=False, separators=(",", ":"))


async def end_page(socket: web.WebSocketResponse, text: str, timeout: float) -> None:
    """Tell the page its session is over, in the service's words, and close its socket."""
    try:
        await asyncio.wait_for(socket.send_str(json.dumps({"type": "ended", "message": text}, ensure_ascii=False)),
                               timeout)
        await asyncio.wait_for(socket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"session ended"), timeout)
    except (asyncio.TimeoutError, ConnectionError, RuntimeError):
        pass
