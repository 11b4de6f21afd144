"""Discord's rate limits, enforced by the fake when a test or a bench turns them on.

Discord limits a bot in two ways (https://discord.com/developers/docs/topics/rate-limits):

- **the global bucket**: 50 requests a second per bot token, whatever the route,
  shared by all its shards and processes. Interaction callbacks
  (``POST /interactions/{id}/{token}/callback``) and webhook routes
  (``/webhooks/{app}/{token}…``, the interaction follow-ups) are outside it.
- **per-route buckets**, keyed by the route and its major parameter (the
  channel, the guild, the webhook): about 5 messages per 5 s in a channel.
  Every answer carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``,
  ``-Reset-After`` and ``-Bucket`` so that a client paces itself.

A request over a limit is answered 429 with ``{"message", "retry_after",
"global"}``, ``Retry-After``, ``X-RateLimit-Scope`` (``user``, ``global`` or
``shared``) and ``Via: 1.1 google``: discord.py takes a 429 without ``Via``
for a Cloudflare ban and gives up instead of waiting. A ``shared`` 429 (a
resource's own limit, hit by others too) does not count against the bot's
invalid requests.

Discord publishes no exact figures for the per-route buckets; the ones here
are those clients observe. Windows are fixed: a bucket's window starts at its
first request and it refills at once when the window ends, as Discord's
``X-RateLimit-Reset`` shows.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from typing import Callable

GLOBAL_PER_SECOND = 50
GLOBAL = "global"
EXEMPT = "exempt"

_EXEMPT_ROUTES = re.compile(r"^/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/.*)?)$")


@dataclass(frozen=True)
class RouteLimit:
    """A per-route bucket: ``limit`` requests per ``per`` seconds for each value of the major parameter."""

    name: str
    method: str
    pattern: re.Pattern[str]
    limit: int
    per: float


def _route(name: str, method: str, pattern: str, limit: int, per: float) -> RouteLimit:
    return RouteLimit(name, method, re.compile(pattern), limit, per)


#: The first match decides; its first group is the major parameter (a channel, a guild, a webhook token).
ROUTE_LIMITS: tuple[RouteLimit, ...] = (
    _route("channel-messages", "POST", r"/channels/(\d+)/messages", 5, 5.0),
    _route("channel-message-edits", "PATCH", r"/channels/(\d+)/messages/\d+", 5, 5.0),
    _route("channel-message-deletes", "DELETE", r"/channels/(\d+)/messages/\d+", 5, 1.0),
    _route("dm-channels", "POST", r"/users/@me/()channels", 10, 1.0),
    _route("users", "GET", r"/users/()\d+", 30, 1.0),
    _route("threads", "POST", r"/channels/(\d+)(?:/messages/\d+)?/threads", 10, 10.0),
    _route("webhooks", "*", r"/webhooks/\d+/([^/]+)(?:/.*)?", 5, 2.0),
    _route("other", "*", r"/(.*)", 50, 1.0),
)


def bucket_of(path: str) -> str:
    """``exempt`` for interaction callbacks and webhooks, ``global`` for everything else."""
    return EXEMPT if _EXEMPT_ROUTES.match(path) else GLOBAL


@dataclass
class Window:
    """One bucket's fixed window: how many requests it took and when it refills."""

    limit: int
    per: float
    used: int = 0
    resets_at: float = -math.inf

    def take(self, now: float) -> float | None:
        """Take a request; None if it fits, else the seconds until the window refills."""
        if now >= self.resets_at:
            self.used, self.resets_at = 0, now + self.per
        if self.used >= self.limit:
            return self.resets_at - now
        self.used += 1
        return None

    def remaining(self) -> int:
        return max(0, self.limit - self.used)


@dataclass
class Verdict:
    """What the limits say about one request: its headers, and the 429's details when refused."""

    headers: dict[str, str]
    retry_after: float | None = None
    scope: str = "user"

    @property
    def refused(self) -> bool:
        return self.retry_after is not None

    def body(self) -> dict[str, object]:
        assert self.retry_after is not None
        return {"message": "You are being rate limited.", "retry_after": round(self.retry_after, 3),
                "global": self.scope == GLOBAL}


@dataclass
class RateLimits:
    """The global bucket and the per-route buckets of one bot token, on the fake's ``clock``.

    ``global_per_second`` and ``routes`` can be narrowed by a test (a smaller
    channel limit shows pacing sooner). ``shared`` holds the 429s of a shared
    resource to answer next (by route name), as :meth:`share` sets them.
    """

    clock: Callable[[], float] = time.monotonic
    wall_clock: Callable[[], float] = time.time
    global_per_second: int = GLOBAL_PER_SECOND
    routes: tuple[RouteLimit, ...] = ROUTE_LIMITS
    _global: Window = field(init=False)
    _windows: dict[tuple[str, str], Window] = field(default_factory=dict, init=False)
    _shared: dict[str, list[float]] = field(default_factory=dict, init=False)
    refused: int = 0
    invalid_requests: int = 0      # 429s that count against the bot (not the shared ones)

    def __post_init__(self) -> None:
        self._global = Window(self.global_per_second, 1.0)

    def share(self, route_name: str, retry_after: float, times: int = 1) -> None:
        """The next ``times`` requests of that route meet a ``shared`` 429 (someone else used the resource up)."""
        self._shared.setdefault(route_name, []).extend([retry_after] * times)

    def admit(self, method: str, path: str) -> Verdict:
        """Count a request against its buckets; refuse it (a 429) when one is used up."""
        now = self.clock()
        route, major = self._route_of(method, path)
        window = self._windows.setdefault((route.name, major), Window(route.limit, route.per))
        if bucket_of(path) == GLOBAL:
            wait = self._global.take(now)
            if wait is not None:
                return self._refuse(Verdict(self._global_headers(wait), wait, GLOBAL))
        shared = self._shared.get(route.name)
        if shared:
            wait = shared.pop(0)
            return self._refuse(Verdict(self._headers(route, window, now), wait, "shared"))
        wait = window.take(now)
        verdict = Verdict(self._headers(route, window, now), wait)
        return self._refuse(verdict) if verdict.refused else verdict

    def _refuse(self, verdict: Verdict) -> Verdict:
        self.refused += 1
        if verdict.scope != "shared":
            self.invalid_requests += 1
        assert verdict.retry_after is not None
        verdict.headers.update({"Retry-After": str(math.ceil(verdict.retry_after)),
                                "X-RateLimit-Scope": verdict.scope, "Via": "1.1 google"})
        if verdict.scope == GLOBAL:
            verdict.headers["X-RateLimit-Global"] = "true"
        return verdict

    def _route_of(self, method: str, path: str) -> tuple[RouteLimit, str]:
        for route in self.routes:
            match = route.pattern.fullmatch(path)
            if match and route.method in ("*", method):
                return route, match.group(1) if match.groups() else ""
        raise AssertionError(f"no route limit matches {method} {path}")   # "other" matches every path

    def _headers(self, route: RouteLimit, window: Window, now: float) -> dict[str, str]:
        reset_after = max(0.0, window.resets_at - now)
        return {"X-RateLimit-Limit": str(window.limit), "X-RateLimit-Remaining": str(window.remaining()),
                "X-RateLimit-Reset": f"{self.wall_clock() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}", "X-RateLimit-Bucket": route.name}

    def _global_headers(self, wait: float) -> dict[str, str]:
        return {"X-RateLimit-Limit": str(self.global_per_second), "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{self.wall_clock() + wait:.3f}", "X-RateLimit-Reset-After": f"{wait:.3f}"}
