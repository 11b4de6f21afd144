"""The live socket: a change made anywhere reaches every open page within a second, each its own view;
a page that reconnects catches up by version; an ended session is told so; other origins are refused."""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import t
from bot.service import GameService, Refusal
from bot.web import WebLimits
from service.helpers import open_table

from .conftest import ORIGIN, ROOMY, Hooks, open_session

ALICE, BOB, SPECTATOR = 100, 101, 900


async def live(client: TestClient, game_id: int, session: str, version: int, lang: str = "en",
               origin: str = ORIGIN) -> aiohttp.ClientWebSocketResponse:
    socket = await client.ws_connect(f"/api/games/{game_id}/live", headers={"Origin": origin})
    await socket.send_json({"session": session, "version": version, "lang": lang})
    return socket


async def next_message(socket: aiohttp.ClientWebSocketResponse, timeout: float = 1.0) -> dict[str, Any]:
    message = await socket.receive(timeout=timeout)
    assert message.type is aiohttp.WSMsgType.TEXT, message
    return dict(json.loads(message.data))


async def test_a_move_made_in_discord_reaches_every_open_page_within_a_second(
        client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    version = table.last.game.version
    sockets = {user: await live(client, table.game_id, await open_session(client, service, table.game_id, user),
                                version)
               for user in (ALICE, BOB, SPECTATOR)}
    started = time.monotonic()
    await table.play()         # the service call Discord makes
    for user, socket in sockets.items():
        message = await next_message(socket)
        assert message["type"] == "view" and message["view"]["game"]["version"] == table.last.game.version
        expected = await service.pages.view(table.game_id, user, "en", Hooks().names_of)
        assert message["view"] == json.loads(json.dumps(expected))
    assert time.monotonic() - started < 1.0
    for socket in sockets.values():
        await socket.close()


async def test_a_page_that_reconnects_with_an_old_version_catches_up(client: TestClient,
                                                                     service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    session = await open_session(client, service, table.game_id, SPECTATOR)
    old = table.last.game.version
    await table.play()
    await table.play()
    behind = await live(client, table.game_id, session, old, lang="hu")
    message = await next_message(behind)
    assert message["view"]["game"]["version"] == table.last.game.version
    assert message["view"]["viewer"]["lang"] == "hu"
    # A page that is up to date gets nothing until the next change.
    current = await live(client, table.game_id, session, table.last.game.version)
    with pytest.raises(asyncio.TimeoutError):
        await current.receive(timeout=0.3)
    await table.play()
    assert (await next_message(current))["view"]["game"]["version"] == table.last.game.version
    assert (await next_message(behind))["view"]["game"]["version"] == table.last.game.version


async def test_bob_s_socket_never_carries_alice_s_hand(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 2, seed=11)
    bob = await live(client, table.game_id, await open_session(client, service, table.game_id, BOB), 0)
    seen: list[str] = []
    alice_cards: set[str] = set()
    for _ in range(6):
        alice_view = await service.pages.view(table.game_id, ALICE, "en", Hooks().names_of)
        assert not isinstance(alice_view, Refusal)
        alice_cards |= {card["id"] for card in alice_view["hand"]["cards"]}
        message = await bob.receive(timeout=1.0)
        seen.append(message.data)
        await table.play()
    message = await bob.receive(timeout=1.0)
    seen.append(message.data)
    for data in seen:
        view = json.loads(data)["view"]
        assert view["viewer"]["seat"] == table.last.game.seat_of(BOB)
        bob_cards = {card["id"] for card in view["hand"]["cards"]}
        for card in alice_cards - bob_cards:
            assert f'"{card}"' not in data


async def test_another_origin_is_refused(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    path = f"/api/games/{table.game_id}/live"
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "http://board.example.org"},
                    {"Origin": "https://board.example.org.evil.example"}, {}):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(path, headers=headers)
        assert refused.value.status == 403


async def test_a_forged_or_missing_session_ends_the_socket(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    forged = await live(client, table.game_id, "forged.session.token", 0, lang="hu")
    message = await next_message(forged)
    assert message["type"] == "ended"
    assert message["message"] == t("hu", (await service.links.session("forged.session.token")).message)
    assert (await forged.receive(timeout=1.0)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    for hello in ("not json", json.dumps(["session"]), json.dumps({"version": 3}),
                  json.dumps({"session": "x", "version": "3"})):
        socket = await client.ws_connect(f"/api/games/{table.game_id}/live", headers={"Origin": ORIGIN})
        await socket.send_str(hello)
        closing = await socket.receive(timeout=1.0)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), hello


async def test_a_session_of_another_game_hears_nothing_of_it(client: TestClient, service: GameService) -> None:
    mine = await open_table(service, "alcazar1978", 2, channel_id=501)
    other = await open_table(service, "alcazar1978", 2, channel_id=502)
    session = await open_session(client, service, mine.game_id, ALICE)
    socket = await live(client, other.game_id, session, 0)
    closing = await socket.receive(timeout=1.0)
    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert socket.close_code == 4404


@pytest.fixture
def limits() -> WebLimits:
    """Sessions checked again every tenth of a second, for the test of an ended one."""
    return WebLimits(**{**ROOMY.__dict__, "recheck_seconds": 0.1})


async def test_an_ended_session_is_told_so_and_closed(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    session = await open_session(client, service, table.game_id, ALICE)
    socket = await live(client, table.game_id, session, 0, lang="hu")
    assert (await next_message(socket))["type"] == "view"
    service.clock.advance(seconds=1)
    await service.links.end_all(ALICE)
    message = await next_message(socket, timeout=2.0)
    refusal = await service.links.session(session)
    assert isinstance(refusal, Refusal)
    assert message == {"type": "ended", "message": t("hu", refusal.message)}
    assert (await socket.receive(timeout=1.0)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
