"""The registry of games by name, so that no other layer imports an engine by hand.

    from bot.games import get_game
    game = get_game("alcazar1978")
    state = game.new_game(players=2, seed=7)

Every engine module follows ``shared/engine-contract.md`` and also carries a
few descriptive constants: ``NAME``, ``TITLE``, ``MIN_PLAYERS``,
``MAX_PLAYERS`` and ``DEFAULT_OPTIONS`` (house rules a host may switch).
"""
from __future__ import annotations

import importlib
from types import ModuleType

from bot.games.common import GameError, IllegalMove, MoveError, Outcome

__all__ = ["GAME_NAMES", "GameError", "IllegalMove", "MoveError", "Outcome", "get_game"]

# name -> module path; the order is the order games are offered to players.
_ENGINES: dict[str, str] = {
    "alcazar": "bot.games.alcazar",
    "alcazar1978": "bot.games.alcazar1978",
}

GAME_NAMES: tuple[str, ...] = tuple(_ENGINES)


def get_game(name: str) -> ModuleType:
    """The engine module for a game name; ``KeyError`` for an unknown name."""
    try:
        path = _ENGINES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}") from None
    return importlib.import_module(path)
