"""Players first: a burst of background work never delays a player's board (``bot.discord.pacing``).

Through the real bot and the fake Discord with Discord's limits on: a
reminder round with many reminders due at once runs while players make
moves. The boards come back quickly and before the burst has drained, the
bucket meets no storm of 429s, and every reminder is sent once.
"""
from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean, running_bot
from fake_discord import Channel, FakeDiscord, FakeUser
from fake_discord.records import RecordedRequest
from players import labels, latest_board, start_game
from quiet import most_in_one_second, reminded_games

from bot.discord.pacing import BackgroundLane
from bot.service import Accepted, FakeClock
from bot.telemetry import caused_by, request_cause
from bot.telemetry.causes import MOVE, REMINDER

BURST = 100         # reminders due at once: unpaced, they would overflow the bucket (50 a second) twice over
TABLES = 4          # games where players make moves during the burst
MOVES_PER_TABLE = 3


def board_of(fake: FakeDiscord, channel: Channel, since: float) -> RecordedRequest | None:
    """The first board stored in ``channel`` after ``since``: a public message carrying the board's picture
    (a channel message or an interaction's follow-up, whichever the bot uses)."""
    for record in fake.requests:
        if (record.at >= since and record.channel_id == channel.id and record.kind == "message"
                and record.audience is None and 200 <= record.status < 300
                and any(f.filename == "board.png" for f in record.files)):
            return record
    return None


async def open_waiting_games(bot: Any, fake: FakeDiscord, people: list[FakeUser], count: int) -> list[int]:
    """``count`` games of Alcazar (1978), each in a channel of its own, started and waiting for a move."""
    rng = random.Random(5)
    games = []
    for n in range(count):
        channel = fake.add_channel(f"waiting-{n}")
        host, guest = rng.sample(people, 2)
        lobby = await bot.service.lobby.create_lobby(fake.guild.id, channel.id, host.id, "alcazar1978", seed=n)
        assert isinstance(lobby, Accepted), lobby
        await bot.service.lobby.join(lobby.game.id, guest.id)
        assert isinstance(await bot.service.lobby.start(lobby.game.id, host.id), Accepted)
        games.append(lobby.game.id)
    return games


async def play_at_table(fake: FakeDiscord, bot: Any, people: dict[int, FakeUser], game_id: int, channel: Channel,
                        rng: random.Random, waits: list[float]) -> None:
    """The players of one table move in turn; each move's time from the interaction to its board."""
    for _ in range(MOVES_PER_TABLE):
        game = await bot.service.records.game(game_id)
        player = people[game.to_move_id]
        choices = await bot.service.records.legal_moves_for(game_id, player.id, limit=None)
        began = time.monotonic()
        reply = await player.slash("move", notation=rng.choice(choices).notation, channel=channel)
        assert "Played" in reply.text, reply
        board = board_of(fake, channel, began)
        assert board is not None, "the board came back with the answer"
        waits.append(board.at - began)
        await asyncio.sleep(0.3)


