"""The bot pings only the people it means to: never @everyone, @here or a role, whatever a user typed."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import latest_board, started_game

from bot.service import FakeClock


def pinged(fake: FakeDiscord, since: int = 0) -> list[set[str]]:
    return [r.pings() for r in fake.requests[since:] if r.pings()]


async def test_typed_mentions_are_echoed_harmlessly_and_pings_are_only_the_ones_meant(
        fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with started_game(fake, database_path, "alcazar", alice, bob, clock=clock) as (bot, game, (first, second)):
        hostile = f"@everyone @here <@&{fake.guild.id}> <@{carol.id}> <@!{carol.id}> " + "buy " * 60
        before = len(fake.requests)
        refused = await first.slash("move", notation=hostile[:200])
        assert refused.ephemeral and refused.text
        assert len(refused.text) < 400, refused.text
        for mention in ("@everyone", "@here", "<@&", f"<@{carol.id}>", f"<@!{carol.id}>"):
            assert mention not in refused.text, refused.text
        assert pinged(fake, before) == []

        # A move pings the next player only; an undo request pings the other player only.
        before = len(fake.requests)
        await first.slash("move", notation="buy tower")   # a move that may be taken back
        assert pinged(fake, before) == [{f"user:{second.id}"}]
        before = len(fake.requests)
        await first.slash("undo")
        assert pinged(fake, before) == [{f"user:{second.id}"}]

        # A reminder is a DM to the player the table waits for: it pings nobody in the channel.
        before = len(fake.requests)
        clock.advance(hours=13)
        await bot.reminders.run_once()
        assert pinged(fake, before) == []
        assert [r.audience for r in fake.requests[before:] if r.kind == "message"] == [second.id]
        assert latest_board(fake)
    every = [p for r in fake.requests for p in r.pings()]
    assert "everyone" not in every and not any(p.startswith("role:") for p in every)
    assert f"user:{carol.id}" not in every
    assert_clean(fake)


async def test_the_client_pings_nobody_by_default(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        mentions = bot.allowed_mentions
        assert mentions is not None
        assert mentions.to_dict()["parse"] == [] and not mentions.to_dict().get("users")
