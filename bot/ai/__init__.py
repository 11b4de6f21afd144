"""Computer players for both games: pure, synchronous, using only the engines.

    from bot.ai import observe, choose_move
    seen = observe("alcazar", state, seat, history)      # what that seat may know
    notation = choose_move("alcazar", seen, seat, "normal", seed=7)

``observe`` is the one place that decides what a computer is shown: for
Alcazar (2009) the seat's own view (``view(state, seat)``: the board, public
counts, its hand) and the public log; for Alcazar (1978), where nothing is
hidden, the position with its repetition history. ``choose_move`` decides
from that and its seed alone. It is a module-level function with picklable
arguments, so the service runs it in the worker processes
(``bot.service.workers.in_process``), off the event loop.

Levels are ``easy``, ``normal`` and ``hard``; the level sets the thinking
time (``THINKING_SECONDS``), which ``scale`` multiplies (tests, benchmarks).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.ai.alcazar import EASY_SECONDS
from bot.ai.alcazar import LEVELS as _ALCAZAR_LEVELS
from bot.ai.alcazar import choose_move_alcazar
from bot.ai.alcazar1978 import LEVELS as _LEVELS_1978
from bot.ai.alcazar1978 import choose_move_1978
from bot.games import get_game

__all__ = ["LEVELS", "THINKING_SECONDS", "choose_move", "level_name", "observe"]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

#: Thinking time per move, by game and level (the 1978 search stops on a forced result earlier).
THINKING_SECONDS: dict[str, dict[str, float]] = {
    "alcazar": {"easy": EASY_SECONDS, **{name: lv.seconds for name, lv in _ALCAZAR_LEVELS.items()}},
    "alcazar1978": {name: lv.seconds for name, lv in _LEVELS_1978.items()},
}


def level_name(level: str, number: int = 1) -> str:
    """How computer ``number`` of a table, of that level, is called there (English): "Computer 2 (normal)"."""
    return f"Computer {number} ({level})"


def observe(kind: str, state: Any, seat: int, history: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """Everything a computer in ``seat`` may know, JSON-ready: never another hand or the deck order.

    ``history`` is the public log as (seat, notation) pairs, moves only.
    """
    engine = get_game(kind)
    if kind == "alcazar":
        return {"view": engine.view(state, seat), "history": [[s, n] for s, n in history]}
    # Alcazar (1978) hides nothing: the whole position is public, its repetition history too.
    return {"state": engine.to_dict(state)}


def choose_move(kind: str, seen: Mapping[str, Any], seat: int, level: str, seed: int,
                scale: float = 1.0, iterations: int | None = None) -> str:
    """The computer's move for ``seat`` in notation, from ``observe``'s output and its seed.

    ``iterations`` (Alcazar only) fixes the amount of search instead of the time, for tests.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    if kind == "alcazar":
        view = seen["view"]
        if view["seat"] != seat or view["to_move"] != seat:
            raise ValueError(f"it is not seat {seat}'s turn in this view")
        history = [(int(s), str(n)) for s, n in seen["history"]]
        return choose_move_alcazar(view, history, level, seed, scale=scale, iterations=iterations)
    engine = get_game(kind)
    state = engine.from_dict(seen["state"])
    if engine.to_move(state) != seat:
        raise ValueError(f"it is not seat {seat}'s turn in this position")
    return choose_move_1978(state, level, seed, scale=scale)
