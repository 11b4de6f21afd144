"""An independent referee for Alcazar (2009) games, working from the views alone.

It re-derives from docs/rules/alcazar.md what the engine should say: the stock
of pieces, bridges, flags and nobles; every building's cells and value; the
actions a player may take (without a withdrawal) and the noble steps after
each; the money each move moves; and it reads the engine's answers only
through ``view``.  The random self-play tests run it after every move.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .scenario import (
    ALL_BRIDGES,
    ALL_FLAGS,
    ALL_PIECES,
    CELL_SPACE,
    COLUMNS,
    ROWS,
    SPACE_CELL,
    Cell,
    cell_name,
    cells_by_position,
    components,
    neighbours,
    recount_values,
)

GRANDES, BARONS = 2, 6
CARD_KINDS = ("castle", "mansion", "extend", "raise")
RANK_FACTOR = {"baron": 1, "grande": 2}


def cell_order(cell: Cell) -> tuple[int, int, int]:
    """Canonical order of the notation: spaces by number, then gardens by (y, x)."""
    space = CELL_SPACE.get(cell)
    return (0, space, 0) if space is not None else (1, cell[1], cell[0])


def read_cell(token: str) -> Cell:
    token = token.strip()
    if token.startswith("g"):
        x, y = token[1:].split(",")
        return int(x), int(y)
    return SPACE_CELL[int(token)]


class Step(NamedTuple):
    kind: str  # "place", "move" or "swap"
    cells: tuple[Cell, ...]
    ranks: tuple[str, ...] = ()


class ReadMove(NamedTuple):
    """A move's notation taken apart (the referee's own reading)."""

    withdraw: Cell | None
    kind: str
    words: tuple[str, ...]
    step: Step | None

    @property
    def card(self) -> int | None:
        return int(self.words[0]) if self.kind in CARD_KINDS else None

    @property
    def target(self) -> Cell | None:
        """The cell the build is paid for: the card's space, the tower cell, a bridge end."""
        if self.kind in CARD_KINDS:
            return SPACE_CELL[int(self.words[0])]
        if self.kind == "tower":
            return read_cell(self.words[0])
        if self.kind == "bridge":
            return self.bridge_ends[0]
        return None

    @property
    def bridge_ends(self) -> tuple[Cell, Cell]:
        a, b = self.words[0].split("-")
        return read_cell(a), read_cell(b)


def read_move(text: str) -> ReadMove:
    withdraw = None
    if text.startswith("withdraw "):
        head, text = text.split(";", 1)
        withdraw = read_cell(head.split()[1])
    action, _, step_text = text.strip().partition(" + ")
    kind, *words = action.split()
    return ReadMove(withdraw, kind, tuple(words), read_step(step_text) if step_text else None)


def read_step(text: str) -> Step:
    words = text.split()
    if words[0] == "move":
        a, b = words[1].split(">")
        return Step("move", (read_cell(a), read_cell(b)))
    if words[0] == "swap":
        a, b = words[1].split("<>")
        return Step("swap", (read_cell(a), read_cell(b)))
    ranks = tuple(words[0::2])
    return Step("place", tuple(read_cell(w) for w in words[1::2]), ranks)


def write_step(step: Step) -> str:
    if step.kind == "move":
        return f"move {cell_name(step.cells[0])}>{cell_name(step.cells[1])}"
    if step.kind == "swap":
        return f"swap {cell_name(step.cells[0])}<>{cell_name(step.cells[1])}"
    return " ".join(f"{r} {cell_name(c)}" for r, c in zip(step.ranks, step.cells))


