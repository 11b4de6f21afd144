"""Thousands of positions from random games of both kinds draw without error.

Drawing is what can fail on an odd position (a crowded cell, crossing
bridges, a wall swung to the rim); PNG encoding cannot, so these draw the
images without encoding them to stay fast.  The PNG path is covered by the
other renderer tests.
"""
from __future__ import annotations

import random

from bot.games import get_game
from renderer.alcazar import board_image
from renderer.alcazar1978 import board_image as board_1978_image
from renderer.hand import hand_image


def test_thousands_of_alcazar_positions_draw() -> None:
    game = get_game("alcazar")
    rng = random.Random(72)
    drawn = 0
    for seed in range(12):
        players = 2 + seed % 4
        state = game.new_game(players=players, seed=700 + seed)
        while game.to_move(state) is not None:
            seat = game.to_move(state)
            assert seat is not None
            state = game.play(state, rng.choice(game.legal_moves(state)))
            image = board_image(game.view(state, None), size=24)
            assert image.width > 0
            if drawn % 7 == 0:
                hand_image(game.view(state, seat), size=6)
            drawn += 1
        board_image(game.view(state, None), size=24)
    assert drawn >= 1000


def test_thousands_of_alcazar_1978_positions_draw() -> None:
    game = get_game("alcazar1978")
    rng = random.Random(78)
    drawn = 0
    for _ in range(12):
        state = game.new_game(players=2)
        while game.to_move(state) is not None and drawn < 4000:
            state = game.play(state, rng.choice(game.legal_moves(state)))
            board_1978_image(game.view(state, None), size=40)
            drawn += 1
    assert drawn >= 1000
