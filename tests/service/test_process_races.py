"""Two bot processes race on the same games: real OS processes, each with its own store, on one
SQLite file and on one PostgreSQL database.

Every round, each game has one race, as players and the bot's own schedules make them:
- the same move at the same version from both processes (a board's button clicked in two places);
- two different moves of the player to act at the same version;
- a player's move against the bot's round of missed deadlines;
- a computer's turn taken up by both processes at once.

While they race, both processes also load the game afresh and list the legal moves of every player
in it (what autocomplete reads). Then the loser makes the game's next move. The checks:
- exactly one of the racing calls wins, and the game's version moved on by exactly one;
- the loser is refused ``STALE_VERSION`` (or, a deadline or a computer's turn, finds nothing to do),
  never another reason and never an exception;
- the loser's next move is accepted;
- no list of moves for a player holds a move that is not that player's, before or after the race:
  none names another player's cards.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import random
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from bot.games import get_game
from bot.service import Accepted, FakeClock, GameService
from bot.store import GameStatus

from . import race_worker
from .helpers import HOST, open_table
from .race_worker import Answered

ROUNDS = 16
HOUR = 3600.0


class Process:
    """A bot process of the race, spoken to through a pipe (``race_worker``)."""

    def __init__(self, database: str | Path) -> None:
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        self._process = context.Process(target=race_worker.serve, args=(database, theirs))

    async def start(self) -> None:
        self._process.start()
        assert await asyncio.to_thread(self._pipe.recv) == "ready"

    def send(self, now: float, calls: list[tuple[Any, ...]]) -> None:
        self._pipe.send((now, calls))

    async def answers(self) -> list[Answered]:
        return await asyncio.to_thread(self._pipe.recv)

    async def ask(self, now: float, calls: list[tuple[Any, ...]]) -> list[Answered]:
        self.send(now, calls)
        return await self.answers()

    def stop(self) -> None:
        if self._process.is_alive():
            self._pipe.send(None)
        self._process.join(timeout=30)
        if self._process.is_alive():
            self._process.kill()


@asynccontextmanager
async def bot_processes(database: str | Path) -> AsyncIterator[tuple[Process, Process]]:
    pair = (Process(database), Process(database))
    try:
        await asyncio.gather(*(p.start() for p in pair))
        yield pair
    finally:
        for process in pair:
            process.stop()


@dataclass(frozen=True)
class Truth:
    """A game as the database holds it, read afresh by the test's own service."""

    version: int
    active: bool
    to_act: int | None                  # the user id
    computer_to_act: bool
    legal: dict[int, frozenset[str]]    # every human's legal moves now (empty unless it is their turn)


@dataclass
class Game:
    game_id: int
    kind: str
    humans: tuple[int, ...]
    deadline: bool = False
    races: int = 0


@dataclass
class Tally:
    races: dict[str, int] = field(default_factory=dict)
    wins: list[int] = field(default_factory=lambda: [0, 0])


async def truth_of(service: GameService, game: Game) -> Truth:
    service.core.forget(game.game_id)
    live = await service.core.load_live(game.game_id)
    assert live is not None
    engine = get_game(game.kind)
    active = live.row.status is GameStatus.ACTIVE
    seat = engine.to_move(live.state) if active else None
    to_act = None if seat is None else live.user_of(seat)
    moves = frozenset(str(m) for m in engine.legal_moves(live.state)) if active else frozenset()
    return Truth(live.version, active, to_act, seat is not None and live.seats[seat].computer_plays,
                 {user: moves if user == to_act else frozenset() for user in game.humans})


async def open_games(service: GameService) -> list[Game]:
    games: list[Game] = []
    channel = iter(range(700, 800))
    for kind, players in (("alcazar", 3), ("alcazar", 3), ("alcazar", 2), ("alcazar1978", 2), ("alcazar1978", 2)):
        table = await open_table(service, kind, players, seed=len(games) + 11, channel_id=next(channel))
        games.append(Game(table.game_id, kind, tuple(table.last.game.players)))
    for deadline_seed in (3, 4):
        lobby = await service.lobby.create_lobby(1, next(channel), HOST, "alcazar", {"deadline_hours": 1},
                                                 seed=deadline_seed)
        assert isinstance(lobby, Accepted)
        assert isinstance(await service.lobby.join(lobby.game.id, HOST + 1), Accepted)
        started = await service.lobby.start(lobby.game.id, HOST)
        assert isinstance(started, Accepted)
        games.append(Game(lobby.game.id, "alcazar", (HOST, HOST + 1), deadline=True))
    for kind, computer_seed in (("alcazar1978", 5), ("alcazar", 6), ("alcazar", 7)):
        lobby = await service.lobby.create_lobby(1, next(channel), HOST, kind, seed=computer_seed)
        assert isinstance(lobby, Accepted)
        assert isinstance(await service.computers.add_computer(lobby.game.id, HOST, "easy"), Accepted)
        started = await service.lobby.start(lobby.game.id, HOST)
        assert isinstance(started, Accepted)
        games.append(Game(lobby.game.id, kind, (HOST,)))
    return games


