"""Discord failing under the bot: rate limits, server errors, and unexpected errors of the bot itself."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean
from fake_discord import FakeDiscord
from players import labels, latest_board, started_game


CHANNEL_POST = r"^/channels/\d+/messages$"
FOLLOW_UP = r"^/webhooks/\d+/[^/]+$"


def board_by_the_channel(fake: FakeDiscord) -> None:
    """The next move's follow-up is refused, so its board takes the channel's route (as a computer's does)."""
    fake.fail("POST", FOLLOW_UP, 403, code=50013, message="Missing Permissions")


def _posts(fake: FakeDiscord) -> list[int]:
    return [r.status for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.general.id}/messages"]


async def _first_move(bot, game_id: int, user_id: int) -> str:
    return (await bot.service.records.legal_moves_for(game_id, user_id))[0].notation


async def test_rate_limits_are_waited_out_and_unexpected_errors_get_an_apology(fake: FakeDiscord, database_path: Path,
                                                                                caplog) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        board_by_the_channel(fake)
        fake.fail("POST", r"^/channels/\d+/messages$", 429, retry_after=0.05)
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0]
        played = await first.slash("move", notation=move.notation)
        assert "Played" in played.text
        assert [r.status for r in fake.requests if r.method == "POST"
                and r.path == f"/channels/{fake.general.id}/messages"][-2:] == [429, 200]

        async def broken(*args, **kwargs):
            raise RuntimeError("disk on fire")
        bot.service.replays.all_moves = broken  # type: ignore[method-assign]
        sorry = await second.slash("history")
        assert sorry.ephemeral and "Sorry" in sorry.text and "disk on fire" not in sorry.text
        assert any("Unexpected error" in r.message and f"game {game.id}" in r.message for r in caplog.records)
    assert_clean(fake)


async def test_a_server_error_on_the_board_post_is_retried_or_answered_without_harm(fake: FakeDiscord,
                                                                                     database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        board_by_the_channel(fake)
        fake.fail("POST", CHANNEL_POST, 500)          # discord.py retries a 500 by itself
        played = await first.slash("move", notation=await _first_move(bot, game.id, first.id))
        assert "Played" in played.text and "could not post" not in played.text
        assert _posts(fake)[-2:] == [500, 200]
        assert second.mention in latest_board(fake)["content"]

        board_by_the_channel(fake)
        fake.fail("POST", CHANNEL_POST, 503)          # not retried: the bot must cope
        board_before = latest_board(fake)
        notation = await _first_move(bot, game.id, second.id)
        answered = await second.slash("move", notation=notation)
        assert answered.ephemeral and "Played" in answered.text
        assert "could not post the new board" in answered.text and "/alcazar board" in answered.text
        assert _posts(fake)[-1] == 503 and latest_board(fake) == board_before
        after = await bot.service.records.game(game.id)
        assert after.to_move_id == first.id and after.version == game.version + 2, "the move stands, once"

        told = fake.dms_to(first)[-1]["content"]
        assert "It is your turn" in told and "/alcazar board" in told, "a lost board is not a lost turn"

        shown = await first.slash("board")
        assert shown.ephemeral and [f.filename for f in shown.files] == ["board.png"], "private by default"
        assert "after 2 moves." in shown.text and f"It is {first.mention}'s turn" in shown.text
        assert latest_board(fake) == board_before, "nothing was posted in the channel"
        posted = await first.slash("board", for_table=True)
        assert posted.ephemeral and "posted the board" in posted.text
        assert first.mention in latest_board(fake)["content"] and "after 2 moves." in latest_board(fake)["content"]
        reposted = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.general.id}/messages"]
        assert [int(u) for u in reposted[-1].json["allowed_mentions"]["users"]] == [first.id], \
            "the board of this position never reached the channel: its ping is made up for"
        assert labels(fake.messages[int(board_before["id"])]) == [], "the older board lost its buttons"
        await second.slash("board", for_table=True)
        reposted = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.general.id}/messages"]
        assert reposted[-1].json["allowed_mentions"]["parse"] == [] and not reposted[-1].json["allowed_mentions"].get(
            "users"), "/alcazar board shows the board again without pinging anyone"
        onwards = await first.slash("move", notation=await _first_move(bot, game.id, first.id))
        assert "Played" in onwards.text and "could not post" not in onwards.text
        history = await bot.service.records.history(game.id)
        assert [line.notation for line in history][1] == notation
    assert all("Traceback" not in t for r in fake.requests for t in r.texts())
    assert_clean(fake)


async def test_a_board_discord_made_but_answered_with_a_server_error_is_posted_once(fake: FakeDiscord,
                                                                                   database_path: Path) -> None:
    """discord.py sends the board again after a 502 with the same nonce: Discord hands back the board it made."""
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        boards_before = len(fake.channel_messages(fake.general))
        board_by_the_channel(fake)
        fake.fail("POST", CHANNEL_POST, 502, after_processing=True)
        played = await first.slash("move", notation=await _first_move(bot, game.id, first.id))
        assert "Played" in played.text and "could not post" not in played.text
        assert _posts(fake)[-2:] == [502, 200]
        assert [r.kind for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")][-1] == \
            "message again"
        boards = fake.channel_messages(fake.general)
        assert len(boards) == boards_before + 1, "one board for one move"
        assert second.mention in boards[-1]["content"] and labels(boards[-1]) == ["Take my turn"], \
            "the board keeps its buttons"
        stored = await bot.service.messages.posted_message(game.id, "board")
        assert stored is not None and stored.message_id == int(boards[-1]["id"])
    assert_clean(fake)


CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


async def test_an_acknowledgement_carried_out_but_answered_with_a_server_error_counts(fake: FakeDiscord,
                                                                                     database_path: Path) -> None:
    """discord.py retries the 5xx and hears 40060: the move is still played once and the player answered."""
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        fake.fail("POST", CALLBACK, 500, after_processing=True)
        played = await first.slash("move", notation=await _first_move(bot, game.id, first.id))
        assert "Played" in played.text and not played.loading
        assert [r.status for r in fake.requests if r.path.endswith("/callback")][-2:] == [500, 400]
        assert (await bot.service.records.game(game.id)).version == game.version + 1
        assert len(await bot.service.records.history(game.id)) == 1

        # A button's acknowledgement alike: the chooser still opens for the next player.
        fake.fail("POST", CALLBACK, 502, after_processing=True)
        chooser = await second.click(latest_board(fake), "Take my turn")
        assert chooser.ephemeral and chooser.components and not chooser.loading
    assert_clean(fake)
