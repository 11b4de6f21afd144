"""``WebBoard`` in the bot's process: it listens on WEB_HOST:WEB_PORT, logs each request without any token,
and closes the open pages when it stops."""
from __future__ import annotations

import dataclasses
import logging

import aiohttp
import pytest

from bot.config import Settings
from bot.service import GameService
from bot.web import WebBoard
from service.helpers import open_table

from .conftest import ORIGIN, Hooks

ALICE = 100


async def test_the_board_serves_logs_without_tokens_and_closes_its_pages(
        service: GameService, settings: Settings, hooks: Hooks, caplog: pytest.LogCaptureFixture,
        unused_tcp_port: int) -> None:
    settings = dataclasses.replace(settings, web_port=unused_tcp_port)
    board = WebBoard(service, settings, hooks.web_hooks())
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, ALICE)
    base = f"http://127.0.0.1:{settings.web_port}"
    caplog.set_level(logging.INFO, logger="aiohttp.access")
    await board.start()
    try:
        async with aiohttp.ClientSession() as http:
            assert (await http.get(f"{base}/play")).status == 200
            opened = await (await http.post(f"{base}/api/session", json={"link": link.token})).json()
            session = opened["session"]
            headers = {"Authorization": f"Bearer {session}", "Referer": f"{base}/play#t={link.token}"}
            view = await http.get(f"{base}/api/games/{table.game_id}/view", headers=headers)
            assert view.status == 200
            page = await http.ws_connect(f"{base}/api/games/{table.game_id}/live", headers={"Origin": ORIGIN})
            await page.send_json({"session": session, "version": 0})
            assert (await page.receive(timeout=1.0)).type is aiohttp.WSMsgType.TEXT
            await board.stop()
            closing = await page.receive(timeout=2.0)
            assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    finally:
        await board.stop()
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"/api/games/{table.game_id}/view" in logged and "/api/session" in logged
    assert session not in logged and link.token not in logged and "Bearer" not in logged
