"""A small Swiss tournament of Alcazar (1978) through Discord, from sign-up to the final announcement:
the sign-up message and its buttons, a thread per game named after its players, one ping per player
per round with the link to their game, standings after each round, the end said once; refusals private."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from quiet import channel_posts, pinged

from bot.service import FakeClock, GameInfo, TournamentStatus


async def resign_in(fake: FakeDiscord, user: Any, thread: Any) -> None:
    asked = await user.slash("resign", channel=thread)
    assert asked.ephemeral, asked
    confirmed = await user.click(asked.message, asked.buttons[0]["label"])
    assert confirmed.ephemeral


def threads_of(fake: FakeDiscord, parent: Any) -> list[Any]:
    return [c for c in fake.channels.values() if getattr(c, "parent_id", None) == parent.id]


async def test_a_swiss_tournament_of_three_runs_itself_to_the_end(fake: FakeDiscord, database_path: Path) -> None:
    host = fake.add_user("host")
    players = [fake.add_user(name) for name in ("ann", "bea", "cid")]
    by_id = {p.id: p for p in players}
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar1978", format="swiss", rounds=2)
        assert not signup.ephemeral
        assert [b["label"] for b in signup.buttons] == ["Join", "Leave"]
        assert "loses on time twice" in signup.text, "the sign-up says what two losses on time do"
        again = await host.slash("tournament new", game="alcazar", format="swiss", rounds=2)
        assert again.ephemeral and "already has a tournament" in again.text
        for player in players[:2]:
            joined = await player.click(signup.message, "Join")
            assert player.mention in joined.text
        by_command = await players[2].slash("tournament join")
        assert by_command.ephemeral and "signed up" in by_command.text
        listed = fake.messages[int(signup.message["id"])]
        assert all(p.mention in str(listed["embeds"]) for p in players), "the sign-up message lists everyone"
        not_host = await players[0].slash("tournament start")
        assert not_host.ephemeral and "Only the host" in not_host.text

        since = len(fake.requests)
        started = await host.slash("tournament start")
        assert started.ephemeral and "started" in started.text
        assert fake.messages[int(signup.message["id"])]["components"] == [], "sign-up closes at the start"
        late = await fake.add_user("dan").slash("tournament join")
        assert late.ephemeral and "already started" in late.text

        tournament = await bot.service.tournaments.in_channel(fake.general.id)
        assert tournament is not None
        ended_posts: list[Any] = []
        for number in (1, 2):
            round_posts = channel_posts(fake, since)
            announcements = [r for r in round_posts if f"Round {number}**" in str(r.json.get("content"))]
            assert len(announcements) == 1, [r.json.get("content") for r in round_posts]
            # The tournament's channel: round 1 its announcement alone; later rounds the standings first.
            assert len(round_posts) == (1 if number == 1 else 2), [r.json.get("content") for r in round_posts]
            threads = threads_of(fake, fake.general)[-1:]
            game: GameInfo | None = await bot.service.records.game_in_channel(threads[0].id)
            assert game is not None
            seated = [by_id[u] for u in game.players]
            assert threads[0].name == f"Round {number}: {seated[0].name} – {seated[1].name}", "named after its players"
            assert f"<#{threads[0].id}>" in announcements[0].json["content"], "the link to their game"
            assert pinged(announcements[0]) == {p.id for p in seated}, "one ping for each player of the round"
            bye = next(p for p in players if p not in seated)
            assert bye.mention in announcements[0].json["content"] and bye.id not in pinged(announcements[0])
            in_thread = [r for r in fake.requests[since:] if r.kind == "message" and r.channel_id == threads[0].id]
            assert len(in_thread) == 1 and pinged(in_thread[0]) == set(), "the first board pings nobody"
            # The last round's game ended with its results pinging both its players; the new round
            # pings each of its players once, in the tournament's channel or their game's thread.
            for player in seated:
                assert sum(player.id in pinged(r) for r in fake.requests[since:] if r.kind == "message"
                           and r.channel_id in (fake.general.id, threads[0].id)) == 1, "nobody is pinged twice"
            since = len(fake.requests)
            loser = max(seated, key=lambda p: p.id)
            await resign_in(fake, loser, threads[0])
            after = channel_posts(fake, since)
            standings = [r for r in after if any(f.filename == "standings.png" for f in r.files)]
            assert len(standings) == 1, "the standings after the round"
            assert all(pinged(r) == set() for r in standings)
            if number == 2:
                assert len(after) == 2, "the last round: its standings and the end, nothing more"
            ended_posts += [r for r in after if "is over. Winner" in str(r.json.get("content"))]
        assert len(ended_posts) == 1, "the end is announced once"
        final = ended_posts[0].json["content"]
        assert pinged(ended_posts[0]) == set()
        assert final.index("1. ") < final.index("2. ")
        status = await bot.service.tournaments.get(tournament.id)
        assert not isinstance(status, type(None)) and status.status is TournamentStatus.FINISHED
        assert len(threads_of(fake, fake.general)) == 2
        mine = await players[0].slash("tournament standings")
        assert mine.ephemeral and fake.files_of(int(mine.message["id"]))[0].filename == "standings.png"
        dms = sum(len(fake.dms_to(p)) for p in players)
        assert dms == 0, "Alcazar (1978) has no hands: no DMs"
    assert_clean(fake)


async def test_a_player_withdraws_by_command(fake: FakeDiscord, database_path: Path) -> None:
    """``withdraw`` resigns the running game (its board says so in its thread), the channel hears it once,
    and the round ends with the game; withdrawing again is refused privately."""
    host = fake.add_user("host")
    players = [fake.add_user(name) for name in ("ann", "bea", "cid")]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar1978", format="swiss", rounds=1)
        early = await players[0].slash("tournament withdraw")
        assert early.ephemeral and "not started" in early.text
        for player in players:
            await player.click(signup.message, "Join")
        await host.slash("tournament start")
        (thread,) = threads_of(fake, fake.general)
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None
        leaving = next(p for p in players if p.id == game.players[0])
        since = len(fake.requests)
        answer = await leaving.slash("tournament withdraw")
        assert answer.ephemeral and "withdrawn" in answer.text
        said = [r.json["content"] for r in channel_posts(fake, since)]
        assert sum("has withdrawn" in text for text in said) == 1, said
        assert sum("is over. Winner" in text for text in said) == 1, said
        assert [r for r in fake.requests[since:] if r.kind == "message" and r.channel_id == thread.id], \
            "the resignation's board in the game's thread"
        finished = await bot.service.records.game(game.id)
        assert finished.status.value == "finished" and leaving.id not in finished.result.winner_ids
        again = await leaving.slash("tournament withdraw")
        assert again.ephemeral and "No tournament" in again.text, "over: nothing to withdraw from"
        table = await leaving.slash("tournament standings")
        assert table.ephemeral and fake.files_of(int(table.message["id"]))[0].filename == "standings.png"
    assert_clean(fake)


async def test_an_alcazar_round_sends_each_hand_once_and_pings_each_player_once(fake: FakeDiscord,
                                                                               database_path: Path) -> None:
    """Alcazar (2009) at a table of 4: at the start each player gets their hand by DM, once, and one ping."""
    host = fake.add_user("host")
    players = [fake.add_user(name) for name in ("ann", "bea", "cid", "dora")]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar", format="swiss", rounds=1, table_size=4)
        assert "Tables of 4" in signup.text
        for player in players:
            await player.click(signup.message, "Join")
        before = {p.id: len(fake.dms_to(p)) for p in players}
        since = len(fake.requests)
        await host.slash("tournament start")
        (thread,) = threads_of(fake, fake.general)
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None and sorted(game.players) == sorted(p.id for p in players)
        assert {p.id: len(fake.dms_to(p)) - before[p.id] for p in players} == {p.id: 1 for p in players}, \
            "each player's hand, once, to them alone"
        for player in players:
            pings = sum(player.id in pinged(r) for r in fake.requests[since:] if r.kind == "message")
            assert pings == 1, (player.name, pings)
        by_id = {p.id: p for p in players}
        for user in game.players[1:]:
            await resign_in(fake, by_id[user], thread)
        status = await bot.service.tournaments.get(game and (await bot.service.tournaments.in_channel(
            fake.general.id, latest=True)).id)
        assert status.status is TournamentStatus.FINISHED
        ending = [r.json["content"] for r in channel_posts(fake, since) if "is over. Winner" in str(r.json.get("content"))]
        assert len(ending) == 1 and by_id[game.players[0]].mention in ending[0].split("\n")[0]
    assert_clean(fake)


async def test_a_tournament_with_a_time_bank_plays_every_game_on_that_clock(
        fake: FakeDiscord, database_path: Path) -> None:
    host = fake.add_user("host")
    players = [fake.add_user(name) for name in ("ann", "bea")]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        signup = await host.slash("tournament new", game="alcazar1978", format="round_robin",
                                  bank_days=3, increment_days=1)
        assert not signup.ephemeral
        listed = str(fake.messages[int(signup.message["id"])]["embeds"])
        assert "Time bank: 3 d" in listed, listed
        too_much = await host.slash("tournament new", game="alcazar1978", format="swiss", rounds=1,
                                    channel=fake.add_channel("other"), bank_days=1, increment_days=2)
        assert too_much.ephemeral, "an increment above the bank is refused, privately"
        for player in players:
            await player.click(signup.message, "Join")
        started = await host.slash("tournament start")
        assert started.ephemeral
        thread = threads_of(fake, fake.general)[-1]
        game = await bot.service.records.game_in_channel(thread.id)
        assert game is not None
        assert (game.settings.bank_hours, game.settings.increment_hours) == (72.0, 24.0)
        board = [r for r in fake.requests if r.kind == "message" and r.channel_id == thread.id][-1]
        assert "Time bank runs out" in str(board.json.get("content")), board.json.get("content")
    assert_clean(fake)
