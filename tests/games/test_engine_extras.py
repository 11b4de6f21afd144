"""The engines' extras for the service: hand() and forced_pass()."""
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


def test_alcazar_forced_pass_only_when_pass_is_the_only_move() -> None:
    from bot.games.alcazar.arrange import arrange

    game = get_game("alcazar")
    broke = arrange(players=2, money=[4, 40], hands=[[], [20]])
    assert [str(m) for m in game.legal_moves(broke)] == ["pass"]
    assert game.forced_pass(broke)
    can_buy = arrange(players=2, money=[5, 40], hands=[[], [20]])
    assert "pass" not in [str(m) for m in game.legal_moves(can_buy)] and not game.forced_pass(can_buy)
    can_play = arrange(players=2, money=[0, 40], hands=[[20], []])
    assert not game.forced_pass(can_play)


def test_forced_pass_agrees_with_the_move_list_in_random_games() -> None:
    for name, players in (("alcazar", 3), ("alcazar1978", 2)):
        game = get_game(name)
        rng = random.Random(11)
        for seed in range(6):
            state = game.new_game(players=players, seed=seed)
            while game.to_move(state) is not None and game.ply(state) < 400:
                moves = game.legal_moves(state)
                assert game.forced_pass(state) == ([str(m) for m in moves] == ["pass"])
                state = game.play(state, rng.choice(moves))
            assert not game.forced_pass(state)
