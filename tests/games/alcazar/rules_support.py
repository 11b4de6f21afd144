"""Small helpers shared by the rules tests (positions come from ``arrange``)."""
from __future__ import annotations

from typing import Any

import pytest

from bot.games import alcazar as game
from bot.games.alcazar import board
from bot.games.alcazar.scoring import outcome
from bot.games.alcazar.arrange import arrange
from bot.games.alcazar.state import State
from bot.games.common import IllegalMove, Outcome

__all__ = ["arrange", "cell", "final_score", "forbidden", "moves", "noble", "value", "height", "game", "stuck"]


def cell(name: str) -> int:
    """The engine's cell index for a space number or a garden like ``g7,1``."""
    found = board.parse_cell(name)
    assert found is not None
    return found


def moves(state: State) -> set[str]:
    """Every legal move, as notation."""
    listed = [str(m) for m in game.legal_moves(state)]
    assert len(listed) == len(set(listed)), "a move is listed twice"
    return set(listed)


def stuck(players: int = 2, **arrangement: Any) -> State:
    """A position of ``arrange`` where no card is left to buy: none face up, the decks empty."""
    state = arrange(players, face_up=[], deck=[], **arrangement)
    state.tower_deck = 0
    return state


def forbidden(state: State, move: str, reason: str) -> None:
    """``move`` is refused with a reason matching ``reason``, and is not listed."""
    with pytest.raises(IllegalMove, match=reason):
        game.play(state, move)
    assert move not in moves(state)


def final_score(state: State) -> Outcome:
    """The outcome if the game ended in ``state`` now."""
    state.end_reason, state.to_move = "test", None
    result = outcome(state)
    assert result is not None
    return result


def value(state: State, name: str) -> int:
    """The CV of the building on a cell."""
    return state.buildings.value_at(cell(name))


def height(state: State, name: str) -> int:
    return state.heights[cell(name)]


def noble(state: State, name: str) -> tuple[int, str] | None:
    found = state.nobles.get(cell(name))
    return None if found is None else (found[0], ("baron", "grande")[found[1]])
