"""The registry of games by name, so that no other layer imports an engine by hand.

    from bot.games import get_game
    game = get_game("alcazar1978")
    state = game.new_game(players=2, seed=7)

Every engine module follows ``docs/engine-contract.md`` and
``docs/engine-extras.md``: the ``Engine`` protocol of ``bot.games.common``
types all of it, the descriptive constants (``NAME``, ``TITLE``,
``MIN_PLAYERS``, ``MAX_PLAYERS``, ``DEFAULT_OPTIONS``: house rules a host may
switch) and the capabilities ``CAN_SKIP`` and ``CAN_RETIRE`` included.
"""
from __future__ import annotations

from typing import Any

from bot.games import alcazar, alcazar1978
from bot.games.common import Engine, GameError, IllegalMove, MoveDescription, MoveError, Outcome

__all__ = ["GAME_NAMES", "AnyEngine", "Engine", "GameError", "IllegalMove", "MoveDescription", "MoveError",
           "Outcome", "get_game"]

# Each module is assigned to the protocol with its own types, so mypy checks that it keeps the contract.
ALCAZAR: Engine[alcazar.State, alcazar.Move, alcazar.AlcazarMoveParts] = alcazar
ALCAZAR_1978: Engine[alcazar1978.State, alcazar1978.Move, alcazar1978.Alcazar1978MoveParts] = alcazar1978

#: An engine whose game is known only at run time: its states and moves go back to it unexamined.
AnyEngine = Engine[Any, Any, MoveDescription]

# name -> engine; the order is the order games are offered to players.
_ENGINES: dict[str, AnyEngine] = {
    "alcazar": ALCAZAR,
    "alcazar1978": ALCAZAR_1978,
}

GAME_NAMES: tuple[str, ...] = tuple(_ENGINES)


def get_game(name: str) -> AnyEngine:
    """The engine for a game name; ``KeyError`` for an unknown name."""
    try:
        return _ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}") from None