def race_calls(game: Game, truth: Truth, rng: random.Random, round_number: int
               ) -> tuple[str, tuple[Any, ...], tuple[Any, ...]]:
    """The race this game has this round: its kind and each process's racing call."""
    if truth.computer_to_act:
        call = ("computer", game.game_id, truth.version)
        return "computer", call, call
    assert truth.to_act is not None
    moves = sorted(truth.legal[truth.to_act])
    first = rng.choice(moves)
    play = ("play", game.game_id, truth.to_act, first, truth.version)
    if game.deadline:
        return "deadline", ("deadlines",), play
    if round_number % 2 == 0 or len(moves) < 2:
        return "same move", play, play
    second = rng.choice([m for m in moves if m != first])
    return "different moves", play, ("play", game.game_id, truth.to_act, second, truth.version)


def looks(game: Game) -> list[tuple[Any, ...]]:
    """Each human's legal moves, from the game loaded afresh while the race goes on."""
    return [("moves_for", game.game_id, user, True) for user in game.humans]


def check_moves_listed(game: Game, before: Truth, after: Truth, listed: list[Answered]) -> None:
    for user, answer in zip(game.humans, listed):
        assert answer.outcome == "moves", (game, answer)
        mine = before.legal[user] | after.legal[user]
        foreign = set(answer.detail) - mine
        assert not foreign, f"game {game.game_id}: moves listed for {user} that are not theirs: {sorted(foreign)[:5]}"


def winner_of(kind: str, game: Game, answers: tuple[Answered, Answered], *, ended: bool) -> int:
    """Which process won the race (0 or 1); fails the test unless exactly one did and the other was
    refused as it should be: its move came too late, or (when the winner's move ``ended`` the game) the game
    is over, which is what the loser then hears first."""
    if kind == "deadline":
        skipped = game.game_id in answers[0].detail
        assert answers[0].outcome == "skipped", answers[0]
        played = answers[1]
        if skipped:
            assert played == Answered("refused", "STALE_VERSION"), played
            return 0
        assert played.outcome == "accepted", played
        return 1
    won = [i for i, a in enumerate(answers) if a.outcome == "accepted"]
    assert len(won) == 1, (kind, game, answers)
    lost = answers[1 - won[0]]
    if kind == "computer":
        expected = [Answered("nothing")]
    else:
        expected = [Answered("refused", "STALE_VERSION")] + ([Answered("refused", "GAME_OVER")] if ended else [])
    assert lost in expected, (kind, game, lost)
    return won[0]


def next_call(game: Game, truth: Truth, rng: random.Random) -> tuple[Any, ...]:
    if truth.computer_to_act:
        return ("computer", game.game_id, truth.version)
    assert truth.to_act is not None
    return ("play", game.game_id, truth.to_act, rng.choice(sorted(truth.legal[truth.to_act])), truth.version)


async def race_round(service: GameService, clock: FakeClock, pair: tuple[Process, Process], games: list[Game],
                     rng: random.Random, round_number: int, tally: Tally) -> None:
    clock.advance(hours=2)            # the deadline games' turns are late
    now = clock.now()
    truths = {g.game_id: await truth_of(service, g) for g in games}
    playing = [g for g in games if truths[g.game_id].active]
    if not playing:
        return
    races = {g.game_id: race_calls(g, truths[g.game_id], rng, round_number) for g in playing}
    batches: tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]] = ([], [])
    # One round of missed deadlines covers every game; the race for each is in its answer.
    if any(kind == "deadline" for kind, _, _ in races.values()):
        batches[0].append(("deadlines",))
    for game in playing:
        kind, first, second = races[game.game_id]
        if kind != "deadline":
            batches[0].append(first)
        batches[1].append(second)
        for batch in batches:
            batch.extend(looks(game))
    for process, batch in zip(pair, batches):
        process.send(now, batch)
    answered = [await process.answers() for process in pair]
    for answers in answered:
        assert all(a.outcome != "error" for a in answers), [a for a in answers if a.outcome == "error"]
    read = [iter(answers) for answers in answered]
    deadline_round = next(read[0]) if batches[0] and batches[0][0] == ("deadlines",) else None
    follow_ups: tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]] = ([], [])
    for game in playing:
        kind = races[game.game_id][0]
        if kind == "deadline":
            assert deadline_round is not None
            racing = (deadline_round, next(read[1]))
        else:
            racing = (next(read[0]), next(read[1]))
        listed = [[next(read[which]) for _ in game.humans] for which in (0, 1)]
        after = await truth_of(service, game)
        winner = winner_of(kind, game, racing, ended=not after.active)
        assert after.version == truths[game.game_id].version + 1, (kind, game, racing)
        for which in (0, 1):
            check_moves_listed(game, truths[game.game_id], after, listed[which])
        tally.races[kind] = tally.races.get(kind, 0) + 1
        tally.wins[winner] += 1
        if after.active:
            follow_ups[1 - winner].append(next_call(game, after, rng))
    for process, calls in zip(pair, follow_ups):
        if calls:
            for answer in await process.ask(now, calls):
                assert answer.outcome == "accepted", (answer, calls)


async def test_two_processes_race_on_the_same_games_and_the_loser_plays_on(
        db_path: str | Path, service: GameService, clock: FakeClock) -> None:
    rng = random.Random(27)
    games = await open_games(service)
    tally = Tally()
    async with bot_processes(db_path) as pair:
        for process in pair:        # both hold every game in memory, as busy processes do
            await process.ask(clock.now(), [("look", g.game_id) for g in games])
        for round_number in range(ROUNDS):
            await race_round(service, clock, pair, games, rng, round_number, tally)
    assert sum(tally.races.values()) >= 120, tally
    assert set(tally.races) == {"same move", "different moves", "deadline", "computer"}, tally
    assert min(tally.wins) > 0, tally          # each process won and lost some
