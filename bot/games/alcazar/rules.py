"""The rules of each part of a turn, shared by move generation and validation.

Every check returns either its result or a reason (a ``Msg``) that names the
rule in a player's words, made into text in the player's language.  ``legal.py`` calls these checks for every
candidate to list the legal moves, ``validate.py`` calls the very same checks
for one move to accept it or explain why not; so both always agree.

A turn is taken in three parts: the optional withdrawal (``Turn``), the
action (a ``Build`` checked for the board, then its ``Effect`` on nobles
checked for the player) and the noble step (``step_options``).
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.alcazar import board
from bot.games.alcazar.buildings import Buildings, bridge_value, capped
from bot.games.alcazar.state import (
    BARON,
    BRIDGE_PRICE,
    CARD_PRICE,
    GRANDE,
    MAX_VALUE,
    RANK_NAMES,
    TOWER_PRICE,
    Noble,
    State,
)
from bot.i18n.message import Msg

NAME = board.CELL_NAME


@dataclass(slots=True)
class Turn:
    """The player to act, after the optional withdrawal."""

    seat: int
    withdraw: int | None
    money: int
    grandes: int
    barons: int
    nobles: dict[int, Noble]
    own: list[tuple[int, int]]  # (cell, rank) of the player's nobles on the board, canonical order
    prefix: str  # "withdraw 12; " or ""


@dataclass(slots=True)
class Build:
    """A build as the board allows it, before looking at nobles and money."""

    kind: str  # castle, mansion, extend, raise, tower, bridge
    text: str  # the action's notation
    target: int  # the card's cell; the tower cell; the bridge's middle
    new_cells: tuple[int, ...]  # the cells built this turn, canonical order
    parts: frozenset[int]  # existing buildings that the new element joins
    raw_after: int  # uncapped value of the building after the build
    value_before: int  # CV of the building under ``target`` before the build (0 if none)
    blocked: bool = False  # a union of castles at 50: the piece is discarded
    card: int | None = None
    span: tuple[int, int] | None = None
    ends: tuple[int, int] = (0, 0)
    level: int = 0  # the level of a bridge
    max_nobles: int = 1

    @property
    def value_after(self) -> int:
        return MAX_VALUE if self.blocked else capped(self.raw_after)


@dataclass(slots=True)
class Effect:
    """What a build does to nobles: an opponent's noble removed, the player's own lifted."""

    removed: int | None = None
    lifted: bool = False


# -- describing places ------------------------------------------------------------------
def building_words(bld: Buildings, b: int, dash: str = "-") -> Msg:
    """A building by its kind and the spaces it covers: "the castle on 7-9" (``dash`` between the two)."""
    spaces = [board.CELL_SPACE[c] for c in bld.cells[b] if board.CELL_SPACE[c]]
    where = f"{spaces[0]}" if len(spaces) == 1 else f"{min(spaces)}{dash}{max(spaces)}"
    return Msg("building.castle" if bld.flag[b] is not None else "building.mansion", where=where)


def cell_words(cell: int, case: str = "", *, messages: str = "cell") -> Msg:
    """A cell in a reason: "space 12", "garden g7,1" (Hungarian puts it in ``case``: "on", "from", "to").

    ``messages`` names the catalog's family of wordings ("cellname" for a move's words)."""
    n = board.CELL_SPACE[cell]
    suffix = f".{case}" if case else ""
    return Msg(f"{messages}.space{suffix}", n=n) if n else Msg(f"{messages}.garden{suffix}", name=NAME[cell])


# -- the withdrawal ------------------------------------------------------------------------
def turn_without_withdrawal(state: State, seat: int) -> Turn:
    p = state.players[seat]
    own = sorted(
        ((c, r) for c, (s, r) in state.nobles.items() if s == seat),
        key=lambda cr: board.CELL_ORDER[cr[0]],
    )
    return Turn(seat, None, p.money, p.grandes, p.barons, state.nobles, own, "")


def withdrawal(state: State, base: Turn, cell: int) -> Turn | Msg:
    """The turn after withdrawing the player's noble on ``cell``."""
    noble = state.nobles.get(cell)
    if noble is None:
        return Msg("rule.withdraw_nothing", cell=cell_words(cell, "on"))
    if noble[0] != base.seat:
        return Msg("rule.withdraw_not_yours", cell=cell_words(cell, "on"))
    rank = noble[1]
    pay = state.buildings.value_at(cell) * (2 if rank == GRANDE else 1)
    nobles = dict(base.nobles)
    del nobles[cell]
    return Turn(
        base.seat,
        cell,
        base.money + pay,
        base.grandes + (rank == GRANDE),
        base.barons + (rank == BARON),
        nobles,
        [cr for cr in base.own if cr[0] != cell],
        f"withdraw {NAME[cell]}; ",
    )


