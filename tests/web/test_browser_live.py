"""Pages that follow a game through what is not a move, in a real Chromium: a lobby's start, and the
web board stopping (its sockets close) while a move is made in Discord, then starting again: the open
pages say they are reconnecting, then catch up by version, without a reload.
"""
from __future__ import annotations

from pathlib import Path

from .browser import BoardPage, bot_with_web_board, chromium, database_path, fake, page_link, started_in_discord
from conftest import assert_clean
from fake_discord import FakeDiscord

from bot.i18n import t
from bot.service import BoardLink

__all__ = ["database_path", "fake"]        # the fixtures, for pytest


async def test_pages_reconnect_and_catch_up_after_the_board_restarts(fake: FakeDiscord,
                                                                     database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with bot_with_web_board(fake, database_path) as bot, chromium() as browser:
        game, users = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
        watching = await BoardPage.open(browser, await page_link(fake, carol), "carol")
        waiting = users[next(u for u in game.players if u != game.to_move_id)]
        other = await BoardPage.open(browser, await page_link(fake, waiting), waiting.name)
        for page in (watching, other):
            await page.wait_version(game.version)
            await page.page.locator("#link-state.live").wait_for()

        [edge] = bot.edges
        await edge.stop()
        for page in (watching, other):
            await page.page.locator("#link-state.reconnecting").wait_for()
        mover = users[game.to_move_id]
        moves = await bot.service.pages.moves(game.id, mover.id, "en")
        reply = await mover.slash("move", notation=moves["moves"][0]["text"])
        assert reply.ephemeral and "Played" in reply.text, reply
        await edge.start(bot.table)

        after = await bot.service.records.game(game.id)
        for page in (watching, other):
            await page.wait_version(after.version, seconds=20)
            await page.page.locator("#link-state.live").wait_for()
        # The waiting player is now the one to act: their page offers the moves and Play.
        assert await other.page.get_by_role("button", name="Play", exact=True).is_disabled()
        assert f"{waiting.name} to play" in await other.status()
    assert_clean(fake)


async def test_a_page_opened_in_the_lobby_shows_the_board_once_the_game_starts(fake: FakeDiscord,
                                                                              database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with bot_with_web_board(fake, database_path) as bot, chromium() as browser:
        lobby = await alice.slash("new", game="alcazar")
        game = await bot.service.records.game_in_channel(fake.general.id)
        link = await bot.service.links.link_for(game.id, carol.id)
        assert isinstance(link, BoardLink), link
        page = await BoardPage.open(browser, f"{bot.settings.web_url}/play#t={link.token}", "carol")
        await page.wait_version(game.version)
        assert await page.page.get_by_text(t("en", "web.ui.lobby"), exact=True).is_visible()
        assert not await page.page.locator("#board-area").is_visible()

        # A join leaves the game's version as it was, and still shows on the open page at once.
        players = page.page.locator("#players")
        assert not await players.get_by_text("bob", exact=True).count()
        await bob.click(lobby.message, "Join")
        await players.get_by_text("bob", exact=True).wait_for(timeout=5000)
        assert await page.version() == game.version
        await page.screenshot("lobby-joined")
        await alice.click(lobby.message, "Start")
        started = await bot.service.records.game(game.id)
        await page.wait_version(started.version)
        await page.page.locator("#board-image[src^='blob:']").wait_for()
        assert await page.page.locator("#players").get_by_text("bob", exact=True).is_visible()
        assert await page.page.locator("#cells").get_by_role("button", name="plot 1", exact=False).count() >= 1
        assert await page.page.get_by_text(t("en", "web.ui.spectator"), exact=True).is_visible()
        assert page.dialogs == [] and page.errors == [], (page.dialogs, page.errors)
    assert_clean(fake)
