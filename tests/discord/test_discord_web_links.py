"""The web board in Discord: the Open board button, the private links it hands out, and ending them.

Links are checked the way the web board checks them: a token from a link
button is swapped for a session with ``service.links.open``, whose user and
game say whose page it opens. Every press is private: nothing reaches the
channel, nobody is pinged, no DM goes out.
"""
from __future__ import annotations

import asyncio
import copy
from pathlib import Path
from typing import Any

import discord
import discord.http
import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord, FakeUser, Reply
from players import latest_board, start_game
from quiet import channel_posts, pinged
from test_discord_players import dm_channel

from bot.discord.endpoints import apply_endpoints
from bot.service import FakeClock, Reason, Refusal, WebSession

WEB_URL = "https://alcazar.example.org/games"
PAGE = f"{WEB_URL}/play#t="
NOT_SET_UP = "There is no web board here: the bot's host has not set it up (WEB_URL)."


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components", []) for c in row["components"] if "custom_id" in c]


def link_token(reply: Reply) -> str:
    """The token of the one link button a private answer holds (in the URL's fragment, never its query)."""
    assert reply.ephemeral, reply
    [(label, url)] = reply.links.items()
    assert label == "Open board" and url.startswith(PAGE) and "?" not in url, url
    return url.removeprefix(PAGE)


def dm_links(fake: FakeDiscord, user: FakeUser) -> list[str]:
    """The link buttons' urls on the user's hand DMs as they stand now."""
    return [c["url"] for m in fake.dms_to(user) for row in m.get("components", []) for c in row["components"]
            if c.get("style") == 5]


async def opened(bot: Any, token: str) -> WebSession:
    session = await bot.service.links.open(token)
    assert isinstance(session, WebSession), session
    return session


def quiet_since(fake: FakeDiscord, since: int) -> None:
    """Since request ``since``: nothing posted or edited but the interactions' own answers (no channel
    message, no DM), and nobody pinged."""
    assert channel_posts(fake, since) == []
    outside = [f"{r.method} {r.path}" for r in fake.requests[since:] if r.kind in ("message", "edit")
               and "/interactions/" not in r.path and "/webhooks/" not in r.path]
    assert outside == [], outside
    assert all(not pinged(r) for r in fake.requests[since:]), "a private answer pings nobody"


