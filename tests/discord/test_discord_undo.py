"""Undo through Discord: the mover asks, every other player approves or declines with buttons."""
from __future__ import annotations

import copy
from pathlib import Path

from conftest import assert_clean
from fake_discord import FakeDiscord
from players import labels, started_game
from quiet import pinged

from bot.service import Refusal
from renderer.alcazar import board as draw_board


async def _first_legal(bot, game_id: int, user_id: int, prefix: str = "") -> str:
    moves = await bot.service.records.legal_moves_for(game_id, user_id, prefix=prefix)
    assert moves, "the player has a legal move"
    return moves[0].notation


async def test_every_other_player_approves_and_the_move_is_taken_back(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    async with started_game(fake, database_path, "alcazar", alice, bob, carol) as (bot, game, (mover, second, third)):
        before = await bot.service.records.board_view(game.id)
        hand_before = await bot.service.records.private_view(game.id, mover.id)
        assert not isinstance(before, Refusal) and not isinstance(hand_before, Refusal)
        played = await mover.slash("move", notation=await _first_legal(bot, game.id, mover.id, "castle"))
        assert "Played" in played.text

        asked = await mover.slash("undo")
        assert asked.ephemeral and "Asked" in asked.text
        question = fake.channel_messages(fake.general)[-1]
        assert labels(question) == ["Approve undo", "Decline"]
        assert second.mention in question["content"] and third.mention in question["content"]
        own = await mover.click(question, "Approve undo")
        assert own.ephemeral and "other players approve your request, not you" in own.text
        stranger = await dave.click(question, "Approve undo")
        assert stranger.ephemeral and "not in this game" in stranger.text
        first_yes = await second.click(question, "Approve undo")
        assert first_yes.ephemeral and "Still waiting for" in first_yes.text and third.mention in first_yes.text
        assert (await bot.service.records.game(game.id)).to_move_id == second.id, "one approval is not enough"

        dms_before = len(fake.dms_to(mover))
        await third.click(question, "Approve undo")
        await fake.settle()
        edited = fake.messages[int(question["id"])]
        assert "taken back" in edited["content"] and edited["components"] == []
        board = fake.channel_messages(fake.general)[-1]
        assert "The last move was taken back." in board["content"] and mover.mention in board["content"]
        after = await bot.service.records.board_view(game.id)
        assert not isinstance(after, Refusal)
        assert after.view == before.view and after.game.to_move_id == mover.id
        names = [p.name for p in (mover, second, third)]
        assert fake.files_of(int(board["id"]))[0].data == draw_board(dict(after.view), names=names)
        assert len(fake.dms_to(mover)) == dms_before, "the mover's hand DM is edited, not sent again"
        hand_dm = fake.dms_to(mover)[-1]
        assert "Last change:" in hand_dm["content"] and fake.files_of(int(hand_dm["id"]))[0].filename == "hand.png"
        hand_after = await bot.service.records.private_view(game.id, mover.id)
        assert not isinstance(hand_after, Refusal) and hand_after.view["hand"] == hand_before.view["hand"]
    assert_clean(fake)


async def test_a_decline_keeps_the_move_and_a_vote_after_a_later_move_is_out_of_date(
        fake: FakeDiscord, database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        await first.slash("move", notation=await _first_legal(bot, game.id, first.id))
        await first.slash("undo")
        no = await second.click(fake.channel_messages(fake.general)[-1], "Decline")
        assert not no.ephemeral and "declined" in no.text and no.buttons == []
        assert (await bot.service.records.game(game.id)).to_move_id == second.id
        assert len(await bot.service.records.history(game.id)) == 1, "the move stands"

        await first.slash("undo")
        again = copy.deepcopy(fake.channel_messages(fake.general)[-1])
        assert labels(again) == ["Approve undo", "Decline"]
        assert pinged(fake.requests[-2]) == {second.id}, "only those who must answer are pinged"
        await second.slash("move", notation=await _first_legal(bot, game.id, second.id))
        lapsed = fake.messages[int(again["id"])]
        assert labels(lapsed) == [] and "lapsed" in lapsed["content"], "a move voids the question and its buttons"
        late = await second.click(again, "Approve undo", as_seen=True)
        assert late.ephemeral and "out of date" in late.text
        history = await bot.service.records.history(game.id)
        assert not isinstance(history, Refusal) and len(history) == 2, "nothing was taken back"
        nothing = await first.slash("undo")
        assert nothing.ephemeral and "Only your own last move" in nothing.text
    assert_clean(fake)
