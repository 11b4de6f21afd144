"""Moves that come faster than the image workers can draw wait at the door as moves, not as turns worked out:
what a full collection walks for a backlog stays a few objects a waiting move (``bot/service/admission.py``)."""
from __future__ import annotations

import asyncio
import gc
import time

from tests.service.helpers import open_table

from bot.service import Accepted, GameService, Reason, Refusal, board_png, start_pictures, stop_pictures
from bot.service.admission import PER_WORKER, Admission
from bot.service.workers import configure_workers, in_process
from bot.store import Store

NAMES = ["Ana", "Benedek", "Cleo"]
#: Objects the collector tracks for one move waiting at the door: its task, its coroutines, their futures and
#: contexts (about 15). A turn worked out and waiting for a worker holds about 150 in a game's first move, about
#: 350 later on (the new state, the views of the board and of the hands).
TRACKED_PER_WAITING_MOVE = 40


async def turn(service: GameService, game_id: int, user_id: int, move: str) -> bytes:
    """A move as the bot handles it: played, then its board drawn in a worker."""
    result = await service.turns.play(game_id, user_id, move)
    assert isinstance(result, Accepted) and result.posting is not None, result
    return await board_png(result.game.kind, result.posting.board.view, NAMES[:len(result.game.players)])


async def test_a_backlog_of_moves_waits_as_a_few_objects_each_and_every_move_is_then_played(store: Store) -> None:
    service = GameService(store)
    tables = [await open_table(service, "alcazar", 3, seed=n, channel_id=4000 + n) for n in range(40)]
    moves = []
    for table in tables:      # each move picked first: the test's own work is not what it measures
        assert table.to_move_id is not None
        moves.append((table.game_id, table.to_move_id, table.pick(win=False)))
    start_pictures(1)
    try:
        # The worker is behind: as many calls in the pool as the door lets in for one worker.
        behind = [asyncio.create_task(in_process(time.sleep, 0.5)) for _ in range(PER_WORKER)]
        await asyncio.sleep(0.05)
        gc.collect()
        before = len(gc.get_objects())

        turns = [asyncio.create_task(turn(service, *move)) for move in moves]
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert service.core.moves_admission.waiting == len(tables)
        gc.collect()
        per_move = (len(gc.get_objects()) - before) / len(tables)
        assert per_move < TRACKED_PER_WAITING_MOVE, per_move

        await asyncio.gather(*behind)
        boards = await asyncio.wait_for(asyncio.gather(*turns), 60)
    finally:
        await stop_pictures()
        configure_workers(None)
    assert all(png.startswith(b"\x89PNG") for png in boards)
    for table in tables:       # each game's one move, played once
        game = await service.records.game(table.game_id)
        assert not isinstance(game, Refusal) and game.version == table.last.game.version + 1
    assert service.core.moves_admission.inside == service.core.moves_admission.waiting == 0


async def test_the_door_lets_work_in_while_there_is_room_in_order_of_arrival() -> None:
    busy = [0]
    door = Admission(limit=lambda: 3, busy=lambda: busy[0])
    busy[0] = 1                     # one call elsewhere: two places left
    release = asyncio.Event()
    entered: list[int] = []
    most_inside = 0

    async def work(n: int) -> None:
        nonlocal most_inside
        async with door.place():
            entered.append(n)
            most_inside = max(most_inside, door.inside)
            await release.wait()

    tasks = [asyncio.create_task(work(n)) for n in range(6)]
    await asyncio.sleep(0.01)
    assert entered == [0, 1] and door.waiting == 4

    tasks[2].cancel()               # a move given up while it waits (the player's interaction gone)
    await asyncio.sleep(0.01)
    assert door.waiting == 3 and entered == [0, 1]

    release.set()                   # the work inside ends: the others come in, in their order
    await asyncio.gather(*tasks, return_exceptions=True)
    assert entered == [0, 1, 3, 4, 5]
    assert most_inside == 2
    assert door.inside == door.waiting == 0


async def test_a_move_refused_leaves_its_place_at_the_door(store: Store) -> None:
    service = GameService(store)
    table = await open_table(service, "alcazar1978", 2, channel_id=4100)
    other = next(user for user in table.last.game.players if user != table.to_move_id)
    result = await service.turns.play(table.game_id, other, table.pick(win=False))
    assert not isinstance(result, Accepted) and result.reason is Reason.NOT_YOUR_TURN
    assert service.core.moves_admission.inside == 0
