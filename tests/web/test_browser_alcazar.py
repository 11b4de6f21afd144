"""Alcazar (2009) on the web board, in a real Chromium, against the fake Discord: a dozen turns.

Alice and Bob play, Carol watches. Turns go round three ways: a card tapped in the hand, then its
plot on the board, then the options the rules allow, then Play; a move found by its words; a move
typed in Discord. Every open page follows each change live; Bob's page never holds Alice's cards
(neither on the page nor in anything the server sent it), and Carol's holds no hand at all.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from .browser import (
    BoardPage, bot_with_web_board, chromium, database_path, fake, hands_heard, page_link, started_in_discord,
    wait_until,
)
from conftest import assert_clean
from fake_discord import FakeDiscord
from quiet import Tally, channel_posts

__all__ = ["database_path", "fake"]        # the fixtures, for pytest

TURNS = 12


async def test_two_players_and_a_spectator_play_alcazar_turns_on_their_pages(fake: FakeDiscord,
                                                                             database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    rng = random.Random(3)
    # A known deal: at turn 3 the move picked is settled before its path ends (founding a castle with
    # two Grandes needs the withdrawal of a third, so "Yes: Withdraw ..." is the only way on).
    async with bot_with_web_board(fake, database_path, game_seeds=iter([12])) as bot, chromium() as browser:
        game, users = await started_in_discord(fake, bot, alice, bob, "alcazar")
        seated = [users[u] for u in game.players]
        pages = {person.id: await BoardPage.open(browser, await page_link(fake, person), person.name)
                 for person in (alice, bob, carol)}
        for page in pages.values():
            await page.wait_version(game.version)
        await first_look(pages[alice.id], pages[carol.id])
        await switch_language(pages[carol.id])

        tally = Tally()
        ways: list[str] = []
        settled_early: list[int] = []
        for turn in range(TURNS):
            game = await bot.service.records.game(game.id)
            mover = users[game.to_move_id]
            board = pages[mover.id]
            moves = await bot.service.pages.moves(game.id, mover.id, "en")
            before = len(fake.requests)
            way = ("board", "discord", "find")[turn % 3]
            if way == "board":
                move = rng.choice(card_moves(moves) or moves["moves"])
                await board.choose(moves, move, last=2)
                # The card is pressed in the hand and its plot marked on the board; options come next.
                assert await board.page.locator("#hand .card[aria-pressed=true]").count() == 1
                assert await board.page.locator("#cells .chosen").is_visible()
                if turn == 0:
                    await board.screenshot("alcazar-player-mid-move")
                if await board.choose(moves, move, first=2):
                    settled_early.append(turn)
                assert await board.settled_on(move), "the panel shows the move's words, ready to play"
                await board.press_play()
            elif way == "find":
                await board.find_and_play(rng.choice(moves["moves"]))
            else:
                move = rng.choice(moves["moves"])
                reply = await mover.slash("move", notation=move["text"])
                assert reply.ephemeral and "Played" in reply.text, reply
            ways.append(way)
            after = await bot.service.records.game(game.id)
            for page in pages.values():
                await page.wait_version(after.version)
            await wait_until(lambda: channel_posts(fake, before))
            await fake.settle()
            tally.after_move(fake, before, after.to_move_id, seated)
            await check_hands(pages[alice.id], pages[bob.id], pages[carol.id])
            if after.to_move_id is not None:
                for page in pages.values():
                    assert f"{users[after.to_move_id].name} to play" in await page.status()

        assert settled_early == [3], "a move left alone needs no more taps: the page asks none"
        assert tally.posts_per_move == [1] * TURNS and tally.wrong_pings == [], tally
        await pages[alice.id].screenshot("alcazar-player")
        history = pages[carol.id].page.locator("#history")
        await history.get_by_text("History", exact=True).click()
        assert await history.locator("li").count() == TURNS, "every move so far, newest first"
        await pages[carol.id].screenshot("alcazar-spectator")
        await pages[carol.id].page.set_viewport_size({"width": 1280, "height": 800})
        await pages[carol.id].screenshot("alcazar-spectator-desktop", full_page=False)
        for page in pages.values():
            assert page.dialogs == [] and page.errors == [], (page.who, page.dialogs, page.errors)
    assert_clean(fake)


def card_moves(moves: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves that start with a card of the hand and go on to a plot (a building placed)."""
    tokens = moves["tokens"]
    return [m for m in moves["moves"] if len(m["path"]) > 2 and tokens[m["path"][0]]["kind"] == "card"
            and tokens[m["path"][1]]["kind"] == "cell"]


