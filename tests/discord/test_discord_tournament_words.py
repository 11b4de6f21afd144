"""A tournament says it in words too: the standings after each round name the order and the points in
the message's text (within Discord's 2,000 characters, however large the field), and every way of
leaving (the Leave button, ``/alcazar tournament leave``, withdrawing once it runs) shows on the sign-up."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from fake_discord.limits import CONTENT
from quiet import channel_posts, pinged
from test_discord_tournament import resign_in, threads_of

from bot.discord.tournaments import standings_text
from bot.i18n import t
from bot.service import FakeClock, TournamentStanding


async def test_the_standings_after_a_round_give_the_order_and_points_in_words(fake: FakeDiscord,
                                                                              database_path: Path) -> None:
    host = fake.add_user("host")
    players = [fake.add_user(name) for name in ("ann", "bea", "cid")]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar1978", format="swiss", rounds=2)
        for player in players:
            await player.click(signup.message, "Join")
        await host.slash("tournament start")
        (thread,) = threads_of(fake, fake.general)
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None
        loser, winner = (next(p for p in players if p.id == seat) for seat in game.players)
        bye = next(p for p in players if p not in (loser, winner))
        since = len(fake.requests)
        await resign_in(fake, loser, thread)
        [posted] = [r for r in channel_posts(fake, since) if any(f.filename == "standings.png" for f in r.files)]
    text = posted.json["content"]
    assert pinged(posted) == set()
    lines = text.splitlines()
    assert lines[0] == "Round 1 is over. The standings, with each player's points:"
    assert len(lines) == 4, lines
    ranked = {line.split(": ")[0].split(". ")[1]: (int(line.split(".")[0]), line.split(": ")[1]) for line in lines[1:]}
    assert ranked[winner.mention][1] == "1" and ranked[bye.mention][1] == "1" and ranked[loser.mention] == (3, "0")
    assert {ranked[winner.mention][0], ranked[bye.mention][0]} <= {1, 2}
    assert_clean(fake)


async def test_every_way_of_leaving_shows_on_the_signup(fake: FakeDiscord, database_path: Path) -> None:
    host = fake.add_user("host")
    ann, bea, cid, dan, eve = (fake.add_user(name) for name in ("ann", "bea", "cid", "dan", "eve"))
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar1978", format="swiss", rounds=2)
        message_id = int(signup.message["id"])

        def players_listed() -> str:
            return fake.messages[message_id]["embeds"][0]["fields"][0]["value"]

        for player in (ann, bea, cid, dan):
            await player.click(signup.message, "Join")
        await eve.slash("tournament join")
        assert all(p.mention in players_listed() for p in (ann, bea, cid, dan, eve))

        left = await ann.slash("tournament leave")
        assert left.ephemeral
        await fake.settle()
        assert ann.mention not in players_listed(), "the command takes the name off the sign-up"
        assert fake.messages[message_id]["embeds"][0]["footer"]["text"] == "ann left."
        await bea.click(fake.messages[message_id], "Leave")
        assert bea.mention not in players_listed(), "so does the button"

        await host.slash("tournament start")
        (thread,) = threads_of(fake, fake.general)
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None
        leaving = next(p for p in (cid, dan, eve) if p.id == game.players[0])
        await leaving.slash("tournament withdraw")
        await fake.settle()
        listed = players_listed()
        assert f"{leaving.mention} (withdrawn)" in listed, listed
        assert all(f"{p.mention} (withdrawn)" not in listed for p in (cid, dan, eve) if p is not leaving)
    assert_clean(fake)


def field(size: int) -> list[TournamentStanding]:
    """The standings of a field of ``size`` players with 19-digit ids, as Discord's are."""
    return [TournamentStanding(rank=number + 1, player=1_234_567_890_123_456_789 + number,
                               score=Fraction(size - number, 2), buchholz=Fraction(0), game_points=0,
                               direct=Fraction(0), rating=1500, games=3, withdrawn=number % 7 == 3)
            for number in range(size)]


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("size", [3, 40, 300])
def test_the_standings_in_words_fit_one_message_and_count_who_is_left_out(lang: str, size: int) -> None:
    heading = t(lang, "tournament.round_over_points", round=5)
    text = standings_text(heading, field(size), lang)
    assert len(text) <= CONTENT
    lines = text.splitlines()
    assert lines[0] == heading
    shown = [line for line in lines[1:] if line[0].isdigit()]
    assert [int(line.split(".")[0]) for line in shown] == list(range(1, len(shown) + 1)), "in order, whole lines"
    assert all(f"<@{1_234_567_890_123_456_789 + i}>" in line for i, line in enumerate(shown))
    withdrawn = t(lang, "tournament.standings_withdrawn")
    assert [i for i, line in enumerate(shown) if line.endswith(withdrawn)] == [i for i in range(len(shown)) if i % 7 == 3]
    if size <= 40:
        assert len(shown) == size and len(lines) == size + 1
    else:
        assert len(shown) >= 40, "as many as fit"
        assert lines[-1] == t(lang, "tournament.standings_more", count=size - len(shown))
        assert len(text) + len(shown[0]) > CONTENT - 200, "the message is filled before players are left out"