# -- the emergency: no cards and too little money -------------------------------------------
def cheapest_card(state: State) -> int | None:
    """The price of the cheapest card for sale (building or tower), or None if none is left."""
    if state.face_up or state.deck:
        return CARD_PRICE
    return TOWER_PRICE if state.tower_deck else None


def must_withdraw_and_buy(state: State, base: Turn) -> bool:
    """A player with no cards who cannot pay for any card must withdraw a noble and buy one.

    The rulebook's "Emergency Pass Action": that player has no other move; a
    bridge is allowed only to a player who would otherwise have to pass.
    """
    player = state.players[base.seat]
    price = cheapest_card(state)
    if player.hand or player.towers or price is None or base.money >= price:
        return False
    for cell, _rank in base.own:
        after = withdrawal(state, base, cell)
        if isinstance(after, Turn) and after.money >= price:
            return True
    return False


EMERGENCY = Msg("rule.emergency")


# -- building cards (A, B, C) -------------------------------------------------------------
def card_kind(state: State, bld: Buildings, card: int) -> str:
    """Which single-piece action card ``card`` makes: mansion, extend or raise."""
    cell = board.SPACE_CELL[card]
    if state.heights[cell]:
        return "raise"
    heights = state.heights
    return "extend" if any(heights[n] for n in board.NEIGHBOURS[cell]) else "mansion"


def castle_build(state: State, bld: Buildings, card: int, span: tuple[int, int]) -> Build | Msg:
    low, high = span
    if high - low != 2 or not low <= card <= high:
        options = ", ".join(
            f"{a}-{a + 2}" for a in (card - 2, card - 1, card) if a >= 1 and a + 2 <= board.SPACE_COUNT
        )
        return Msg("rule.castle_span", card=card, options=options)
    if not state.free_flags():
        return Msg("rule.castle_no_flag")
    if state.pieces < 4:
        return Msg("rule.castle_pieces", count=state.pieces)
    heights, of = state.heights, bld.building_of
    # Vacancy first: "space 8 is already built" says more than a distance to it would.
    for n in range(low, high + 1):
        if heights[board.SPACE_CELL[n]]:
            return Msg("rule.castle_built", n=n)
    for n in range(low, high + 1):
        cell = board.SPACE_CELL[n]
        # Nearest first, so the reason names the closest building.
        for m in sorted(range(max(1, n - 3), min(board.SPACE_COUNT, n + 3) + 1), key=lambda m: abs(n - m)):
            b = of[board.SPACE_CELL[m]]
            if b < 0:
                continue
            if bld.flag[b] is not None:
                return Msg("rule.castle_distance", n=n, count=abs(n - m), building=building_words(bld, b))
            if abs(n - m) == 1:
                return Msg("rule.castle_touches_mansion", n=n, building=building_words(bld, b))
        for nb in board.NEIGHBOURS[cell]:
            if heights[nb]:
                return Msg("rule.castle_touches_built", n=n, cell=cell_words(nb))
    cells = tuple(board.SPACE_CELL[n] for n in range(low, high + 1))
    return Build(
        "castle", f"castle {card} {low}-{high}", board.SPACE_CELL[card], cells, frozenset(), 5, 0,
        card=card, span=span, max_nobles=2,
    )