class Position:
    """A view indexed for the referee's questions."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.cells = cells_by_position(view)
        self.buildings = {b["id"]: b for b in view["buildings"]}
        self.building_of = {cell: c["building"] for cell, c in self.cells.items()}
        self.bridge_ends = {frozenset(map(tuple, b["ends"])) for b in view["bridges"]}
        self.players = view["players"]
        self.castle_spaces: list[int] = []
        self.mansion_spaces: list[int] = []
        for cell, building in self.building_of.items():
            if cell in CELL_SPACE:
                spaces = self.castle_spaces if self.is_castle(building) else self.mansion_spaces
                spaces.append(CELL_SPACE[cell])

    def height(self, cell: Cell) -> int:
        entry = self.cells.get(cell)
        return 0 if entry is None else int(entry["height"])

    def noble(self, cell: Cell) -> tuple[int, str] | None:
        entry = self.cells.get(cell)
        if entry is None or entry["noble"] is None:
            return None
        return entry["noble"]["seat"], entry["noble"]["rank"]

    def value_at(self, cell: Cell) -> int:
        return int(self.buildings[self.building_of[cell]]["value"])

    def is_castle(self, building: int) -> bool:
        return self.buildings[building]["flag"] is not None

    def money(self, seat: int) -> int:
        return int(self.players[seat]["money"])

    def pieces_on_board(self) -> int:
        return sum(1 for c in self.cells.values() for e in c["stack"] if e["kind"] == "piece")

    def nobles(self) -> dict[Cell, tuple[int, str]]:
        return {cell: n for cell in self.cells if (n := self.noble(cell)) is not None}

    def built_neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in neighbours(cell) if self.height(n) > 0]

    def blocked(self, joined: Iterable[int]) -> bool:
        """A union of these buildings is blocked: two castles or more, one of them at 50."""
        castles = [b for b in set(joined) if self.is_castle(b)]
        return len(castles) >= 2 and any(self.buildings[b]["value"] == 50 for b in castles)

    def extension_blocked(self, cell: Cell) -> bool:
        return self.blocked(self.building_of[n] for n in self.built_neighbours(cell))

    def bridge_joins(self, x: Cell, m: Cell, y: Cell) -> set[int]:
        joined = {self.building_of[x], self.building_of[y]}
        if self.height(m) > 0:
            joined.add(self.building_of[m])
        else:
            joined |= {self.building_of[n] for n in self.built_neighbours(m)}
        return joined


# -- the position as a whole -------------------------------------------------------------
def check_position(view: Mapping[str, Any]) -> None:
    """Stock, stacks, nobles, buildings and flags of a public view."""
    pos = Position(view)
    supply = view["supply"]
    assert 0 <= supply["pieces"] and pos.pieces_on_board() + supply["pieces"] <= ALL_PIECES
    assert len(view["bridges"]) + supply["bridges"] == ALL_BRIDGES, "20 bridges in all"
    for player in view["players"]:
        assert player["money"] >= 0, f"seat {player['seat']} has negative money"
    check_nobles(pos)
    check_stacks(pos)
    check_buildings(pos)


def check_nobles(pos: Position) -> None:
    on_board = Counter(pos.nobles().values())
    for player in pos.players:
        seat = player["seat"]
        assert player["grandes"] + on_board[(seat, "grande")] == GRANDES, f"seat {seat} Grandes"
        assert player["barons"] + on_board[(seat, "baron")] == BARONS, f"seat {seat} Barons"


def check_stacks(pos: Position) -> None:
    levels = {b["id"]: b["level"] for b in pos.view["bridges"]}
    for cell, entry in pos.cells.items():
        stack = entry["stack"]
        assert entry["space"] == CELL_SPACE.get(cell), f"cell {cell} is space {entry['space']}"
        assert stack and entry["height"] == stack[-1]["level"] >= 1
        below = 0
        for element in stack:
            if element["kind"] == "piece":
                assert element["level"] == below + 1, f"a piece floats on {cell}"
            else:
                assert element["level"] == levels[element["bridge"]] > below
            below = element["level"]
    for bridge in pos.view["bridges"]:
        (ax, ay), (bx, by) = bridge["ends"]
        assert (abs(ax - bx), abs(ay - by)) in ((2, 0), (0, 2)), f"bridge ends {bridge['ends']}"
        middle = ((ax + bx) // 2, (ay + by) // 2)
        assert {tuple(c) for c in bridge["cells"]} == {(ax, ay), middle, (bx, by)}
        for cell in map(tuple, bridge["cells"]):
            ids = [e.get("bridge") for e in pos.cells[cell]["stack"]]
            assert bridge["id"] in ids, f"bridge {bridge['id']} missing on {cell}"


def check_buildings(pos: Position) -> None:
    view = pos.view
    assert {frozenset(map(tuple, b["cells"])) for b in view["buildings"]} == set(components(view))
    recount = recount_values(view)
    for building in view["buildings"]:
        assert building["value"] == recount[building["id"]], (
            f"building {building['id']} is worth {building['value']}, recount {recount[building['id']]}"
        )
    flags = [b["flag"] for b in view["buildings"] if b["flag"] is not None]
    free = view["supply"]["flags"]
    assert sorted(flags + free) == list(range(1, ALL_FLAGS + 1)), f"flags {flags} free {free}"
    if free:
        waiting = [b for b in view["buildings"] if b["flag"] is None and b["value"] >= 5]
        assert not waiting, f"flag {free[0]} is free while mansions wait: {waiting}"


def check_secrecy(public: Mapping[str, Any], seat_views: Sequence[Mapping[str, Any]]) -> None:
    """A seat's view is the public view plus that seat's own hand, nothing else."""
    assert "hand" not in public
    bare = {k: v for k, v in public.items() if k != "seat"}
    for seat, view in enumerate(seat_views):
        assert view["seat"] == seat and public["seat"] is None
        assert len(view["hand"]) == view["players"][seat]["hand_count"]
        assert {k: v for k, v in view.items() if k not in ("seat", "hand")} == bare


# -- what a player may do ---------------------------------------------------------------
def expected_actions(pos: Position, seat: int, hand: list[int]) -> set[str]:
    """The action parts of the legal moves without a withdrawal (``pass`` left out)."""
    view, money = pos.view, pos.money(seat)
    actions: set[str] = set()
    if money >= 5:
        actions |= {f"buy {card}" for card in view["face_up"]}
        if view["deck"]:
            actions.add("buy deck")
    if money >= 10 and view["tower_deck"]:
        actions.add("buy tower")
    for card in hand:
        actions |= card_actions(pos, card)
    if pos.players[seat]["towers"]:
        actions |= {f"tower {cell_name(c)}" for c in tower_cells(pos, seat)}
    if money >= 15 and view["supply"]["bridges"]:
        actions |= {f"bridge {cell_name(x)}-{cell_name(y)}" for x, y in bridge_ends(pos, seat)}
    return actions


def card_actions(pos: Position, card: int) -> set[str]:
    cell = SPACE_CELL[card]
    if pos.height(cell) > 0:
        return {f"raise {card}"}
    found = {f"castle {card} {low}-{low + 2}" for low in castle_spans(pos, card)}
    if pos.built_neighbours(cell):
        return found | {f"extend {card}"}
    return found | {f"mansion {card}"}


def castle_spans(pos: Position, card: int) -> list[int]:
    if not pos.view["supply"]["flags"] or pos.view["supply"]["pieces"] < 4:
        return []
    castle_spaces, mansion_spaces = pos.castle_spaces, pos.mansion_spaces
    spans = []
    for low in (card - 2, card - 1, card):
        trio = range(low, low + 3)
        if low < 1 or low + 2 > len(SPACE_CELL):
            continue
        if all(
            pos.height(SPACE_CELL[s]) == 0
            and not pos.built_neighbours(SPACE_CELL[s])
            and all(abs(s - c) >= 4 for c in castle_spaces)
            and all(abs(s - m) >= 2 for m in mansion_spaces)
            for s in trio
        ):
            spans.append(low)
    return spans


def two_away(cell: Cell) -> list[tuple[Cell, Cell]]:
    """(middle, far) pairs in the four straight directions that stay on the grid."""
    x, y = cell
    pairs = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        far = (x + 2 * dx, y + 2 * dy)
        if 0 <= far[0] < COLUMNS and 0 <= far[1] < ROWS:
            pairs.append(((x + dx, y + dy), far))
    return pairs


def tower_cells(pos: Position, seat: int) -> list[Cell]:
    cells = []
    for cell in pos.cells:
        if not 1 <= pos.height(cell) <= 4:
            continue
        noble = pos.noble(cell)
        if noble is not None:
            if noble[0] == seat:
                cells.append(cell)
            continue
        for _, far in two_away(cell):
            owner = pos.noble(far)
            if (
                owner is not None and owner[0] == seat
                and pos.height(far) > pos.height(cell)
                and frozenset((cell, far)) not in pos.bridge_ends
            ):
                cells.append(cell)
                break
    return cells


def bridge_ends(pos: Position, seat: int) -> list[tuple[Cell, Cell]]:
    found = []
    for x in pos.cells:
        for middle, y in two_away(x):
            if cell_order(x) > cell_order(y):
                continue
            h = pos.height(x)
            owners = {n[0] for n in (pos.noble(x), pos.noble(y)) if n is not None}
            if (
                h >= 1 and pos.height(y) == h and pos.height(middle) < h
                and owners == {seat}
                and frozenset((x, y)) not in pos.bridge_ends
                and not pos.blocked(pos.bridge_joins(x, middle, y))
            ):
                found.append((x, y))
    return found


def expected_steps(before: Position, after: Position, seat: int, move: ReadMove) -> set[str]:
    """The noble steps that may follow a bare action, read from the position it leaves."""
    new_cells = [
        cell for cell, entry in after.cells.items()
        if len(entry["stack"]) > len(before.cells[cell]["stack"] if cell in before.cells else [])
    ]
    if not new_cells:  # a blocked union: the piece left the game, no step
        return set()
    building = after.building_of[new_cells[0]]
    mine = {c: n[1] for c, n in after.nobles().items() if n[0] == seat and after.building_of[c] == building}
    steps = {
        write_step(Step("swap", tuple(sorted((g, b), key=cell_order))))
        for g, grank in mine.items() for b, brank in mine.items()
        if grank == "grande" and brank == "baron"
    }
    on_target = before.noble(move.target) if move.target is not None else None
    if move.kind in ("raise", "tower") and on_target is not None and on_target[0] == seat:
        # the player's own noble was lifted: only an exchange may follow
        return steps
    free = sorted((c for c in new_cells if after.noble(c) is None), key=cell_order)
    steps |= {write_step(Step("move", (a, b))) for a in mine for b in free if a != b}
    value, money, player = after.value_at(new_cells[0]), after.money(seat), after.players[seat]
    stock = {"grande": player["grandes"], "baron": player["barons"]}
    singles = [(r, c) for c in free for r in ("baron", "grande")]
    for rank, cell in singles:
        if stock[rank] and money >= RANK_FACTOR[rank] * value:
            steps.add(write_step(Step("place", (cell,), (rank,))))
    if move.kind == "castle":
        for i, (r1, c1) in enumerate(singles):
            for r2, c2 in singles[i + 1:]:
                need = Counter((r1, r2))
                cost = (RANK_FACTOR[r1] + RANK_FACTOR[r2]) * value
                if c1 != c2 and all(stock[r] >= k for r, k in need.items()) and money >= cost:
                    steps.add(write_step(Step("place", (c1, c2), (r1, r2))))
    return steps


# -- what a move does to the purses -----------------------------------------------------
def expected_gains(before: Position, after: Position, seat: int, move: ReadMove) -> dict[int, int]:
    """Each seat's money change for a move, from the rules on income, prices and compensation."""
    gains = dict.fromkeys(range(len(before.players)), 0)
    if move.withdraw is not None:
        owner, rank = before.noble(move.withdraw) or (None, "")
        assert owner == seat, f"withdrawal of {move.withdraw}: not the mover's noble"
        gains[seat] += RANK_FACTOR[rank] * before.value_at(move.withdraw)
    if move.kind == "buy":
        gains[seat] -= 10 if move.words[0] == "tower" else 5
    if move.kind in ("pass", "buy"):
        return gains
    if move.kind == "bridge":
        gains[seat] -= 15
    target = move.target
    assert target is not None
    blocked = move.kind == "extend" and before.extension_blocked(target)
    gains[seat] += 50 if blocked else after.value_at(target)
    # An opponent's noble under a raise or under a new bridge's middle is paid the value before.
    victim_cell: Cell | None = None
    if move.kind == "raise":
        victim_cell = target
    elif move.kind == "bridge":
        (ax, ay), (bx, by) = move.bridge_ends
        victim_cell = ((ax + bx) // 2, (ay + by) // 2)
    if victim_cell is not None:
        victim = before.noble(victim_cell)
        if victim is not None and victim[0] != seat:
            gains[victim[0]] += RANK_FACTOR[victim[1]] * before.value_at(victim_cell)
    if move.step is not None and move.step.kind == "place":
        value = after.value_at(move.step.cells[0])
        gains[seat] -= sum(RANK_FACTOR[r] for r in move.step.ranks) * value
    return gains


def final_scores(view: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    """Each seat's points (2 x level per Grande, level per Baron, 1 per 50 Real) and the winners."""
    pos = Position(view)
    points = [p["money"] // 50 for p in pos.players]
    for cell, (seat, rank) in pos.nobles().items():
        points[seat] += RANK_FACTOR[rank] * pos.height(cell)
    playing = [p["seat"] for p in pos.players if not p["retired"]]
    best = max((points[s], pos.money(s) % 50) for s in playing)
    winners = [s for s in playing if (points[s], pos.money(s) % 50) == best]
    return points, winners
