"""The computer player of Alcazar (2009).

- **easy** plays the move with the best immediate gain: the points its
  nobles stand for plus its money (a point per 50 Real), right after the
  move; ties are broken by the seed.
- **normal** and **hard** run an information-set Monte Carlo search
  (``ismcts``): every iteration deals the unseen cards anew, consistently
  with what the seat knows (``information.determinize``), so the search never
  relies on a hidden card. The tree's root offers the seat's candidate
  moves (the best few by immediate gain, and the best of every action type,
  so buying is always weighed against building); below it the rivals'
  replies and the seat's next moves grow as the deals allow. Each deal is
  then played on for a few turns by a playout policy that picks an action
  type before a variant, and scored per player (every seat's expected final
  points), so 3–5 player tables are judged by each player's own interest.
  Hard thinks longer, keeps more candidates and builds a deeper tree.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from bot.ai.information import Knowledge, determinize, knowledge_of
from bot.games.alcazar import Move, legal_moves, play
from bot.games.alcazar.state import BRIDGES, GRANDE, PIECES, State

# What one action type is worth trying in a playout (a pass only when nothing else is legal).
PLAYOUT_WEIGHTS = {"castle": 4.0, "raise": 3.0, "extend": 2.5, "mansion": 1.5, "tower": 1.5,
                   "bridge": 1.5, "buy": 1.0, "pass": 0.01}


@dataclass(frozen=True)
class LevelAlcazar:
    """How one level searches: time budget, candidate moves kept, depth of the tree, playout length in turns."""

    seconds: float
    candidates: int
    tree_depth: int
    playout_rounds: int


LEVELS = {
    "normal": LevelAlcazar(seconds=1.0, candidates=8, tree_depth=2, playout_rounds=2),
    "hard": LevelAlcazar(seconds=3.0, candidates=12, tree_depth=3, playout_rounds=2),
}
EASY_SECONDS = 0.5


def choose_move_alcazar(view: Mapping[str, Any], history: Sequence[tuple[int, str]], level: str, seed: int,
                        *, scale: float = 1.0, iterations: int | None = None) -> str:
    """The move for the seat of ``view`` (its own view, with its hand) in notation.

    ``history`` is the public log as (seat, notation); ``scale`` multiplies the
    level's time budget. ``iterations`` replaces the budget by a fixed number of
    search iterations, which makes the decision depend on the seed alone (tests).
    """
    knowledge = knowledge_of(view, history)
    rng = random.Random(seed)
    # Any deal of the unseen cards gives the seat the same legal moves: they depend
    # only on the board, the counts and its own hand.
    state = determinize(view, knowledge, random.Random(0))
    listed = legal_moves(state)
    moves = [str(m) for m in listed]
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if len(moves) == 1:
        return moves[0]
    # Easy does not search: its budget only caps the look at every move in huge positions,
    # and stays whole at any scale so that shorter thinking never weakens it.
    seconds = LEVELS[level].seconds * scale if level in LEVELS else EASY_SECONDS
    deadline = time.perf_counter() + seconds
    if iterations is not None:
        deadline = math.inf
    gains = immediate_gains(state, moves, rng, deadline)
    if level == "easy":
        return max(gains, key=lambda move: gains[move])
    settings = LEVELS[level]
    candidates = pick_candidates(gains, settings.candidates, {str(m): m.outline.action for m in listed})
    if len(candidates) == 1:
        return candidates[0]
    return ismcts(view, knowledge, candidates, settings, rng, deadline, iterations)


# -- scoring ------------------------------------------------------------------------

def points(state: State, seat: int) -> float:
    """The seat's points if the game ended now: its nobles' levels, and its money at a point per 50."""
    total = 0.0
    heights = state.heights
    for cell, (owner, rank) in state.nobles.items():
        if owner == seat:
            total += heights[cell] * (2 if rank == GRANDE else 1)
    return total + state.players[seat].money / 50


def expected_points(state: State, seat: int) -> float:
    """``points`` plus what the seat's cards and nobles in hand may still bring while the game lasts."""
    player = state.players[seat]
    if player.retired:
        return points(state, seat) - 100
    left = min(state.pieces / PIECES, state.bridge_supply / BRIDGES)
    promise = left * (0.25 * len(player.hand) + 0.3 * player.towers
                      + 0.6 * player.grandes + 0.3 * player.barons)
    return points(state, seat) + promise


def immediate_gains(state: State, moves: Sequence[str], rng: random.Random, deadline: float) -> dict[str, float]:
    """Each move's gain in ``points`` for the mover, with a tiny seeded tie-break.

    Moves left when the budget runs out (only in enormous positions) count as no gain.
    """
    seat = state.to_move
    assert seat is not None
    before = points(state, seat)
    gains: dict[str, float] = {}
    for index, move in enumerate(moves):
        noise = rng.random() * 1e-6
        if index % 32 == 0 and time.perf_counter() > deadline and gains:
            gains.update({m: noise - 1 for m in moves[index:]})
            break
        gains[move] = points(play(state, move), seat) - before + noise
    return gains


def pick_candidates(gains: Mapping[str, float], count: int, actions: Mapping[str, str]) -> list[str]:
    """The best ``count`` moves by gain, always with the best move of every action type
    (``actions``: each move's action, as the engine outlines it)."""
    ranked = sorted(gains, key=lambda m: -gains[m])
    chosen: list[str] = []
    best_of_type: dict[str, str] = {}
    for move in ranked:
        best_of_type.setdefault(actions[move], move)
    for move in list(best_of_type.values()) + ranked:
        if move not in chosen:
            chosen.append(move)
        if len(chosen) >= max(count, len(best_of_type)):
            break
    return chosen


