"""Random self-play of Alcazar (2009) under an independent referee.

Thousands of games with 2-5 players (full games and many short openings),
random legal moves under a few playing styles so that games end in every
way the rules allow.  After every move the referee (referee.py) checks the
stock of pieces, bridges, flags and nobles, every building's value against a
fresh recount, the money moved, the views' secrecy, the notation and
``to_dict``/``from_dict`` round trips, and that the listed moves are exactly
the legal ones; each game is then replayed from its log.
"""
from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import pytest

from bot.games import alcazar as game
from bot.games.common import GameError

from .referee import (
    CARD_KINDS,
    Position,
    cell_order,
    check_position,
    check_secrecy,
    expected_actions,
    expected_gains,
    expected_steps,
    final_scores,
    read_move,
)
from .scenario import (
    ALL_PIECES,
    COLUMNS,
    ROWS,
    Table,
    action_of,
    cell_name,
    step_of,
    without_withdrawal,
)

# How often each kind of action is picked, per playing style (1 when absent).
STYLES: dict[str, dict[str, float]] = {
    "even": {},
    "bridges": {"bridge": 50, "tower": 10, "buy": 1},
    "no_castles": {"castle": 0, "tower": 0, "bridge": 0, "buy": 3},
    "hoarder": {"castle": 0, "tower": 0, "bridge": 0, "buy": 5},
}
MAX_PLIES = 3000


def choose(rng: random.Random, moves: list[str], style: Mapping[str, float]) -> str:
    """A random move: first the kind of action, then one move of that kind."""
    by_kind: dict[str, list[str]] = defaultdict(list)
    for move in moves:
        by_kind[action_of(move).split()[0]].append(move)
    kinds = sorted(by_kind)
    weights = [style.get(kind, 1) for kind in kinds]
    if not any(weights):
        weights = [1] * len(kinds)
    kind = rng.choices(kinds, weights)[0]
    return rng.choice(by_kind[kind])


