"""Personal links to the web board, and the sessions they are swapped for.

A token is ``base64url(payload) + "." + base64url(HMAC-SHA256(key, payload))``, the payload
``kind:game:user:issued:expires`` in plain ASCII (``l`` a link, ``s`` a session, ``c`` an Activity's
pass, whose "game" is a channel; times in whole milliseconds). It holds ids and times only, nothing secret; the signature makes it unforgeable, and
since the kind is signed too, a link never works as a session nor a session as a link. The key is made
once, on first use, and kept in the database (``web_keys``), so every process signs and checks alike.

A session lasts as long as the link it came from. Inside Discord (the Activity) there is no link:
Discord vouches for the user, and ``session_for`` makes the session at once, or ``channel_pass`` a pass
for the games of the Activity's channel, swapped by ``open_pass`` for the game the user picks. ``end_all(user)`` records the moment in the database
(``web_links_ended``): every link and session of the user issued at or before it stops working, in
this process at once and in the others within ``ENDED_CACHE_SECONDS``. (A link made in the very
millisecond of ``end_all`` counts as issued until then.)

``session()`` runs on every request of a page, so it reads nothing when it can: the key is read once
and kept in memory, and each user's ended-at time is kept for ``ENDED_CACHE_SECONDS``.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

from bot.i18n.message import Msg
from bot.service.base import ServiceCore
from bot.service.results import Reason, Refusal

#: The name of the web board's signing key in ``web_keys``.
KEY_NAME = "board"
#: Seconds a user's ended-at time is trusted from memory: how long another process may still accept a
#: link or session after ``end_all`` (in the process that ended them, they stop at once).
ENDED_CACHE_SECONDS = 5.0
#: Payload kinds: a link, a session, and an Activity's pass to the games of one channel (whose payload
#: names the channel where the others name a game).
LINK, SESSION, CHANNEL_PASS = "l", "s", "c"
#: Longest accepted token (a real one is about 90 characters): a huge one is refused before any work.
MAX_TOKEN_LENGTH = 256


@dataclass(frozen=True)
class BoardLink:
    """A personal link's token; the URL around it is the web edge's business."""

    token: str              # URL-safe ([A-Za-z0-9_.-]), signed, no secret inside (ids and times only)
    game_id: int
    user_id: int
    expires_at: float       # epoch seconds


@dataclass(frozen=True)
class WebSession:
    """What a link is swapped for, checked on every request of the page."""

    token: str              # URL-safe, signed, a different kind from a link token
    game_id: int
    user_id: int
    expires_at: float       # the link's expiry


@dataclass(frozen=True)
class _Claims:
    """What a token says, once its signature is found good."""

    kind: str
    game_id: int
    user_id: int
    issued_ms: int
    expires_ms: int


class Links:
    """Signed, expiring links to the web board, sessions, and ending them all."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core
        self.store = core.store
        self.clock = core.clock
        self._key: bytes | None = None
        # user id -> (ended at in ms or None, when it was read)
        self._ended: dict[int, tuple[int | None, float]] = {}

    async def link_for(self, game_id: int, user_id: int, *, days: float = 30.0) -> BoardLink | Refusal:
        """A personal link to the game's board for ``user_id`` (anyone: who may see the channel is the
        edge's business), valid for ``days``; a refusal for an unknown game."""
        issued = await self._issue(LINK, game_id, user_id, days)
        if isinstance(issued, Refusal):
            return issued
        return BoardLink(issued[0], game_id, user_id, issued[1])

    async def open(self, link_token: str) -> WebSession | Refusal:
        """A link swapped for a session of the same game, user and expiry."""
        claims = await self._valid(link_token, LINK)
        if isinstance(claims, Refusal):
            return claims
        async with self.store.read() as tx:
            game = await tx.games.get(claims.game_id)
        if game is None:
            return broken()
        session = _Claims(SESSION, claims.game_id, claims.user_id, _ms(self.clock.now()), claims.expires_ms)
        token = await self._signed(session)
        return WebSession(token, claims.game_id, claims.user_id, claims.expires_ms / 1000)

    async def session_for(self, game_id: int, user_id: int, *, days: float = 1.0) -> WebSession | Refusal:
        """A session straight away, for a user Discord has vouched for (the Activity's sign-in), or a
        refusal for an unknown game."""
        issued = await self._issue(SESSION, game_id, user_id, days)
        if isinstance(issued, Refusal):
            return issued
        return WebSession(issued[0], game_id, user_id, issued[1])

    async def _issue(self, kind: str, game_id: int, user_id: int, days: float) -> tuple[str, float] | Refusal:
        """A token of ``kind`` for the game and user, valid for ``days``, and when it expires (epoch
        seconds); a refusal for an unknown game."""
        if days <= 0:
            raise ValueError("a link or session must last some time")
        async with self.store.read() as tx:
            game = await tx.games.get(game_id)
        if game is None:
            return Refusal(Reason.NO_SUCH_GAME, Msg("refusal.no_such_game", game=game_id))
        now_ms = _ms(self.clock.now())
        expires_ms = now_ms + int(days * 86_400_000)
        return await self._signed(_Claims(kind, game_id, user_id, now_ms, expires_ms)), expires_ms / 1000

    async def channel_pass(self, channel_id: int, user_id: int, *, days: float = 1.0) -> str:
        """A pass letting ``user_id`` open any game of ``channel_id`` (the Activity's choice of games);
        it names the channel where a link names a game, and is of its own kind."""
        if days <= 0:
            raise ValueError("a pass must last some time")
        now_ms = _ms(self.clock.now())
        return await self._signed(_Claims(CHANNEL_PASS, channel_id, user_id, now_ms, now_ms + int(days * 86_400_000)))

    async def open_pass(self, pass_token: str, game_id: int) -> WebSession | Refusal:
        """A pass swapped for a session of one game of its channel, lasting as long as the pass. A game of
        another channel is refused as a game that does not exist is."""
        claims = await self._valid(pass_token, CHANNEL_PASS)
        if isinstance(claims, Refusal):
            return claims
        async with self.store.read() as tx:
            game = await tx.games.get(game_id)
        if game is None or game.channel_id != claims.game_id:
            return Refusal(Reason.NO_SUCH_GAME, Msg("refusal.no_such_game", game=game_id))
        session = _Claims(SESSION, game_id, claims.user_id, _ms(self.clock.now()), claims.expires_ms)
        return WebSession(await self._signed(session), game_id, claims.user_id, claims.expires_ms / 1000)

    async def session(self, session_token: str) -> WebSession | Refusal:
        """The session a token stands for, while it is good (on every request: reads nothing when it can)."""
        claims = await self._valid(session_token, SESSION)
        if isinstance(claims, Refusal):
            return claims
        return WebSession(session_token, claims.game_id, claims.user_id, claims.expires_ms / 1000)

    async def end_all(self, user_id: int) -> None:
        """End every link and session of the user issued until now."""
        now_ms = _ms(self.clock.now())
        async with self.store.write() as tx:
            await tx.links_ended.end(user_id, now_ms / 1000)
        self._ended[user_id] = (now_ms, self.clock.now())

    # -- signing and checking ------------------------------------------------------------

    async def _signed(self, claims: _Claims) -> str:
        payload = f"{claims.kind}:{claims.game_id}:{claims.user_id}:{claims.issued_ms}:{claims.expires_ms}".encode()
        signature = hmac.new(await self._signing_key(), payload, hashlib.sha256).digest()
        return f"{_b64(payload)}.{_b64(signature)}"

    async def _valid(self, token: str, kind: str) -> _Claims | Refusal:
        """The token's claims when it is a good, current token of ``kind``; otherwise why not."""
        claims = await self._checked(token)
        if claims is None or claims.kind != kind:
            return broken()
        now = self.clock.now()
        if claims.expires_ms <= _ms(now):
            return Refusal(Reason.LINK_EXPIRED, Msg("refusal.link_expired"))
        ended = await self._ended_at(claims.user_id, now)
        if ended is not None and claims.issued_ms <= ended:
            return Refusal(Reason.LINK_ENDED, Msg("refusal.link_ended"))
        return claims

    async def _checked(self, token: str) -> _Claims | None:
        """The claims of a token whose signature is good, or None (malformed, tampered, forged)."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN_LENGTH or token.count(".") != 1:
            return None
        encoded_payload, encoded_signature = token.split(".")
        payload, signature = _unb64(encoded_payload), _unb64(encoded_signature)
        if payload is None or signature is None:
            return None
        expected = hmac.new(await self._signing_key(), payload, hashlib.sha256).digest()
        if not hmac.compare_digest(expected, signature):
            return None
        return _claims(payload)

    async def _signing_key(self) -> bytes:
        if self._key is None:
            async with self.store.write() as tx:
                self._key = await tx.web_keys.key(KEY_NAME, self.clock.now())
        return self._key

    async def _ended_at(self, user_id: int, now: float) -> int | None:
        """When the user last ended their links (ms), read again after ``ENDED_CACHE_SECONDS``."""
        cached = self._ended.get(user_id)
        if cached is not None and 0 <= now - cached[1] < ENDED_CACHE_SECONDS:
            return cached[0]
        async with self.store.read() as tx:
            ended = await tx.links_ended.ended_at(user_id)
        ended_ms = None if ended is None else _ms(ended)
        self._ended[user_id] = (ended_ms, now)
        if len(self._ended) > 10_000:      # only the recent readers matter; keep memory bounded
            self._ended = {u: e for u, e in self._ended.items() if 0 <= now - e[1] < ENDED_CACHE_SECONDS}
        return ended_ms


def broken() -> Refusal:
    return Refusal(Reason.LINK_BROKEN, Msg("refusal.link_broken"))


def _claims(payload: bytes) -> _Claims | None:
    """A signed payload read back (None only if this code once signed something else)."""
    try:
        kind, game, user, issued, expires = payload.decode("ascii").split(":")
        return _Claims(kind, int(game), int(user), int(issued), int(expires))
    except ValueError:
        return None


def _ms(seconds: float) -> int:
    return int(round(seconds * 1000))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes | None:
    if not text or not all(c.isascii() and (c.isalnum() or c in "-_") for c in text):
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None
    # Only the one spelling this module writes: the last character's spare bits could otherwise vary,
    # and a token must not have a second form that works.
    return data if _b64(data) == text else None
