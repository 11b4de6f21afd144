"""The rate limits' buckets, and whose address a request counts against (a reverse proxy's forwarded one only
when the proxy is on this machine)."""
from __future__ import annotations

from unittest import mock

from aiohttp.test_utils import make_mocked_request

from bot.web.guards import TokenBuckets, client_address, content_security_policy


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    now = [0.0]
    buckets = TokenBuckets(rate=10.0, burst=20, clock=lambda: now[0])
    assert [buckets.take("s") for _ in range(21)] == [True] * 20 + [False]
    now[0] += 0.1                       # a tenth of a second earns one request
    assert buckets.take("s") and not buckets.take("s")
    assert buckets.take("another")      # each key has its own bucket
    now[0] += 60.0
    assert sum(buckets.take("s") for _ in range(30)) == 20     # never more saved up than the burst


def test_full_buckets_are_forgotten() -> None:
    now = [0.0]
    buckets = TokenBuckets(rate=1.0, burst=5, clock=lambda: now[0])
    for n in range(TokenBuckets.PRUNE_EVERY - 1):
        buckets.take(f"made-up {n}")
    now[0] += 10.0                      # every bucket is full again
    buckets.take("last")
    assert list(buckets.buckets) == ["last"]


def request_from(peer: str, forwarded: str | None = None) -> object:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: (peer, 4000) if name == "peername" else default
    return make_mocked_request("POST", "/api/session", headers=headers, transport=transport)


def test_only_a_proxy_on_this_machine_is_believed_about_the_client() -> None:
    assert client_address(request_from("127.0.0.1", "203.0.113.9")) == "203.0.113.9"    # type: ignore[arg-type]
    # The client may write the header itself; the proxy appends the address it saw last.
    assert client_address(request_from("::1", "10.0.0.1, 198.51.100.7")) == "198.51.100.7"  # type: ignore[arg-type]
    assert client_address(request_from("198.51.100.7", "127.0.0.1")) == "198.51.100.7"  # type: ignore[arg-type]
    assert client_address(request_from("127.0.0.1")) == "127.0.0.1"  # type: ignore[arg-type]


def test_the_policy_names_only_the_board_s_own_origin() -> None:
    policy = content_security_policy("https://alcazar.example.org/")
    assert "connect-src 'self' wss://alcazar.example.org;" in policy
    assert "ws://" not in policy and "http" not in policy.replace("wss://alcazar.example.org", "")
    assert "connect-src 'self' ws://localhost:8089;" in content_security_policy("http://localhost:8089")
