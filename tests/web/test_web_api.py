"""The API a page uses: each viewer's view, moves and board image, and a move played through the service
exactly as Discord plays one, then posted in its channel."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp.test_utils import TestClient

from bot.i18n import Msg, t
from bot.service import Accepted, GameService, Refusal
from service.helpers import open_table

from .conftest import Hooks, bearer, open_session

ALICE, BOB, CAROL, SPECTATOR = 100, 101, 102, 900


async def get_json(client: TestClient, path: str, session: str) -> Any:
    answer = await client.get(path, headers=bearer(session))
    assert answer.status == 200, await answer.text()
    assert answer.content_type == "application/json" and answer.headers["Cache-Control"] == "no-store"
    return await answer.json()


def hand_ids(view: dict[str, Any]) -> set[str]:
    return {card["id"] for card in (view["hand"] or {"cards": []})["cards"]}


async def test_each_viewer_gets_their_own_projection(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.game_id
    views = {}
    for user in (ALICE, BOB, SPECTATOR):
        session = await open_session(client, service, game, user)
        views[user] = await get_json(client, f"/api/games/{game}/view?lang=en", session)
    seats = table.last.game.seat_of
    assert [views[u]["viewer"]["seat"] for u in (ALICE, BOB, SPECTATOR)] == [seats(ALICE), seats(BOB), None]
    assert views[SPECTATOR]["hand"] is None
    assert hand_ids(views[ALICE]) and hand_ids(views[BOB]) and not hand_ids(views[ALICE]) & hand_ids(views[BOB])
    # Each hand is the one the service shows its owner, and the views agree on everything public.
    for user in (ALICE, BOB, SPECTATOR):
        expected = await service.pages.view(game, user, "en", Hooks().names_of)
        assert views[user] == json.loads(json.dumps(expected))
    assert views[ALICE]["players"] == views[SPECTATOR]["players"] and views[ALICE]["board"] == views[BOB]["board"]


async def test_the_viewer_s_language_is_asked_for_or_their_own(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    session = await open_session(client, service, table.game_id, ALICE)
    english = await get_json(client, f"/api/games/{table.game_id}/view?lang=en", session)
    hungarian = await get_json(client, f"/api/games/{table.game_id}/view?lang=hu", session)
    assert english["viewer"]["lang"] == "en" and hungarian["viewer"]["lang"] == "hu"
    assert english["words"] != hungarian["words"]
    await service.languages.remember_language(ALICE, "hu")
    own = await get_json(client, f"/api/games/{table.game_id}/view", session)
    assert own["viewer"]["lang"] == "hu"
    unknown = await client.get(f"/api/games/{table.game_id}/view?lang=xx", headers=bearer(session))
    assert unknown.status == 400 and (await unknown.json())["reason"] == "BAD_REQUEST"


async def test_the_moves_are_the_viewer_s_and_only_when_to_act(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    to_move = table.to_move_id
    waiting = next(u for u in (ALICE, BOB, CAROL) if u != to_move)
    mover = await get_json(client, f"/api/games/{table.game_id}/moves",
                           await open_session(client, service, table.game_id, to_move))
    assert mover["version"] == table.last.game.version and mover["moves"]
    legal = {str(move) for move in table.engine.legal_moves(table.shadow)}
    assert {move["text"] for move in mover["moves"]} == legal
    idle = await get_json(client, f"/api/games/{table.game_id}/moves",
                          await open_session(client, service, table.game_id, waiting))
    assert idle["moves"] == []


async def test_the_board_image_is_kept_a_day_under_its_version(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    session = await open_session(client, service, table.game_id, SPECTATOR)
    version = table.last.game.version
    answer = await client.get(f"/api/games/{table.game_id}/board?v={version}", headers=bearer(session))
    assert answer.status == 200 and answer.content_type in ("image/png", "image/webp")
    data = await answer.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" or data[8:12] == b"WEBP"
    assert answer.headers["Cache-Control"] == "private, max-age=86400"
    await table.play()
    old = await client.get(f"/api/games/{table.game_id}/board?v={version}", headers=bearer(session))
    # The image asked for is gone; the newest is not kept under the old version's address.
    assert old.status == 200 and old.headers["Cache-Control"] == "no-store"
    assert old.headers["X-Board-Version"] == str(version + 1) or int(old.headers["X-Board-Version"]) > version


async def test_a_move_on_the_page_is_played_and_posted(client: TestClient, service: GameService,
                                                       hooks: Hooks) -> None:
    table = await open_table(service, "alcazar", 3)
    mover = table.to_move_id
    session = await open_session(client, service, table.game_id, mover)
    moves = await get_json(client, f"/api/games/{table.game_id}/moves", session)
    text = moves["moves"][0]["text"]
    answer = await client.post(f"/api/games/{table.game_id}/moves", headers=bearer(session),
                               json={"version": moves["version"], "move": text})
    assert answer.status == 200, await answer.text()
    body = await answer.json()
    stored = await service.records.game(table.game_id)
    assert not isinstance(stored, Refusal)
    assert body == {"ok": True, "version": stored.version} and stored.version > moves["version"]
    for _ in range(100):
        if hooks.published:
            break
        await asyncio.sleep(0.01)
    [posted] = hooks.published
    assert isinstance(posted, Accepted) and posted.game.version == stored.version
    assert [e.notation for e in posted.events if hasattr(e, "notation")][0] == text


async def test_a_move_for_another_seat_is_refused_in_the_bot_s_words(client: TestClient, service: GameService,
                                                                     hooks: Hooks) -> None:
    table = await open_table(service, "alcazar1978", 2)
    waiting = ALICE if table.to_move_id == BOB else BOB
    move = table.pick(win=False)
    version = table.last.game.version
    for user in (waiting, SPECTATOR):
        session = await open_session(client, service, table.game_id, user)
        answer = await client.post(f"/api/games/{table.game_id}/moves?lang=hu", headers=bearer(session),
                                   json={"version": version, "move": move})
        body = await answer.json()
        refused = await service.turns.play(table.game_id, user, move, expected_version=version)
        assert isinstance(refused, Refusal)
        assert answer.status in (403, 422)
        assert body == {"ok": False, "reason": refused.reason.name, "message": t("hu", refused.message)}
    assert (await service.records.game(table.game_id)).version == version and not hooks.published


async def test_a_stale_page_s_move_is_refused_with_409(client: TestClient, service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    first = table.to_move_id
    session = await open_session(client, service, table.game_id, first)
    old = table.last.game.version
    await table.play()            # from Discord
    await table.play()            # the other player answers: the first is to move again, on a newer board
    assert table.to_move_id == first
    answer = await client.post(f"/api/games/{table.game_id}/moves?lang=hu", headers=bearer(session),
                               json={"version": old, "move": table.pick(win=False)})
    assert answer.status == 409
    body = await answer.json()
    assert body["reason"] == "STALE_VERSION"
    assert body["message"] == t("hu", Msg("refusal.stale_version", version=table.last.game.version))
    assert (await service.records.game(table.game_id)).version == table.last.game.version


async def test_another_game_is_answered_as_an_unknown_one(client: TestClient, service: GameService) -> None:
    mine = await open_table(service, "alcazar1978", 2, channel_id=501)
    other = await open_table(service, "alcazar1978", 2, channel_id=502)
    session = await open_session(client, service, mine.game_id, ALICE)
    missing = other.game_id + 1000
    for game in (other.game_id, missing):
        for method, tail, body in (("GET", "view", None), ("GET", "moves", None), ("GET", "board?v=1", None),
                                   ("POST", "moves", {"version": other.last.game.version,
                                                      "move": other.pick(win=False)})):
            answer = await client.request(method, f"/api/games/{game}/{tail}", headers=bearer(session), json=body)
            assert answer.status == 404, (game, tail)
            assert await answer.json() == {"ok": False, "reason": "NO_SUCH_GAME",
                                           "message": t("en", Msg("refusal.no_such_game", game=game))}
    assert (await service.records.game(other.game_id)).version == other.last.game.version
