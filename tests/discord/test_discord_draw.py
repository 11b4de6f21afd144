"""A draw by agreement through Discord: /alcazar draw, then Accept or Decline (Alcazar 1978 only)."""
from __future__ import annotations

import copy
from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import labels, start_game, started_game
from quiet import pinged

from bot.service import FakeClock


async def test_the_opponent_accepts_and_the_game_ends_drawn_with_the_results(fake: FakeDiscord,
                                                                             database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with started_game(fake, database_path, "alcazar1978", alice, bob) as (bot, game, (first, second)):
        asked = await first.slash("draw")
        assert asked.ephemeral and "Asked" in asked.text
        offer = fake.channel_messages(fake.general)[-1]
        assert labels(offer) == ["Accept draw", "Decline"]
        assert first.mention in offer["content"] and second.mention in offer["content"]
        offered = next(r for r in reversed(fake.requests) if r.kind == "message" and r.audience is None)
        assert pinged(offered) == {second.id}, "the offer pings only the opponent, who must answer"
        own = await first.click(offer, "Accept draw")
        assert own.ephemeral and "Your opponent answers your offer" in own.text
        stranger = await carol.click(offer, "Accept draw")
        assert stranger.ephemeral and "not in this game" in stranger.text
        assert await bot.service.records.result(game.id) is None

        await second.click(offer, "Accept draw")
        await fake.settle()
        edited = fake.messages[int(offer["id"])]
        assert "accepted the draw" in edited["content"] and edited["components"] == []
        over = fake.channel_messages(fake.general)[-1]
        assert f"The game is over: a draw between {first.mention} and {second.mention}." in over["content"] and "Drawn by agreement." in over["content"]
        result = await bot.service.records.result(game.id)
        assert result is not None and result.winner_ids == () and result.outcome.is_draw
        await assert_posted_results(fake, bot.service, over, game.id, [first.name, second.name])
        assert await bot.service.records.game_in_channel(fake.general.id) is None
    assert_clean(fake)


async def test_a_declined_offer_plays_on_and_a_move_voids_an_offer(fake: FakeDiscord, database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        await second.slash("draw")
        no = await first.click(fake.channel_messages(fake.general)[-1], "Decline")
        assert not no.ephemeral and "declined the draw" in no.text and no.buttons == []
        assert (await bot.service.records.game(game.id)).status.value == "active"

        await second.slash("draw")
        offer = copy.deepcopy(fake.channel_messages(fake.general)[-1])
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0].notation
        assert "Played" in (await first.slash("move", notation=move)).text
        assert labels(fake.messages[int(offer["id"])]) == [], "the move voided the offer and took its buttons off"
        late = await first.click(offer, "Accept draw", as_seen=True)
        assert late.ephemeral and "out of date" in late.text
        assert await bot.service.records.result(game.id) is None, "the game goes on"
    assert_clean(fake)


async def test_alcazar_2009_has_no_draws(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        await start_game(fake, bot, alice, [bob], "alcazar")
        messages = len(fake.channel_messages(fake.general))
        refused = await bob.slash("draw")
        assert refused.ephemeral and "has no draw by agreement" in refused.text
        assert len(fake.channel_messages(fake.general)) == messages
    assert_clean(fake)


async def test_one_question_at_a_time_the_second_is_refused_privately(fake: FakeDiscord, database_path: Path) -> None:
    """While the mover's undo request is open, the opponent's draw offer waits: one question
    message in the channel, whose buttons are the ones that count."""
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        move = (await bot.service.records.legal_moves_for(game.id, first.id))[0].notation
        await first.slash("move", notation=move)
        await first.slash("undo")
        question = fake.channel_messages(fake.general)[-1]
        messages = len(fake.channel_messages(fake.general))
        refused = await second.slash("draw")
        assert refused.ephemeral and "take back the last move is open" in refused.text
        assert len(fake.channel_messages(fake.general)) == messages, "no second question in the channel"
        declined = await second.click(question, "Decline")
        assert not declined.ephemeral and declined.buttons == []
        asked = await second.slash("draw")
        assert asked.ephemeral and "Asked" in asked.text
        assert labels(fake.channel_messages(fake.general)[-1]) == ["Accept draw", "Decline"]
    assert_clean(fake)