class RefereedGame:
    """One random game, checked after every move and replayed at the end.

    Every turn checks the board, the money, the notation of the move played
    and the ``to_dict``/``from_dict`` round trip.  ``thorough`` games also
    hold the listed moves against the referee and check the secrecy of every
    view; every ``deep_every``-th turn they also check the noble steps of
    every action, play every listed move and probe unlisted ones.
    """

    def __init__(self, players: int, seed: int, style: str, *, thorough: bool, deep_every: int = 0) -> None:
        self.players, self.seed, self.style = players, seed, STYLES[style]
        self.rng = random.Random(seed * 7919 + players)
        self.thorough, self.deep_every = thorough, deep_every
        self.state = game.new_game(players, seed=seed)
        self.public = game.view(self.state, None)
        self.log: list[tuple[str, Any]] = []
        self.snapshots = [game.to_dict(self.state)]
        self.pass_streak = 0
        self.skipped_in_streak = False  # the rules page does not say whether a skip counts as a pass
        self.discarded = 0
        check_position(self.public)

    @property
    def active(self) -> int:
        return sum(not p["retired"] for p in self.public["players"])

    def run(self, max_plies: int) -> None:
        while game.outcome(self.state) is None and len(self.log) < max_plies:
            self.turn()

    def turn(self) -> None:
        state, seat = self.state, game.to_move(self.state)
        assert seat is not None
        listed = game.legal_moves(state)
        moves = [str(m) for m in listed]
        assert moves and len(set(moves)) == len(moves), "each legal move is listed once"
        deep = self.deep_every > 0 and (len(self.log) + 1) % self.deep_every == 0
        check_round_trip(state, moves)
        if self.thorough:
            check_listing(state, seat, self.public, moves, deep)
        if deep:
            check_steps(state, seat, moves)
            check_every_move_plays(state, seat, moves, self.rng)
            check_rejections(state, moves)
        move = choose(self.rng, moves, self.style)
        parsed = game.parse_move(state, move)
        assert parsed == listed[moves.index(move)] and str(parsed) == move
        self.play(move)

    def play(self, move: str) -> None:
        before_state, seat = self.state, game.to_move(self.state)
        assert seat is not None
        before = Position(self.public)
        self.state = game.play(before_state, move)
        assert game.to_dict(before_state) == self.snapshots[-1], "play changed the state it was given"
        self.public = game.view(self.state, None)
        after = Position(self.public)
        check_position(self.public)
        check_move(before, after, seat, move)
        self.count_discards(before, after, move)
        self.pass_streak = self.pass_streak + 1 if move == "pass" else 0
        if move != "pass":
            self.skipped_in_streak = False
        self.log.append(("move", move))
        self.snapshots.append(game.to_dict(self.state))
        self.check_end(after, move)

    def skip(self) -> None:
        self.state = game.skip(self.state)
        self.skipped_in_streak = True
        self.after_session_call(("skip", None))

    def retire(self, seat: int) -> None:
        self.state = game.retire(self.state, seat)
        self.after_session_call(("retire", seat))

    def after_session_call(self, entry: tuple[str, Any]) -> None:
        self.log.append(entry)
        self.snapshots.append(game.to_dict(self.state))
        self.public = game.view(self.state, None)
        check_position(self.public)

    def count_discards(self, before: Position, after: Position, move: str) -> None:
        """Pieces on the board + in the supply + discarded = 84; only a blocked union discards."""
        read = read_move(move)
        target = read.target
        blocked = read.kind == "extend" and target is not None and before.extension_blocked(target)
        board_before, board_after = before.pieces_on_board(), after.pieces_on_board()
        assert board_after >= board_before, "a piece left the board"
        discarded = ALL_PIECES - after.view["supply"]["pieces"] - board_after
        assert discarded == self.discarded + (1 if blocked else 0), (
            f"{move!r}: {discarded} pieces out of the game, expected {self.discarded + blocked}"
        )
        self.discarded = discarded
        if blocked and target is not None:
            assert after.height(target) == 0, f"{move!r}: the blocked piece was placed"

    def check_end(self, after: Position, move: str) -> None:
        supply, over = after.view["supply"], game.outcome(self.state)
        ran_out = supply["pieces"] == 0 or supply["bridges"] == 0
        all_passed = self.pass_streak >= self.active
        if self.skipped_in_streak and over is not None and not ran_out:
            return
        assert (over is not None) == (ran_out or all_passed), (
            f"after {move!r}: over={over is not None}, pieces {supply['pieces']}, "
            f"bridges {supply['bridges']}, passes in a row {self.pass_streak}"
        )
        if over is None:
            return
        assert game.to_move(self.state) is None and after.view["to_move"] is None
        points, winners = final_scores(after.view)
        assert over.scores is not None and list(over.scores) == points, (over.scores, points)
        assert list(over.winners) == winners, (over.winners, winners)

    def replay(self) -> None:
        """new_game with the same seed and the same log reproduces every state."""
        state = game.new_game(self.players, seed=self.seed)
        assert game.to_dict(state) == self.snapshots[0]
        for i, (kind, arg) in enumerate(self.log, start=1):
            if kind == "move":
                state = game.play(state, arg)
            elif kind == "skip":
                state = game.skip(state)
            else:
                state = game.retire(state, arg)
            assert game.to_dict(state) == self.snapshots[i], f"replay differs after {self.log[i - 1]}"


# -- the checks on one position --------------------------------------------------------------
def check_listing(state: Any, seat: int, public: dict[str, Any], moves: list[str], deep: bool) -> None:
    """Secrecy of the views; the listed moves against the referee; the round trips."""
    seat_views = [game.view(state, s) for s in range(len(public["players"]))]
    check_secrecy(public, seat_views)
    if deep:
        for move in moves:
            assert str(game.parse_move(state, move)) == move, f"{move!r} does not read back"
    plain = without_withdrawal(moves)
    hand = seat_views[seat]["hand"]
    assert {action_of(m) for m in plain} - {"pass"} == expected_actions(Position(public), seat, hand)
    playable = any(read_move(m).kind in (*CARD_KINDS, "buy", "tower") for m in moves)
    assert ("pass" in moves) == (not playable), "pass exactly when no card can be played or bought"
    assert all(action_of(m) != "pass" or m == "pass" for m in moves), "withdraw X; pass is not a move"


