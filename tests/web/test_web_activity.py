"""The board as a Discord Activity, over HTTP: a viewer signs in with the code Discord gave the page, and
gets the game the launch or the channel names, or a choice of the channel's games; nothing the page says
about itself (its instance, its channel, another channel's game) is believed."""
from __future__ import annotations

from typing import Any, AsyncIterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import Settings
from bot.i18n import Msg, t
from bot.service import GameService
from bot.web import WebHooks, WebLimits, web_app
from bot.web.bundle import BUNDLE
from bot.web.live import activity_origin
from service.helpers import finished_in, open_table

from .activity_discord import APPLICATION_ID, ActivityDiscord
from .conftest import ROOMY, Hooks, bearer

CHANNEL, OTHER_CHANNEL = 500, 501
ALICE, BOB, CAROL = 100, 101, 102          # the players open_table seats (and a third user)
SPECTATOR = 900


@pytest.fixture
def discord() -> ActivityDiscord:
    return ActivityDiscord()


def activity_app(service: GameService, settings: Settings, hooks: Hooks, discord: ActivityDiscord,
                 limits: WebLimits = ROOMY) -> Any:
    web_hooks = WebHooks(names_of=hooks.names_of, publish=hooks.publish, activity=discord.hooks())
    return web_app(service, settings, web_hooks, limits=limits)


@pytest.fixture
async def inside(service: GameService, settings: Settings, hooks: Hooks,
                 discord: ActivityDiscord) -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(activity_app(service, settings, hooks, discord))) as test_client:
        yield test_client


async def sign_in(client: TestClient, discord: ActivityDiscord, user: int, instance: str) -> tuple[int, Any]:
    answer = await client.post("/api/activity/session",
                               json={"code": discord.authorization_code(user), "instance_id": instance})
    return answer.status, await answer.json()


async def test_activity_mode_off_serves_no_activity_and_no_framing(client: TestClient) -> None:
    for method, path in (("GET", "/api/activity"), ("POST", "/api/activity/session"), ("POST", "/api/activity/pick")):
        answer = await client.request(method, path, json={})
        assert answer.status == 404 and (await answer.json())["reason"] == "NOT_FOUND"
    assert (await client.get("/")).status == 404, "the page is at /play alone, as before"
    page = await client.get("/play")
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Frame-Options"] == "DENY"


async def test_discord_alone_may_frame_the_activity(inside: TestClient) -> None:
    setup = await inside.get("/api/activity")
    assert setup.status == 200, await setup.text()
    body = await setup.json()
    assert body["client_id"] == str(APPLICATION_ID)
    assert body["words"]["sign_in_failed"] == t("en", Msg("web.activity.sign_in_failed"))
    page = await inside.get("/?frame_id=f&instance_id=i&platform=desktop")
    policy = page.headers["Content-Security-Policy"]
    ancestors = policy.split("frame-ancestors ", 1)[1].split(";")[0].split()
    assert set(ancestors) == {"'self'", "https://discord.com", "https://ptb.discord.com",
                              "https://canary.discord.com", "https://*.discordsays.com"}
    assert "X-Frame-Options" not in page.headers
    assert "script-src 'self';" in policy and "unsafe" not in policy
    # The page names the Activity's script by its content's hash; it loads it only inside Discord.
    html = await page.text()
    if BUNDLE.exists():
        [name] = [part for part in html.split('"') if part.startswith("./assets/activity.")]
        script = await inside.get(name[1:])
        assert script.status == 200 and script.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert await script.read() == BUNDLE.read_bytes()
    assert '<script src="./assets/activity' not in html


async def test_the_activity_opens_the_channels_game_for_its_players_and_others(
        inside: TestClient, service: GameService, discord: ActivityDiscord) -> None:
    table = await open_table(service, "alcazar", 2, channel_id=CHANNEL)
    elsewhere = await open_table(service, "alcazar1978", 2, channel_id=OTHER_CHANNEL)
    instance = discord.start_activity(CHANNEL, [ALICE, BOB, SPECTATOR])
    seats = {}
    for user in (ALICE, SPECTATOR):
        status, body = await sign_in(inside, discord, user, instance)
        assert status == 200, body
        assert body["game_id"] == table.game_id and body["access_token"] == f"token-of-{user}"
        view = await inside.get(f"/api/games/{table.game_id}/view?lang=en", headers=bearer(body["session"]))
        seats[user] = (await view.json())["viewer"]["seat"]
        other = await inside.get(f"/api/games/{elsewhere.game_id}/view", headers=bearer(body["session"]))
        assert other.status == 404
    assert seats == {ALICE: table.last.game.seat_of(ALICE), SPECTATOR: None}


