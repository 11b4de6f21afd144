"""The computer player of Alcazar (1978): iterative deepening alpha-beta.

Nothing in Alcazar (1978) is hidden, so the computer sees the whole position
(the engine state, whose repetition history is public too). The search is a
negamax alpha-beta with

- a transposition table keyed by the engine's position key (pawns, occupied
  wall positions, seat to act, locked wall position) and the remaining depth;
- move ordering: winning moves first, then the table's best move, then the
  two killer moves of the ply, then the rest (pawn steps before wall turns);
- an evaluation from the squares each pawn can reach, its distance to the
  opponent's starting square and its open exits (sides not closed);
- the repetition rule: the engine's ``apply`` declares the draw, so a line
  that repeats a position a third time scores as a draw in the search.

The time budget is checked every few hundred nodes; the move of the last
completed depth is played. Depth 2 is always completed whatever the budget,
so a win in one is never missed and an immobilization in one that can be
prevented is always prevented.
"""
from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass

from bot.games.alcazar1978.board import SIDES
from bot.games.alcazar1978.moves import Move, PawnMove
from bot.games.alcazar1978.rules import apply, is_immobilized, legal_moves
from bot.games.alcazar1978.state import STARTING_SQUARES, State

WIN = 100_000
# A score above this is a forced win (or loss) found by the search.
DECIDED = WIN - 1_000
# Depth every level completes whatever its budget: wins and immobilizations in one are seen.
SAFE_DEPTH = 2
CHECK_EVERY = 256          # nodes between two looks at the clock


@dataclass(frozen=True)
class Level1978:
    """How one level searches: its budget, its deepest depth and the noise on its evaluation."""

    seconds: float
    max_depth: int
    noise: int


LEVELS = {
    "easy": Level1978(seconds=0.5, max_depth=2, noise=60),
    "normal": Level1978(seconds=2.0, max_depth=64, noise=0),
    "hard": Level1978(seconds=6.0, max_depth=64, noise=0),
}

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):
    pass


def choose_move_1978(state: State, level: str, seed: int, *, scale: float = 1.0) -> str:
    """The move the computer plays for the seat to act, in notation.

    ``scale`` multiplies the level's time budget (benchmarks and tests run
    shorter searches; the depth guarantee holds at any scale).
    """
    moves = legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if len(moves) == 1:
        return str(moves[0])
    settings = LEVELS[level]
    search = _Search(settings, random.Random(seed), time.perf_counter() + settings.seconds * scale)
    return str(search.best_move(state, moves))


class _Search:
    def __init__(self, level: Level1978, rng: random.Random, deadline: float) -> None:
        self.level = level
        self.rng = rng
        self.deadline = deadline
        self.table: dict[int, tuple[int, int, int, Move | None]] = {}
        self.killers: dict[int, list[Move]] = {}
        self.nodes = 0
        self.timed = False
        # Fixed random tie-breaks per move, so the seed decides between equal moves.
        self.tiebreak: dict[str, int] = {}

    def best_move(self, state: State, moves: list[Move]) -> Move:
        self.rng.shuffle(moves)
        for move in moves:
            self.tiebreak[str(move)] = self.rng.randrange(self.level.noise + 1)
        best = moves[0]
        for depth in range(1, self.level.max_depth + 1):
            self.timed = depth > SAFE_DEPTH
            try:
                score, move = self._root(state, moves, depth)
            except _OutOfTime:
                break
            best = move
            # Searched moves first in the next iteration: the best one leads.
            moves.remove(move)
            moves.insert(0, move)
            if abs(score) >= DECIDED:
                break
        return best

    def _root(self, state: State, moves: list[Move], depth: int) -> tuple[int, Move]:
        alpha, beta = -WIN - 1, WIN + 1
        best_move, best_score = moves[0], -WIN - 1
        for move in moves:
            child = apply(state, move)
            score = -self._negamax(child, depth - 1, -beta, -alpha, 1)
            score += self.tiebreak[str(move)]
            if score > best_score:
                best_score, best_move = score, move
            alpha = max(alpha, score)
        return best_score, best_move

    def _negamax(self, state: State, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.timed and self.nodes % CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        if state.outcome is not None:
            # The side to act in ``state`` is the one the last move was played against.
            if not state.outcome.winners:
                return 0
            return WIN - ply if state.turn in state.outcome.winners else -(WIN - ply)
        if depth <= 0:
            return evaluate(state)
        key = state.history[-1]          # apply() has just worked out this position's key
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            stored_depth, flag, value, table_move = entry
            if stored_depth >= depth:
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        original_alpha = alpha
        best_score, best_move = -WIN - 1, None
        for move in self._ordered(state, legal_moves(state), table_move, ply):
            score = -self._negamax(apply(state, move), depth - 1, -beta, -alpha, ply + 1)
            if score > best_score:
                best_score, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                self._remember_killer(ply, move)
                break
        flag = _UPPER if best_score <= original_alpha else _LOWER if best_score >= beta else _EXACT
        self.table[key] = (depth, flag, best_score, best_move)
        return best_score

    def _ordered(self, state: State, moves: list[Move], table_move: Move | None, ply: int) -> list[Move]:
        target = STARTING_SQUARES[1 - state.turn]
        killers = self.killers.get(ply, ())

        def rank(move: Move) -> int:
            if isinstance(move, PawnMove) and move.target == target:
                return 0
            if move == table_move:
                return 1
            if move in killers:
                return 2
            return 3 if isinstance(move, PawnMove) else 4

        return sorted(moves, key=rank)

    def _remember_killer(self, ply: int, move: Move) -> None:
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]


# -- evaluation ---------------------------------------------------------------------

def evaluate(state: State) -> int:
    """The position for the seat to act: its pawn's prospects minus the opponent's."""
    occupied = state.wall_mask()
    mover = state.turn
    return _prospects(state, occupied, mover) - _prospects(state, occupied, 1 - mover)


def _prospects(state: State, occupied: int, seat: int) -> int:
    """Reachable squares, the way to the opponent's start and open exits of one pawn."""
    square = state.pawns[seat]
    other = state.pawns[1 - seat]
    target = STARTING_SQUARES[1 - seat]
    own_start = STARTING_SQUARES[seat]
    distance, reachable = _distances(square, occupied, other, own_start, target)
    exits = _open_exits(square, occupied, other, own_start)
    score = 6 * reachable + 25 * exits
    if exits == 0 and square != own_start:
        score -= 400             # one wall away from losing
    elif exits == 1:
        score -= 60
    if distance is not None:
        score += 220 - 40 * distance
    if is_immobilized(state.pawns, occupied, seat):
        score -= 2_000
    return score


def _distances(square: int, occupied: int, other: int, own_start: int, target: int) -> tuple[int | None, int]:
    """Steps from ``square`` to ``target`` through the current walls (None if walled off) and squares reachable."""
    seen = {square}
    queue = deque([(square, 0)])
    found: int | None = None
    while queue:
        current, steps = queue.popleft()
        if current == target and found is None:
            found = steps
        for neighbour, position in SIDES[current]:
            if neighbour == -1 or neighbour in seen or occupied >> position & 1:
                continue
            if neighbour == own_start or neighbour == other:
                continue
            seen.add(neighbour)
            queue.append((neighbour, steps + 1))
    return found, len(seen)


def _open_exits(square: int, occupied: int, other: int, own_start: int) -> int:
    return sum(
        1 for neighbour, position in SIDES[square]
        if neighbour != -1 and not occupied >> position & 1 and neighbour != other and neighbour != own_start
    )
