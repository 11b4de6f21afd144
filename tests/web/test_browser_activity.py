"""The board as a Discord Activity, in a real Chromium with Discord's real Embedded App SDK.

The real bot runs in Activity mode against the fake Discord; a stand-in for Discord's client
(``discord_client.py``) embeds the page as Discord does and answers the SDK, with codes the fake Discord
gives. The bot's door asks the fake Discord who each visitor is; nothing the page says is believed.
"""
from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from playwright.async_api import Browser, Page

from .browser import (
    ARTIFACTS, PHONE, BoardPage, chromium, database_path, fake, free_port, require_file, running_bot, settings_for,
    started_in_discord,
)
from .discord_client import add_discord_client, client_url
from conftest import assert_clean
from fake_discord import FakeDiscord, FakeUser

from bot.edges import WebBoardEdge
from bot.i18n import Msg, t
from bot.service import Accepted, FakeClock
from bot.web import WebBoard, WebHooks
from bot.web.bundle import BUNDLE

__all__ = ["database_path", "fake"]        # the fixtures, for pytest


class EdgeWithDiscordClient(WebBoardEdge):
    """The bot's web board with the stand-in for Discord's client on its origin (tests only)."""

    def board_for(self, table: Any, hooks: WebHooks) -> WebBoard:
        board = super().board_for(table, hooks)
        add_discord_client(board.app)
        return board


def require_activity_script() -> None:
    """The Activity's script, which ``manage.py test`` builds first."""
    require_file(BUNDLE, "python3 manage.py test builds it")


@contextlib.asynccontextmanager
async def bot_in_activity_mode(fake: FakeDiscord, database_path: Path, *, script: bool = True
                               ) -> AsyncIterator[Any]:
    """The real bot in Activity mode (WEB_URL and the client secret the fake Discord knows); ``script``:
    the test needs the Activity's script built."""
    if script:
        require_activity_script()
    port = free_port()
    web = {"web_url": f"http://127.0.0.1:{port}", "web_host": "127.0.0.1", "web_port": port,
           "discord_client_secret": fake.client_secret}
    edge = EdgeWithDiscordClient(settings_for(fake, database_path, **web))
    async with running_bot(fake, database_path, edges=(edge,), clock=FakeClock(), reminder_interval=None,
                           **web) as bot:
        assert bot.settings.activity_mode
        yield bot


@dataclass
class Activity:
    """One viewer's Discord (the stand-in) with the board inside it."""

    outer: Page
    board: BoardPage

    async def heard_by_discord(self) -> list[Any]:
        return await self.outer.evaluate("window.heard")

    async def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        await self.outer.screenshot(path=str(path))
        return path


async def open_activity(browser: Browser, bot: Any, fake: FakeDiscord, user: FakeUser, instance_id: str, *,
                        code: str | None = None) -> Activity:
    """``user`` opens the Activity of ``instance_id`` in the channel, with a code Discord gave them."""
    context = await browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-US", has_touch=True)
    outer = await context.new_page()
    errors: list[str] = []
    outer.on("pageerror", lambda error: errors.append(str(error)))
    outer.on("console", lambda message: errors.append(message.text)
             if message.type == "error" and "Content Security Policy" in message.text else None)
    url = client_url(bot.settings.web_url, code=code or fake.authorization_code(user), user_id=user.id,
                     username=user.name, instance_id=instance_id, channel_id=fake.general.id,
                     guild_id=fake.guild.id)
    await outer.goto(url)
    frame = await (await outer.wait_for_selector("iframe")).content_frame()
    assert frame is not None
    board = BoardPage(frame, user.name)      # type: ignore[arg-type]  (a frame answers as a page does here)
    board.errors = errors
    outer.on("response", board._heard_response)
    outer.on("websocket", board._heard_socket)
    return Activity(outer, board)


async def refusal(activity: Activity) -> str:
    alert = activity.board.page.get_by_role("alert")
    await alert.wait_for()
    return await alert.inner_text()


def shown(words: str) -> str:
    """The bot's words as the page shows them: Discord's marks (`code`, **bold**) rendered, not printed."""
    return words.replace("`", "").replace("**", "")


