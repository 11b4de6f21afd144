"""The live hub's economy and fairness: one view per kind of viewer for each change, shared by every page of
that kind, and a page too slow to take its view dropped without holding up the others."""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from bot.service import GameService
from bot.web import WebLimits
from bot.web.app import HUB
from bot.web.hub import LivePage
from service.helpers import open_table

from .conftest import ORIGIN, ROOMY, open_session

ALICE, BOB = 100, 101


@pytest.fixture
def limits() -> WebLimits:
    """A socket that takes more than two seconds for a view is dropped."""
    return WebLimits(**{**ROOMY.__dict__, "send_seconds": 2.0})


async def open_page(client: TestClient, game_id: int, session: str, version: int,
                    lang: str = "en") -> aiohttp.ClientWebSocketResponse:
    socket = await client.ws_connect(f"/api/games/{game_id}/live", headers={"Origin": ORIGIN})
    await socket.send_json({"session": session, "version": version, "lang": lang})
    return socket


async def wait_for_pages(client: TestClient, count: int) -> None:
    hub = client.server.app[HUB]
    for _ in range(100):
        if hub.open_pages == count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{hub.open_pages} pages open, not {count}")


async def test_spectators_of_a_language_share_one_view(client: TestClient, service: GameService,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    table = await open_table(service, "alcazar", 2)
    version = table.last.game.version
    languages = ["en", "en", "en", "hu", "hu"]
    spectators = [await open_page(client, table.game_id, await open_session(client, service, table.game_id, 900 + n),
                                  version, lang) for n, lang in enumerate(languages)]
    alice = await open_page(client, table.game_id, await open_session(client, service, table.game_id, ALICE), version)
    alice_again = await open_page(client, table.game_id,
                                  await open_session(client, service, table.game_id, ALICE), version)
    await wait_for_pages(client, 7)
    built: list[tuple[int, str]] = []
    view = service.pages.view

    async def counted(game_id: int, user_id: int, lang: str, names_of: Any) -> Any:
        built.append((user_id, lang))
        return await view(game_id, user_id, lang, names_of)

    monkeypatch.setattr(service.pages, "view", counted)
    await table.play()
    messages = [json.loads((await socket.receive(timeout=1.0)).data) for socket in spectators + [alice, alice_again]]
    assert sorted(lang for _, lang in built) == ["en", "en", "hu"]          # spectators in each language, Alice
    assert sum(1 for user, _ in built if user == ALICE) == 1
    assert {m["view"]["game"]["version"] for m in messages} == {table.last.game.version}
    assert [m["view"]["viewer"]["lang"] for m in messages[:5]] == languages
    assert messages[0]["view"] == messages[1]["view"] == messages[2]["view"]
    assert messages[5]["view"]["hand"] is not None and messages[0]["view"]["hand"] is None


class StuckSocket:
    """A page whose connection takes nothing more (a phone gone into a tunnel): sending waits for ever."""

    closed = False

    async def send_str(self, data: str) -> None:
        await asyncio.Event().wait()

    async def close(self, **kwargs: Any) -> bool:
        self.closed = True
        return True


async def test_a_slow_page_is_dropped_without_holding_the_others_up(client: TestClient,
                                                                    service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    hub = client.server.app[HUB]
    bob_session = await service.links.open((await service.links.link_for(table.game_id, BOB)).token)
    stuck = LivePage(StuckSocket(), bob_session, "en", table.last.game.version)  # type: ignore[arg-type]
    await hub.join(stuck)
    alice = await open_page(client, table.game_id, await open_session(client, service, table.game_id, ALICE),
                            table.last.game.version)
    await wait_for_pages(client, 2)
    started = time.monotonic()
    await table.play()
    message = json.loads((await alice.receive(timeout=1.0)).data)
    assert message["view"]["game"]["version"] == table.last.game.version
    assert time.monotonic() - started < 1.0      # well before the stuck page's two seconds are out
    assert not stuck.socket.closed
    for _ in range(300):
        if stuck.socket.closed:
            break
        await asyncio.sleep(0.01)
    assert stuck.socket.closed and hub.open_pages == 1
    # The next change goes on to the page that is left.
    await table.play()
    assert json.loads((await alice.receive(timeout=1.0)).data)["view"]["game"]["version"] == table.last.game.version


async def test_changes_that_keep_the_version_reach_every_open_page(client: TestClient, service: GameService) -> None:
    """A lobby's joins and leaves, its settings and its cancellation leave its version at 0: each still
    reaches the pages open on it (here the host's, in the lobby) at once, as the game stands."""
    lobby = await service.lobby.create_lobby(1, 500, ALICE, "alcazar", seed=3)
    assert lobby.ok
    game_id = lobby.game.id
    host = await open_page(client, game_id, await open_session(client, service, game_id, ALICE), 0)
    watcher = await open_page(client, game_id, await open_session(client, service, game_id, 900), 0, "hu")
    await wait_for_pages(client, 2)

    async def next_views() -> list[dict[str, Any]]:
        return [json.loads((await page.receive(timeout=1.0)).data)["view"] for page in (host, watcher)]

    assert (await service.lobby.join(game_id, BOB)).ok
    views = await next_views()
    assert [len(view["players"]) for view in views] == [2, 2]
    assert {view["game"]["version"] for view in views} == {0}
    assert views[1]["viewer"]["lang"] == "hu"
    assert (await service.lobby.leave(game_id, BOB)).ok
    assert [len(view["players"]) for view in await next_views()] == [1, 1]
    assert (await service.lobby.cancel(game_id, ALICE)).ok
    assert [view["game"]["status"] for view in await next_views()] == ["cancelled", "cancelled"]


async def test_a_setting_changed_in_play_reaches_the_pages_with_the_same_version(
        client: TestClient, service: GameService) -> None:
    """The projection kept for a version is not the one sent after a change that kept it."""
    table = await open_table(service, "alcazar", 2)
    version = table.last.game.version
    alice = await open_page(client, table.game_id, await open_session(client, service, table.game_id, ALICE), version)
    await wait_for_pages(client, 1)
    before = await service.pages.view(table.game_id, ALICE, "en", client.server.app[HUB].names_of)
    assert isinstance(before, dict) and before["game"]["language"] == "en"      # kept for this version
    assert (await service.lobby.update_settings(table.game_id, table.last.game.host_id, {"language": "hu"})).ok
    view = json.loads((await alice.receive(timeout=1.0)).data)["view"]
    assert view["game"]["version"] == version
    assert view["game"]["language"] == "hu"
