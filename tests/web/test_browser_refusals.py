"""What a page says when something is refused, in a real Chromium: a broken link, a move sent from a
page that fell behind, links ended by their owner. Each time the bot's own words, in an alert."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .browser import BoardPage, bot_with_web_board, chromium, database_path, fake, page_link, started_in_discord
from conftest import assert_clean
from fake_discord import FakeDiscord

from bot.i18n import t

__all__ = ["database_path", "fake"]        # the fixtures, for pytest


async def test_refusals_are_shown_in_the_bots_words(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with bot_with_web_board(fake, database_path) as bot, chromium() as browser:
        game, users = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
        first = users[game.to_move_id]
        link = await page_link(fake, first)

        # A link with a changed token: a page of its own saying so and how to get a new one.
        broken = await BoardPage.open(browser, link[:-6] + "AAAAAA", "someone")
        alert = broken.page.get_by_role("alert")
        await alert.wait_for()
        assert await alert.inner_text() == t("en", "refusal.link_broken")
        assert not await broken.page.locator("#app").is_visible()
        await broken.screenshot("refusal-broken-link")

        # A good link: the token leaves the address bar at once and the session stays with the tab.
        page = await BoardPage.open(browser, link, first.name)
        await page.wait_version(game.version)
        assert "#" not in page.page.url and page.page.url.endswith("/play")
        assert await page.page.evaluate("() => sessionStorage.length") == 1
        await page.page.reload()
        await page.wait_version(game.version)

        # A move sent with a version the game has left: the bot's words in an alert; the page catches up.
        moves = await bot.service.pages.moves(game.id, first.id, "en")
        move = moves["moves"][0]

        async def behind(route: Any) -> None:
            if route.request.method != "POST":
                return await route.continue_()
            body = json.loads(route.request.post_data or "{}")
            await route.continue_(post_data=json.dumps({**body, "version": body["version"] - 1}))

        await page.page.route("**/api/games/*/moves", behind)
        await page.choose(moves, move)
        await page.page.get_by_role("button", name="Play", exact=True).click()
        refusal = page.page.locator("#alert")
        await refusal.get_by_text("out of date").wait_for()
        assert await refusal.get_attribute("role") == "alert"
        # The command the words name reads as Discord shows it: as code, without the backticks.
        assert await refusal.locator("code").all_inner_texts() == ["/alcazar board"]
        assert "`" not in await refusal.inner_text()
        assert (await bot.service.records.game(game.id)).version == game.version, "nothing was played"
        await page.screenshot("refusal-stale-move")
        await page.page.unroute("**/api/games/*/moves")
        await page.play(moves, move)
        assert (await bot.service.records.game(game.id)).version == game.version + 1
        assert await refusal.inner_text() == "", "the alert clears once the player moves on"

        # Its owner ends all their links: the open page says so at its next request.
        ended = await first.slash("links end")
        assert ended.ephemeral
        await page.page.reload()
        alert = page.page.get_by_role("alert")
        await alert.get_by_text(t("en", "refusal.link_ended")).wait_for()
        assert not await page.page.locator("#app").is_visible()
        for viewer in (broken, page):
            assert viewer.dialogs == [], viewer.dialogs
    assert_clean(fake)