async def test_two_players_and_a_spectator_play_inside_discord(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with bot_in_activity_mode(fake, database_path) as bot, chromium() as browser:
        game, users = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
        instance = fake.start_activity(fake.general, [alice, bob, carol])
        inside = {user.id: await open_activity(browser, bot, fake, user, instance) for user in (alice, bob, carol)}
        for activity in inside.values():
            await activity.board.wait_version(game.version)
            await activity.board.page.locator("#link-state.live").wait_for()
        watching = inside[carol.id].board
        assert await watching.page.get_by_text(t("en", "web.ui.spectator"), exact=True).is_visible()
        assert not await inside[alice.id].board.page.get_by_text(t("en", "web.ui.spectator"), exact=True).is_visible()

        # Each plays on their own page in turn; the others see each move live, without a reload.
        version = game.version
        for _ in range(2):
            current = await bot.service.records.game(game.id)
            mover = users[current.to_move_id]
            moves = await bot.service.pages.moves(game.id, mover.id, "en")
            await inside[mover.id].board.play(moves, moves["moves"][0])
            version += 1
            for activity in inside.values():
                await activity.board.wait_version(version)
        assert (await bot.service.records.game(game.id)).version == version

        # The SDK was signed in with the user's own token from Discord; nothing is kept in the browser.
        for user, activity in zip((alice, bob, carol), inside.values()):
            commands = [payload for opcode, payload in await activity.heard_by_discord() if opcode == 1]
            assert [c["cmd"] for c in commands] == ["AUTHORIZE", "AUTHENTICATE"]
            assert commands[0]["args"]["scope"] == ["identify"] and commands[1]["args"]["access_token"]
            assert await activity.board.page.evaluate("sessionStorage.length + localStorage.length") == 0
            assert activity.board.errors == [] and activity.board.dialogs == [], activity.board.errors
        await inside[users[(await bot.service.records.game(game.id)).to_move_id].id].shot("activity-player")
        await inside[carol.id].shot("activity-spectator")
    assert_clean(fake)


async def test_discord_must_vouch_for_each_visitor(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, dave = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("dave")
    async with bot_in_activity_mode(fake, database_path) as bot, chromium() as browser:
        game, _ = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
        instance = fake.start_activity(fake.general, [alice, bob])

        forged = await open_activity(browser, bot, fake, alice, "forged-instance-id")
        assert await refusal(forged) == shown(t("en", "activity.denied.instance"))
        assert await forged.board.page.get_by_role("alert").locator("strong").count() == \
            t("en", "activity.denied.instance").count("**") // 2
        assert not await forged.board.page.locator("#app").is_visible()
        await forged.shot("activity-refusal")

        outsider = await open_activity(browser, bot, fake, dave, instance)      # not in the instance
        assert await refusal(outsider) == shown(t("en", "activity.denied.instance"))

        code = fake.authorization_code(bob)
        first = await open_activity(browser, bot, fake, bob, instance, code=code)
        await first.board.wait_version(game.version)
        replayed = await open_activity(browser, bot, fake, bob, instance, code=code)
        assert await refusal(replayed) == shown(t("en", "activity.denied.code"))
        for activity in (forged, outsider, replayed):
            assert activity.board.errors == [], activity.board.errors

        # The page opened in a browser's own tab, not inside Discord: no sign-in, and the bot's words for it.
        alone = await BoardPage.open(browser, f"{bot.settings.web_url}/?frame_id=f&instance_id={instance}"
                                              "&platform=desktop", "someone")
        alert = alone.page.get_by_role("alert")
        await alert.wait_for()
        assert await alert.inner_text() == t("en", Msg("web.activity.sign_in_failed"))
    assert_clean(fake)


async def finished_between(bot: Any, fake: FakeDiscord, host: FakeUser, guest: FakeUser) -> int:
    """A game of Alcazar (1978) in the channel that ended by the guest's resigning; its id."""
    service = bot.service
    lobby = await service.lobby.create_lobby(fake.guild.id, fake.general.id, host.id, "alcazar1978", seed=3)
    assert isinstance(lobby, Accepted), lobby
    for step in (service.lobby.join(lobby.game.id, guest.id), service.lobby.start(lobby.game.id, host.id),
                 service.turns.resign(lobby.game.id, guest.id)):
        assert isinstance(await step, Accepted)
    return lobby.game.id


async def test_a_channel_with_several_games_offers_them_to_pick(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with bot_in_activity_mode(fake, database_path) as bot, chromium() as browser:
        instance = fake.start_activity(fake.general, [alice, carol])
        empty = await open_activity(browser, bot, fake, alice, instance)
        assert await refusal(empty) == shown(t("en", Msg("web.activity.no_game")))

        first = await finished_between(bot, fake, alice, bob)
        second = await finished_between(bot, fake, bob, carol)
        picking = await open_activity(browser, bot, fake, alice, instance)
        page = picking.board.page
        await page.get_by_role("heading", name=t("en", Msg("web.activity.pick"))).wait_for()
        titles = await page.locator(".choice-title").all_inner_texts()
        assert titles == [t("en", Msg("web.activity.choice_title", title="Alcazar (1978)", game=game))
                          for game in (first, second)]             # alice's own game first
        await picking.shot("activity-picker")
        await page.get_by_role("button", name=titles[1]).click()
        second_game = await bot.service.records.game(second)
        await picking.board.wait_version(second_game.version)
        assert await page.get_by_text(t("en", "web.ui.spectator"), exact=True).is_visible()
        assert await page.evaluate("sessionStorage.length") == 0
        assert picking.board.errors == [] and empty.board.errors == []
    assert_clean(fake)


async def test_without_its_script_the_bot_says_so_once_and_links_still_work(
        fake: FakeDiscord, database_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    missing = tmp_path / "activity.js"                 # a checkout where manage.py never built it
    monkeypatch.setattr("bot.edges.BUNDLE", missing)
    monkeypatch.setattr("bot.web.app.BUNDLE", missing)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    with caplog.at_level(logging.ERROR, logger="bot.edges"):
        async with bot_in_activity_mode(fake, database_path, script=False) as bot:
            game, _ = await started_in_discord(fake, bot, alice, bob, "alcazar1978")
            async with aiohttp.ClientSession() as http:
                setup = await http.get(f"{bot.settings.web_url}/api/activity", headers={"Accept-Language": "en"})
                assert setup.status == 503
                assert (await setup.json())["message"] == t("en", Msg("web.activity.not_built"))
                link = await bot.service.links.link_for(game.id, alice.id)
                swapped = await http.post(f"{bot.settings.web_url}/api/session", json={"link": link.token})
                assert swapped.status == 200, "links work as ever"
    [line] = [record for record in caplog.records if record.name == "bot.edges"]
    assert line.levelno == logging.ERROR and "not built" in line.getMessage() and "manage.py run" in line.getMessage()
    assert_clean(fake)
