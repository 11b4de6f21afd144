"""What keeps a hostile client harmless: security headers, and rate limits per session and per address.

The headers go on every answer, errors and the WebSocket's handshake included. The content security
policy allows the page's own scripts, styles and images only (and the board's ``blob:`` URL): no
inline script or style, no other origin, no framing, but by Discord's client when the board is a
Discord Activity (the page opens inside Discord in a frame). No answer is kept by a cache but the hashed
assets and a version's board image, and no Referer ever leaves the page.
"""
from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass
from typing import Awaitable, Callable

from aiohttp import web
from yarl import URL


@dataclass(frozen=True)
class WebLimits:
    """How much one client may ask of the web board."""

    body_bytes: int = 4096             # a move or a link fits in a few hundred bytes
    per_session: float = 10.0          # requests a second, for one session
    session_burst: int = 20            # a page's first load asks for several things at once
    per_address: float = 2.0           # link swaps and refused sessions a second, for one address
    address_burst: int = 20
    socket_message_bytes: int = 2048   # the socket's one message from the page
    heartbeat_seconds: float = 20.0
    first_message_seconds: float = 10.0
    send_seconds: float = 5.0          # a socket that takes longer to take a view is dropped
    recheck_seconds: float = 60.0      # how often an open socket's session is checked again


#: Who may frame the page when the board is a Discord Activity: Discord's client (its web and desktop
#: apps, and its test builds) and the Activity's own proxy origin, ``<application id>.discordsays.com``;
#: ``'self'`` for a page of the board's own origin (the browser tests' stand-in for Discord's client).
DISCORD_FRAMERS = ("'self'", "https://discord.com", "https://ptb.discord.com", "https://canary.discord.com",
                   "https://*.discordsays.com")


def content_security_policy(web_url: str | None, framers: tuple[str, ...] = ()) -> str:
    """The page's own origin only; its WebSocket URL is named too, for browsers whose ``'self'`` leaves out ws:.
    ``framers``: who may put the page in a frame (nobody when empty)."""
    connect = "'self'"
    ancestors = " ".join(framers) or "'none'"
    if web_url:
        origin = URL(web_url).origin()
        connect += f" {origin.with_scheme('wss' if origin.scheme == 'https' else 'ws')}"
    return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
            f"connect-src {connect}; font-src 'self'; base-uri 'none'; form-action 'none'; "
            f"frame-ancestors {ancestors}")


def security_headers(web_url: str | None, *, activity: bool = False
                     ) -> Callable[[web.Request, web.StreamResponse], Awaitable[None]]:
    """An ``on_response_prepare`` handler putting the headers on every answer; ``activity``: the board is a
    Discord Activity, framed by Discord's client."""
    policy = content_security_policy(web_url, DISCORD_FRAMERS if activity else ())

    async def add_headers(request: web.Request, answer: web.StreamResponse) -> None:
        headers = answer.headers
        headers["Content-Security-Policy"] = policy
        headers["Referrer-Policy"] = "no-referrer"
        headers["X-Content-Type-Options"] = "nosniff"
        if not activity:        # the policy's frame-ancestors says it; older browsers read this
            headers["X-Frame-Options"] = "DENY"
        headers["Cross-Origin-Opener-Policy"] = "same-origin"
        headers["Cross-Origin-Resource-Policy"] = "same-origin"
        headers.setdefault("Cache-Control", "no-store")

    return add_headers


class TokenBuckets:
    """A token bucket per key (a session, an address): ``rate`` a second, up to ``burst`` saved up.

    Full buckets are forgotten from time to time, so a flood of made-up keys costs memory only while
    it lasts."""

    PRUNE_EVERY = 1024

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}   # key -> (tokens, when counted)
        self.takes = 0

    def take(self, key: str) -> bool:
        """One request of ``key``: True when its bucket had a token for it."""
        now = self.clock()
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1.0
        self.buckets[key] = (tokens - 1.0 if allowed else tokens, now)
        self.takes += 1
        if self.takes % self.PRUNE_EVERY == 0:
            self.prune(now)
        return allowed

    def allows(self, key: str) -> bool:
        """Whether ``key`` has a token left, taking none."""
        now = self.clock()
        tokens, then = self.buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate) >= 1.0

    def prune(self, now: float) -> None:
        full_after = self.burst / self.rate
        self.buckets = {key: (tokens, then) for key, (tokens, then) in self.buckets.items()
                        if now - then < full_after}


def client_address(request: web.Request) -> str:
    """Who is asking: the peer, or behind a reverse proxy on this machine the address it forwards.

    Only a proxy on this machine is believed (the web board listens on 127.0.0.1 by default); it
    appends the client's address as it saw it last to ``X-Forwarded-For``, so earlier entries, which
    the client itself may have written, are not read."""
    peer = request.remote or ""
    try:
        local = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        local = False
    forwarded = request.headers.get("X-Forwarded-For", "")
    if local and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64]
    return peer
