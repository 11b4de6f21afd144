"""A whole Alcazar (1978) game on the web board, in a real Chromium, against the fake Discord.

Two players and a spectator open their pages from the Open board button. Moves go round four ways:
typed in Discord, as the bot's other players do; tapped on the board (the pawn's square, or a wall
and then its turn); found with "Find a move"; played with the keyboard alone. After every move each open page shows the new
version without a reload, the channel gets the board pinging whoever plays next, and a player named
like an HTML tag is shown as text.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from .browser import (
    BoardPage, bot_with_web_board, chromium, database_path, fake, page_link, started_in_discord, wait_until,
)
from conftest import assert_clean
from fake_discord import FakeDiscord
from quiet import Tally, channel_posts

from bot.games import get_game

__all__ = ["database_path", "fake"]        # the fixtures, for pytest

#: A display name a page must show as text, never as markup.
HOSTILE = "<img src=x onerror=alert(1)>"


async def test_two_players_and_a_spectator_play_a_1978_game_on_their_pages(fake: FakeDiscord,
                                                                           database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user(HOSTILE), fake.add_user("carol")
    engine = get_game("alcazar1978")
    rng = random.Random(7)
    async with bot_with_web_board(fake, database_path) as bot, chromium() as browser:
        game, users = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
        seated = [users[u] for u in game.players]
        pages = {person.id: await BoardPage.open(browser, await page_link(fake, person), person.name)
                 for person in (alice, bob, carol)}
        for page in pages.values():
            await page.wait_version(game.version)
        spectator = pages[carol.id]
        await first_look(spectator, pages[seated[0].id], pages[seated[1].id], seated)

        state = engine.new_game(2)
        tally = Tally()
        ways: list[str] = []
        walls_tapped = 0
        while engine.to_move(state) is not None:
            assert tally.moves < 80, "the game should have ended"
            game = await bot.service.records.game(game.id)
            mover = users[game.to_move_id]
            moves = await bot.service.pages.moves(game.id, mover.id, "en")
            assert moves["version"] == game.version
            move = choose(engine, state, moves["moves"], rng)
            before = len(fake.requests)
            way = ("discord", "board", "find", "keys")[tally.moves % 4]
            if way == "discord":
                reply = await mover.slash("move", notation=move["text"])
                assert reply.ephemeral and "Played" in reply.text, reply
            elif way == "board" and len(move["path"]) > 1:
                # A wall, then its turn: the turn's options are offered only once the wall is tapped.
                board = pages[mover.id]
                await board.choose(moves, move, last=1)
                assert await board.page.locator("#move .step-option").count() >= 1
                await board.screenshot(f"1978-player-wall-{tally.moves}")
                await board.choose(moves, move, first=1)
                await board.press_play()
                walls_tapped += 1
            elif way == "board":
                await pages[mover.id].play(moves, move)
            elif way == "find":
                await pages[mover.id].find_and_play(move)
            else:
                await pages[mover.id].play_by_keys(moves, move)
            ways.append(way)
            state = engine.play(state, move["text"])
            after = await bot.service.records.game(game.id)
            assert after.version > game.version
            for page in pages.values():        # every open page, live
                await page.wait_version(after.version)
            # A move made on a page is posted in the channel just as one typed in Discord.
            await wait_until(lambda: channel_posts(fake, before))
            await fake.settle()
            tally.after_move(fake, before, after.to_move_id, seated)
            if after.to_move_id is not None:
                next_name = users[after.to_move_id].name
                for page in pages.values():
                    assert f"{next_name} to play" in await page.status()

        assert tally.posts_per_move == [1] * tally.moves and tally.wrong_pings == [], tally
        assert {"discord", "board", "find", "keys"} <= set(ways) and walls_tapped, (ways, walls_tapped)
        for page in pages.values():
            assert "The game is over" in await page.status()
            assert not await page.page.get_by_role("button", name="Play", exact=True).count()
            assert page.dialogs == [] and page.errors == [], (page.who, page.dialogs, page.errors)
        await spectator.screenshot("1978-spectator-end")
    assert_clean(fake)
    print(f"\n1978 on the pages: {tally.moves} moves ({ways.count('board')} tapped on the board, {walls_tapped} of them walls, "
          f"{ways.count('find')} found, {ways.count('keys')} with the keyboard, {ways.count('discord')} typed in Discord)")


def choose(engine: Any, state: Any, moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A move that wins when there is one, else one at random: a whole game in a few dozen moves."""
    winning = [m for m in moves if engine.to_move(engine.play(state, m["text"])) is None]
    return winning[0] if winning else rng.choice(moves)


async def first_look(spectator: BoardPage, first: BoardPage, second: BoardPage, seated: list[Any]) -> None:
    """Before the first move: what each page offers, by the buttons' accessible names."""
    page = first.page
    # Every square and wall is a button named by what it is.
    squares = page.locator("#cells").get_by_role("button", name=re.compile(r"^square [a-h][1-8]\b"))
    walls = page.locator("#cells").get_by_role("button", name=re.compile(r"^wall \d+\b"))
    assert await squares.count() > 0 and await walls.count() > 0
    assert await page.locator("#cells button").count() == await squares.count() + await walls.count()
    # The player to act can choose; the other player and the spectator cannot.
    assert await page.get_by_role("button", name="Play", exact=True).is_disabled()
    for other in (second, spectator):
        assert not await other.page.get_by_role("button", name="Play", exact=True).count()
    # The hostile name is text in the players' list, on every page, and no script ran.
    for viewer in (first, second, spectator):
        assert await viewer.page.locator("#players").get_by_text(HOSTILE, exact=True).is_visible()
        assert await viewer.page.locator("img[src='x']").count() == 0
    # Tapping a square shows what is there, in a panel (no hover needed); the spectator's tap chooses nothing.
    watched = spectator.page.locator("#cells").get_by_role("button", name=re.compile(r"^square [a-h][1-8]\b"))
    await watched.first.click()
    details = spectator.page.locator("#cell-details")
    assert await details.is_visible()
    assert await details.locator("h2").inner_text() == await watched.first.get_attribute("aria-label")
    await first.screenshot("1978-player-start")
    await spectator.screenshot("1978-spectator-start")
    await spectator.page.get_by_role("button", name="Close", exact=True).click()
    assert not await details.is_visible()
    # The turn line is a status region naming the player to act.
    assert f"{seated[0].name} to play" in await spectator.status()
