"""Every view of random Alcazar (2009) games renders: board, hand, results."""
from __future__ import annotations

import random

from probes import open_png

from bot.games import get_game
from renderer.alcazar import board
from renderer.alcazar_geometry import geometry
from renderer.hand import hand
from renderer.results import results

game = get_game("alcazar")


def test_views_of_random_games_render() -> None:
    rng = random.Random(2009)
    boards = hands = 0
    for seed, players in enumerate((2, 3, 4, 5, 3, 5)):
        state = game.new_game(players=players, seed=seed)
        while game.to_move(state) is not None:
            seat = game.to_move(state)
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if rng.random() < 0.12:
                image = open_png(board(game.view(state, None), size=40))
                size = geometry(40, players)
                assert image.size == (size.width, size.height)
                boards += 1
            if rng.random() < 0.04:
                open_png(hand(game.view(state, seat), size=8))
                hands += 1
        open_png(board(game.view(state, None), size=40))
        open_png(results(game.view(state, None)))
    assert boards >= 50 and hands >= 10
