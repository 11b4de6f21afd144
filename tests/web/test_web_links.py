"""Links swapped for sessions, and sessions checked on every request: tampered, expired and ended ones are
refused in the bot's own words, saying how to get a new link."""
from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.i18n import t
from bot.service import FakeClock, GameService, Refusal
from service.helpers import open_table

from .conftest import bearer, open_session

ALICE, BOB, SPECTATOR = 100, 101, 900


async def refusal_words(refused: object, lang: str) -> str:
    assert isinstance(refused, Refusal), refused
    return t(lang, refused.message)


async def test_a_link_is_swapped_for_a_session_of_its_game_and_user(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    link = await service.links.link_for(table.game_id, ALICE)
    answer = await client.post("/api/session", json={"link": link.token})
    assert answer.status == 200
    body = await answer.json()
    assert body["game_id"] == table.game_id and body["expires_at"] == link.expires_at
    assert body["session"] != link.token
    assert answer.headers["Cache-Control"] == "no-store"
    view = await client.get(f"/api/games/{table.game_id}/view", headers=bearer(body["session"]))
    assert view.status == 200
    assert (await view.json())["viewer"]["seat"] == table.last.game.seat_of(ALICE)


async def test_a_link_is_no_session_and_a_session_no_link(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    link = await service.links.link_for(table.game_id, ALICE)
    session = await open_session(client, service, table.game_id, ALICE)
    as_session = await client.get(f"/api/games/{table.game_id}/view", headers=bearer(link.token))
    assert as_session.status == 401 and (await as_session.json())["reason"] == "LINK_BROKEN"
    as_link = await client.post("/api/session", json={"link": session})
    assert as_link.status == 401 and (await as_link.json())["reason"] == "LINK_BROKEN"


async def test_a_tampered_link_is_refused_in_the_bot_s_words(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    token = (await service.links.link_for(table.game_id, ALICE)).token
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    for tampered in (flipped, token[:-5], token + "x", "x" + token[1:], "not-a-link", "a.b.c"):
        for lang in ("en", "hu"):
            answer = await client.post("/api/session", json={"link": tampered}, headers={"Accept-Language": lang})
            assert answer.status == 401, tampered
            body = await answer.json()
            assert body == {"ok": False, "reason": "LINK_BROKEN",
                            "message": await refusal_words(await service.links.open(tampered), lang)}


async def test_an_expired_link_and_its_session_are_refused(client: TestClient, service: GameService,
                                                           clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, ALICE, days=1)
    session = await open_session(client, service, table.game_id, ALICE)   # a 30-day link's session
    short = (await client.post("/api/session", json={"link": link.token}))
    short_session = (await short.json())["session"]
    clock.advance(hours=25)
    expired = await client.post("/api/session?lang=hu", json={"link": link.token})
    assert expired.status == 410
    body = await expired.json()
    assert body["reason"] == "LINK_EXPIRED"
    assert body["message"] == await refusal_words(await service.links.open(link.token), "hu")
    stale = await client.get(f"/api/games/{table.game_id}/view?lang=en", headers=bearer(short_session))
    assert stale.status == 410 and (await stale.json())["reason"] == "LINK_EXPIRED"
    still = await client.get(f"/api/games/{table.game_id}/view", headers=bearer(session))
    assert still.status == 200


async def test_ending_a_player_s_links_ends_their_sessions_too(client: TestClient, service: GameService,
                                                               clock: FakeClock) -> None:
    table = await open_table(service, "alcazar", 3)
    link = await service.links.link_for(table.game_id, ALICE)
    session = await open_session(client, service, table.game_id, ALICE)
    bob = await open_session(client, service, table.game_id, BOB)
    clock.advance(seconds=1)
    await service.links.end_all(ALICE)
    for answer in (await client.post("/api/session", json={"link": link.token}),
                   await client.get(f"/api/games/{table.game_id}/view", headers=bearer(session)),
                   await client.post(f"/api/games/{table.game_id}/moves", headers=bearer(session),
                                     json={"version": table.last.game.version, "move": table.pick(win=False)})):
        assert answer.status == 410
        assert (await answer.json())["reason"] == "LINK_ENDED"
    assert (await client.get(f"/api/games/{table.game_id}/view", headers=bearer(bob))).status == 200
    # A new link after the ending works.
    clock.advance(seconds=1)
    assert await open_session(client, service, table.game_id, ALICE)


async def test_no_session_at_all_says_how_to_get_a_link(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer "}):
        answer = await client.get(f"/api/games/{table.game_id}/view", headers=headers)
        assert answer.status == 401
        body = await answer.json()
        assert body["reason"] == "LINK_BROKEN" and "Open board" in body["message"]
    # A page opened without a link asks with an empty one.
    empty = await client.post("/api/session", json={"link": ""}, headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert empty.status == 401
    assert (await empty.json())["message"] == await refusal_words(await service.links.open(""), "hu")
    for body in ({"link": 7}, {"token": "x"}, {"link": None}, {"link": "x" * 600}):
        malformed = await client.post("/api/session", json=body, headers={"Accept-Language": "hu"})
        assert malformed.status == 400
        assert await malformed.json() == {"ok": False, "reason": "BAD_REQUEST",
                                          "message": t("hu", "web.refusal.bad_request")}
