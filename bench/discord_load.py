"""Moves per second within Discord's limits: the real bot against a fake Discord that enforces them.

    .venv/bin/python bench/discord_load.py [--games 1000] [--channels 200] [--seconds 10]
                                           [--rates 5,10,15,20,30,40,50] [--burst 5000] [--burst-rate 5]

Discord lets a bot token make 50 requests a second in its global bucket
(interaction callbacks and webhooks are outside it) and about 5 messages per
5 s in a channel; the fake (``tests/discord/fake_discord``) answers 429s as
Discord does once ``limit_rates()`` turns the limits on, and discord.py waits
them out. ``--games`` games of both kinds (Alcazar with 2 to 5 players,
Alcazar (1978)) are opened through the game service in ``--channels``
channels (a game in each channel and the rest in threads of them, one game a
place, as the bot allows), their hands sent by DM, and each gets one move
(limits still off): every board is then the follow-up of a player's move, as
at a busy table. Then, for each rate, moves arrive open
loop, each a real ``/alcazar move`` from the player to move in a random idle
game, for ``--seconds``; a move's time runs from its interaction to its new
board stored by the fake (``move → board``). Rates step up until p99 move →
board is over 2 s. Then, after a baseline of moves at ``--burst-rate``,
``--burst`` reminders come due at once (the games above and more games
waiting elsewhere on the server, 13 hours on) and one reminder round runs while moves
still arrive at that rate: background requests go through the bot's paced
lane (``bot.discord.pacing``), so the moves' p50/p99 during the burst stand
next to the baseline's. By then every board is older than its follow-up's
token, as at a table that moves once a day, so a move's old board loses its
buttons by the channel's route, an errand in the background lane (cause
``old board``): the burst's ``requests`` show what such a move costs.

The last line is one JSON object: ``requests_per_move`` (by bucket and by
cause, over all the rates), ``rate_limited_429s``, ``move_to_board_ms_p50`` /
``_p99`` (at the highest rate within limits), ``max_moves_per_s_within_limits``
(the highest rate with p99 ≤ 2 s whose moves were done at 95% of the rate or more), ``reminder_burst`` (due, sent, sent twice, still due after
the round (a reminder not sent is one whose player moved meanwhile), seconds, requests per
reminder, 429s, moves' p50/p99 beside the baseline's), ``cpu_ms_per_move``
(at that rate: the CPU time of this process, its threads and the image workers, so the fake Discord's
and the bench players' share too, over the moves made) and ``cpu_ratio``, the CPU side as
``bench/load.py`` gives it: the moves a second the machine's CPUs would carry at that cost
(``cpus / cpu_ms_per_move``) over ``cpus / render time``, that is ``render_ms_median /
cpu_ms_per_move``. Budget: at least 40 moves/s; ``cpu_ratio`` at least 0.4.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "discord"))

from fake_discord import Channel, FakeDiscord, FakeUser  # noqa: E402
from fake_discord.model import PUBLIC_THREAD  # noqa: E402
from fake_discord.records import RecordedRequest, handlers_done  # noqa: E402
from quiet import most_in_one_second, reminded_games  # noqa: E402
from figures import print_summary  # noqa: E402
from load import descendants, render_median  # noqa: E402

from bot.config import Settings  # noqa: E402
from bot.discord import AlcazarBot  # noqa: E402
from bot.discord.announce import send_changed_hands  # noqa: E402
from bot.service import Accepted, FakeClock  # noqa: E402

KINDS = [("alcazar", 2), ("alcazar", 3), ("alcazar", 4), ("alcazar", 5), ("alcazar1978", 2)]
BUDGET_P99_MS = 2000.0
SUSTAINED = 0.95        # of the rate, done a second
PEOPLE = 60


class TimedDiscord(FakeDiscord):
    """The fake, telling the bench when a board is stored: a public message with a picture in the game's
    channel, whichever way the bot sends it (a channel message, an interaction's follow-up)."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: dict[int, asyncio.Future[float]] = {}

    async def _route(self, record: RecordedRequest) -> Any:
        result = await super()._route(record)
        if record.kind == "message" and record.audience is None and record.files and record.channel_id is not None:
            waiting = self.boards.pop(record.channel_id, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(time.monotonic())
        return result

    async def add_thread(self, parent: Channel, name: str) -> Channel:
        """A thread of ``parent`` made by the bot earlier, which the bot's gateway hears of."""
        thread = Channel(self.ids.next(), name, type=PUBLIC_THREAD, guild_id=parent.guild_id, parent_id=parent.id)
        self.channels[thread.id] = thread
        self.guild.channels.append(thread)
        await self.dispatch("THREAD_CREATE", dict(thread.payload(), owner_id=str(self.bot_user.id), newly_created=True),
                            guild_id=self.guild.id)
        return thread


@dataclass
class Place:
    """A game and where it is played."""

    game_id: int
    channel: Channel
    busy: bool = False


@dataclass
class Step:
    rate: float
    move_ms: list[float] = field(default_factory=list)
    sent: int = 0
    failed: int = 0
    seconds: float = 0.0
    requests: dict[str, int] = field(default_factory=dict)
    rate_limited: int = 0
    cpu_s: float = 0.0          # CPU time of this process and the image workers while the rate ran

    def p(self, q: float) -> float | None:
        ordered = sorted(self.move_ms)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else None

    @property
    def within(self) -> bool:
        """p99 move → board within 2 s, no move failed, and the moves done as fast as they came
        (a rate the bot falls behind on is not sustained, even while its backlog is still short)."""
        p99 = self.p(0.99)
        kept_up = self.seconds > 0 and len(self.move_ms) / self.seconds >= SUSTAINED * self.rate
        return p99 is not None and p99 <= BUDGET_P99_MS and not self.failed and kept_up

    def figures(self) -> dict[str, Any]:
        return {"rate": self.rate, "moves": len(self.move_ms), "sent": self.sent, "failed": self.failed,
                "done_per_s": round(len(self.move_ms) / self.seconds, 1) if self.seconds else 0.0,
                "move_to_board_ms_p50": self.p(0.5), "move_to_board_ms_p99": self.p(0.99),
                "cpu_ms_per_move": self.cpu_ms_per_move,
                "requests": self.requests, "rate_limited_429s": self.rate_limited}

    @property
    def cpu_ms_per_move(self) -> float | None:
        return round(self.cpu_s * 1000 / len(self.move_ms), 2) if self.move_ms else None


async def open_places(bot: AlcazarBot, fake: TimedDiscord, games: int, channels: int,
                      people: list[FakeUser], rng: random.Random) -> list[Place]:
    """``games`` games, one per channel or thread, started, and each player's hand sent by DM as the
    lobby's Start does. The first board of each game comes with its first move (``warm_up``)."""
    parents = [fake.add_channel(f"table-{n}") for n in range(channels)]
    spots = parents + [await fake.add_thread(parents[n % channels], f"game-{n}") for n in range(games - channels)]
    service = bot.service
    places: list[Place] = []

    async def open_one(index: int, spot: Channel) -> None:
        kind, players = KINDS[index % len(KINDS)]
        seated = rng.sample(people, players)
        lobby = await service.lobby.create_lobby(fake.guild.id, spot.id, seated[0].id, kind, seed=index)
        assert isinstance(lobby, Accepted), lobby
        for person in seated[1:]:
            await service.lobby.join(lobby.game.id, person.id)
        started = await service.lobby.start(lobby.game.id, seated[0].id)
        assert isinstance(started, Accepted), started
        await send_changed_hands(bot.table, started)
        places.append(Place(lobby.game.id, spot))

    batch = 20
    for first in range(0, len(spots), batch):
        await asyncio.gather(*(open_one(i, spot) for i, spot in enumerate(spots[first:first + batch], first)))
    return places


async def random_move(bot: AlcazarBot, game_id: int, rng: random.Random) -> tuple[int, str] | None:
    """The player to act and a random legal move of theirs, from the game the bot holds in memory.

    The engine's own list, not the service's worded choices (``legal_moves_for``): wording every
    legal move of an Alcazar turn costs more than the move itself, and the players here are the
    bench, which would otherwise take the bot's CPU."""
    core = bot.service.core
    async with core.game_lock(game_id):
        live = await core.load_live(game_id)
        if live is None or live.row.turn_seat is None:
            return None
        moves = live.engine.legal_moves(live.state)
        return (live.user_of(live.row.turn_seat), str(rng.choice(moves))) if moves else None


async def one_move(bot: AlcazarBot, fake: TimedDiscord, people: dict[int, FakeUser], place: Place,
                   rng: random.Random, step: Step) -> None:
    try:
        picked = await random_move(bot, place.game_id, rng)
        if picked is None:
            return
        player, notation = people[picked[0]], picked[1]
        board = asyncio.get_running_loop().create_future()
        fake.boards[place.channel.id] = board
        began = time.monotonic()
        sent = await fake.send_slash(player, "move", notation=notation, channel=place.channel)
        reply = await sent.first_answer(60)
        if "Played" not in reply.text:
            step.failed += 1
            return
        step.move_ms.append((await asyncio.wait_for(board, 60) - began) * 1000)
    except Exception:  # noqa: BLE001 - counted: a move that fails makes its rate fail
        step.failed += 1
        logging.getLogger("bench").exception("a move failed")
    finally:
        place.busy = False


async def warm_up(bot: AlcazarBot, fake: TimedDiscord, people: dict[int, FakeUser], places: list[Place],
                  rng: random.Random) -> Step:
    """One move in every game, a few games at a time: from then on each game's board is the follow-up of
    a player's move, as at a busy table, and the next move edits it through its webhook."""
    step = Step(0.0)
    began = time.monotonic()
    for first in range(0, len(places), 20):
        await asyncio.gather(*(one_move(bot, fake, people, place, rng, step) for place in places[first:first + 20]))
    step.seconds = time.monotonic() - began
    return step


def cpu_seconds() -> float:
    """CPU time (user and system) used so far by this process, all its threads, and every process
    below it (the image workers): the bot, the fake Discord and the bench's players together."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in [os.getpid(), *descendants(os.getpid())]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue        # a worker that ended meanwhile
        total += (int(fields[11]) + int(fields[12])) / ticks       # utime, stime
    return total


def requests_since(bot: AlcazarBot, before: dict[tuple[str, str], int]) -> dict[str, int]:
    now = bot.metrics.requests_by_cause
    return {f"{cause}/{bucket}": n - before.get((cause, bucket), 0) for (cause, bucket), n in sorted(now.items())
            if n - before.get((cause, bucket), 0)}


async def run_rate(bot: AlcazarBot, fake: TimedDiscord, people: dict[int, FakeUser], places: list[Place],
                   rate: float, seconds: float, rng: random.Random) -> Step:
    loop = asyncio.get_running_loop()
    step = Step(rate)
    before = dict(bot.metrics.requests_by_cause)
    refused_before = fake.rate_limits.refused if fake.rate_limits else 0
    tasks = []
    cpu_before = cpu_seconds()
    began = loop.time()
    for i in range(int(rate * seconds)):
        delay = began + i / rate - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        idle = [p for p in places if not p.busy]
        if not idle:
            step.failed += 1
            continue
        place = rng.choice(idle)
        place.busy = True
        tasks.append(asyncio.create_task(one_move(bot, fake, people, place, rng, step)))
        step.sent += 1
    await asyncio.gather(*tasks)
    step.seconds = loop.time() - began
    step.cpu_s = cpu_seconds() - cpu_before
    step.requests = requests_since(bot, before)
    step.rate_limited = (fake.rate_limits.refused if fake.rate_limits else 0) - refused_before
    return step


async def open_waiting_games(bot: AlcazarBot, fake: TimedDiscord, count: int, people: list[FakeUser],
                             rng: random.Random) -> int:
    """``count`` more games of Alcazar (1978) elsewhere on the server, started, where nobody moves: with the
    games in play, as many reminders come due at once as the burst asks for."""
    service = bot.service

    async def open_one(index: int) -> None:
        spot = fake.add_channel(f"quiet-{index}")
        host, guest = rng.sample(people, 2)
        lobby = await service.lobby.create_lobby(fake.guild.id, spot.id, host.id, "alcazar1978", seed=index)
        assert isinstance(lobby, Accepted), lobby
        await service.lobby.join(lobby.game.id, guest.id)
        assert isinstance(await service.lobby.start(lobby.game.id, host.id), Accepted)

    for first in range(0, count, 20):
        await asyncio.gather(*(open_one(i) for i in range(first, min(count, first + 20))))
    return count


async def reminder_burst(bot: AlcazarBot, fake: TimedDiscord, people: dict[int, FakeUser], places: list[Place],
                         clock: FakeClock, rate: float, rng: random.Random, baseline_s: float) -> dict[str, Any]:
    """Every game's reminder due at once; one reminder round while moves arrive at ``rate``.

    Moves at the same rate for ``baseline_s`` just before are the baseline of the moves made meanwhile."""
    baseline = await run_rate(bot, fake, people, places, rate, baseline_s, rng)
    clock.advance(hours=13)
    due = len(await bot.service.reminders.due_reminders())
    before = dict(bot.metrics.requests_by_cause)
    sent_before = reminders_sent(bot)
    refused_before = fake.rate_limits.refused if fake.rate_limits else 0
    since = len(fake.requests)
    began = time.monotonic()
    round_task = asyncio.create_task(bot.reminders.run_once())
    moves = Step(rate)
    while not round_task.done():
        step = await run_rate(bot, fake, people, places, rate, 2.0, rng)
        moves.move_ms += step.move_ms
        moves.sent += step.sent
        moves.failed += step.failed
    await round_task
    took = time.monotonic() - began
    # A reminder not sent is one whose player moved meanwhile; none may be left due.
    still_due = len(await bot.service.reminders.due_reminders())
    sent = int(reminders_sent(bot) - sent_before)
    requests = requests_since(bot, before)
    reminder_requests = sum(n for key, n in requests.items() if key.startswith("reminder/"))
    served = sorted(r.at for r in fake.requests[since:] if r.bucket == "global" and not r.rate_limited)
    counts = reminded_games(fake)
    return {"due": due, "sent": sent, "sent_twice": sum(1 for n in counts.values() if n > 1),
            "still_due_after": still_due,
            "seconds": round(took, 1), "reminders_per_s": round(sent / took, 1) if took else None,
            "requests_per_reminder": round(reminder_requests / sent, 2) if sent else None,
            "rate_limited_429s": (fake.rate_limits.refused if fake.rate_limits else 0) - refused_before,
            "most_global_requests_in_a_second": most_in_one_second(served),
            "moves_meanwhile": len(moves.move_ms), "moves_failed": moves.failed,
            "move_to_board_ms_p50": moves.p(0.5), "move_to_board_ms_p99": moves.p(0.99),
            "baseline_without_burst": {"moves": len(baseline.move_ms), "move_to_board_ms_p50": baseline.p(0.5),
                                       "move_to_board_ms_p99": baseline.p(0.99)},
            "requests": requests}


def reminders_sent(bot: AlcazarBot) -> float:
    return bot.metrics.registry.get_sample_value("alcazar_reminders_sent_total") or 0.0


def per_move(steps: list[Step]) -> dict[str, Any]:
    moves = sum(len(s.move_ms) for s in steps)
    total: dict[str, int] = {}
    for step in steps:
        for key, n in step.requests.items():
            total[key] = total.get(key, 0) + n
    by_bucket: dict[str, float] = {}
    by_cause: dict[str, float] = {}
    for key, n in total.items():
        cause, bucket = key.rsplit("/", 1)
        by_bucket[bucket] = by_bucket.get(bucket, 0) + n
        by_cause[key] = n
    return {"moves": moves,
            "by_bucket": {k: round(v / moves, 2) for k, v in sorted(by_bucket.items())} if moves else {},
            "by_cause": {k: round(v / moves, 2) for k, v in sorted(by_cause.items())} if moves else {}}


async def run(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    rng = random.Random(17)
    fake = TimedDiscord()
    people = [fake.add_user(f"player-{n}") for n in range(PEOPLE)]
    by_id = {p.id: p for p in people}
    await fake.start()
    clock = FakeClock()
    settings = Settings(discord_token=fake.token, database_path=folder / "alcazar.sqlite3", dev_guild_id=fake.guild.id,
                        api_base_url=fake.api_base, gateway_url=fake.gateway_url)
    bot = AlcazarBot(settings, clock=clock, reminder_interval=None, guild_ready_timeout=0.05)
    task = asyncio.create_task(bot.start(fake.token))
    await asyncio.wait_for(bot.wait_until_ready(), 30)
    try:
        began = time.perf_counter()
        places = await open_places(bot, fake, args.games, args.channels, people, rng)
        quiet = await open_waiting_games(bot, fake, max(0, args.burst - len(places)), people, rng)
        setup_s = time.perf_counter() - began
        print(f"{len(places)} games opened, {quiet} more waiting, in {setup_s:.1f} s", file=sys.stderr, flush=True)
        warm = await warm_up(bot, fake, by_id, places, rng)
        print(f"{len(warm.move_ms)} first moves (their boards follow-ups) in {warm.seconds:.1f} s, "
              f"{warm.failed} failed", file=sys.stderr, flush=True)
        await fake.settle(quiet=0.3, timeout=120)
        fake.limit_rates()
        steps: list[Step] = []
        for rate in args.rates:
            step = await run_rate(bot, fake, by_id, places, rate, args.seconds, rng)
            steps.append(step)
            print(json.dumps(step.figures()), file=sys.stderr, flush=True)
            if not step.within:
                break
        burst = await reminder_burst(bot, fake, by_id, places, clock, args.burst_rate, rng, min(args.seconds, 5.0))
        print(json.dumps(burst), file=sys.stderr, flush=True)
        assert fake.rate_limits is not None
        refused = fake.rate_limits.refused
        problems = fake.problems[:5]
    finally:
        await handlers_done(30)     # the last moves' edits of their old boards
        await bot.close()
        await asyncio.wait_for(task, 30)
        await fake.stop()
    render_ms = render_median()
    within = [s for s in steps if s.within]
    best = max(within, key=lambda s: s.rate) if within else None
    sustained = best.rate if best else 0.0
    return {
        "requests_per_move": per_move(steps),
        "rate_limited_429s": refused,
        "move_to_board_ms_p50": best.p(0.5) if best else None,
        "move_to_board_ms_p99": best.p(0.99) if best else None,
        "max_moves_per_s_within_limits": sustained,
        "reminder_burst": burst,
        "cpu_ms_per_move": best.cpu_ms_per_move if best else None,
        # Moves a second the CPUs would carry at that cost, over cpus / render time: render / cost.
        "cpu_ratio": round(render_ms / best.cpu_ms_per_move, 3) if best and best.cpu_ms_per_move else None,
        "render_ms_median": round(render_ms, 2),
        "games": len(places), "channels": args.channels, "setup_s": round(setup_s, 1), "cpus": os.cpu_count(),
        "problems": problems,
        "rates": [s.figures() for s in steps],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0, help="how long moves arrive at each rate")
    parser.add_argument("--rates", type=lambda s: [float(r) for r in s.split(",")], default=[5, 10, 15, 20, 30, 40, 50])
    parser.add_argument("--burst", type=int, default=5000, help="reminders due at once (games waiting for a move)")
    parser.add_argument("--burst-rate", type=float, default=5.0, help="moves per second during the reminder burst")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(run(args, Path(folder)))
    print_summary(f"max moves/s with p99 move → board ≤ 2 s: {result['max_moves_per_s_within_limits']}; "
                  f"requests per move {result['requests_per_move']['by_bucket']}; "
                  f"429s {result['rate_limited_429s']}; cpu ratio {result['cpu_ratio']}", result)


if __name__ == "__main__":
    main()