async def test_the_launch_decides_among_the_channels_games(inside: TestClient, service: GameService,
                                                          discord: ActivityDiscord) -> None:
    old = await finished_in(service, CHANNEL, ALICE, BOB)
    live = await open_table(service, "alcazar1978", 2, channel_id=CHANNEL)
    instance = discord.start_activity(CHANNEL, [ALICE, BOB])
    await service.activities.record_launch(ALICE, CHANNEL, old)
    assert (await sign_in(inside, discord, ALICE, instance))[1]["game_id"] == old
    assert (await sign_in(inside, discord, BOB, instance))[1]["game_id"] == live.game_id


async def test_several_games_are_offered_and_a_pass_opens_only_its_channels(
        inside: TestClient, service: GameService, discord: ActivityDiscord, hooks: Hooks) -> None:
    hooks.names = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}
    first = await finished_in(service, CHANNEL, ALICE, BOB)
    second = await finished_in(service, CHANNEL, BOB, CAROL)
    elsewhere = await finished_in(service, OTHER_CHANNEL, ALICE, BOB)
    status, body = await sign_in(inside, discord, ALICE, discord.start_activity(CHANNEL, [ALICE]))
    assert status == 200 and "session" not in body, body
    assert body["access_token"] == f"token-of-{ALICE}"
    assert body["words"] == {"pick": t("en", Msg("web.activity.pick"))}
    title = t("en", Msg("web.activity.choice_title", title="Alcazar (1978)", game=first))
    seated = ", ".join(hooks.names[user] for user in (await service.records.game(first)).players)
    assert body["choices"][0] == {"game_id": first, "title": title,      # Alice's own game first
                                  "line": t("en", Msg("web.activity.choice_finished", players=seated))}
    assert [choice["game_id"] for choice in body["choices"]] == [first, second]

    # The pass opens a game of its channel, for its user; not another channel's, and it is no session.
    picked = await inside.post("/api/activity/pick", json={"pass": body["pass"], "game_id": second})
    assert picked.status == 200
    session = (await picked.json())["session"]
    view = await (await inside.get(f"/api/games/{second}/view", headers=bearer(session))).json()
    assert view["viewer"]["seat"] is None and view["game"]["id"] == second
    foreign = await inside.post("/api/activity/pick", json={"pass": body["pass"], "game_id": elsewhere})
    assert foreign.status == 404 and (await foreign.json())["reason"] == "NO_SUCH_GAME"
    as_session = await inside.get(f"/api/games/{first}/view", headers=bearer(body["pass"]))
    assert as_session.status == 401 and (await as_session.json())["reason"] == "LINK_BROKEN"
    session_as_pass = await inside.post("/api/activity/pick", json={"pass": session, "game_id": second})
    assert session_as_pass.status == 401 and (await session_as_pass.json())["reason"] == "LINK_BROKEN"


async def test_a_channel_without_games_says_how_to_start_one(inside: TestClient, discord: ActivityDiscord) -> None:
    status, body = await sign_in(inside, discord, ALICE, discord.start_activity(CHANNEL, [ALICE]))
    assert status == 404 and body["reason"] == "NO_GAME_IN_CHANNEL"
    assert body["message"] == t("en", Msg("web.activity.no_game")) and "`/alcazar new`" in body["message"]


