"""Buildings: groups of built cells joined through orthogonal neighbours.

A building's value (CV) is the sum of its elements' values, capped at 50: a
piece on the ground is worth 1, a higher piece 2, a bridge 3 × its level.  A
building flying a flag is a castle, otherwise a mansion.  Buildings never
split (nothing built is ever removed), so a flag is kept as "the flag of the
building that holds this cell".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Protocol, Sequence

from bot.games.alcazar import board
from bot.games.alcazar.pieces import MAX_VALUE, PIECE, Element


class Span(Protocol):
    """A bridge as its building counts it: the cell under its middle, and its level."""

    @property
    def middle(self) -> int: ...

    @property
    def level(self) -> int: ...


class Position(Protocol):
    """What a position shows of its buildings (a ``State`` is one; the state caches its buildings,
    so this module names no state of its own)."""

    @property
    def heights(self) -> Sequence[int]: ...

    @property
    def stacks(self) -> Sequence[Sequence[Element]]: ...

    @property
    def bridges(self) -> Iterable[Span]: ...

    @property
    def flags(self) -> Mapping[int, int]: ...


def piece_value(level: int) -> int:
    """A piece on the ground is worth 1, one on a piece or a bridge 2."""
    return 1 if level == 1 else 2


def bridge_value(level: int) -> int:
    return 3 * level


def capped(raw: int) -> int:
    return raw if raw < MAX_VALUE else MAX_VALUE


@dataclass(slots=True)
class Buildings:
    """Every building of a position, with its cells, raw value and flag."""

    building_of: list[int]  # cell -> building id, -1 when the cell is not built
    cells: list[list[int]]  # building id -> cells in canonical order
    raw: list[int]  # building id -> uncapped sum of element values
    flag: list[int | None]  # building id -> flag number or None
    first_space: list[int]  # building id -> lowest space number

    def value(self, building: int) -> int:
        """The building's CV (capped at 50)."""
        return capped(self.raw[building])

    def value_at(self, cell: int) -> int:
        return capped(self.raw[self.building_of[cell]])

    def is_castle(self, building: int) -> bool:
        return self.flag[building] is not None

    def touching(self, cells: Iterable[int]) -> set[int]:
        """The buildings that hold any of ``cells`` (unbuilt cells are ignored)."""
        of = self.building_of
        return {of[c] for c in cells if of[c] >= 0}

    def union_blocked(self, parts: set[int]) -> bool:
        """Two or more castles joining while any of them is at 50."""
        castles = [b for b in parts if self.flag[b] is not None]
        return len(castles) >= 2 and any(self.raw[b] >= MAX_VALUE for b in castles)

    def joined_raw(self, parts: set[int], added: int) -> int:
        return sum(self.raw[b] for b in parts) + added


def analyse(state: Position) -> Buildings:
    """Find the buildings of a position by a flood fill in canonical cell order."""
    heights = state.heights
    building_of = [-1] * board.CELL_COUNT
    cells: list[list[int]] = []
    raw: list[int] = []
    for start in board.CELLS_IN_ORDER:
        if heights[start] == 0 or building_of[start] >= 0:
            continue
        bid = len(cells)
        group = [start]
        building_of[start] = bid
        i = 0
        while i < len(group):
            for n in board.NEIGHBOURS[group[i]]:
                if heights[n] and building_of[n] < 0:
                    building_of[n] = bid
                    group.append(n)
            i += 1
        group.sort(key=board.CELL_ORDER.__getitem__)
        cells.append(group)
        raw.append(
            sum(piece_value(lvl) for c in group for lvl, b in state.stacks[c] if b == PIECE)
        )
    for bridge in state.bridges:
        raw[building_of[bridge.middle]] += bridge_value(bridge.level)
    flag: list[int | None] = [None] * len(cells)
    for number, anchor in sorted(state.flags.items()):
        bid = building_of[anchor]
        if flag[bid] is None:
            flag[bid] = number
    first_space = [min((board.CELL_SPACE[c] for c in g if board.CELL_SPACE[c]), default=0) for g in cells]
    return Buildings(building_of, cells, raw, flag, first_space)
