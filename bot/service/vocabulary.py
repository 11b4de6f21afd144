"""What the tables show of the games, in the service's words: their names, player counts, colours, house rules.

The Discord layer speaks to the service only; it asks here what it used to
read off the engines, so the engines can change their insides freely.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from bot import ai
from bot.games import GAME_NAMES, get_game

#: The games the bot plays, by the name commands take ("alcazar", "alcazar1978").
GAME_KINDS: tuple[str, ...] = GAME_NAMES

#: The computer players' levels, weakest first.
LEVELS: tuple[str, ...] = ai.LEVELS


@dataclass(frozen=True)
class GameRules:
    """One game as a table sees it."""
    kind: str
    title: str
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    default_options: Mapping[str, Any]


def game_rules(kind: str) -> GameRules:
    """The title, player counts, seat colours and default house rules of the game ``kind``."""
    engine = get_game(kind)
    return GameRules(kind=kind, title=engine.TITLE, min_players=engine.MIN_PLAYERS, max_players=engine.MAX_PLAYERS,
                     colours=tuple(str(c) for c in engine.COLORS), default_options=dict(engine.DEFAULT_OPTIONS))
