"""Discord's rate limits in the fake, against the real discord.py client, and what a move costs in them.

The limits are on only here (``fake.limit_rates()``): the rest of the suite
posts quickly in one channel and must not slow down.
"""
from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path
from typing import Any

import discord
import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord, FakeUser
from fake_discord.ratelimits import ROUTE_LIMITS, RateLimits, RouteLimit
from players import latest_board, play_guided, start_game
from quiet import channel_posts, most_in_one_second, take_my_turn_offers

from bot.service import FakeClock

FAST = 0.01       # computers think for a hundredth of their level's time


def quick_channel_limit(limit: int = 5, per: float = 0.5) -> tuple[RouteLimit, ...]:
    """Discord's buckets, with a channel's messages refilling in ``per`` seconds (pacing shows sooner)."""
    quick = RouteLimit("channel-messages", "POST", re.compile(r"/channels/(\d+)/messages"), limit, per)
    return (quick, *(r for r in ROUTE_LIMITS if r.name != "channel-messages"))


def fixed_windows(times: list[float], per: float = 1.0) -> list[int]:
    """Requests served in each of a bucket's fixed windows (``times`` sorted): a window opens at the
    first request after the one before it has closed."""
    counts: list[int] = []
    closes = None
    for at in times:
        if closes is None or at >= closes:
            counts.append(0)
            closes = at + per
        counts[-1] += 1
    return counts or [0]


