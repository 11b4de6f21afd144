"""The web board with two bot processes (real subprocesses) on one PostgreSQL.

Only the process running shard 0 serves the web board; the other hands out
links to it. A link made by the process of shard 1 (whose guild the game is
in) opens a session at shard 0's; a move made in Discord, which the process of
shard 1 commits, reaches the page served by shard 0's within a second through
PostgreSQL's LISTEN/NOTIFY; and a move made on the page is posted in the
game's channel, pinging the next player, as a move made in Discord is.
"""
from __future__ import annotations

import asyncio
import json
import socket
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from db_backends import postgres_database  # noqa: F401  (fixture)
from fake_discord import FakeDiscord
from players import latest_board
from quiet import channel_posts, pinged
from test_discord_processes import BotProcess, SharedClock, Tables, until

from bot.service import GameService, Refusal
from bot.store import open_store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def has_board(fake: FakeDiscord, channel: Any) -> bool:
    try:
        latest_board(fake, channel)
    except AssertionError:
        return False
    return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def next_view(socket_: aiohttp.ClientWebSocketResponse, version: int, timeout: float = 10.0) -> dict[str, Any]:
    """The first view the socket pushes at ``version`` or later."""
    deadline = time.monotonic() + timeout
    while True:
        message = await socket_.receive(timeout=max(0.1, deadline - time.monotonic()))
        assert message.type == aiohttp.WSMsgType.TEXT, message
        pushed = json.loads(message.data)
        if pushed["type"] == "view" and pushed["view"]["game"]["version"] >= version:
            return pushed["view"]


async def test_shard_0_s_process_serves_the_pages_and_the_other_s_changes_reach_them(
        fake_two_shards: FakeDiscord, postgres_database: str, tmp_path: Path) -> None:  # noqa: F811
    fake = fake_two_shards
    south = fake.add_guild("South", shard=1)
    hall = fake.add_channel("hall", guild=south)
    alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
    port = free_port()
    web_url = f"http://127.0.0.1:{port}"
    clock = SharedClock(tmp_path / "clock")
    processes = [BotProcess(fake, postgres_database, shard, clock, tmp_path) for shard in (0, 1)]
    for process in processes:
        process.environment.update({"WEB_URL": web_url, "WEB_HOST": "127.0.0.1", "WEB_PORT": str(port),
                                    "LOG_LEVEL": "INFO"})
    store = await open_store(postgres_database)
    try:
        # Both start: had the second tried to bind WEB_PORT too, it would have stopped over its settings.
        await asyncio.gather(*(process.start() for process in processes))
        assert "the web board listens" in processes[0].log_text()
        assert "web board" not in processes[1].log_text(), "the process without shard 0 serves no web board"

        tables = Tables(fake, GameService(store, clock))
        game_id = await tables.open(hall, alice, bob)
        game = await tables.service.records.game(game_id)
        assert not isinstance(game, Refusal)
        await until(lambda: has_board(fake, hall), "the first board")
        # Shard 1's process answers the press (the game's guild is on its shard) and signs the link.
        pressed = await carol.click(latest_board(fake, hall), "Open board")
        token = pressed.links["Open board"].split("#t=")[1]
        assert pressed.links["Open board"].startswith(f"{web_url}/play#t=")
        first = fake.users[game.to_move_id]
        second = next(p for p in (alice, bob) if p is not first)

        async with aiohttp.ClientSession() as http:
            async with http.post(f"{web_url}/api/session", json={"link": token}) as opened:
                assert opened.status == 200, await opened.text()
                watching = (await opened.json())["session"]
            async with http.ws_connect(f"{web_url}/api/games/{game_id}/live", headers={"Origin": web_url}) as live:
                await live.send_json({"session": watching, "version": game.version, "lang": "en"})
                await asyncio.sleep(0.3)      # the socket has joined the hub before the move is made
                # A move in Discord, committed by shard 1's process, reaches the page shard 0's serves.
                moved_at = time.monotonic()
                await tables.play(game_id, hall)
                view = await next_view(live, game.version + 1)
                took = time.monotonic() - moved_at
                print(f"a move in process 1 reached a page of process 0 in {took * 1000:.0f} ms")
                assert took < 3.0, f"{took:.2f} s"
                assert view["hand"] is None, "a spectator's page has no hand"

                # A move made on the page (process 0) is posted in the channel, pinging the next player.
                now = await tables.service.records.game(game_id)
                assert not isinstance(now, Refusal) and now.to_move_id == second.id
                [move] = await tables.service.records.legal_moves_for(game_id, second.id, limit=1)
                await until(lambda: f"az:turn:{game_id}:{now.version}" in str(latest_board(fake, hall)),
                            "the board after the move")
                second_token = (await second.click(latest_board(fake, hall), "Open board")).links[
                    "Open board"].split("#t=")[1]
                async with http.post(f"{web_url}/api/session", json={"link": second_token}) as opened:
                    session = (await opened.json())["session"]
                since = len(fake.requests)
                async with http.post(f"{web_url}/api/games/{game_id}/moves",
                                     json={"version": now.version, "move": move.notation},
                                     headers={"Authorization": f"Bearer {session}"}) as played:
                    assert played.status == 200, await played.text()
                await until(lambda: channel_posts(fake, since, hall) != [], "the page's move posted in its channel")
                [post] = channel_posts(fake, since, hall)
                assert pinged(post) == {first.id}
                view = await next_view(live, now.version + 1)
                assert view["game"]["version"] == now.version + 1
        tables.played[game_id].append(move.notation)
        await tables.assert_nothing_lost(game_id)
        assert fake.problems == [], fake.problems
    finally:
        await store.close()
        codes = [process.stop() for process in processes]
    assert codes == [0, 0], "\n".join(process.log_text() for process in processes)
