"""Alcazar (2009, Wolfgang Kramer): the rules engine.

The API of ``docs/engine-contract.md`` and ``docs/engine-extras.md``::

    from bot.games import alcazar as game
    state = game.new_game(players=3, seed=42)
    moves = game.legal_moves(state)          # complete moves, e.g. "withdraw 12; raise 10 + move 8>10"
    parts = game.describe(state, moves[0])   # the move taken apart: withdrawal, action, cards, noble step
    state = game.play(state, "castle 8 7-9 + grande 8")

Pure and synchronous; the rules are written down in ``rules.py`` (checks
shared by move generation and validation), ``play.py`` (carrying a move out)
and ``scoring.py``; ``parts.py`` describes a move to the layers above, which
never read notation.
"""
from __future__ import annotations

from typing import Any

from bot.games.alcazar import board
from bot.games.alcazar.legal import forced_pass, legal_moves
from bot.games.alcazar.moves import Move, MoveParts, Step, parse_notation
from bot.games.alcazar.parts import AlcazarMoveParts, NobleStep, Place, Withdrawal, describe
from bot.games.alcazar.play import play, retire, skip
from bot.games.alcazar.scoring import outcome
from bot.games.alcazar.setup import DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, new_game
from bot.games.alcazar.state import COLORS, FLAG_NAMES, State, from_dict, to_dict
from bot.games.alcazar.validate import plan_move
from bot.games.alcazar.view import view
from bot.games.alcazar.words import describe_move, describe_move_by_part
from bot.games.common import GameError, IllegalMove, MoveError, Outcome
from bot.i18n.message import Msg

NAME = "alcazar"
TITLE = "Alcazar"
# The session may skip a turn (a missed deadline) and retire a seat (a resignation); the game goes on.
CAN_SKIP = True
CAN_RETIRE = True

__all__ = [
    "CAN_RETIRE", "CAN_SKIP", "COLORS", "DEFAULT_OPTIONS", "FLAG_NAMES", "MAX_PLAYERS", "MIN_PLAYERS", "NAME",
    "TITLE",
    "AlcazarMoveParts", "GameError", "IllegalMove", "Move", "MoveError", "MoveParts", "NobleStep", "Outcome",
    "Place", "State", "Step", "Withdrawal",
    "board", "describe", "describe_move", "describe_move_by_part", "extras", "forced_pass", "from_dict",
    "hand", "legal_moves", "new_game", "options", "outcome", "parse_move", "play", "ply", "retire", "skip",
    "to_dict", "to_move", "view", "why_no_take_back",
]


def to_move(state: State) -> int | None:
    """The seat of the player to act; None once the game is over."""
    return state.to_move


def parse_move(state: State, text: str) -> Move:
    """Read a move for the player to act: ``MoveError`` if malformed, ``IllegalMove`` (why) if forbidden."""
    parts = parse_notation(text)
    plan_move(state, parts)
    return Move.from_parts(parts)


def extras(move: Move) -> tuple[bool, ...]:
    """``describe(state, move).extras`` (a noble step, a withdrawal) without taking the move apart:
    cheap enough to sort every legal move by on each autocomplete keystroke."""
    outline = move.outline
    return (outline.steps, outline.withdraws)


def hand(state: State, seat: int) -> tuple[int, ...]:
    """The building cards in ``seat``'s hand: a secret, for that player's eyes only."""
    return tuple(state.players[seat].hand)


def why_no_take_back(move: Move | str) -> Msg | None:
    """Why a played move (a Move, or its notation from the log) may not be undone, or None.

    Buying a building card shows a card from the face-down deck (the one
    drawn, or the one that refills the face-up row): taking the move back
    would let the player choose again knowing it. Tower cards are all alike.
    """
    parts = (Move(move) if isinstance(move, str) else move).parts
    if parts.kind == "buy" and parts.source != "tower":
        return Msg("undo.deck_card_shown")
    return None


def options(state: State) -> dict[str, Any]:
    """The options the game was created with."""
    return dict(state.options)


def ply(state: State) -> int:
    """How many moves (skips included) have been played."""
    return state.ply
