"""Refusals: friendly, private and specific; stale buttons, people not in the game, finished games."""
from __future__ import annotations

import copy
from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import labels, latest_board, start_game, started_game

from bot.service import FakeClock


def _no_traceback(fake: FakeDiscord) -> None:
    """No traceback, and no apology for an unexpected error, ever reached a user."""
    assert all("Traceback" not in t and "Exception" not in t and "went wrong" not in t
               for r in fake.requests for t in r.texts())


async def test_refusals_are_friendly_private_and_specific(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        nothing = await alice.slash("move", notation="a4-b4")
        assert nothing.ephemeral and "no game in play in this channel" in nothing.text
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978")
        not_turn = await second.slash("move", notation="a4-b4")
        assert not_turn.ephemeral and f"It is {first.mention}'s turn" in not_turn.text
        malformed = await first.slash("move", notation="fly to the moon")
        assert malformed.ephemeral and "is not a move" in malformed.text
        illegal = await first.slash("move", notation="a4-b3")
        assert illegal.ephemeral and "Played" not in illegal.text and illegal.text
        full = await carol.slash("join")
        assert full.ephemeral and "started" in full.text
        fake.general.bot_permissions &= ~(1 << 15)   # Attach Files taken away
        cannot = await first.slash("move", notation="a4-b4")
        assert cannot.ephemeral and "attach files" in cannot.text
        assert (await bot.service.records.game(game.id)).version == game.version, "nothing was played"
    _no_traceback(fake)
    assert_clean(fake)


async def test_a_non_player_and_a_stale_take_my_turn_button_are_refused(fake: FakeDiscord,
                                                                        database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with started_game(fake, database_path, "alcazar", alice, bob) as (bot, game, (first, second)):
        board = latest_board(fake)
        stranger = await carol.slash("move", notation="buy deck")
        assert stranger.ephemeral and "You are not in this game." in stranger.text
        assert await carol.autocomplete("move", "notation", "") == []
        chooser = await carol.click(board, "Take my turn")
        assert chooser.ephemeral and "You are not playing in this game." in chooser.text
        peek = await carol.click(board, "My hand")
        assert peek.ephemeral and "You are not in this game." in peek.text and peek.files == []
        no_turn = await second.click(board, "Take my turn")
        assert no_turn.ephemeral and f"It is {first.mention}'s turn" in no_turn.text
        assert (await bot.service.records.game(game.id)).version == game.version, "nobody played"

        board_as_seen = copy.deepcopy(board)
        opened = await first.click(board, "Take my turn")
        assert opened.ephemeral and opened.components
        assert "Played" in (await first.slash("move", notation="buy deck")).text
        assert labels(fake.messages[int(board["id"])]) == [], "the old board lost its buttons"
        stale = await second.click(board_as_seen, "Take my turn", as_seen=True)
        assert stale.ephemeral and "out of date" in stale.text
        late_pick = await first.select(opened.message, [opened.components[0]["components"][0]["options"][0]["value"]])
        assert late_pick.ephemeral and "out of date" in late_pick.text
        assert (await bot.service.records.game(game.id)).to_move_id == second.id
    _no_traceback(fake)
    assert_clean(fake)


async def test_moves_and_buttons_on_a_finished_game_are_refused(fake: FakeDiscord, database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        board = latest_board(fake)
        board_as_seen = copy.deepcopy(board)
        asked = await first.slash("resign")
        assert asked.ephemeral and "Resign from this game? Your opponent wins the game." in asked.text
        assert (await bot.service.records.game(game.id)).status.value == "active", "nothing happens before the second click"
        outsider = await fake.add_user("carol").slash("resign")
        assert outsider.ephemeral and "not playing in this game" in outsider.text
        resigned = await first.click(asked.message, "Yes, resign")
        assert "You resigned." in resigned.text
        over = fake.channel_messages(fake.general)[-1]
        assert f"{first.mention} resigned." in over["content"] and f"The game is over: {second.mention} wins!" in over["content"]
        await assert_posted_results(fake, bot.service, over, game.id, [first.name, second.name])

        assert labels(fake.messages[int(board["id"])]) == [], "the last board lost its buttons at the end"
        button = await first.click(board_as_seen, "Take my turn", as_seen=True)
        assert button.ephemeral and "This game is over." in button.text
        typed = await second.slash("move", notation="d1-c1")
        assert typed.ephemeral and "The game in this channel is over" in typed.text
        assert "resigned" in typed.text and "/alcazar new" in typed.text
        looking_back = await second.slash("history")
        assert looking_back.ephemeral and looking_back.text == "No moves yet.", "the finished game's history"
        again = await first.slash("resign")
        assert again.ephemeral and "The game in this channel is over" in again.text
        assert fake.channel_messages(fake.general)[-1] == over, "nothing more was posted"
    _no_traceback(fake)
    assert_clean(fake)


async def test_commands_after_a_cancelled_lobby_say_it_was_cancelled(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None):
        await alice.slash("new", game="alcazar")
        cancelled = await alice.slash("cancel")
        assert "cancel" in cancelled.text.lower()
        late = await bob.slash("join")
        assert late.ephemeral and "This game was cancelled" in late.text and "/alcazar new" in late.text
    _no_traceback(fake)
    assert_clean(fake)


async def test_the_host_leaving_or_cancelling_a_lobby_closes_it_cleanly(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None):
        lobby = await alice.slash("new", game="alcazar1978")
        joined = await bob.slash("join")
        assert joined.ephemeral and "You joined" in joined.text
        assert bob.mention in str(fake.messages[int(lobby.message["id"])]["embeds"]), "the lobby message shows bob"
        left = await alice.slash("leave")
        assert left.ephemeral and "closed the lobby" in left.text
        closed = fake.messages[int(lobby.message["id"])]
        assert "left, so this lobby is closed" in str(closed["embeds"])
        assert closed["components"] == [], "a closed lobby has no buttons"
        second = await alice.slash("new", game="alcazar1978")
        cancelled = await alice.slash("cancel")
        assert cancelled.ephemeral and "You cancelled the game." in cancelled.text
        closed = fake.messages[int(second.message["id"])]
        assert closed["components"] == [] and "This game was cancelled" in str(closed["embeds"])
        assert len(fake.channel_messages(fake.general)) == 2, "one lobby message per game, edited"
    _no_traceback(fake)
    assert_clean(fake)


async def test_cancelling_a_game_in_play_needs_the_hosts_confirmation(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with started_game(fake, database_path, "alcazar1978", alice, bob) as (bot, game, _):
        not_host = await bob.slash("cancel")
        assert not_host.ephemeral and "host" in not_host.text
        asked = await alice.slash("cancel")
        assert asked.ephemeral and "Cancel this game for everyone?" in asked.text
        assert (await bot.service.records.game(game.id)).status.value == "active", "nothing happens before the second click"
        first = (await bot.service.records.legal_moves_for(game.id, (await bot.service.records.game(game.id)).to_move_id))[0]
        mover = alice if (await bot.service.records.game(game.id)).to_move_id == alice.id else bob
        await mover.slash("move", notation=first.notation)
        stale = await alice.click(asked.message, "Yes, cancel the game for everyone")
        assert stale.ephemeral and "out of date" in stale.text, "a confirmation from before a move is stale"
        again = await alice.slash("cancel")
        done = await alice.click(again.message, "Yes, cancel the game for everyone")
        assert "You cancelled the game." in done.text
        assert (await bot.service.records.game(game.id)).status.value == "cancelled"
        assert "cancelled this game" in fake.channel_messages(fake.general)[-1]["content"]
    _no_traceback(fake)
    assert_clean(fake)


async def test_buying_from_the_deck_tells_only_the_buyer_which_card_came(fake: FakeDiscord, database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar") as (bot, game, (first, _)):
        before = set((await bot.service.records.private_view(game.id, first.id)).view["hand"])
        bought = await first.slash("move", notation="buy deck")
        after = set((await bot.service.records.private_view(game.id, first.id)).view["hand"])
        [drawn] = after - before
        assert bought.ephemeral and f"You drew card {drawn}." in bought.text
        assert f"card {drawn}" not in fake.channel_messages(fake.general)[-1]["content"]
    _no_traceback(fake)
    assert_clean(fake)
