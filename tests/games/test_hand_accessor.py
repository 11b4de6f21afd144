"""``hand(state, seat)``: the cheap way the service tells whose hand changed."""
from __future__ import annotations

import random

from bot.games import get_game


def test_alcazar_hand_is_the_hand_of_that_seats_own_view() -> None:
    game = get_game("alcazar")
    rng = random.Random(3)
    state = game.new_game(players=4, seed=3)
    for _ in range(40):
        for seat in range(4):
            assert list(game.hand(state, seat)) == game.view(state, seat)["hand"]
        state = game.play(state, rng.choice(game.legal_moves(state)))


def test_alcazar_1978_has_no_hands() -> None:
    game = get_game("alcazar1978")
    state = game.new_game(players=2)
    assert game.hand(state, 0) is None and game.hand(state, 1) is None
