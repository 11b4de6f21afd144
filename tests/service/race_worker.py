"""One bot process of the cross-process race tests: a ``GameService`` over its own store.

``serve(database, connection)`` runs in a process of its own (``multiprocessing``, spawned) and
answers requests from the test on ``connection``, each a list of calls to run at once (one per
game, so that a whole round of races is one message): ``("play", game, user, text, version)``,
``("deadlines",)`` (a round of missed deadlines: the games whose turn it ended), ``("computer", game,
version)``, ``("moves_for", game, user, afresh)`` (``afresh``: the game loaded from the store, not
the memory) and ``("look", game)``. Every call's answer is plain data (``Answered``); an exception is an answer
too, so that the test sees it rather than a dead process. Each request carries the time, which
every process's clock is set to: the processes share one timeline, as real ones share the wall
clock.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bot.service import Accepted, FakeClock, GameService, Refusal
from bot.service.workers import configure_workers, stop_workers
from bot.store import open_store


@dataclass(frozen=True)
class Answered:
    """What one call answered: ``accepted`` (with the version it made), ``refused`` (with the reason's
    name), ``nothing``, ``skipped`` (the games), ``moves`` (their notation) or ``error`` (the
    exception, named)."""

    outcome: str
    detail: Any = None


def serve(database: str | Path, connection: Connection) -> None:
    asyncio.run(_serve(database, connection))


async def _serve(database: str | Path, connection: Connection) -> None:
    clock = FakeClock()
    store = await open_store(database)
    # Computers think briefly, in one worker process of this process's pool.
    configure_workers(1)
    service = GameService(store, clock, think_scale=0.01)
    try:
        connection.send("ready")
        while True:
            request = await asyncio.to_thread(connection.recv)
            if request is None:
                return
            now, calls = request
            clock._now = now
            answers = await asyncio.gather(*(_answer(service, call) for call in calls))
            connection.send(list(answers))
    finally:
        await stop_workers()
        await store.close()


async def _answer(service: GameService, call: tuple[Any, ...]) -> Answered:
    try:
        return await _call(service, *call)
    except Exception as error:     # noqa: BLE001 - an exception is what the test looks for
        return Answered("error", f"{type(error).__name__}: {error}")


async def _call(service: GameService, what: str, *args: Any) -> Answered:
    if what == "play":
        game_id, user, text, version = args
        return _result(await service.turns.play(game_id, user, text, version))
    if what == "deadlines":
        return Answered("skipped", sorted(a.game.id for a in await service.reminders.process_deadlines()))
    if what == "computer":
        game_id, version = args
        return _result(await service.computers.play_computer_turn(game_id, version))
    if what == "moves_for":
        game_id, user, afresh = args
        if afresh:
            service.core.forget(game_id)
        return Answered("moves", [m.notation for m in await service.records.legal_moves_for(game_id, user, limit=None)])
    if what == "look":
        (game_id,) = args
        board = await service.records.board_view(game_id)
        return Answered("version", board.game.version)
    raise ValueError(f"no such call: {what}")


def _result(result: Accepted | Refusal | None) -> Answered:
    if result is None:
        return Answered("nothing")
    if isinstance(result, Refusal):
        return Answered("refused", result.reason.name)
    return Answered("accepted", result.game.version)
