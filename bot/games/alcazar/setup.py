"""Starting a game: the shuffle and the deal."""
from __future__ import annotations

import random
from typing import Any, Sequence

from bot.games.alcazar import board
from bot.games.alcazar.state import CARD_COUNT, FACE_UP_COUNT, HAND_SIZE, Player, State

MIN_PLAYERS, MAX_PLAYERS = 2, 5
DEFAULT_OPTIONS: dict[str, Any] = {}


def shuffled_deck(seed: int) -> list[int]:
    """The 72 building cards in draw order for ``seed`` (the game's only randomness)."""
    deck = list(range(1, CARD_COUNT + 1))
    random.Random(seed).shuffle(deck)
    return deck


def new_game(
    players: int,
    seed: int | None = None,
    *,
    deck: Sequence[int] | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """A new game: each seat gets 10 cards, 6 lie face up, the rest is the deck; seat 0 moves first.

    ``deck`` arranges the deal (tests): the 72 card numbers in draw order.
    Without it the cards are shuffled once from ``seed`` (a random seed when
    None), and the order is kept in the state, so replays are exact.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Alcazar is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    unknown = set(options or {}) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
    if deck is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        order = shuffled_deck(seed)
    else:
        order = list(deck)
        if sorted(order) != list(range(1, CARD_COUNT + 1)):
            raise ValueError("an arranged deck must hold each card 1..72 exactly once")
    seats = [
        Player(hand=tuple(sorted(order[i * HAND_SIZE:(i + 1) * HAND_SIZE]))) for i in range(players)
    ]
    dealt = players * HAND_SIZE
    return State(
        players=seats,
        stacks=[() for _ in range(board.CELL_COUNT)],
        nobles={},
        bridges=[],
        flags={},
        face_up=order[dealt:dealt + FACE_UP_COUNT],
        deck=order[dealt + FACE_UP_COUNT:],
        seed=seed,
        options={**DEFAULT_OPTIONS, **(options or {})},
    )