async def test_a_reminder_burst_in_the_middle_of_moves_lets_the_players_boards_go_first(
        fake: FakeDiscord, database_path: Path) -> None:
    people = [fake.add_user(f"player-{n}") for n in range(40)]
    by_id = {p.id: p for p in people}
    clock = FakeClock()
    rng = random.Random(11)
    tables = [fake.add_channel(f"table-{n}") for n in range(TABLES)]
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        played = [(await start_game(fake, bot, people[2 * n], [people[2 * n + 1]], "alcazar1978",
                                    channel=table))[0].id for n, table in enumerate(tables)]
        waiting = await open_waiting_games(bot, fake, people, BURST)
        await fake.settle(quiet=0.2)
        limits = fake.limit_rates()
        clock.advance(hours=13)
        due = {r.game_id for r in await bot.service.reminders.due_reminders()}
        assert due == set(played) | set(waiting)

        since = len(fake.requests)
        burst_began = time.monotonic()
        burst = asyncio.create_task(bot.reminders.run_once())
        await asyncio.sleep(0.2)            # the burst is under way when the players move
        waits: list[float] = []
        await asyncio.gather(*(play_at_table(fake, bot, by_id, game_id, table, rng, waits)
                               for game_id, table in zip(played, tables)))
        boards_done = time.monotonic()
        assert not burst.done(), "the boards all came back while the burst was still being sent"
        await burst
        drained = time.monotonic()
        served = [r.at for r in fake.requests[since:] if r.bucket == "global" and not r.rate_limited]
        refused = limits.refused
        await bot.reminders.run_once()      # a second round finds nothing left to send
        await fake.settle(quiet=0.2)

    waits.sort()
    print(f"\n{len(due)} reminders drained in {drained - burst_began:.1f} s; {len(waits)} moves meanwhile, "
          f"move → board median {1000 * waits[len(waits) // 2]:.0f} ms, slowest {1000 * waits[-1]:.0f} ms; "
          f"boards all back after {boards_done - burst_began:.1f} s; {refused} 429s; "
          f"at most {most_in_one_second(served)} requests served in a second")
    assert len(waits) == TABLES * MOVES_PER_TABLE
    assert waits[-1] < 1.0, f"a board waited {waits[-1]:.2f} s behind the burst"
    assert refused <= 1, f"{refused} 429s: the burst was not paced"
    # Spread: 100 reminders at the lane's 25 a second take seconds, not one lump.
    assert drained - burst_began >= BURST / 25 * 0.8
    counts = reminded_games(fake)
    assert set(waiting) <= set(counts), "every reminder still due is sent"
    assert set(counts) <= due, "nothing else is"
    assert max(counts.values()) == 1, "none twice"
    assert_clean(fake)


# ----- the lane on its own, with a stand-in for discord.py's request --------------------------------

class Route:
    def __init__(self, path: str) -> None:
        self.url = f"https://discord.com/api/v10{path}"


async def test_the_lane_lets_players_by_and_paces_background_work_in_order() -> None:
    lane = BackgroundLane(per_second=20.0, total_per_second=30.0)
    sent: list[tuple[str, float]] = []

    async def request(route: Route, **_: Any) -> None:
        sent.append((route.url.rsplit("/", 1)[-1], time.monotonic()))
        await asyncio.sleep(0.005)

    async def background(n: int) -> None:
        with caused_by(REMINDER):
            await lane.send(request, route=Route(f"/channels/1/messages/r{n}"))  # type: ignore[arg-type]

    async def player(n: int) -> None:
        with caused_by(MOVE):
            await lane.send(request, route=Route(f"/channels/2/messages/p{n}"))  # type: ignore[arg-type]

    began = time.monotonic()
    reminders = [asyncio.create_task(background(n)) for n in range(10)]
    await asyncio.sleep(0.05)
    await asyncio.gather(*(player(n) for n in range(5)))
    players_done = time.monotonic() - began
    assert lane.waiting > 0, "the players went by while reminders still waited"
    await asyncio.gather(*reminders)
    order = [name for name, _ in sent if name.startswith("r")]
    assert order == [f"r{n}" for n in range(10)], "background work goes in the order it came"
    times = [at for name, at in sent if name.startswith("r")]
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert min(gaps) >= 1 / 20 * 0.9, "a burst is spread evenly"
    assert players_done < 0.1
    # Outside the global bucket (an interaction's follow-up), background work is not held either.
    with caused_by(REMINDER):
        before = time.monotonic()
        await lane.send(request, route=Route("/webhooks/1/token"))  # type: ignore[arg-type]
        assert time.monotonic() - before < 0.04


