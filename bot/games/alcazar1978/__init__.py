"""Alcazar (1978): two pawns, eight walls, a 4 × 4 board.

The rules are ``docs/rules/alcazar-1978.md``; the API is the engine
contract (``docs/engine-contract.md``) plus the extras in
``docs/engine-extras.md``.  Seat 0 is Red (starts on a4 and moves first),
seat 1 is Green (starts on d1).

    from bot.games import alcazar1978 as game
    state = game.new_game()
    state = game.play(state, "w3 B3 ccw1")
    game.describe(state, game.legal_moves(state)[0])   # the move taken apart: a pawn step, a wall turn, a pass
"""
from __future__ import annotations

from typing import Any

from bot.games.alcazar1978.moves import PASS, Move, Pass, PawnMove, WallTurn, read_notation
from bot.games.alcazar1978.parts import (
    Alcazar1978MoveParts,
    PawnStep,
    WallTurnParts,
    describe,
    distinct_wall_turns,
)
from bot.games.alcazar1978.rules import apply, check, why_illegal
from bot.games.alcazar1978.rules import legal_moves as _legal_moves
from bot.games.alcazar1978.state import COLORS, DEFAULT_OPTIONS, State, options_of, starting_state
from bot.games.alcazar1978.state import from_dict as _from_dict
from bot.games.alcazar1978.state import to_dict as _to_dict
from bot.games.alcazar1978.view import describe_move as _describe_move
from bot.games.alcazar1978.view import describe_move_by_part
from bot.games.alcazar1978.view import view as _view
from bot.games.common import IllegalMove, MoveError, Outcome
from bot.i18n.message import Msg

__all__ = [
    "CAN_RETIRE", "CAN_SKIP", "COLORS", "DEFAULT_OPTIONS", "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "PASS",
    "TITLE",
    "Alcazar1978MoveParts", "IllegalMove", "Move", "MoveError", "Outcome", "Pass", "PawnMove", "PawnStep",
    "State", "WallTurn", "WallTurnParts",
    "describe", "describe_move", "describe_move_by_part", "distinct_wall_turns", "extras", "forced_pass",
    "from_dict", "hand", "legal_moves", "new_game", "options", "outcome", "parse_move", "play", "ply",
    "retire", "skip", "to_dict", "to_move", "view", "why_illegal", "why_no_take_back",
]

NAME = "alcazar1978"
TITLE = "Alcazar (1978)"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
# No skip and no retire: a resignation or a missed deadline ends the game (the session records the result).
CAN_SKIP = False
CAN_RETIRE = False


def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    deck: list[int] | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """The standard setup, Red to move.  There is no deal, so ``seed`` changes nothing."""
    if players != 2:
        raise ValueError(f"Alcazar (1978) is for exactly 2 players, not {players}")
    if deck is not None:
        raise ValueError("Alcazar (1978) has no cards to deal")
    return starting_state(options)


def to_move(state: State) -> int | None:
    """The seat to act, or None once the game is over."""
    return None if state.outcome is not None else state.turn


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the seat to act; ``[PASS]`` when it has none; ``[]`` when over."""
    return _legal_moves(state)


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names, checked: ``MoveError`` if it is no move, ``IllegalMove`` (why) if illegal."""
    move = read_notation(text)
    check(state, move)
    return move


def play(state: State, move: Move | str) -> State:
    """The state after a move (a Move or its notation); the input is left untouched."""
    if isinstance(move, str):
        move = read_notation(move)
    check(state, move)
    return apply(state, move)


def outcome(state: State) -> Outcome | None:
    return state.outcome


def describe_move(state: State, move: Move | str) -> Msg:
    """The move in plain words (a message) for the seat to act in ``state``."""
    return _describe_move(state, read_notation(move) if isinstance(move, str) else move)


def forced_pass(state: State) -> bool:
    """True when ``pass`` is the only legal move of the player to act (the bot plays it by itself)."""
    return _legal_moves(state) == [PASS]


def why_no_take_back(move: Move | str) -> Msg | None:
    """Nothing is hidden in Alcazar (1978): every move may be taken back."""
    return None


def extras(move: Move) -> tuple[bool, ...]:
    """``describe(state, move).extras``: a move of Alcazar (1978) adds nothing to its action."""
    return ()


def skip(state: State) -> State:
    """Not a move of Alcazar (1978) (``CAN_SKIP`` is False): a missed deadline ends the game."""
    raise ValueError("Alcazar (1978) has no skipped turns: a missed deadline ends the game")


def retire(state: State, seat: int) -> State:
    """Not a move of Alcazar (1978) (``CAN_RETIRE`` is False): a resignation ends the game."""
    raise ValueError("Alcazar (1978) has no retirement: a resignation ends the game")


def hand(state: State, seat: int) -> None:
    """Alcazar (1978) has no hands: nothing is secret."""
    return None


def options(state: State) -> dict[str, Any]:
    """The options (house rules) the game was created with."""
    return options_of(state)


def ply(state: State) -> int:
    """How many moves (passes included) have been played."""
    return state.ply


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """JSON-ready view; Alcazar (1978) has no secrets, so every seat sees the same."""
    return _view(state, seat)


def to_dict(state: State) -> dict[str, Any]:
    return _to_dict(state)


def from_dict(data: dict[str, Any]) -> State:
    return _from_dict(data)
