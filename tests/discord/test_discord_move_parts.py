"""The Discord layer learns what a move does from the engine's parts, handed over by the service, never from notation."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean
from fake_discord import FakeDiscord
from players import play_guided, started_game

from bot.service import Refusal


async def test_a_deck_card_bought_through_the_chooser_is_told_to_the_buyer_alone(fake: FakeDiscord,
                                                                               database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar") as (bot, game, (first, _)):
        before = await bot.service.records.private_view(game.id, first.id)
        assert not isinstance(before, Refusal)
        moves = await bot.service.records.legal_moves_for(game.id, first.id, limit=None)
        [deck] = [m for m in moves if m.parts.draws_from_deck]
        assert deck.notation == "buy deck" and not any(m.parts.draws_from_deck for m in moves if m is not deck)
        played = await play_guided(fake, first, "alcazar", moves, deck.notation)
        after = await bot.service.records.private_view(game.id, first.id)
        assert not isinstance(after, Refusal)
        [drawn] = set(after.view["hand"]) - set(before.view["hand"])
        assert played.ephemeral and f"You drew card {drawn}." in played.text
        channel_texts = [m.get("content", "") for m in fake.channel_messages(fake.general)]
        assert all(f"card {drawn}" not in text for text in channel_texts)
    assert_clean(fake)


async def test_a_typed_face_up_purchase_draws_nothing_from_the_deck(fake: FakeDiscord, database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar") as (bot, game, (first, _)):
        public = await bot.service.records.board_view(game.id)
        assert not isinstance(public, Refusal)
        card = public.view["face_up"][0]
        parts = await bot.service.records.move_parts(game.id, first.id, f"BUY  {card}")
        assert parts is not None and parts.action == "buy" and not parts.draws_from_deck
        bought = await first.slash("move", notation=f"buy {card}")
        assert bought.ephemeral and "Played" in bought.text and "You drew" not in bought.text
    assert_clean(fake)