def single_piece_build(state: State, bld: Buildings, kind: str, card: int) -> Build | Msg:
    """A mansion, an extension beside, or a piece on top (``raise``) with card ``card``."""
    cell = board.SPACE_CELL[card]
    actual = card_kind(state, bld, card)
    if kind != actual:
        if actual == "raise":
            return Msg("rule.use_raise", n=card)
        if kind == "raise":
            return Msg("rule.raise_vacant", n=card)
        if actual == "extend":
            return Msg("rule.use_extend", n=card)
        return Msg("rule.use_mansion", n=card)
    if state.pieces < 1:
        return Msg("rule.no_pieces")
    text = f"{kind} {card}"
    if kind == "raise":
        b = bld.building_of[cell]
        return Build("raise", text, cell, (cell,), frozenset((b,)), bld.raw[b] + 2, bld.value(b), card=card)
    if kind == "mansion":
        return Build("mansion", text, cell, (cell,), frozenset(), 1, 0, card=card)
    parts = frozenset(bld.touching(board.NEIGHBOURS[cell]))
    blocked = bld.union_blocked(set(parts))
    return Build("extend", text, cell, (cell,), parts, bld.joined_raw(set(parts), 1), 0, blocked, card=card)


def card_builds(state: State, bld: Buildings, card: int) -> list[Build]:
    """Every way the board allows to play building card ``card``."""
    builds: list[Build] = []
    kind = card_kind(state, bld, card)
    if kind != "raise":
        for low in (card - 2, card - 1, card):
            if low >= 1 and low + 2 <= board.SPACE_COUNT:
                castle = castle_build(state, bld, card, (low, low + 2))
                if isinstance(castle, Build):
                    builds.append(castle)
    single = single_piece_build(state, bld, kind, card)
    if isinstance(single, Build):
        builds.append(single)
    return builds


# -- tower cards (D) ----------------------------------------------------------------------
def tower_build(state: State, bld: Buildings, cell: int) -> Build | Msg:
    if state.pieces < 1:
        return Msg("rule.no_pieces")
    h = state.heights[cell]
    if h == 0:
        return Msg("rule.tower_ground", cell=cell_words(cell))
    if h > 4:
        return Msg("rule.tower_too_high", cell=cell_words(cell), level=h)
    b = bld.building_of[cell]
    return Build("tower", f"tower {NAME[cell]}", cell, (cell,), frozenset((b,)), bld.raw[b] + 2, bld.value(b))


def tower_purpose(state: State, turn: Turn, cell: int, bridge_ends: set[tuple[int, int]]) -> Effect | Msg:
    """A tower card lifts the player's own noble or prepares a bridge support."""
    noble = turn.nobles.get(cell)
    if noble is not None:
        if noble[0] == turn.seat:
            return Effect(lifted=True)
        return Msg("rule.tower_opponent", cell=cell_words(cell, "on"))
    h = state.heights[cell]
    for other, _middle in board.TWO_APART[cell]:
        owner = turn.nobles.get(other)
        if (
            owner is not None
            and owner[0] == turn.seat
            and state.heights[other] > h
            and board.ordered(cell, other) not in bridge_ends
        ):
            return Effect()
    return Msg("rule.tower_purpose", cell=cell_words(cell, "to"))


# -- bridges (E) ---------------------------------------------------------------------------
def bridge_build(state: State, bld: Buildings, a: int, b: int, bridge_ends: set[tuple[int, int]]) -> Build | Msg:
    a, b = board.ordered(a, b)
    middle = next((m for other, m in board.TWO_APART[a] if other == b), None)
    if middle is None:
        return Msg("rule.bridge_apart", first=cell_words(a), second=cell_words(b))
    if state.bridge_supply < 1:
        return Msg("rule.no_bridges")
    heights = state.heights
    h = heights[a]
    if h == 0 or heights[b] == 0:
        empty = a if h == 0 else b
        return Msg("rule.bridge_empty_support", cell=cell_words(empty))
    if heights[b] != h:
        return Msg("rule.bridge_levels", a=NAME[a], a_level=h, b=NAME[b], b_level=heights[b])
    if heights[middle] >= h:
        return Msg("rule.bridge_middle", middle=NAME[middle], middle_level=heights[middle], level=h)
    if (a, b) in bridge_ends:
        return Msg("rule.bridge_twice", a=NAME[a], b=NAME[b])
    of = bld.building_of
    if heights[middle]:
        parts = {of[a], of[b], of[middle]}
    else:
        parts = bld.touching(board.NEIGHBOURS[middle])
    if bld.union_blocked(parts):
        return Msg("rule.bridge_union_50")
    level = h + 1
    value_before = bld.value(of[middle]) if heights[middle] else 0
    return Build(
        "bridge", f"bridge {NAME[a]}-{NAME[b]}", middle, (a, middle, b), frozenset(parts),
        bld.joined_raw(parts, bridge_value(level)), value_before, ends=(a, b), level=level,
    )


