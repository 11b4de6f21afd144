"""Hostile input is harmless: names come back only as JSON text, a flood of bad requests changes no game and
is answered 400/401/404/405/413/429 (never 500), and the rate and size limits hold."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, AsyncIterator

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import t
from bot.service import GameService
from bot.web import WebLimits
from service.helpers import open_table

from .conftest import ORIGIN, Hooks, bearer, open_session, store_rows

ALICE, BOB, SPECTATOR = 100, 101, 900
XSS = "<img src=x onerror=alert(1)>"


async def test_a_hostile_name_comes_back_only_as_json_text(client: TestClient, service: GameService,
                                                           hooks: Hooks) -> None:
    hooks.names[ALICE] = XSS
    hooks.names[BOB] = '</script><script>alert("b")</script>'
    table = await open_table(service, "alcazar", 2)
    session = await open_session(client, service, table.game_id, SPECTATOR)
    answer = await client.get(f"/api/games/{table.game_id}/view", headers=bearer(session))
    assert answer.content_type == "application/json"
    view = await answer.json()
    assert [player["name"] for player in view["players"]] == [XSS, hooks.names[BOB]]
    socket = await client.ws_connect(f"/api/games/{table.game_id}/live", headers={"Origin": ORIGIN})
    await socket.send_json({"session": session, "version": 0})
    pushed = json.loads((await socket.receive(timeout=1.0)).data)
    assert [player["name"] for player in pushed["view"]["players"]] == [XSS, hooks.names[BOB]]
    await socket.close()
    # The page itself is the same static file for everyone: no name is ever written into HTML.
    assert XSS not in await (await client.get("/play")).text()
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]


@pytest.fixture
def limits() -> WebLimits:
    """The limits the bot runs with."""
    return WebLimits()


def garbage_requests(game_id: int, other_id: int, session: str, version: int) -> list[tuple[str, str, Any, dict]]:
    """(method, path, body, headers): malformed, oversized, forged, misdirected."""
    rng = random.Random(5)
    game = f"/api/games/{game_id}"
    forged = [session[:-1] + ("A" if session[-1] != "A" else "B"), "x" * 40, session + ".x", "a.b.c", "",
              "".join(rng.choice("abcdef0123456789.") for _ in range(120))]
    requests: list[tuple[str, str, Any, dict]] = []
    for body in (b"{", b"\xff\xfe", b"[]", b"null", b"12", b'{"version": "3", "move": "x"}',
                 b'{"version": true, "move": "x"}', b'{"version": -1, "move": "x"}', b'{"version": 3}',
                 json.dumps({"version": version, "move": "x" * 5000}).encode(), b"x" * 100_000,
                 json.dumps({"version": version, "move": ["castle"]}).encode()):
        requests.append(("POST", f"{game}/moves", body, bearer(session)))
        requests.append(("POST", "/api/session", body, {}))
    for token in forged:
        for tail in ("view", "moves", "board?v=1"):
            requests.append(("GET", f"{game}/{tail}", None, bearer(token)))
        requests.append(("POST", f"{game}/moves", json.dumps({"version": version, "move": "buy deck"}).encode(),
                         bearer(token)))
        requests.append(("POST", "/api/session", json.dumps({"link": token}).encode(), {}))
    for path in (f"/api/games/{other_id}/view", f"/api/games/{other_id}/moves", "/api/games/0/view",
                 "/api/games/99999999999999999999/view", "/api/games/-1/view", f"{game}/view?lang=<b>",
                 f"{game}/board?v=<script>", f"{game}/nothing", "/api/session"):
        requests.append(("GET", path, None, bearer(session)))
    requests.append(("POST", f"/api/games/{other_id}/moves", json.dumps({"version": 1, "move": "w1 B1 cw1"}).encode(),
                     bearer(session)))
    requests.append(("DELETE", f"{game}/moves", None, bearer(session)))
    rng.shuffle(requests)
    return requests


async def test_a_flood_of_bad_requests_changes_no_game(client: TestClient, service: GameService,
                                                       db_file: Path) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=501)
    other = await open_table(service, "alcazar", 3, channel_id=502)
    session = await open_session(client, service, table.game_id, table.to_move_id)
    before = store_rows(db_file)
    statuses: dict[int, int] = {}
    for _ in range(3):
        for method, path, body, headers in garbage_requests(table.game_id, other.game_id, session,
                                                            table.last.game.version):
            answer = await client.request(method, path, data=body, headers=headers)
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
            if answer.status != 200:
                refusal = await answer.json()
                assert refusal["ok"] is False and refusal["message"], (method, path, refusal)
            else:
                assert method == "GET", (method, path)
    assert set(statuses) <= {200, 400, 401, 404, 405, 413, 429}, statuses
    assert statuses.get(429), statuses       # the flood met the rate limits
    assert store_rows(db_file) == before


async def test_requests_beyond_a_session_s_rate_are_refused_with_429(client: TestClient,
                                                                     service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    session = await open_session(client, service, table.game_id, ALICE)
    statuses = [(await client.get(f"/api/games/{table.game_id}/moves?lang=hu", headers=bearer(session))).status
                for _ in range(60)]
    assert statuses[:WebLimits().session_burst - 1].count(200) == WebLimits().session_burst - 1
    assert 429 in statuses
    refused = await client.get(f"/api/games/{table.game_id}/moves?lang=hu", headers=bearer(session))
    assert refused.status == 429 and refused.headers["Retry-After"] == "1"
    assert await refused.json() == {"ok": False, "reason": "TOO_MANY_REQUESTS",
                                    "message": t("hu", "web.refusal.too_many")}
    # Another viewer of the same game is not held up by this one.
    other = await open_session(client, service, table.game_id, BOB)
    assert (await client.get(f"/api/games/{table.game_id}/moves", headers=bearer(other))).status == 200


async def test_pages_back_after_a_restart_are_not_taken_for_a_flood(client: TestClient,
                                                                     service: GameService) -> None:
    """Sessions this server has not seen (opened before a restart, or by another process), many at once from
    one address (a reverse proxy): each is checked and answered; forged ones from there still meet the limit."""
    table = await open_table(service, "alcazar1978", 2)
    sessions = []
    for viewer in range(3 * WebLimits().address_burst):
        link = await service.links.link_for(table.game_id, SPECTATOR + viewer)
        opened = await service.links.open(link.token)
        sessions.append(opened.token)
    statuses = [(await client.get(f"/api/games/{table.game_id}/view", headers=bearer(session))).status
                for session in sessions]
    assert statuses == [200] * len(sessions)
    forged = [(await client.get(f"/api/games/{table.game_id}/view", headers=bearer(f"forged.{n}"))).status
              for n in range(2 * WebLimits().address_burst)]
    assert forged[:WebLimits().address_burst] == [401] * WebLimits().address_burst
    assert forged[-1] == 429


async def test_link_swaps_from_one_address_are_rate_limited(client: TestClient) -> None:
    statuses = [(await client.post("/api/session", json={"link": f"made.up.{n}"})).status for n in range(40)]
    assert statuses[:WebLimits().address_burst] == [401] * WebLimits().address_burst
    assert statuses[-1] == 429


async def test_a_body_too_large_is_refused_with_413_even_without_a_length(client: TestClient,
                                                                           service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    session = await open_session(client, service, table.game_id, ALICE)
    big = json.dumps({"version": 1, "move": "x", "padding": "y" * 10_000}).encode()
    answer = await client.post(f"/api/games/{table.game_id}/moves", data=big, headers=bearer(session))
    assert answer.status == 413 and (await answer.json())["reason"] == "TOO_LARGE"

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(10):
            yield b"y" * 1000

    streamed = await client.post(f"/api/games/{table.game_id}/moves", data=chunks(), headers=bearer(session))
    assert streamed.status == 413 and (await streamed.json())["reason"] == "TOO_LARGE"


async def test_a_huge_socket_message_closes_the_socket(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    socket = await client.ws_connect(f"/api/games/{table.game_id}/live", headers={"Origin": ORIGIN})
    await socket.send_str(json.dumps({"session": "x" * 100_000, "version": 0}))
    closing = await socket.receive(timeout=1.0)
    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_sockets_with_forged_sessions_are_refused_at_the_door_past_the_limit(client: TestClient,
                                                                                    service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    path = f"/api/games/{table.game_id}/live"
    for n in range(WebLimits().address_burst):
        socket = await client.ws_connect(path, headers={"Origin": ORIGIN})
        await socket.send_json({"session": f"forged.{n}", "version": 0})
        assert json.loads((await socket.receive(timeout=1.0)).data)["type"] == "ended"
        await socket.close()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(path, headers={"Origin": ORIGIN})
    assert refused.value.status == 429
