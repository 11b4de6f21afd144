"""The Alcazar (2009) computer: it decides from its seat's view alone, and its deals agree with what it knows."""
from __future__ import annotations

import random

import pytest

from bot.ai import choose_move, observe
from bot.ai.information import determinize, knowledge_of, state_from_view
from bot.games import alcazar as game
from bot.games.alcazar.arrange import arrange


def _played(state: game.State, seed: int, plies: int) -> tuple[game.State, list[tuple[int, str]]]:
    """``state`` after ``plies`` random moves, with the public log."""
    rng = random.Random(seed)
    history: list[tuple[int, str]] = []
    for _ in range(plies):
        seat = game.to_move(state)
        if seat is None:
            break
        move = str(rng.choice(game.legal_moves(state)))
        history.append((seat, move))
        state = game.play(state, move)
    return state, history


def _deck_with_hidden_cards_swapped(seed: int) -> tuple[list[int], list[int]]:
    """Two deals that differ only in seat 1's hand and the order of the deck."""
    deck = list(range(1, 73))
    random.Random(seed).shuffle(deck)
    other = list(deck)
    # Seat 1's ten cards (positions 10..19) change places with cards deep in the deck.
    other[10:20], other[-10:] = deck[-10:], deck[10:20]
    other[26:-10] = list(reversed(other[26:-10]))
    return deck, other


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_positions_that_differ_only_in_hidden_cards_get_the_same_decision(level: str) -> None:
    first, second = _deck_with_hidden_cards_swapped(5)
    a = game.new_game(2, deck=first)
    b = game.new_game(2, deck=second)
    assert game.hand(a, 1) != game.hand(b, 1) and a.deck != b.deck
    assert game.hand(a, 0) == game.hand(b, 0) and a.face_up == b.face_up
    seen_a = observe("alcazar", a, 0, [])
    seen_b = observe("alcazar", b, 0, [])
    assert seen_a == seen_b, "what the computer is shown must not depend on hidden cards"
    for seed in (1, 2):
        decided = [choose_move("alcazar", seen, 0, level, seed, iterations=60) for seen in (seen_a, seen_b)]
        assert decided[0] == decided[1]
        game.parse_move(a, decided[0])


def test_the_observation_never_holds_another_hand_or_the_deck() -> None:
    state, history = _played(game.new_game(3, seed=9), seed=9, plies=20)
    seen = observe("alcazar", state, 1, history)
    assert seen["view"]["hand"] == list(game.hand(state, 1))
    assert isinstance(seen["view"]["deck"], int)
    text = repr(seen)
    for seat in (0, 2):
        view = seen["view"]
        assert "hands" not in view
        assert all("hand" not in p for p in view["players"])
        assert game.hand(state, seat) == () or game.hand(state, seat) != tuple(view["hand"])
    assert "seed" not in text


def test_a_deal_agrees_with_everything_the_seat_knows() -> None:
    state, history = _played(game.new_game(3, seed=4), seed=4, plies=40)
    seat = game.to_move(state)
    assert seat is not None
    view = game.view(state, seat)
    knowledge = knowledge_of(view, history)
    # Face-up cards someone bought and has not played are known to be in their hand.
    for mover, notation in history:
        if notation.rpartition("; ")[2].split()[:2][0] == "buy" and notation.split()[-1].isdigit():
            card = int(notation.split()[-1])
            if card in game.hand(state, mover):
                assert card in knowledge.known[mover]
    for sample in range(5):
        deal = determinize(view, knowledge, random.Random(sample))
        assert deal.players[seat].hand == game.hand(state, seat)
        for other, player in enumerate(deal.players):
            assert len(player.hand) == len(game.hand(state, other))
            assert set(knowledge.known[other]) <= set(player.hand)
        assert len(deal.deck) == len(state.deck)
        everything = sorted([c for p in deal.players for c in p.hand] + deal.deck + deal.face_up)
        assert len(everything) == len(set(everything))
        hidden = set(knowledge.unseen)
        assert {c for p in deal.players for c in p.hand} - set(knowledge.hand) - set().union(*map(set, knowledge.known)) <= hidden
        assert sorted(map(str, game.legal_moves(deal))) == sorted(map(str, game.legal_moves(state)))


def test_a_position_rebuilt_from_a_view_with_the_true_cards_plays_on_the_same() -> None:
    state, _ = _played(game.new_game(4, seed=2), seed=2, plies=60)
    rebuilt = state_from_view(game.view(state, None), [game.hand(state, s) for s in range(4)], state.deck)
    assert game.view(rebuilt, None) == game.view(state, None)
    for move in game.legal_moves(state)[:40]:
        assert game.view(game.play(rebuilt, move), None) == game.view(game.play(state, move), None)


def test_easy_plays_the_best_immediate_gain() -> None:
    # Seat 0 can found a castle and put two Grandes on it: four points for twenty Real.
    state = arrange(2, hands=[[8, 40], [20]], money=[40, 40])
    seen = observe("alcazar", state, 0, [])
    move = choose_move("alcazar", seen, 0, "easy", 3)
    assert move.startswith("castle") and move.count("grande") == 2, move


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_take_a_clear_gain(level: str) -> None:
    state = arrange(2, hands=[[8, 40], [20]], money=[40, 40])
    move = choose_move("alcazar", observe("alcazar", state, 0, []), 0, level, 3, iterations=80)
    assert move.startswith("castle") and "grande" in move, move


def test_a_computer_refuses_a_view_where_it_is_not_to_move() -> None:
    state = game.new_game(2, seed=1)
    with pytest.raises(ValueError):
        choose_move("alcazar", observe("alcazar", state, 1, []), 1, "easy", 1)
    with pytest.raises(ValueError):
        choose_move("alcazar", observe("alcazar", state, 0, []), 0, "expert", 1)