async def test_discord_must_vouch_for_the_visitor(inside: TestClient, service: GameService,
                                                 discord: ActivityDiscord) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=CHANNEL)
    instance = discord.start_activity(CHANNEL, [ALICE])

    async def refused(code: str, instance_id: str, why: str, status: int = 403) -> None:
        answer = await inside.post("/api/activity/session", json={"code": code, "instance_id": instance_id},
                                   headers={"Accept-Language": "hu"})
        body = await answer.json()
        assert (answer.status, body["reason"]) == (status, "ACTIVITY_DENIED"), body
        assert body["message"] == t("hu", Msg(why)) and "session" not in body

    await refused("made-up", instance, "activity.denied.code")
    await refused(discord.authorization_code(ALICE), "forged-instance", "activity.denied.instance")
    await refused(discord.authorization_code(BOB), instance, "activity.denied.instance")     # not in it
    code = discord.authorization_code(ALICE)
    assert (await inside.post("/api/activity/session", json={"code": code, "instance_id": instance})).status == 200
    await refused(code, instance, "activity.denied.code")                                   # replayed
    discord.reachable = False
    await refused(discord.authorization_code(ALICE), instance, "activity.denied.unreachable", 503)
    for malformed in ({}, {"code": 5, "instance_id": instance}, {"code": "", "instance_id": instance},
                      {"code": "c" * 300, "instance_id": instance}, {"code": "c", "instance_id": ["i"]}):
        answer = await inside.post("/api/activity/session", json=malformed)
        assert answer.status == 400 and (await answer.json())["reason"] == "BAD_REQUEST"
    for malformed in ({"pass": "p"}, {"pass": "p", "game_id": "7"}, {"pass": "p", "game_id": True}):
        answer = await inside.post("/api/activity/pick", json=malformed)
        assert answer.status == 400
    assert len(discord.asked) == 6, "a malformed request never reaches Discord"
    assert (await service.records.game(table.game_id)).version == table.last.game.version


async def test_a_flood_from_one_address_is_refused_before_discord_is_asked(
        service: GameService, settings: Settings, hooks: Hooks, discord: ActivityDiscord) -> None:
    tight = WebLimits(per_address=0.001, address_burst=3)
    instance = discord.start_activity(CHANNEL, [ALICE])
    async with TestClient(TestServer(activity_app(service, settings, hooks, discord, tight))) as client:
        statuses = [(await sign_in(client, discord, ALICE, instance))[0] for _ in range(3)]
        flooded = await client.post("/api/activity/session", json={"code": "c", "instance_id": instance})
        picked = await client.post("/api/activity/pick", json={"pass": "p", "game_id": 1})
    assert statuses == [404, 404, 404]                   # no game in the channel, but answered
    assert flooded.status == 429 and picked.status == 429 and flooded.headers["Retry-After"] == "1"
    assert len(discord.asked) == 3


async def test_the_live_socket_takes_the_activitys_origin_too(inside: TestClient, service: GameService,
                                                             discord: ActivityDiscord) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=CHANNEL)
    _, body = await sign_in(inside, discord, ALICE, discord.start_activity(CHANNEL, [ALICE]))
    path = f"/api/games/{table.game_id}/live"
    socket = await inside.ws_connect(path, headers={"Origin": activity_origin(APPLICATION_ID)})
    await socket.send_json({"session": body["session"], "version": 0, "lang": "en"})
    message = await socket.receive_json(timeout=10)
    assert message["type"] == "view" and message["view"]["game"]["id"] == table.game_id
    await socket.close()
    other = await inside.get(path, headers={"Origin": "https://1.discordsays.com", "Connection": "Upgrade",
                                            "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
    assert other.status == 403


async def test_without_its_script_the_activity_says_it_is_not_built(
        service: GameService, settings: Settings, hooks: Hooks, discord: ActivityDiscord, tmp_path: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.web.app.BUNDLE", tmp_path / "activity.js")      # a checkout where it was never built
    async with TestClient(TestServer(activity_app(service, settings, hooks, discord))) as client:
        setup = await client.get("/api/activity", headers={"Accept-Language": "hu"})
        body = await setup.json()
        page = await (await client.get("/")).text()
    assert setup.status == 503 and body["reason"] == "ACTIVITY_NOT_BUILT"
    assert body["message"] == t("hu", Msg("web.activity.not_built"))
    assert 'content="./assets/activity.js"' in page, "the page's reference stays as it is, and is not loaded"
