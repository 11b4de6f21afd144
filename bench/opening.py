"""Games in play for the benches, opened fast: thousands within a minute or two on 2 cores.

Each game is started through the service (lobby, joins, start) and dealt from
one of ``positions`` seeds: games dealt from the same seed get the same cards,
the same seats and the same random moves. A position's moves are worked out
once, by the engine alone in worker processes (picking a random move means
listing every legal one, the costly part): an opening (0 to 40 random moves
for Alcazar, 0 to 12 for Alcazar (1978), none that ends the game), then the
``continuation`` the bench plays later through ``turns.play``. The opening is
written to each game dealt from the position as the service writes a move,
through ``ServiceCore.commit_step`` (its log lines, its snapshot, its turn),
as one step per game and many games in a transaction, and the game is then
held by the service's cache as after any move.

What the bench keeps of a game (``Game``) is a plain tuple of atoms (ints, str,
bytes), which the garbage collector untracks: the bench's bookkeeping adds
nothing to the collections it measures.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import NamedTuple, Sequence

from bot.games import get_game
from bot.service import Accepted, GameService
from bot.service import live as engine_work
from bot.service.live import Action, LiveGame, Step
from bot.store import EntryKind, GameRow, LogEntry, SeatRow, Tx

KINDS = [("alcazar", 2), ("alcazar", 3), ("alcazar", 4), ("alcazar", 5), ("alcazar1978", 2)]
HOST = 1000


#: A game the bench plays, in atoms only (a plain tuple of them, which the collector untracks; not a
#: ``NamedTuple``, which it never does): its id, the user id of each seat, the moves still to play in
#: order (its continuation), the seat that plays each, and the index of the next one.
Game = tuple[int, tuple[int, ...], tuple[str, ...], bytes, int]


def game_id(game: Game) -> int:
    return game[0]


def next_move(game: Game) -> tuple[int, str]:
    """The user to play the game's next move, and the move."""
    _, users, moves, movers, index = game
    return users[movers[index]], moves[index]


def played(game: Game) -> Game:
    """The game after its next move."""
    game_id_, users, moves, movers, index = game
    return game_id_, users, moves, movers, index + 1


def done(game: Game) -> bool:
    return game[4] >= len(game[2])


class Line(NamedTuple):
    """A position's random moves, worked out by the engine: the opening's log lines and the snapshot
    after them, and the continuation."""

    entries: tuple[LogEntry, ...]
    snapshot: str
    ply: int
    moves: tuple[str, ...]
    movers: bytes


def work_out_line(row: GameRow, seats: tuple[SeatRow, ...], snapshot: str, ply: int, continuation: int,
                  now: float) -> Line:
    """The random moves of the position in ``snapshot`` (run in a worker process: the engine alone)."""
    engine = get_game(row.kind)
    state, hands = engine_work.restore(engine, snapshot, len(seats))
    live = LiveGame(row=row, seats=seats, engine=engine, state=state, ply=ply, hands=hands)
    rng = random.Random(row.seed)
    entries: list[LogEntry] = []
    for _ in range(rng.randint(0, 40 if row.kind == "alcazar" else 12)):
        seat, text = random_move(live, rng)
        step = engine_work.advance(engine, live, Action(EntryKind.MOVE, seat, text), now)
        if step.outcome is not None:
            break           # the game stays in play
        entries += step.entries
        live = replace(live, state=step.state, ply=step.ply, hands=step.hands)
    opened, opened_ply = engine_work.snapshot_of(engine, live.state), live.ply
    moves, movers = [], []
    for _ in range(continuation):
        seat, text = random_move(live, rng)
        step = engine_work.advance(engine, live, Action(EntryKind.MOVE, seat, text), now)
        moves.append(text)
        movers.append(seat)
        if step.outcome is not None:
            break
        live = replace(live, state=step.state, ply=step.ply, hands=step.hands)
    return Line(tuple(entries), opened, opened_ply, tuple(moves), bytes(movers))


def random_move(live: LiveGame, rng: random.Random) -> tuple[int, str]:
    seat = live.engine.to_move(live.state)
    assert seat is not None, "a game in play has a player to act"
    return seat, str(rng.choice(live.engine.legal_moves(live.state)))


async def start_game(service: GameService, index: int, position: int) -> int:
    """Game ``index`` (its own channel), dealt from seed ``position``, which also sets its kind and players."""
    kind, players = KINDS[position % len(KINDS)]
    lobby = await service.lobby.create_lobby(1, 100 + index, HOST, kind, seed=position)
    assert isinstance(lobby, Accepted), lobby
    for user in range(HOST + 1, HOST + players):
        await service.lobby.join(lobby.game.id, user)
    started = await service.lobby.start(lobby.game.id, HOST)
    assert isinstance(started, Accepted), started
    return lobby.game.id


async def open_games(service: GameService, count: int, positions: int, continuation: int) -> list[Game]:
    """``count`` games in play, held by the service's cache (which must have room for them all), dealt
    from ``min(count, positions)`` seeds: game ``i`` from seed ``i % positions``; each with up to
    ``continuation`` moves to play."""
    positions = min(count, positions)
    ids: list[int] = []
    for first in range(0, count, 25):
        batch = range(first, min(count, first + 25))
        ids += await asyncio.gather(*(start_game(service, i, i % positions) for i in batch))
    core = service.core
    now = service.clock.now()
    started = [await core.load_live(ids[p]) for p in range(positions)]
    loop = asyncio.get_running_loop()
    # Spawned, not forked: this process runs threads (the database's, the image pool's) a fork would copy mid-work.
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=multiprocessing.get_context("spawn")) as pool:
        lines = await asyncio.gather(*(
            loop.run_in_executor(pool, work_out_line, live.row, live.seats,
                                 engine_work.snapshot_of(live.engine, live.state), live.ply, continuation, now)
            for live in started if live is not None))
    games: list[Game] = []
    for first in range(0, count, 50):
        async with service.store.write() as tx:
            for index in range(first, min(count, first + 50)):
                games.append(await write_opening(service, tx, ids[index], lines[index % positions]))
    return games


async def write_opening(service: GameService, tx: Tx, game_id: int, line: Line) -> Game:
    """The opening's moves written to the game as one step of the service's, and the game cached after it."""
    core = service.core
    live = await core.load_live(game_id, trust_cache=True)
    assert live is not None, game_id
    if line.entries:
        state, hands = engine_work.restore(live.engine, line.snapshot, len(live.seats))
        step = Step(state=state, entries=line.entries, hands=hands, hands_changed=(), outcome=None,
                    snapshot=line.snapshot, ply=line.ply, views={})
        core.remember(await core.commit_step(tx, live, step, service.clock.now()))
    return (game_id, live.user_ids, line.moves, line.movers, 0)


def turns_per_game(rates: Sequence[float], seconds: float, games: int) -> int:
    """The continuation a game needs when the bench plays the games in turn: every rate's moves, over
    the games, and a few more (a game leaves the bench once its continuation is played)."""
    return int(sum(rates) * seconds / max(1, games)) + 3