def check_round_trip(state: Any, moves: list[str]) -> None:
    """``to_dict`` is JSON-ready and ``from_dict`` gives back the same state and moves."""
    data = game.to_dict(state)
    copy = game.from_dict(json.loads(json.dumps(data)))
    assert game.to_dict(copy) == data
    assert [str(m) for m in game.legal_moves(copy)] == moves


def check_steps(state: Any, seat: int, moves: list[str]) -> None:
    """After each bare action, exactly the noble steps the rules allow are listed."""
    before = Position(game.view(state, None))
    plain = without_withdrawal(moves)
    listed: dict[str, set[str]] = defaultdict(set)
    for move in plain:
        step = step_of(move)
        if step is not None:
            listed[action_of(move)].add(step)
    for action in {action_of(m) for m in plain}:
        if read_move(action).kind in ("buy", "pass"):
            continue
        assert action in plain, f"{action!r} is listed only with a noble step"
        after = Position(game.view(game.play(state, action), None))
        assert listed[action] == expected_steps(before, after, seat, read_move(action)), action


def check_every_move_plays(state: Any, seat: int, moves: list[str], rng: random.Random) -> None:
    """Every listed move plays; a sample of them is refereed like a move of the game."""
    before = Position(game.view(state, None))
    sample = set(rng.sample(moves, min(30, len(moves))))
    for move in moves:
        after_state = game.play(state, move)
        if move in sample:
            after = Position(game.view(after_state, None))
            check_position(after.view)
            check_move(before, after, seat, move)


def check_move(before: Position, after: Position, seat: int, move: str) -> None:
    """Money moved by a move, and what it leaves on the board."""
    read = read_move(move)
    gains = expected_gains(before, after, seat, read)
    actual = {s: after.money(s) - before.money(s) for s in gains}
    assert actual == gains, f"{move!r}: money changed by {actual}, rules say {gains}"
    if read.kind == "castle" and read.target is not None:
        cell = read.target
        assert after.value_at(cell) == 5
        flag = after.buildings[after.building_of[cell]]["flag"]
        assert flag == min(before.view["supply"]["flags"]), f"{move!r} took flag {flag}"
    if read.step is not None and read.step.kind == "place":
        for cell, rank in zip(read.step.cells, read.step.ranks):
            assert after.noble(cell) == (seat, rank), f"{move!r}: no {rank} on {cell}"
    if read.withdraw is not None:
        assert after.noble(read.withdraw) is None or read.step is not None


def candidate_texts(state: Any) -> list[str]:
    """Well-formed moves of every kind, legal or not, for the current position."""
    view = game.view(state, None)
    built = sorted(((c["x"], c["y"]) for c in view["cells"]), key=cell_order)
    texts = ["pass", "buy deck", "buy tower"]
    for card in range(1, 73):
        texts += [f"buy {card}", f"mansion {card}", f"extend {card}", f"raise {card}"]
        texts += [f"castle {card} {low}-{low + 2}" for low in (card - 2, card - 1, card)
                  if low >= 1 and low + 2 <= 72]
    cells = [(x, y) for y in range(ROWS) for x in range(COLUMNS)]
    texts += [f"tower {cell_name(c)}" for c in cells]
    for x, y in built:
        for far in ((x + 2, y), (x, y + 2), (x - 2, y), (x, y - 2)):
            if 0 <= far[0] < COLUMNS and 0 <= far[1] < ROWS:
                ends = sorted([(x, y), far], key=cell_order)
                texts.append(f"bridge {cell_name(ends[0])}-{cell_name(ends[1])}")
    nobles = [(c["x"], c["y"]) for c in view["cells"] if c["noble"]]
    texts += [f"withdraw {cell_name(c)}; buy deck" for c in nobles]
    return texts


