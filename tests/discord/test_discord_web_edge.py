"""The web board wired beside the Discord bot (``bot/edges.py``): served while the bot runs, and a move
made on a page posted in the game's channel exactly as a move made in Discord is, pinging the next player."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from conftest import assert_clean, running_bot, settings_for
from fake_discord import FakeDiscord
from players import latest_board, start_game
from quiet import channel_posts, pinged

from bot.edges import WebBoardEdge, edges_for
from bot.service import FakeClock

WEB_URL = "https://alcazar.example.org"


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components", []) for c in row["components"] if "custom_id" in c]


async def until_posted(fake: FakeDiscord, since: int, timeout: float = 10.0) -> list[Any]:
    """The channel's new posts since request ``since``, once there is one (a page's move is posted after
    the page's answer, as a move made in Discord is posted after its own)."""
    deadline = time.monotonic() + timeout
    while not (posts := channel_posts(fake, since)):
        assert time.monotonic() < deadline, "the move made on the page was never posted"
        await asyncio.sleep(0.02)
    await fake.settle(quiet=0.3, timeout=10)
    return channel_posts(fake, since)


async def test_a_move_made_on_the_page_is_posted_in_the_channel_pinging_the_next_player(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    edges = edges_for(settings_for(fake, database_path, web_url=WEB_URL, web_port=0))
    [edge] = edges
    assert isinstance(edge, WebBoardEdge)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           web_port=0, edges=edges) as bot:
        assert edge.board is not None and edge.board.runner is not None, "the web board starts with the bot"
        base = f"http://127.0.0.1:{edge.board.runner.addresses[0][1]}"
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978")
        token = (await first.click(latest_board(fake), "Open board")).links["Open board"].split("#t=")[1]
        [move] = await bot.service.records.legal_moves_for(game.id, first.id, limit=1)
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{base}/api/session", json={"link": token}) as opened:
                assert opened.status == 200
                session = (await opened.json())["session"]
            since = len(fake.requests)
            async with http.post(f"{base}/api/games/{game.id}/moves", json={"version": game.version,
                                                                             "move": move.notation},
                                 headers={"Authorization": f"Bearer {session}"}) as played:
                assert played.status == 200 and await played.json() == {"ok": True, "version": game.version + 1}
            [post] = await until_posted(fake, since)
        assert pinged(post) == {second.id}, "the board pings the player to act, not the one who moved"
        assert first.mention in post.json["content"] and second.mention in post.json["content"]
        board = latest_board(fake)
        assert custom_ids(board) == [f"az:turn:{game.id}:{game.version + 1}", f"az:web:{game.id}"]
        after = await bot.service.records.game(game.id)
        assert after.version == game.version + 1 and after.to_move_id == second.id
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.post(f"{base}/api/session", json={"link": token})
    assert edge.board is None, "the web board stops with the bot"
    assert_clean(fake)


async def test_a_web_port_in_use_is_a_setting_to_fix(fake: FakeDiscord, database_path: Path) -> None:
    from bot.edges import WebBoardUnavailable
    from bot.start_failures import SETTING, explain

    taken = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)
    port = taken.sockets[0].getsockname()[1]
    settings = settings_for(fake, database_path, web_url=WEB_URL, web_port=port)
    try:
        with pytest.raises(WebBoardUnavailable) as error:
            async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None,
                                   web_url=WEB_URL, web_port=port, edges=edges_for(settings)):
                pass
    finally:
        taken.close()
        await taken.wait_closed()
    assert error.value.port == port and error.value.reason
    explained = explain(error.value, settings)
    assert explained is not None and explained.exit_code == SETTING
    assert f"Cannot serve the web board on 127.0.0.1:{port}" in explained.line and "WEB_PORT" in explained.line


async def test_a_computer_answers_a_move_made_on_the_page(fake: FakeDiscord, database_path: Path) -> None:
    """The page's move goes the way a move made in Discord goes on: posted, then the computer's turn."""
    alice = fake.add_user("alice")
    edges = edges_for(settings_for(fake, database_path, web_url=WEB_URL, web_port=0))
    [edge] = edges
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           web_port=0, edges=edges, think_scale=0.01) as bot:
        assert isinstance(edge, WebBoardEdge) and edge.board is not None and edge.board.runner is not None
        base = f"http://127.0.0.1:{edge.board.runner.addresses[0][1]}"
        lobby = await alice.slash("new", game="alcazar1978", computers=1, level="easy")
        await alice.click(lobby.message, "Start")
        await bot.computer_turns.idle()
        game = await bot.service.records.game_in_channel(fake.general.id)
        assert game is not None and game.to_move_id == alice.id
        token = (await alice.click(latest_board(fake), "Open board")).links["Open board"].split("#t=")[1]
        [move] = await bot.service.records.legal_moves_for(game.id, alice.id, limit=1)
        since = len(fake.requests)
        async with aiohttp.ClientSession() as http:
            async with http.post(f"{base}/api/session", json={"link": token}) as opened:
                session = (await opened.json())["session"]
            async with http.post(f"{base}/api/games/{game.id}/moves", json={"version": game.version,
                                                                             "move": move.notation},
                                 headers={"Authorization": f"Bearer {session}"}) as played:
                assert played.status == 200
        deadline = time.monotonic() + 20
        while len(channel_posts(fake, since)) < 2:
            assert time.monotonic() < deadline, "the computer never answered the page's move"
            await asyncio.sleep(0.05)
        await bot.computer_turns.idle()
        mine, computers = channel_posts(fake, since)[:2]
        assert alice.mention in mine.json["content"] and pinged(mine) == set(), "a computer to act: nobody pinged"
        assert computers.json["content"].startswith("**Computer 1 (easy)**:") and pinged(computers) == {alice.id}
        after = await bot.service.records.game(game.id)
        assert after.version == game.version + 2, "the page's move, then the computer's"
    assert_clean(fake)