async def first_look(player: BoardPage, spectator: BoardPage) -> None:
    """Plots named by what they are; a card tapped lights the plots it may go to; the panel's text."""
    page = player.page
    plots = page.locator("#cells").get_by_role("button", name=re.compile(r"^plot \d+"))
    assert await plots.count() == 72
    assert await page.get_by_role("button", name="plot 1", exact=False).first.is_visible()
    cards = await player.hand_cards()
    assert len(cards) == 10, cards
    # The hand's cards are buttons named by their card; the facts are text, at a normal size.
    for name in cards.values():
        assert await page.locator("#hand").get_by_role("button", name=name, exact=True).is_enabled()
    size = await page.eval_on_selector("#hand .facts dd", "dd => parseFloat(getComputedStyle(dd).fontSize)")
    assert size >= 16
    # The spectator's page has no hand and nothing to play.
    assert await spectator.hand_cards() == {}
    assert not await spectator.page.get_by_role("button", name="Play", exact=True).count()
    await player.screenshot("alcazar-player-start")
    # The zoom control makes the board wider than the screen, to be scrolled; and back.
    scroller = page.locator("#board-scroll")
    await page.get_by_role("button", name="+", exact=True).click()
    wide = await scroller.evaluate("s => s.scrollWidth / s.clientWidth")
    assert 1.4 < wide < 1.6, wide
    await page.get_by_role("button", name="+", exact=True).click()
    await player.screenshot("alcazar-player-zoomed", full_page=False)
    await page.get_by_role("button", name="−", exact=True).click()
    await page.get_by_role("button", name="−", exact=True).click()
    assert await scroller.evaluate("s => s.scrollWidth / s.clientWidth") == 1
    # Two fingers spread apart on the board zoom it too.
    await player.pinch("#board-scroll", 200)
    pinched = await scroller.evaluate("s => s.scrollWidth / s.clientWidth")
    assert pinched > 1.5, pinched
    await page.get_by_role("button", name="−", exact=True).click()
    while await page.get_by_role("button", name="−", exact=True).is_enabled():
        await page.get_by_role("button", name="−", exact=True).click()


async def switch_language(page: BoardPage) -> None:
    """The viewer switches to Magyar and back: the words follow, the board stays."""
    version = await page.version()
    await page.page.get_by_role("button", name="HU", exact=True).click()
    await page.page.wait_for_function("() => document.documentElement.lang === 'hu'")
    assert await page.page.locator("#players h2").inner_text() == "Játékosok"
    assert "Következik:" in await page.status()
    await page.screenshot("alcazar-spectator-hu")
    await page.page.get_by_role("button", name="EN", exact=True).click()
    await page.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert await page.page.locator("#players h2").inner_text() == "Players"
    assert await page.version() == version


async def check_hands(alice: BoardPage, bob: BoardPage, carol: BoardPage) -> None:
    """Each page shows its own hand only; nothing the server sent Bob or Carol holds Alice's cards."""
    alices = {card["id"] for hand in hands_heard(alice) for card in hand["cards"]}
    bobs = {card["id"] for hand in hands_heard(bob) for card in hand["cards"]}
    assert alices and bobs and not alices & bobs, (alices, bobs)
    shown = set(await bob.hand_cards())
    assert shown and shown <= bobs and not shown & alices
    for card in alices:
        assert await bob.page.locator(f'[data-key="card-{card}"]').count() == 0
    assert hands_heard(carol) == [] and await carol.hand_cards() == {}
