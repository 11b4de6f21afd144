"""Real Chromium for the web board's browser tests: Debian's ``chromium``, driven by Playwright for Python.

Without ``/usr/bin/chromium`` the tests skip, except with ``CI=true``, where they fail (``.ci/run``
installs it). Each viewer gets a browser context of their own (their own ``sessionStorage``), at a
phone's size, and a ``BoardPage`` that plays on the page as a person would: by the buttons' names.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, WebSocket, async_playwright


# The browser tests drive the real bot against the fake Discord of the Discord tests.
DISCORD_TESTS = Path(__file__).resolve().parents[1] / "discord"
if str(DISCORD_TESTS) not in sys.path:
    sys.path.insert(0, str(DISCORD_TESTS))

from conftest import database_path, fake, running_bot, settings_for  # noqa: E402,F401  (the Discord tests' folder,
# added above; ``fake`` and ``database_path`` are the browser tests' fixtures too)
from fake_discord import FakeDiscord, FakeUser  # noqa: E402
from players import latest_board  # noqa: E402

from bot.edges import edges_for  # noqa: E402
from bot.service import FakeClock  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
#: Screenshots kept after a run (git-ignored), to be looked at as a player would.
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
#: A page is live when every open page shows a change within a second; a loaded test machine gets more.
LIVE_SECONDS = 5.0


def require_file(path: Path, made_by: str) -> None:
    """Skip the test without ``path``; fail it instead under CI, where ``made_by`` (said in the message)
    makes it first."""
    if path.exists():
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{path} is missing: {made_by}")
    pytest.skip(f"{path} is missing ({made_by})")


def require_chromium() -> None:
    """Debian's chromium, which ``.ci/run`` installs."""
    require_file(CHROMIUM, ".ci/run installs Debian's chromium package")


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    require_chromium()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class BoardPage:
    """One viewer's page, and everything it heard from the server (for the privacy checks)."""

    page: Page
    who: str
    heard: list[Any] = field(default_factory=list)       # every JSON answer and socket message
    dialogs: list[str] = field(default_factory=list)     # an alert() would mean a script ran from data
    errors: list[str] = field(default_factory=list)      # script errors and CSP violations

    @classmethod
    async def open(cls, browser: Browser, url: str, who: str) -> BoardPage:
        context = await browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-US", has_touch=True)
        page = await context.new_page()
        board = cls(page, who)
        page.on("response", board._heard_response)
        page.on("websocket", board._heard_socket)
        page.on("dialog", board._dialog)
        page.on("pageerror", lambda error: board.errors.append(str(error)))
        page.on("console", lambda message: board.errors.append(message.text)
                if message.type == "error" and "Content Security Policy" in message.text else None)
        await page.goto(url)
        return board

    async def _heard_response(self, response: Any) -> None:
        if "/api/" in response.url and "json" in (response.headers.get("content-type") or ""):
            with contextlib.suppress(Exception):      # a page closing mid-answer
                self.heard.append(await response.json())

    def _heard_socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.heard.append(json.loads(payload)))

    async def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        await dialog.dismiss()

    # -- what it shows ----------------------------------------------------------------------------

    async def version(self) -> int:
        return int(await self.page.evaluate("document.body.dataset.version || 0"))

    async def wait_version(self, version: int, seconds: float = LIVE_SECONDS) -> None:
        """Until the page shows ``version`` (or newer): a live update, no reload."""
        await self.page.wait_for_function("v => Number(document.body.dataset.version || 0) >= v",
                                          arg=version, timeout=seconds * 1000)
        await self.page.wait_for_function("() => !document.querySelector('#app[aria-busy]')")

    async def status(self) -> str:
        return await self.page.get_by_role("status").inner_text()

    async def hand_cards(self) -> dict[str, str]:
        """The hand's cards shown: id -> accessible name."""
        return await self.page.eval_on_selector_all(
            "#hand .card", "cards => Object.fromEntries(cards.map(c => [c.dataset.key.slice(5), c.textContent]))")

    async def cell_name(self, cell_id: str) -> str:
        return await self.page.get_attribute(f'#cells [data-cell="{cell_id}"]', "aria-label") or ""

    async def pinch(self, selector: str, spread: float) -> None:
        """Two fingers on ``selector``'s middle, moved apart by ``spread`` pixels (touch events, as a phone sends)."""
        box = await self.page.locator(selector).bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = await self.page.context.new_cdp_session(self.page)

        async def touch(kind: str, apart: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x - 20 - apart / 2, "y": y, "id": 1},
                                                    {"x": x + 20 + apart / 2, "y": y, "id": 2}]
            await cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        await touch("touchStart", 0)
        for step in range(1, 11):
            await touch("touchMove", spread * step / 10)
        await touch("touchEnd", spread)
        await cdp.detach()

    async def screenshot(self, name: str, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        await self.page.screenshot(path=str(path), full_page=full_page)
        return path

    # -- playing on it ------------------------------------------------------------------------------

    async def choose(self, moves: dict[str, Any], move: dict[str, Any], first: int = 0, last: int | None = None
                     ) -> bool:
        """Tap the move's path (its steps ``first`` to ``last``) on the page, as a player would: by the
        buttons' names, a card in the hand, a cell on the board, an option in the move's panel. Once one
        move is left the panel shows its words and asks no more options (the rest of its path has no
        other choice): the steps stop there, as a player's would, and the answer is True."""
        for key in move["path"][first:last]:
            token = moves["tokens"][key]
            if token["kind"] == "option" and await self.settled_on(move):
                return True
            await (await self.step_button(token, cells_on_board=True)).click()
        return False

    async def step_button(self, token: dict[str, Any], cells_on_board: bool) -> Any:
        """The button a step of a move's path is taken with: a card in the hand, a cell on the board
        (``cells_on_board``) or in the move's panel beside it, an option in the panel."""
        if token["kind"] == "card":
            name = (await self.hand_cards())[token["ref"]]
            return self.page.locator("#hand").get_by_role("button", name=name, exact=True)
        if token["kind"] == "cell" and cells_on_board:
            name = await self.cell_name(token["ref"])
            return self.page.locator("#cells").get_by_role("button", name=name, exact=True)
        return self.page.locator("#move").get_by_role("button", name=token["label"], exact=True)

    async def settled_on(self, move: dict[str, Any]) -> bool:
        """Whether the move's panel already shows ``move`` as the one move left, ready to be played."""
        words = self.page.locator("#move .move-words")
        return await words.count() == 1 and await words.inner_text() == move["words"]

    async def play(self, moves: dict[str, Any], move: dict[str, Any]) -> None:
        """Tap the whole path, then Play (named "Play" in English)."""
        await self.choose(moves, move)
        await self.press_play()

    async def play_by_keys(self, moves: dict[str, Any], move: dict[str, Any]) -> None:
        """Play with the keyboard alone: Enter on each step's button (cells are listed beside the board
        too), then on Play."""
        for key in move["path"]:
            token = moves["tokens"][key]
            if token["kind"] == "option" and await self.settled_on(move):
                break
            await (await self.step_button(token, cells_on_board=False)).press("Enter")
        before = await self.version()
        await self.page.get_by_role("button", name="Play", exact=True).press("Enter")
        await self.wait_version(before + 1)

    async def find_and_play(self, move: dict[str, Any]) -> None:
        """Play through "Find a move": type part of the move's words, pick it from the list, Play."""
        page = self.page
        if not await page.get_by_role("searchbox").is_visible():
            await page.get_by_text("Find a move", exact=True).first.click()
        await page.get_by_role("searchbox").fill(move["words"])
        await page.locator(".found").get_by_role("button", name=move["words"], exact=True).first.click()
        await self.press_play()

    async def press_play(self) -> None:
        before = await self.version()
        play = self.page.get_by_role("button", name="Play", exact=True)
        await play.click()
        await self.wait_version(before + 1)


async def wait_until(check: Any, seconds: float = LIVE_SECONDS) -> None:
    """Poll ``check()`` (sync or async) until it is true."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"still not true after {seconds} s: {check}")
        await asyncio.sleep(0.05)


def hands_heard(board: BoardPage) -> list[dict[str, Any]]:
    """Every ``hand`` in the views the page was sent (over HTTP and the socket)."""
    hands = []
    for answer in board.heard:
        view = answer.get("view", answer) if isinstance(answer, dict) else None
        if isinstance(view, dict) and view.get("hand"):
            hands.append(view["hand"])
    return hands


# -- the bot with its web board, against the fake Discord ------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.asynccontextmanager
async def bot_with_web_board(fake: FakeDiscord, database_path: Path, **options: Any) -> AsyncIterator[Any]:
    """The real bot logged into ``fake``, its web board on a free local port (``WEB_URL`` pointing there),
    wired by the composition root's ``edges_for`` as ``python -m bot`` wires it."""
    port = free_port()
    web = {"web_url": f"http://127.0.0.1:{port}", "web_host": "127.0.0.1", "web_port": port}
    edges = edges_for(settings_for(fake, database_path, **web))
    assert edges, "the web board is served when WEB_URL is set"
    options.setdefault("clock", FakeClock())
    options.setdefault("reminder_interval", None)
    async with running_bot(fake, database_path, edges=edges, **web, **options) as bot:
        yield bot


async def started_in_discord(fake: FakeDiscord, bot: Any, host: FakeUser, guest: FakeUser, kind: str
                             ) -> tuple[Any, dict[int, FakeUser]]:
    """A game of ``kind`` opened, joined and started in the channel as people do it; the game and its
    two players by id."""
    lobby = await host.slash("new", game=kind)
    await guest.click(lobby.message, "Join")
    await host.click(lobby.message, "Start")
    game = await bot.service.records.game_in_channel(fake.general.id)
    return game, {host.id: host, guest.id: guest}


async def page_link(fake: FakeDiscord, user: FakeUser) -> str:
    """The link the Open board button under the newest board gives ``user`` (privately)."""
    reply = await user.click(latest_board(fake), "Open board")
    assert reply.ephemeral, reply
    [url] = reply.links.values()
    return url