def posts_to(fake: FakeDiscord, channel_id: int) -> list[Any]:
    return [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


async def test_a_burst_in_one_channel_is_paced_by_discord_py_and_nothing_is_lost(fake: FakeDiscord,
                                                                                database_path: Path) -> None:
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        limits = fake.limit_rates(routes=quick_channel_limit(5, 0.5))
        channel = bot.get_channel(fake.general.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        await asyncio.gather(*(channel.send(f"message {n}") for n in range(12)))
        took = time.monotonic() - started
    contents = [m["content"] for m in fake.channel_messages(fake.general)]
    assert sorted(contents) == sorted(f"message {n}" for n in range(12)), "every message arrives once"
    served = [r for r in posts_to(fake, fake.general.id) if not r.rate_limited]
    assert len(served) == 12
    # 12 messages at 5 per 0.5 s take two refills; discord.py waits them out from the headers,
    # so it meets a 429 at most while it learns the bucket.
    assert took >= 1.0, took
    assert limits.refused <= 2, limits.refused
    assert_clean(fake)


async def test_a_429_is_waited_out_for_its_retry_after(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        limits = fake.limit_rates()
        limits.share("channel-messages", 0.4)
        channel = bot.get_channel(fake.general.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        await channel.send("after the wait")
        took = time.monotonic() - started
        tried = posts_to(fake, fake.general.id)
        assert [r.status for r in tried] == [429, 200], "refused once, then carried out"
        assert took >= 0.4, "discord.py slept for the retry_after"
        assert bot.metrics.rate_limited_by_cause == {"start-up": 1}
    assert fake.channel_messages(fake.general)[-1]["content"] == "after the wait"
    # A shared resource's 429 is not the bot's doing: it does not count against it.
    assert limits.refused == 1 and limits.invalid_requests == 0
    assert_clean(fake)


async def test_the_429_carries_discords_headers() -> None:
    now = [100.0]
    limits = RateLimits(clock=lambda: now[0], wall_clock=lambda: 1_000.0, routes=quick_channel_limit(2, 5.0))
    path = "/channels/7/messages"
    first = limits.admit("POST", path)
    assert not first.refused
    assert first.headers["X-RateLimit-Limit"] == "2" and first.headers["X-RateLimit-Remaining"] == "1"
    assert first.headers["X-RateLimit-Reset-After"] == "5.000" and first.headers["X-RateLimit-Reset"] == "1005.000"
    assert first.headers["X-RateLimit-Bucket"] == "channel-messages"
    now[0] += 1
    assert limits.admit("POST", path).headers["X-RateLimit-Remaining"] == "0"
    refused = limits.admit("POST", path)
    assert refused.refused and refused.retry_after == pytest.approx(4.0)
    assert refused.body() == {"message": "You are being rate limited.", "retry_after": 4.0, "global": False}
    assert refused.headers["Retry-After"] == "4" and refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["Via"] == "1.1 google"
    assert not limits.admit("POST", "/channels/8/messages").refused, "another channel has its own bucket"
    now[0] += 4
    assert not limits.admit("POST", path).refused, "the window refilled"
    assert limits.invalid_requests == 1
    # The global bucket: 50 a second whatever the route; interaction callbacks and webhooks are outside it.
    now[0] += 10
    verdicts = [limits.admit("GET", f"/guilds/{n}") for n in range(55)]
    assert sum(not v.refused for v in verdicts) == 50
    assert verdicts[-1].body()["global"] is True and verdicts[-1].headers["X-RateLimit-Scope"] == "global"
    assert not any(limits.admit("POST", f"/interactions/{n}/token/callback").refused for n in range(20))
    assert not limits.admit("POST", "/webhooks/1/token").refused


async def test_the_global_bucket_is_honoured_over_a_burst_across_many_channels(fake: FakeDiscord,
                                                                               database_path: Path) -> None:
    channels = [fake.add_channel(f"table-{n}") for n in range(60)]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        limits = fake.limit_rates()
        since = len(fake.requests)
        sends = [bot.get_channel(c.id).send(f"hello {c.name} {n}") for c in channels for n in range(2)]  # type: ignore[union-attr]
        await asyncio.gather(*sends)
        burst = fake.requests[since:]
    served = [r.at for r in burst if r.bucket == "global" and not r.rate_limited]
    assert len(served) == 120, "every message is carried out"
    # The global bucket, the fake's as Discord's, is a fixed window from its first request: two full
    # windows back to back may serve up to 100 within a sliding second, never more than 50 in one window.
    assert max(fixed_windows(sorted(served))) <= 50, fixed_windows(sorted(served))
    global_429s = sum(1 for r in burst if r.rate_limited)
    assert global_429s >= 1, "120 requests at once cannot all fit in one second"
    assert global_429s <= len(served), "each refused request waits its turn, rather than asking again and again"
    assert all(len(fake.channel_messages(c)) == 2 for c in channels)
    print(f"\nglobal burst: 120 messages in 60 channels, {global_429s} 429s, "
          f"at most {most_in_one_second(served)} served in a second")
    assert_clean(fake)


# ----- what a move costs in the global bucket ----------------------------------------------------
# The budgets: at most 1 request in the global bucket for a human's move, 2 for a computer's, 1 per
# reminder once the player's DM channel is known. A human's board goes as a follow-up of the move's
# interaction and the old board's buttons go through that board's own webhook, both outside the
# global bucket; what is left is the hand DM, edited when the hand changed.

def in_global_bucket(fake: FakeDiscord, since: int) -> int:
    return sum(1 for r in fake.requests[since:] if r.bucket == "global" and not r.rate_limited)


async def play_random_moves(fake: FakeDiscord, bot: Any, people: dict[int, FakeUser], game_id: int,
                            moves: int, rng: random.Random, channel: Any) -> list[int]:
    """Each player to move plays a random legal move by ``/alcazar move``; the global requests of each."""
    costs = []
    for _ in range(moves):
        game = await bot.service.records.game(game_id)
        if game.to_move_id is None:
            break
        player = people[game.to_move_id]
        choices = await bot.service.records.legal_moves_for(game_id, player.id, limit=None)
        await fake.settle(quiet=0.1)
        since = len(fake.requests)
        reply = await player.slash("move", notation=rng.choice(choices).notation, channel=channel)
        assert "Played" in reply.text, reply
        await fake.settle(quiet=0.1)
        costs.append(in_global_bucket(fake, since))
    return costs


def boards_by_follow_up(fake: FakeDiscord, since: int, channel: Any) -> int:
    """Public messages in ``channel`` that came as interaction follow-ups (webhook routes)."""
    return sum(1 for r in fake.requests[since:] if r.kind == "message" and r.audience is None
               and r.channel_id == channel.id and r.path.startswith("/webhooks/") and r.status == 200)


async def test_what_a_move_costs_in_the_global_bucket(fake: FakeDiscord, database_path: Path, clock: FakeClock) -> None:
    alice, bob, carol, dan, erin = (fake.add_user(n) for n in ("alice", "bob", "carol", "dan", "erin"))
    people = {u.id: u for u in (alice, bob, carol, dan, erin)}
    tables = [fake.add_channel(n) for n in ("table-1978", "table-alcazar", "table-computer", "table-five")]
    rng = random.Random(7)
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, think_scale=FAST) as bot:
        fake.limit_rates()
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar1978", channel=tables[0])
        by_cause_before = dict(bot.metrics.requests_by_cause)
        since_1978 = len(fake.requests)
        costs_1978 = await play_random_moves(fake, bot, people, game.id, 8, rng, tables[0])
        followed_up = boards_by_follow_up(fake, since_1978, tables[0])
        moved = {k: v - by_cause_before.get(k, 0) for k, v in bot.metrics.requests_by_cause.items()
                 if v - by_cause_before.get(k, 0)}

        game, _ = await start_game(fake, bot, alice, [bob, carol], "alcazar", channel=tables[1])
        costs_alcazar = await play_random_moves(fake, bot, people, game.id, 8, rng, tables[1])
        game, _ = await start_game(fake, bot, alice, [bob, carol, dan, erin], "alcazar", channel=tables[3])
        costs_five = await play_random_moves(fake, bot, people, game.id, 6, rng, tables[3])

        lobby = await alice.slash("new", channel=tables[2], game="alcazar1978", computers=1, level="easy")
        await alice.click(lobby.message, "Start")
        await bot.computer_turns.idle()
        computer_game = await bot.service.records.game_in_channel(tables[2].id)
        before = dict(bot.metrics.requests_by_cause)
        computer_moves = 0
        for _ in range(4):
            game = await bot.service.records.game(computer_game.id)
            if game.to_move_id is None:
                break
            choices = await bot.service.records.legal_moves_for(computer_game.id, alice.id, limit=None)
            await alice.slash("move", notation=rng.choice(choices).notation, channel=tables[2])
            await bot.computer_turns.idle()
            await fake.settle(quiet=0.1)
            computer_moves += 1
        # The computer's move comes soon after the human's: their requests are told apart by cause.
        per_computer_move = (bot.metrics.requests_by_cause[("computer move", "global")]
                             - before.get(("computer move", "global"), 0)) / computer_moves

        await fake.settle(quiet=0.1)
        since, reminders_before = len(fake.requests), bot.metrics.requests_by_cause.get(("reminder", "global"), 0)
        clock.advance(hours=13)
        await bot.reminders.run_once()
        await fake.settle(quiet=0.1)
        reminded = sum(1 for r in fake.requests[since:] if r.kind == "message" and r.audience is not None)
        reminder_requests = in_global_bucket(fake, since)
        assert bot.metrics.requests_by_cause.get(("reminder", "global"), 0) - reminders_before == reminder_requests
        rate_limited = fake.rate_limits.refused if fake.rate_limits else 0

    per_move_1978 = sum(costs_1978) / len(costs_1978)
    per_move_alcazar = sum(costs_alcazar) / len(costs_alcazar)
    per_move_five = sum(costs_five) / len(costs_five)
    per_reminder = reminder_requests / reminded
    print(f"\nrequests in the global bucket (before: 1978 move 2, Alcazar at 3 about 3, computer 2, reminder 2): "
          f"1978 move {per_move_1978:.2f} {costs_1978}, Alcazar move at 3 {per_move_alcazar:.2f} {costs_alcazar}, "
          f"at 5 {per_move_five:.2f} {costs_five}, computer's move {per_computer_move:.2f}, "
          f"reminder {per_reminder:.2f} ({reminded} reminders); 1978 moves by cause {moved}; 429s {rate_limited}")
    # The bot's own count agrees with the fake's: every request is put down to a cause.
    assert sum(v for (cause, bucket), v in moved.items() if bucket == "global") == sum(costs_1978)
    assert set(cause for cause, _ in moved) <= {"move", "hand DM"}
    assert followed_up == len(costs_1978), "every 1978 board came back through its move's interaction"
    # A 1978 move has no hand: nothing of it is in the global bucket.
    assert costs_1978 == [0] * len(costs_1978), costs_1978
    # An Alcazar move: the mover's hand DM, edited because the hand changed; nothing else.
    assert all(cost <= 1 for cost in costs_alcazar + costs_five), (costs_alcazar, costs_five)
    assert per_computer_move <= 1.0, per_computer_move       # its board in the channel; the old one's edit is exempt
    assert reminded >= 3 and per_reminder == 1.0, (reminder_requests, reminded)
    assert_clean(fake)


async def test_a_button_move_costs_nothing_in_the_global_bucket(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    people = {alice.id: alice, bob.id: bob}
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        fake.limit_rates()
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar1978")
        costs = []
        for _ in range(4):
            game = await bot.service.records.game(game.id)
            player = people[game.to_move_id]
            moves = await bot.service.records.legal_moves_for(game.id, player.id, limit=None)
            pawn_moves = [m for m in moves if m.parts.action == "pawn"]
            await fake.settle(quiet=0.1)
            since = len(fake.requests)
            reply = await play_guided(fake, player, "alcazar1978", moves, (pawn_moves or moves)[0].notation)
            assert "Played" in reply.text, reply
            await fake.settle(quiet=0.1)
            costs.append(in_global_bucket(fake, since))
            assert take_my_turn_offers(fake) == 1, "only the newest board offers a turn"
    print(f"\nrequests in the global bucket for a move by the chooser's Play: {costs} (before: 2 each)")
    assert costs == [0] * len(costs), costs
    assert_clean(fake)


async def test_once_its_token_is_old_a_board_is_edited_through_the_channel(fake: FakeDiscord,
                                                                             database_path: Path) -> None:
    """An interaction's webhook lives 15 minutes: the old board then loses its buttons by the channel's route."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    clock = FakeClock()
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar1978")
        people = {alice.id: alice, bob.id: bob}
        for _ in range(2):
            game = await bot.service.records.game(game.id)
            player = people[game.to_move_id]
            if _ == 1:
                clock.advance(hours=16 / 60)
                fake.expire_interactions()
            old = latest_board(fake)
            since = len(fake.requests)
            notation = (await bot.service.records.legal_moves_for(game.id, player.id, limit=None))[0].notation
            await player.slash("move", notation=notation)
            await fake.settle(quiet=0.1)
            edits = [r for r in fake.requests[since:] if r.kind == "edit" and r.audience is None]
            assert fake.messages[int(old["id"])]["components"] == [], "the old board lost its buttons"
            route = "/webhooks/" if _ == 0 else f"/channels/{fake.general.id}/messages/"
            assert [r.path.startswith(route) for r in edits] == [True], [r.path for r in edits]
            assert all(r.status == 200 for r in edits)
    assert take_my_turn_offers(fake) == 1
    assert_clean(fake)


async def test_a_board_the_follow_up_cannot_carry_goes_to_the_channel(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        game, _ = await start_game(fake, bot, alice, [bob], "alcazar1978")
        player = alice if game.to_move_id == alice.id else bob
        notation = (await bot.service.records.legal_moves_for(game.id, player.id, limit=None))[0].notation
        fake.fail("POST", r"^/webhooks/\d+/[^/]+$", 403, code=50013, message="Missing Permissions")
        since = len(fake.requests)
        reply = await player.slash("move", notation=notation)
        assert reply.ephemeral and "Played" in reply.text and "/alcazar board" not in reply.text, reply
        board = latest_board(fake)
        posted = channel_posts(fake, since)
        assert [r.path for r in posted] == [f"/channels/{fake.general.id}/messages"], "the board, in the channel"
        waiting = (await bot.service.records.game(game.id)).to_move_id
        assert f"<@{waiting}>" in board["content"] and posted[0].pings() == {f"user:{waiting}"}
    assert_clean(fake)