async def test_a_player_and_a_spectator_each_get_their_own_page_privately(fake: FakeDiscord,
                                                                            database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar")
        board = latest_board(fake)
        assert custom_ids(board) == [f"az:turn:{game.id}:{game.version}", f"az:hand:{game.id}", f"az:web:{game.id}"]
        since = len(fake.requests)
        mine = await alice.click(board, "Open board")
        watching = await carol.click(board, "Open board")
        quiet_since(fake, since)

        assert "Your own page of" in mine.text and "with your hand" in mine.text and "30 days" in mine.text
        session = await opened(bot, link_token(mine))
        assert (session.user_id, session.game_id) == (alice.id, game.id)
        assert "spectator's page" in watching.text and "nobody's hand" in watching.text
        session = await opened(bot, link_token(watching))
        assert (session.user_id, session.game_id) == (carol.id, game.id)
        assert link_token(mine) != link_token(watching)
    assert_clean(fake)


async def test_in_1978_the_player_s_page_has_no_hand_and_a_hungarian_player_reads_it_in_hungarian(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, anna = fake.add_user("alice"), fake.add_user("anna")
    anna.locale = "hu"
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL,
                           web_link_days=7.0) as bot:
        game, _ = await start_game(fake, bot, alice, [anna], "alcazar1978")
        board = latest_board(fake)
        assert custom_ids(board)[-1] == f"az:web:{game.id}"
        mine = await alice.click(board, "Open board")
        assert "Your own page of" in mine.text and "hand" not in mine.text and "7 days" in mine.text
        hers = await anna.click(board, "Open board")
        assert "A saját oldalad" in hers.text and "7 napig" in hers.text
        assert list(hers.links) == ["Tábla megnyitása"]
        session = await bot.service.links.open(hers.links["Tábla megnyitása"].removeprefix(PAGE))
        assert isinstance(session, WebSession) and session.user_id == anna.id
        # A link lasts WEB_LINK_DAYS.
        assert session.expires_at == pytest.approx(bot.clock.now() + 7 * 86400, abs=1)
    assert_clean(fake)


async def test_the_board_command_and_the_hand_dm_carry_the_reader_s_own_link(fake: FakeDiscord,
                                                                             database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar")
        for player in (alice, bob):
            [url] = dm_links(fake, player)
            session = await opened(bot, url.removeprefix(PAGE))
            assert (session.user_id, session.game_id) == (player.id, game.id), "each hand DM links its owner's page"
        since = len(fake.requests)
        shown = await carol.slash("board")
        assert shown.files and (await opened(bot, link_token(shown))).user_id == carol.id
        hand = await bob.slash("hand")
        assert (await opened(bot, link_token(hand))).user_id == bob.id
        quiet_since(fake, since)
        posted = await alice.slash("board", for_table=True)
        assert posted.ephemeral
        assert custom_ids(latest_board(fake))[-1] == f"az:web:{game.id}", "a board posted for the table has the button"
    assert_clean(fake)


async def test_a_move_edits_the_hand_dm_once_and_its_link_with_it(fake: FakeDiscord, database_path: Path) -> None:
    """With the web board set up a move costs what it cost before: one board pinging the next player and
    one edit of the mover's hand DM, whose fresh link rides in that same edit (no new DM, no buzz)."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL) as bot:
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar")
        [hand_dm] = [m for m in fake.dms_to(first) if "Your hand" in m["content"]]
        dms = len(fake.dms_to(first))
        [buy] = await bot.service.records.legal_moves_for(game.id, first.id, prefix="buy deck", limit=1)
        since = len(fake.requests)
        await first.slash("move", notation=buy.notation)
        await fake.settle(quiet=0.3, timeout=10)
        [post] = channel_posts(fake, since)
        assert pinged(post) == {second.id}
        dm_edits = [r for r in fake.requests[since:] if r.kind == "edit" and r.audience == first.id
                    and r.path.endswith(f"/messages/{hand_dm['id']}")]
        assert len(dm_edits) == 1 and len(fake.dms_to(first)) == dms, "one edit in place, no new DM"
        [url] = dm_links(fake, first)
        session = await opened(bot, url.removeprefix(PAGE))
        assert (session.user_id, session.game_id) == (first.id, game.id)
    assert_clean(fake)


async def test_ending_one_s_links_stops_every_earlier_link_and_a_new_press_gives_a_working_one(
        fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, web_url=WEB_URL) as bot:
        await start_game(fake, bot, alice, [bob], "alcazar")
        first = link_token(await alice.click(latest_board(fake), "Open board"))
        [from_dm] = dm_links(fake, alice)
        session = await opened(bot, first)
        bobs = link_token(await bob.click(latest_board(fake), "Open board"))
        clock.advance(seconds=1)
        since = len(fake.requests)
        ended = await alice.slash("links end", channel=dm_channel(fake, alice))
        assert ended.ephemeral and "\n" not in ended.text and "every link" in ended.text
        quiet_since(fake, since)
        for token in (first, from_dm.removeprefix(PAGE)):
            refused = await bot.service.links.open(token)
            assert isinstance(refused, Refusal) and refused.reason is Reason.LINK_ENDED
        refused = await bot.service.links.session(session.token)
        assert isinstance(refused, Refusal) and refused.reason is Reason.LINK_ENDED, "open pages close too"
        assert (await opened(bot, bobs)).user_id == bob.id, "only her own links end"
        clock.advance(seconds=1)
        again = link_token(await alice.click(latest_board(fake), "Open board"))
        assert (await opened(bot, again)).user_id == alice.id
    assert_clean(fake)


async def test_without_web_url_nothing_changes_and_the_links_command_says_so_in_one_line(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar")
        assert custom_ids(latest_board(fake)) == [f"az:turn:{game.id}:{game.version}", f"az:hand:{game.id}"]
        assert all(fake.dms_to(p) and dm_links(fake, p) == [] for p in (alice, bob)), "no link by DM"
        since = len(fake.requests)
        ended = await alice.slash("links end")
        assert ended.ephemeral and ended.text == NOT_SET_UP
        shown, hand = await alice.slash("board"), await bob.slash("hand")
        assert shown.buttons == [] and hand.buttons == []
        quiet_since(fake, since)
    assert_clean(fake)


async def test_once_web_url_is_unset_an_old_button_says_so_and_the_hand_dm_loses_its_link(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, web_url=WEB_URL) as bot:
        game, people = await start_game(fake, bot, alice, [bob], "alcazar")
        with_web = copy.deepcopy(latest_board(fake))    # as a client that has not refreshed shows it
        assert all(dm_links(fake, person) for person in people)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        since = len(fake.requests)
        stale = await bob.click(with_web, "Open board", as_seen=True)
        assert stale.ephemeral and stale.links == {} and stale.text == NOT_SET_UP
        quiet_since(fake, since)
        first = people[0]
        [move] = await bot.service.records.legal_moves_for(game.id, first.id, limit=1)
        await first.slash("move", notation=move.notation)
        assert custom_ids(latest_board(fake)) == [f"az:turn:{game.id}:{game.version + 1}", f"az:hand:{game.id}"]
        assert dm_links(fake, first) == [], "the edited hand DM carries no dead link"
    assert_clean(fake)


@pytest.fixture
async def http(fake: FakeDiscord) -> Any:
    apply_endpoints(fake.api_base, fake.gateway_url)
    client = discord.http.HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    try:
        yield client
    finally:
        await client.close()


def button_row(**button: Any) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 2, "label": "Open board", **button}]}]


@pytest.mark.parametrize("button, problem", [
    ({"style": 5}, "a link button without a url"),
    ({"style": 5, "url": "https://example.org/play", "custom_id": "az:web:1"}, "a link button with a custom_id"),
    ({"style": 5, "url": "javascript:alert(1)"}, "is not http(s):// or discord://"),
    ({"style": 5, "url": "https://example.org/" + "x" * 500}, "button url has 520 characters (limit 512)"),
    ({"style": 2, "url": "https://example.org/play", "custom_id": "az:web:1"}, "with a url"),
    ({"style": 1}, "without a custom_id"),
    ({"style": 9, "custom_id": "az:web:1"}, "a button of style 9"),
])
async def test_the_fake_discord_refuses_buttons_as_discord_does(fake: FakeDiscord, http: Any,
                                                                button: dict[str, Any], problem: str) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=fake.general.id)
    with pytest.raises(discord.HTTPException) as refused:
        await http.request(route, json={"content": "x", "components": button_row(**button)})
    assert refused.value.status == 400 and refused.value.code == 50035 and problem in refused.value.text
    assert fake.channel_messages(fake.general) == []
    fake.problems.clear()


async def test_the_fake_discord_takes_a_link_button_and_no_click_reaches_the_bot(fake: FakeDiscord,
                                                                                http: Any) -> None:
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=fake.general.id)
    sent = await http.request(route, json={"content": "x", "components": button_row(
        style=5, url="https://alcazar.example.org/play#t=abc.def")})
    assert sent["components"][0]["components"][0]["url"] == "https://alcazar.example.org/play#t=abc.def"
    with pytest.raises(AssertionError, match="is a link"):
        await fake.add_user("alice").click(sent, "Open board")
    assert_clean(fake)
