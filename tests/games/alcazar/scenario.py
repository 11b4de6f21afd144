"""Building blocks for Alcazar (2009) scenario tests, on the public engine API only.

The board layout below is copied from docs/rules/alcazar.md on purpose: the tests
read positions from it instead of from the engine, so a layout mistake in the
engine's data file shows up as a failing test.

    table = Table(hands=[[8, 11], [10]])        # seat 0 holds 8 and 11, seat 1 holds 10
    table.play(0, "castle 8 8-10 + grande 8", money={0: +5 - 10})
    assert table.value(9) == 5
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from bot.games import alcazar as game
from bot.games.common import IllegalMove

LAYOUT = """
 .  1  2  3  4  5  6  7  8  9 10 11
 .  .  .  .  .  .  .  .  .  .  . 12
 . 23 22 21 20 19 18 17 16 15 14 13
 . 24  .  .  .  .  .  .  .  .  .  .
 . 25 26 27 28 29 30 31 32 33 34 35
 .  .  .  .  .  .  .  .  .  .  . 36
 . 47 46 45 44 43 42 41 40 39 38 37
 . 48  .  .  .  .  .  .  .  .  .  .
 . 49 50 51 52 53 54 55 56 57 58 59
 .  .  .  .  .  .  .  .  .  .  . 60
72 71 70 69 68 67 66 65 64 63 62 61
"""

Cell = tuple[int, int]
CellRef = int | Cell  # a space number, or (x, y) for any cell


def _read_layout() -> dict[int, Cell]:
    spaces: dict[int, Cell] = {}
    for y, line in enumerate(LAYOUT.strip("\n").splitlines()):
        for x, token in enumerate(line.split()):
            if token != ".":
                spaces[int(token)] = (x, y)
    return spaces


SPACE_CELL: dict[int, Cell] = _read_layout()
CELL_SPACE: dict[Cell, int] = {cell: space for space, cell in SPACE_CELL.items()}
COLUMNS, ROWS = 12, 11
CARD_COUNT = 72
HAND_SIZE = 10
FACE_UP_COUNT = 6
ALL_PIECES, ALL_BRIDGES, ALL_FLAGS = 84, 20, 8
START_MONEY = 40


def cell_of(ref: CellRef) -> Cell:
    """The grid cell of a space number, or the cell itself."""
    return SPACE_CELL[ref] if isinstance(ref, int) else ref


def cell_name(ref: CellRef) -> str:
    """A cell as the move notation writes it: a space number or ``gX,Y``."""
    cell = cell_of(ref)
    space = CELL_SPACE.get(cell)
    return str(space) if space is not None else f"g{cell[0]},{cell[1]}"


def neighbours(cell: Cell) -> list[Cell]:
    """The orthogonal neighbours of a cell that lie on the grid."""
    x, y = cell
    around = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
    return [(a, b) for a, b in around if 0 <= a < COLUMNS and 0 <= b < ROWS]


# -- arranged deals --------------------------------------------------------------------
def arranged_deck(
    hands: Sequence[Iterable[int]],
    face_up: Iterable[int] = (),
    pile: Iterable[int] = (),
) -> list[int]:
    """The 72 cards in draw order that deal each seat the given cards.

    Every hand is topped up to 10 cards, the face-up row to 6, and ``pile``
    starts the draw pile (its first card is bought first by ``buy deck``).
    Top-up cards are the unused numbers from 72 downwards, far from the
    spaces the scenarios build on.
    """
    chosen = [list(hand) for hand in hands]
    wanted = [card for hand in chosen for card in hand] + list(face_up) + list(pile)
    if len(wanted) != len(set(wanted)):
        raise ValueError(f"a card is arranged twice: {wanted}")
    spare = [card for card in range(CARD_COUNT, 0, -1) if card not in set(wanted)]
    deck: list[int] = []
    for hand in chosen:
        if len(hand) > HAND_SIZE:
            raise ValueError(f"a hand holds at most {HAND_SIZE} cards: {hand}")
        deck += hand + [spare.pop(0) for _ in range(HAND_SIZE - len(hand))]
    row = list(face_up)
    deck += row + [spare.pop(0) for _ in range(FACE_UP_COUNT - len(row))]
    deck += list(pile) + spare
    assert sorted(deck) == list(range(1, CARD_COUNT + 1))
    return deck


# -- reading a view --------------------------------------------------------------------
def cells_by_position(view: Mapping[str, Any]) -> dict[Cell, dict[str, Any]]:
    """The view's built cells keyed by (x, y)."""
    return {(c["x"], c["y"]): c for c in view["cells"]}


def element_value(element: Mapping[str, Any]) -> int:
    """What a piece adds to its building: 1 on the ground, 2 higher up."""
    return 1 if element["level"] == 1 else 2


def recount_values(view: Mapping[str, Any]) -> dict[int, int]:
    """Each building's value, recounted from the stacks in the view.

    A piece is worth 1 on the ground and 2 higher up; a bridge 3 x its level,
    once however many cells it covers; the total is capped at 50.
    """
    cells = cells_by_position(view)
    totals: dict[int, int] = {}
    for building in view["buildings"]:
        total, bridges = 0, set()
        for x, y in building["cells"]:
            for element in cells[(x, y)]["stack"]:
                if element["kind"] == "piece":
                    total += element_value(element)
                else:
                    bridges.add(element["bridge"])
        levels = {b["id"]: b["level"] for b in view["bridges"]}
        total += sum(3 * levels[b] for b in bridges)
        totals[building["id"]] = min(total, 50)
    return totals