# -- the search ------------------------------------------------------------------------

class _Node:
    """A node of the search tree: the move that led here, seen over many deals.

    ``reward`` is summed for ``mover``, the seat that played the move into this
    node; ``available`` counts the iterations in which that move was legal (in
    Alcazar a rival's moves depend on the cards dealt to it).
    """

    __slots__ = ("children", "visits", "reward", "available", "mover")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.mover = mover

    def score(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


EXPLORATION = 0.35


def ismcts(view: Mapping[str, Any], knowledge: Knowledge, candidates: list[str], settings: LevelAlcazar,
           rng: random.Random, deadline: float, limit: int | None = None) -> str:
    """Single-observer information-set MCTS; returns the most visited candidate.

    Each iteration deals the unseen cards anew, walks the tree choosing only
    moves legal in that deal (UCB weighted by how often each was available),
    adds one node, plays on with the playout policy and credits every node
    with the reward of the seat that moved into it. The root offers only the
    ``candidates``; deeper nodes grow slowly (progressive widening) with moves
    the playout policy proposes. The search runs until ``deadline``, or
    exactly ``limit`` iterations when given.
    """
    root = _Node(None)
    plies = settings.playout_rounds * len(view["players"])
    iterations = 0
    # Every candidate is tried once, whatever the budget.
    while iterations < len(candidates) or (
            iterations < limit if limit is not None else time.perf_counter() < deadline):
        iterations += 1
        state = determinize(view, knowledge, rng)
        node, path = root, [root]
        for _ in range(settings.tree_depth):
            if state.to_move is None:
                break
            move, expanded = _descend(node, state, candidates if node is root else None, rng)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = _Node(state.to_move)
                child.available = 1
            state = play(state, move)
            node = child
            path.append(node)
            if expanded:
                break
        rewards = _simulate(state, plies, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.reward += rewards[visited.mover]
    return max(candidates, key=lambda m: (root.children[m].visits if m in root.children else -1,
                                          _mean(root.children.get(m))))


def _mean(node: _Node | None) -> float:
    return 0.0 if node is None or not node.visits else node.reward / node.visits


def _descend(node: _Node, state: State, offered: list[str] | None, rng: random.Random) -> tuple[str, bool]:
    """The move to follow from ``node`` in this deal, and whether it is a new node."""
    listed: list[Move] | None = None
    if offered is not None:
        untried = [m for m in offered if m not in node.children]
        if untried:
            return untried[0], True
        legal = offered
    else:
        listed = legal_moves(state)
        legal = [str(m) for m in listed]
    present = set(legal)
    available = [m for m in node.children if m in present]
    for move in available:
        node.children[move].available += 1
    widen = offered is None and len(node.children) < 1 + int(math.sqrt(node.visits))
    if widen or not available:
        # once for the (up to four) proposals
        by_type = action_types(listed if listed is not None else [Move(m) for m in legal])
        for _ in range(4):
            proposal = playout_choice(by_type, rng)
            if proposal not in node.children:
                return proposal, True
        if not available:
            return proposal, True
    return max(available, key=lambda m: node.children[m].score(EXPLORATION)), False


def _simulate(state: State, plies: int, rng: random.Random) -> list[float]:
    """Play on with the playout policy, then each seat's reward in [0, 1]."""
    for _ in range(plies):
        if state.to_move is None:
            break
        state = play(state, playout_move(legal_moves(state), rng))
    return rewards(state)


def playout_move(moves: Sequence[Move], rng: random.Random) -> str:
    """A playout's move: an action type by weight first, then one of its variants."""
    return playout_choice(action_types(moves), rng)


def action_types(moves: Sequence[Move]) -> dict[str, list[Move]]:
    """The moves grouped by action type (the engine's outline of each), in the order the types first appear."""
    by_type: dict[str, list[Move]] = {}
    for move in moves:
        by_type.setdefault(move.outline.action, []).append(move)
    return by_type


def playout_choice(by_type: dict[str, list[Move]], rng: random.Random) -> str:
    """An action type by weight, then one of its variants (``action_types`` of the legal moves).

    A variant with a noble step is preferred (nobles score), a withdrawal is rare.
    """
    types = list(by_type)
    kind = rng.choices(types, weights=[PLAYOUT_WEIGHTS.get(t, 1.0) for t in types])[0]
    variants = by_type[kind]
    plain = [m for m in variants if not m.outline.withdraws] or variants
    if rng.random() < 0.7:
        stepped = [m for m in plain if m.outline.steps]
        if stepped:
            return str(rng.choice(stepped))
    return str(rng.choice(plain))


def rewards(state: State) -> list[float]:
    """Per seat: 1 for a win, 0 for a loss at the end; before it, a smooth lead over the best rival."""
    seats = range(state.player_count)
    if state.to_move is None:
        final = [points(state, s) - (100 if state.players[s].retired else 0) for s in seats]
        top = max(final)
        winners = [s for s in seats if final[s] == top]
        return [1.0 / len(winners) if s in winners else 0.0 for s in seats]
    estimate = [expected_points(state, s) for s in seats]
    result = []
    for s in seats:
        rival = max(estimate[o] for o in seats if o != s)
        result.append(1 / (1 + math.exp(-(estimate[s] - rival) / 3)))
    return result