def bridge_candidates(state: State, bld: Buildings, bridge_ends: set[tuple[int, int]]) -> list[Build]:
    """Every bridge the board allows (nobles and money not yet considered)."""
    if state.bridge_supply < 1:
        return []
    heights = state.heights
    found = []
    for a, m, b in board.BRIDGE_SPANS:
        h = heights[a]
        if h and heights[b] == h and heights[m] < h:
            build = bridge_build(state, bld, a, b, bridge_ends)
            if isinstance(build, Build):
                found.append(build)
    return found


def bridge_nobles(turn: Turn, build: Build) -> Effect | Msg:
    if turn.money < BRIDGE_PRICE:
        return Msg("rule.bridge_money", price=BRIDGE_PRICE, money=turn.money)
    a, b = build.ends
    on_a, on_b = turn.nobles.get(a), turn.nobles.get(b)
    mine_a = on_a is not None and on_a[0] == turn.seat
    mine_b = on_b is not None and on_b[0] == turn.seat
    if not (mine_a or mine_b):
        return Msg("rule.bridge_own_noble", a=NAME[a], b=NAME[b])
    if (on_a is not None and not mine_a) or (on_b is not None and not mine_b):
        other = a if not mine_a else b
        return Msg("rule.bridge_opponent_support", cell=NAME[other])
    under = turn.nobles.get(build.target)
    return Effect(removed=build.target if under is not None and under[0] != turn.seat else None)


# -- effects of a build on nobles ---------------------------------------------------------
def noble_effect(
    state: State, turn: Turn, build: Build, bridge_ends: set[tuple[int, int]]
) -> Effect | Msg:
    """Check the build against the nobles and money of the player's turn."""
    if build.kind == "bridge":
        return bridge_nobles(turn, build)
    if build.kind == "tower":
        return tower_purpose(state, turn, build.target, bridge_ends)
    if build.kind == "raise":
        noble = turn.nobles.get(build.target)
        if noble is None:
            return Effect()
        if noble[0] == turn.seat:
            return Effect(lifted=True)
        return Effect(removed=build.target)
    return Effect()


# -- the noble step ----------------------------------------------------------------------
def step_options(turn: Turn, build: Build, effect: Effect, bld: Buildings) -> list[str]:
    """Every noble step after ``build`` as notation suffixes; "" is no step."""
    if build.blocked:
        return [""]
    nobles = turn.nobles
    new = build.new_cells
    removed = effect.removed
    free = [c for c in new if c == removed or c not in nobles]
    parts, of = build.parts, bld.building_of
    own = [(c, r) for c, r in turn.own if c in new or of[c] in parts]
    options = [""]
    if not effect.lifted:
        value = build.value_after
        money = turn.money + value - (BRIDGE_PRICE if build.kind == "bridge" else 0)
        singles = []
        if turn.barons and money >= value:
            singles.append(BARON)
        if turn.grandes and money >= 2 * value:
            singles.append(GRANDE)
        for c in free:
            for rank in singles:
                options.append(f" + {RANK_NAMES[rank]} {NAME[c]}")
        if build.max_nobles == 2:
            options.extend(_castle_pairs(turn, free, value, money))
        for c, _rank in own:
            for t in free:
                if t != c:
                    options.append(f" + move {NAME[c]}>{NAME[t]}")
    grandes = [c for c, r in own if r == GRANDE]
    if grandes:
        for bc, rank in own:
            if rank == BARON:
                for gc in grandes:
                    a, b = board.ordered(gc, bc)
                    options.append(f" + swap {NAME[a]}<>{NAME[b]}")
    return options


def _castle_pairs(turn: Turn, free: list[int], value: int, money: int) -> list[str]:
    pairs = []
    for i, c1 in enumerate(free):
        for c2 in free[i + 1:]:
            for r1 in (BARON, GRANDE):
                for r2 in (BARON, GRANDE):
                    grandes = (r1 == GRANDE) + (r2 == GRANDE)
                    if grandes > turn.grandes or 2 - grandes > turn.barons:
                        continue
                    if money < value * (2 + grandes):
                        continue
                    pairs.append(f" + {RANK_NAMES[r1]} {NAME[c1]} {RANK_NAMES[r2]} {NAME[c2]}")
    return pairs
