"""Through Discord, a refusal is worded in what the person typed: the options and units of
``/alcazar new``, the form of a move typed with ``/alcazar move``, in the reader's language."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import start_game

from bot.service import FakeClock


async def test_a_time_bank_and_a_malformed_move_are_refused_in_the_words_typed(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    anna = fake.add_user("anna")
    anna.locale = "hu"
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        for host, words in ((alice, "increment_days (3) cannot be more than bank_days (2)"),
                            (anna, "Az increment_days (3) nem lehet több a bank_days értékénél (2)")):
            refused = await host.slash("new", game="alcazar", bank_days=2, increment_days=3)
            assert refused.ephemeral and words in refused.text, refused.text
            assert "hours" not in refused.text and "óra" not in refused.text
        game, seated = await start_game(fake, bot, alice, [bob], "alcazar")
        malformed = await seated[0].slash("move", notation="castle 8")
        assert malformed.ephemeral
        assert malformed.text == ("The move ends where a space number was expected; a castle is written "
                                  "`castle 8 7-9`: the card, then the three spaces"), malformed.text
        assert (await bot.service.records.game(game.id)).version == game.version, "nothing was played"
    assert_clean(fake)