async def test_background_work_waits_while_players_fill_the_bucket() -> None:
    lane = BackgroundLane(per_second=100.0, total_per_second=10.0)
    release = asyncio.Event()
    sent: list[str] = []

    async def request(route: Route, **_: Any) -> None:
        sent.append(route.url.rsplit("/", 1)[-1])
        if "p" in route.url.rsplit("/", 1)[-1]:
            await release.wait()

    async def player(n: int) -> None:
        with caused_by(MOVE):
            await lane.send(request, route=Route(f"/channels/2/messages/p{n}"))  # type: ignore[arg-type]

    players = [asyncio.create_task(player(n)) for n in range(10)]
    await asyncio.sleep(0.01)
    with caused_by(REMINDER):
        reminder = asyncio.create_task(lane.send(request, route=Route("/channels/1/messages/r")))  # type: ignore[arg-type]
    await asyncio.sleep(0.1)
    assert "r" not in sent, "the bucket is full of players' requests: the reminder waits"
    release.set()
    await asyncio.gather(*players)
    await asyncio.wait_for(reminder, 2.0)
    assert sent[-1] == "r"


@pytest.mark.parametrize("shards, of", [(1, 4), (4, 4)])
async def test_a_process_takes_its_share_of_the_tokens_budget(shards: int, of: int) -> None:
    lane = BackgroundLane()
    lane.share_token(shards / of)
    assert lane.per_second == pytest.approx(25.0 * shards / of)


async def test_a_stale_boards_buttons_wait_in_the_lane_while_the_move_is_answered(
        fake: FakeDiscord, database_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board older than its follow-up's token loses its buttons by the channel's route, in the global
    bucket: an errand that waits its turn in the background lane. The move's answer, its new board and
    the mover's hand DM come while that edit still waits (here: the lane is held shut)."""
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    people = {p.id: p for p in (alice, bob, carol)}
    clock = FakeClock()
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None) as bot:
        game, _ = await start_game(fake, bot, alice, [bob, carol], "alcazar")
        for late in (False, True):
            if late:        # a day later: the board's follow-up token is long gone
                clock.advance(hours=24)
                fake.expire_interactions()
                shut = asyncio.Event()
                take_turn = bot.lane._take_turn
                waiting: list[str] = []

                async def held_shut() -> None:
                    waiting.append(request_cause())
                    await shut.wait()
                    await take_turn()
                monkeypatch.setattr(bot.lane, "_take_turn", held_shut)
            game = await bot.service.records.game(game.id)
            player = people[game.to_move_id]
            old = latest_board(fake)
            since = len(fake.requests)
            notation = (await bot.service.records.legal_moves_for(game.id, player.id, limit=None))[0].notation
            sent = await fake.send_slash(player, "move", notation=notation)
            assert "Played" in (await sent.first_answer()).text
            if not late:
                await sent.reply()
                assert labels(fake.messages[int(old["id"])]) == [], "through its webhook, at once"
                continue
            hand_dm = await until(lambda: next((r for r in fake.requests[since:] if r.audience == player.id
                                                and r.kind == "edit" and r.channel_id != fake.general.id), None))
            board = await until(lambda: board_of(fake, fake.general, hand_dm.at - 60))
            assert board is not None and hand_dm.status == 200
            assert labels(fake.messages[int(old["id"])]) == ["Take my turn", "My hand"], "still waiting its turn"
            assert bot.errands.under_way == 1 and waiting == ["old board"]
            shut.set()
            await bot.errands.wait(5)
            edits = [r for r in fake.requests[since:] if r.kind == "edit" and r.audience is None]
            assert [r.path for r in edits] == [f"/channels/{fake.general.id}/messages/{old['id']}"]
            assert edits[0].at > hand_dm.at
            assert labels(fake.messages[int(old["id"])]) == []
            assert bot.metrics.requests_by_cause[("old board", "global")] == 1
            assert ("move", "global") not in bot.metrics.requests_by_cause
    assert_clean(fake)


async def until(found: Any, timeout: float = 10.0) -> Any:
    """What ``found()`` returns once it is something, polling (at most ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while (value := found()) is None:
        assert time.monotonic() < deadline, "it never came"
        await asyncio.sleep(0.01)
    return value