def check_rejections(state: Any, moves: list[str]) -> None:
    """``play`` accepts exactly the listed moves: every other well-formed move is refused."""
    listed = set(moves)
    probes = candidate_texts(state)
    probes += [f"{action_of(m)} + baron {cell_name(c)}" for m in moves[:40]
               for c in [(x, 0) for x in range(1, 12)]]
    for text in probes:
        try:
            move = game.parse_move(state, text)
        except GameError as error:  # IllegalMove, or MoveError for a step after a buy
            assert text not in listed, f"{text!r} is listed but refused: {error}"
            assert str(error), f"{text!r} refused without a reason"
            continue
        assert str(move) in listed, f"{text!r} is accepted but not listed"


# -- the tests ---------------------------------------------------------------------------
# Games per player count.  Thorough games check everything on every turn;
# quick games check the board, the money and the notation on every turn.
THOROUGH_FULL_GAMES = 1  # per style
QUICK_FULL_GAMES = 3  # per style
QUICK_OPENINGS = 200  # short games of 1 to 16 moves
THOROUGH_OPENINGS = 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_full_games(players: int) -> None:
    ends, discarded = set[str](), 0
    for style in STYLES:
        for seed in range(THOROUGH_FULL_GAMES + QUICK_FULL_GAMES):
            thorough = seed < THOROUGH_FULL_GAMES
            match = RefereedGame(players, seed, style, thorough=thorough, deep_every=29 if thorough else 0)
            match.run(MAX_PLIES)
            assert game.outcome(match.state) is not None, f"seed {seed} {style}: no end after {MAX_PLIES}"
            match.replay()
            supply = match.public["supply"]
            ends.add("pieces" if supply["pieces"] == 0 else "bridges" if supply["bridges"] == 0 else "passes")
            discarded += match.discarded
    # The styles reach the ends the rules allow and castles at 50 that block unions.
    assert {"pieces", "passes"} <= ends and discarded > 0, (ends, discarded)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_openings(players: int) -> None:
    for seed in range(1000, 1000 + QUICK_OPENINGS + THOROUGH_OPENINGS):
        thorough = seed >= 1000 + QUICK_OPENINGS
        match = RefereedGame(players, seed, "even", thorough=thorough, deep_every=5 if thorough else 0)
        match.run(random.Random(seed).randint(1, 16))
        match.replay()


def test_skipped_and_retired_seats() -> None:
    for seed in range(12):
        players = 2 + seed % 4
        match = RefereedGame(players, seed, "even", thorough=True)
        rng, retired = random.Random(seed), set[int]()
        while game.outcome(match.state) is None and len(match.log) < MAX_PLIES:
            roll = rng.random()
            if roll < 0.03:
                match.skip()
            elif roll < 0.05 and len(retired) < players - 1:
                seat = rng.choice([s for s in range(players) if s not in retired])
                match.retire(seat)
                retired.add(seat)
            else:
                match.turn()
            assert game.to_move(match.state) not in retired
        over = game.outcome(match.state)
        assert over is not None, f"seed {seed}: no end"
        assert not set(over.winners) & retired, "a retired seat never wins"
        match.replay()


def test_a_view_depends_only_on_its_own_hand() -> None:
    # Two deals that differ only in the cards of seats 1 and 2 and in the
    # card on top of the deck look the same to seat 0 and to the public, move
    # after move (seat 1 buys that top card).
    first = Table(hands=[[8, 40], [12, 13, 14], [30, 31]], pile=[1], players=3)
    second = Table(hands=[[8, 40], [30, 13, 31], [12, 14]], pile=[2], players=3)
    for seat, move in [(0, "castle 8 7-9"), (1, "buy deck"), (2, "buy tower"), (0, "mansion 40")]:
        for table in (first, second):
            table.play(seat, move)
        assert first.view(0) == second.view(0)
        assert first.view(None) == second.view(None)
        assert first.view(1) != second.view(1)
    assert 1 in first.view(1)["hand"] and 2 in second.view(1)["hand"]
