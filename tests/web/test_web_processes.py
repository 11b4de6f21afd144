"""Two bot processes on one PostgreSQL: a move made in the one that does not serve the web board reaches the
pages the other serves, through the database's notifications (each process is a service on its own store)."""
from __future__ import annotations

import dataclasses
import json

import aiohttp

from bot.config import Settings
from bot.service import FakeClock, GameService, open_store
from bot.web import WebBoard
from service.helpers import open_table

from .conftest import ORIGIN, Hooks

ALICE = 100


async def test_a_move_in_another_process_reaches_the_pages_of_this_one(
        postgres_database: str, settings: Settings, hooks: Hooks, unused_tcp_port: int) -> None:
    serving, other = await open_store(postgres_database), await open_store(postgres_database)
    try:
        web_process, discord_process = GameService(serving, FakeClock()), GameService(other, FakeClock())
        table = await open_table(discord_process, "alcazar1978", 2)
        settings = dataclasses.replace(settings, web_port=unused_tcp_port)
        board = WebBoard(web_process, settings, hooks.web_hooks())
        await board.start()
        base = f"http://127.0.0.1:{settings.web_port}"
        try:
            link = await web_process.links.link_for(table.game_id, ALICE)
            async with aiohttp.ClientSession() as http:
                session = (await (await http.post(f"{base}/api/session", json={"link": link.token})).json())["session"]
                page = await http.ws_connect(f"{base}/api/games/{table.game_id}/live", headers={"Origin": ORIGIN})
                await page.send_json({"session": session, "version": table.last.game.version})
                await table.play()                 # in the other process
                message = json.loads((await page.receive(timeout=1.0)).data)
                assert message["view"]["game"]["version"] == table.last.game.version
                await table.play()
                message = json.loads((await page.receive(timeout=1.0)).data)
                assert message["view"]["game"]["version"] == table.last.game.version
                await page.close()
        finally:
            await board.stop()
    finally:
        await serving.close()
        await other.close()