def components(view: Mapping[str, Any]) -> list[frozenset[Cell]]:
    """The buildings recomputed from scratch: built cells joined orthogonally."""
    built = set(cells_by_position(view))
    seen: set[Cell] = set()
    groups = []
    for start in sorted(built):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            cell = todo.pop()
            if cell in group:
                continue
            group.add(cell)
            todo += [n for n in neighbours(cell) if n in built and n not in group]
        seen |= group
        groups.append(frozenset(group))
    return groups


# -- a table to play scenarios on --------------------------------------------------------
class Table:
    """A game with an arranged deal, played seat by seat.

    ``play(seat, move)`` lets the seats in between skip their turn (the
    session's forfeit, which changes nothing on the board or in the purses)
    and checks the money each named seat gains or loses with that one move.
    """

    def __init__(
        self,
        hands: Sequence[Iterable[int]],
        face_up: Iterable[int] = (),
        pile: Iterable[int] = (),
        players: int | None = None,
    ) -> None:
        hands = [list(h) for h in hands]
        players = players or len(hands)
        hands += [[] for _ in range(players - len(hands))]
        self.deck = arranged_deck(hands, face_up, pile)
        self.state = game.new_game(players, deck=self.deck)
        self.players = players
        self.log: list[str] = []

    def fork(self) -> Table:
        """An independent copy to try another line of play (states are immutable)."""
        twin = copy.copy(self)
        twin.log = list(self.log)
        return twin

    # turn order
    def to_move(self) -> int | None:
        return game.to_move(self.state)

    def skip_to(self, seat: int) -> None:
        """Skip the seats before ``seat`` (at most one round)."""
        for _ in range(self.players):
            if self.to_move() == seat:
                return
            self.state = game.skip(self.state)
            self.log.append("skip")
        raise AssertionError(f"seat {seat} never came to move (to_move={self.to_move()})")

    def legal(self, seat: int) -> set[str]:
        """Every complete legal move of ``seat``, as notation, on its turn."""
        self.skip_to(seat)
        return {str(m) for m in game.legal_moves(self.state)}

    def actions(self, seat: int, prefix: str) -> set[str]:
        """The legal moves of ``seat`` whose action part starts with ``prefix``."""
        return {m for m in self.legal(seat) if action_of(m).startswith(prefix)}

    def refuses(self, seat: int, action: str, move: str | None = None) -> None:
        """``seat`` is offered no move whose action starts with ``action``, and the engine refuses
        ``move`` (the action alone unless given) as illegal."""
        assert not self.actions(seat, action)
        with pytest.raises(IllegalMove):
            game.play(self.state, move or action)

    def play(self, seat: int, move: str, *, money: Mapping[int, int] | None = None) -> None:
        """Play ``move`` as ``seat``; ``money`` maps seats to their expected gain."""
        self.skip_to(seat)
        before = [self.money(s) for s in range(self.players)]
        self.state = game.play(self.state, move)
        self.log.append(move)
        for s, gain in (money or {}).items():
            assert self.money(s) - before[s] == gain, (
                f"after {move!r} seat {s} should have gained {gain} Real, "
                f"gained {self.money(s) - before[s]}"
            )

    # reading the public view
    def view(self, seat: int | None = None) -> dict[str, Any]:
        return game.view(self.state, seat)

    def money(self, seat: int) -> int:
        return int(self.view()["players"][seat]["money"])

    def player(self, seat: int) -> dict[str, Any]:
        return dict(self.view()["players"][seat])

    def cell(self, ref: CellRef) -> dict[str, Any] | None:
        """The view's entry for a cell, or None when nothing is built there."""
        return cells_by_position(self.view()).get(cell_of(ref))

    def height(self, ref: CellRef) -> int:
        entry = self.cell(ref)
        return 0 if entry is None else int(entry["height"])

    def stack(self, ref: CellRef) -> list[tuple[str, int]]:
        """The cell's stack bottom to top as (kind, level) pairs."""
        entry = self.cell(ref)
        return [] if entry is None else [(e["kind"], e["level"]) for e in entry["stack"]]

    def noble(self, ref: CellRef) -> tuple[int, str] | None:
        """(seat, "baron"|"grande") of the noble on a cell, or None."""
        entry = self.cell(ref)
        if entry is None or entry["noble"] is None:
            return None
        return entry["noble"]["seat"], entry["noble"]["rank"]

    def building(self, ref: CellRef) -> dict[str, Any]:
        """The building a built cell belongs to."""
        entry = self.cell(ref)
        assert entry is not None, f"nothing is built on {cell_name(ref)}"
        view = self.view()
        return next(b for b in view["buildings"] if b["id"] == entry["building"])

    def value(self, ref: CellRef) -> int:
        return int(self.building(ref)["value"])

    def flag(self, ref: CellRef) -> int | None:
        return self.building(ref)["flag"]

    def building_cells(self, ref: CellRef) -> set[Cell]:
        return {(x, y) for x, y in self.building(ref)["cells"]}

    def supply(self) -> dict[str, Any]:
        return dict(self.view()["supply"])


def action_of(move: str) -> str:
    """The action part of a move's notation: no withdrawal, no noble step."""
    action = move.split(";")[-1]
    return action.split("+")[0].strip()


def without_withdrawal(moves: Iterable[str]) -> set[str]:
    """The moves that do not start by withdrawing a noble."""
    return {m for m in moves if not m.startswith("withdraw")}


def step_of(move: str) -> str | None:
    """The noble step of a move's notation, or None."""
    return move.split("+", 1)[1].strip() if "+" in move else None
