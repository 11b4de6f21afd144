"""Random self-play: thousands of games with invariant checks, replay
determinism, and the listed moves held against the move-by-move checker."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import alcazar1978 as game
from bot.games.alcazar1978.board import POSITION_TOWERS, TOWER_BY_NAME
from bot.games.alcazar1978.moves import PASS, Move, PawnMove, WallTurn
from bot.games.alcazar1978.rules import why_illegal

GAMES = 2000
MOVE_CAP = 200


def choose(rng: random.Random, moves: list[Move], pawn_bias: float) -> Move:
    pawn_moves = [m for m in moves if isinstance(m, PawnMove)]
    if pawn_moves and rng.random() < pawn_bias:
        return rng.choice(pawn_moves)
    return rng.choice(moves)


def immobilized_by_view(view: dict, seat: int) -> bool:
    """The page's definition, worked out again from the public view."""
    pawn = view["pawns"][seat]
    if not pawn["left_start"]:
        return False
    other = view["pawns"][1 - seat]["square"]
    walls = {w["position"] for w in view["walls"]}
    file, rank = "abcd".index(pawn["square"][0]), int(pawn["square"][1]) - 1
    sides = {  # neighbour (file, rank) -> the wall position on that side, by tower names
        (file + 1, rank): f"{'ABCDE'[file + 1]}{rank}-{'ABCDE'[file + 1]}{rank + 1}",
        (file - 1, rank): f"{'ABCDE'[file]}{rank}-{'ABCDE'[file]}{rank + 1}",
        (file, rank + 1): f"{'ABCDE'[file]}{rank + 1}-{'ABCDE'[file + 1]}{rank + 1}",
        (file, rank - 1): f"{'ABCDE'[file]}{rank}-{'ABCDE'[file + 1]}{rank}",
    }
    for (f, r), wall in sides.items():
        if 0 <= f < 4 and 0 <= r < 4 and wall not in walls and f"{'abcd'[f]}{r + 1}" != other:
            return False
    return True


def check_step(before: game.State, move: Move, after: game.State) -> None:
    mover = game.to_move(before)
    assert mover is not None
    assert game.ply(after) == game.ply(before) + 1
    view = game.view(after, None)
    assert len({w["position"] for w in view["walls"]}) == 8
    opponent = 1 - mover
    result = game.outcome(after)
    if isinstance(move, PawnMove) and view["pawns"][mover]["square"] == view["pawns"][opponent]["start"]:
        assert result is not None and result.winners == (mover,)
    elif immobilized_by_view(view, opponent):
        assert result is not None and result.winners == (mover,)
        assert str(result.reason).endswith("pawn is immobilized")
    elif result is not None:
        assert result.winners == ()      # only a draw is left
    else:
        assert game.to_move(after) == opponent


def test_random_self_play() -> None:
    rng = random.Random(1978)
    endings: Counter[str] = Counter()
    for number in range(GAMES):
        options = {"threefold_repetition": number % 4 != 3}
        pawn_bias = (0.0, 0.3, 0.7)[number % 3]
        state = game.new_game(options=options)
        states: list[game.State] = [state]
        log: list[str] = []
        while game.outcome(state) is None and len(log) < MOVE_CAP:
            moves = game.legal_moves(state)
            assert moves and len(set(moves)) == len(moves)
            assert (moves == [PASS]) or PASS not in moves
            if number % 50 == 0:      # the full check on a sample of games
                for move in moves:
                    assert game.parse_move(state, str(move)) == move
                    game.play(state, move)
                data = json.loads(json.dumps(game.to_dict(state)))
                assert game.from_dict(data) == state
            move = choose(rng, moves, pawn_bias)
            after = game.play(state, str(move))
            check_step(state, move, after)
            log.append(str(move))
            states.append(after)
            state = after
        assert game.from_dict(json.loads(json.dumps(game.to_dict(state)))) == state
        result = game.outcome(state)
        endings["cap" if result is None else str(result.reason).split(" ", 1)[1] if result.winners else "draw"] += 1
        if number % 10 == 0:
            replayed = game.new_game(options=options)
            assert replayed == states[0]
            for text, expected in zip(log, states[1:]):
                replayed = game.play(replayed, text)
                assert replayed == expected
    assert endings["pawn is immobilized"] > 0
    assert endings["pawn entered Green's starting square d1"] > 0
    assert endings["pawn entered Red's starting square a4"] > 0
    assert endings["draw"] > 0
    assert sum(endings.values()) == GAMES


def candidate_moves(state: game.State) -> list[Move]:
    """Every move worth trying: the own pawn to any square, each wall around its own
    towers and one foreign tower, and pass."""
    seat = game.to_move(state)
    assert seat is not None
    own = state.pawns[seat]
    candidates: list[Move] = [PawnMove(own, target) for target in range(16) if target != own]
    candidates.append(PawnMove(state.pawns[1 - seat], own))
    for wall, position in enumerate(state.walls, start=1):
        for pivot in (*POSITION_TOWERS[position], TOWER_BY_NAME["C2"]):
            for direction in ("cw", "ccw"):
                for quarters in (1, 2, 3):
                    candidates.append(WallTurn(wall, pivot, direction, quarters))
    candidates.append(PASS)
    return candidates


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(0, 120), threefold=st.booleans())
def test_listed_moves_are_exactly_the_moves_play_accepts(seed: int, length: int, threefold: bool) -> None:
    rng = random.Random(seed)
    state = game.new_game(options={"threefold_repetition": threefold})
    for _ in range(length):
        if game.outcome(state) is not None:
            break
        state = game.play(state, choose(rng, game.legal_moves(state), 0.3))
    if game.outcome(state) is not None:
        assert game.legal_moves(state) == []
        return
    listed = set(game.legal_moves(state))
    accepted = {m for m in candidate_moves(state) if why_illegal(state, m) is None}
    assert accepted == listed
    for move in candidate_moves(state):
        if move not in listed:
            reason = why_illegal(state, move)
            assert reason, f"{move} is not listed but has no reason"
