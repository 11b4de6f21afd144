"""The change feed: every committed change of a game, told to whoever watches (the web board's pages).

    await service.changes.start()                  # PostgreSQL: LISTEN; SQLite: nothing to start
    async with service.changes.subscribe() as feed:
        async for change in feed:                  # GameChange(game_id, version, moved), every game's
            ...
    async with service.changes.subscribe(game_id) as feed: ...     # one game's only

Where changes come from. The store notes every change of a game in the transaction that makes it
(``bot.store.changes``: each write of a game's row, the version bumped or not, and a lobby's seats),
and tells this feed once the transaction has committed: a move, a start, an undo, a resignation, a
deadline, a computer's move, a draw, a lobby's joins and leaves, settings, a cancellation. On
PostgreSQL the same notes go with the COMMIT as ``pg_notify`` (queued in the transaction's pipeline,
so a move waits for no extra round trip), and the feed hears those of other processes on one
dedicated listening connection (``bot.store.notices``).

What a subscriber is promised. Changes come in the order they were committed. ``version`` is the
game's version after the change. A subscriber never gets a version older than one it was given for
that game, nor a version that moved the board twice; a change that left the version as it was (a
lobby's seats, settings, a cancellation) comes with that version, so the same version can come again
for such a change. A slow subscriber holds at most one waiting change per game, the newest (older
ones are dropped: the newest version is all a page needs to catch up), so its memory is bounded by
the number of games that changed, never by the number of changes; it remembers the last version
given of at most ``REMEMBERED_GAMES`` games. A subscriber of one game (``subscribe(game_id)``, e.g.
one open page) holds at most one waiting change and one remembered version.

After the listening connection was lost, nobody can say which notifications it missed. On
reconnecting, the feed reads which games' rows changed since shortly before the loss (``CATCH_UP``
seconds earlier, for clocks of other hosts a little behind) and gives each of them as a change that
may have left the version as it was: a subscriber gets each such game's current version once more,
even one it had (a page then reads a view it may have had; nothing is missed). A lobby's joins and leaves change no row and
so are not caught up this way. The web edge needs nothing more: a page that reconnects sends its
version and is answered with the view when the game is past it.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import AsyncIterator, Sequence

from bot.store import Store
from bot.store.base import ChangeListenerLike
from bot.store.changes import ChangeNote

log = logging.getLogger(__name__)

#: Seconds before a lost connection's start that a catch-up reads back (other hosts' clocks may lag).
CATCH_UP = 60.0


@dataclass(frozen=True)
class GameChange:
    """A committed change of a game."""

    game_id: int
    version: int            # the game's version after the change
    moved: bool = True      # the board moved (the version is new); False: the row or the seats changed only


#: Games whose last given version one subscriber remembers (the least recently changed are forgotten
#: beyond it; a game forgotten could only have a late copy of an old change given again).
REMEMBERED_GAMES = 10_000


class ChangeFeed:
    """One subscriber's changes: an async iterator, deduplicated and bounded (see the module)."""

    def __init__(self) -> None:
        # Changes waiting to be taken, oldest first, at most one per game (its newest).
        self._waiting: OrderedDict[int, ChangeNote] = OrderedDict()
        # The newest version given for each game, and whether it was given for a move of the board.
        self._given: OrderedDict[int, tuple[int, bool]] = OrderedDict()
        self._ready = asyncio.Event()
        self._closed = False

    def offer(self, note: ChangeNote) -> None:
        """A change, kept unless it says nothing new to this subscriber."""
        if self._closed or not self._news(note):
            return
        earlier = self._waiting.get(note.game_id)
        if earlier is not None:
            if earlier.version > note.version or (earlier.version == note.version and earlier.moved):
                return            # what waits for this game says as much already
            del self._waiting[note.game_id]     # the newer change takes its place, in commit order
        self._waiting[note.game_id] = note
        self._ready.set()

    def _news(self, note: ChangeNote) -> bool:
        given = self._given.get(note.game_id)
        if given is None:
            return True
        version, moved = given
        return note.version > version or (note.version == version and not note.moved)

    def close(self) -> None:
        self._closed = True
        self._ready.set()

    @property
    def waiting(self) -> int:
        """How many changes wait to be taken (at most one per game)."""
        return len(self._waiting)

    def __aiter__(self) -> ChangeFeed:
        return self

    async def __anext__(self) -> GameChange:
        while True:
            while not self._waiting:
                if self._closed:
                    raise StopAsyncIteration
                self._ready.clear()
                await self._ready.wait()
            _, note = self._waiting.popitem(last=False)
            if self._news(note):        # another copy may have been given meanwhile
                self._given[note.game_id] = (note.version, note.moved)
                self._given.move_to_end(note.game_id)
                if len(self._given) > REMEMBERED_GAMES:
                    self._given.popitem(last=False)
                return GameChange(note.game_id, note.version, note.moved)


class Changes:
    """The change feed of one service: changes committed in this process at once, and (PostgreSQL)
    those of every other process through ``LISTEN/NOTIFY``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # The subscribers of every game's changes (key None) and those of one game each.
        self._feeds: dict[int | None, set[ChangeFeed]] = {None: set()}
        self._listener: ChangeListenerLike | None = None
        store.on_commit(self._committed)

    @asynccontextmanager
    async def subscribe(self, game_id: int | None = None) -> AsyncIterator[ChangeFeed]:
        """A feed of every game's changes (or, given ``game_id``, of that game's only) from now on,
        until the block ends."""
        feed = ChangeFeed()
        self._feeds.setdefault(game_id, set()).add(feed)
        try:
            yield feed
        finally:
            feeds = self._feeds.get(game_id, set())
            feeds.discard(feed)
            if not feeds and game_id is not None:
                del self._feeds[game_id]
            feed.close()

    async def start(self) -> None:
        """PostgreSQL: listen for other processes' changes on a dedicated connection (it reconnects by
        itself); returns once listening, or after a few seconds if the server is away. SQLite: nothing."""
        if self._listener is None:
            self._listener = self.store.change_listener(self._offer, self._caught_up)
            if self._listener is None:
                return
        await self._listener.start()

    async def stop(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.stop()

    @property
    def listener(self) -> ChangeListenerLike | None:
        """The listening connection's keeper, when started on PostgreSQL."""
        return self._listener

    def _committed(self, notes: Sequence[ChangeNote]) -> None:
        for note in notes:
            self._offer(note)

    def _offer(self, note: ChangeNote) -> None:
        for feed in self._feeds[None]:
            feed.offer(note)
        for feed in self._feeds.get(note.game_id, ()):
            feed.offer(note)

    async def _caught_up(self, lost_at: float) -> None:
        """After the listening connection came back: the games whose rows changed meanwhile."""
        try:
            async with self.store.read() as tx:
                changed = await tx.games.changed_since(lost_at - CATCH_UP)
        except Exception:       # the store is away again: the next reconnection tries anew
            log.warning("Could not read which games changed while not listening.", exc_info=True)
            return
        # Given as changes that may have left the version as it was: a subscriber that has this version
        # already gets it again (a cancellation, say, changes the row and not the version).
        for game_id, version in changed:
            self._offer(ChangeNote(game_id, version, moved=False))
