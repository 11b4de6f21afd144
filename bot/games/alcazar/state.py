"""The state of an Alcazar (2009) game and its JSON form.

A ``State`` is never changed once ``play`` has returned it: ``play`` works on
a ``copy()``.  Stacks, nobles, money, hands and decks are stored; buildings
(groups of joined cells, their values) are derived and cached on demand.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.games.alcazar import board
from bot.games.alcazar.pieces import (  # noqa: F401  (the state's vocabulary, re-exported)
    BARON,
    BRIDGE_PRICE,
    BRIDGES,
    CARD_COUNT,
    CARD_PRICE,
    COLORS,
    FACE_UP_COUNT,
    FLAG_COUNT,
    FLAG_NAMES,
    GRANDE,
    HAND_SIZE,
    MAX_VALUE,
    PIECE,
    PIECES,
    RANK_NAMES,
    START_BARONS,
    START_GRANDES,
    START_MONEY,
    TOWER_CARDS,
    TOWER_PRICE,
    Element,
    Noble,
)

if TYPE_CHECKING:
    from bot.games.alcazar.buildings import Buildings
    from bot.games.alcazar.moves import Move

SCHEMA = 1


@dataclass(slots=True)
class Player:
    money: int = START_MONEY
    grandes: int = START_GRANDES
    barons: int = START_BARONS
    hand: tuple[int, ...] = ()
    towers: int = 0
    retired: bool = False

    def copy(self) -> Player:
        return Player(self.money, self.grandes, self.barons, self.hand, self.towers, self.retired)

    def nobles_left(self, rank: int) -> int:
        return self.grandes if rank == GRANDE else self.barons


@dataclass(slots=True)
class Bridge:
    ends: tuple[int, int]  # cells, canonical order
    middle: int
    level: int

    @property
    def cells(self) -> tuple[int, int, int]:
        return (self.ends[0], self.middle, self.ends[1])


@dataclass(slots=True, eq=False)
class State:
    players: list[Player]
    stacks: list[tuple[Element, ...]]
    nobles: dict[int, Noble]
    bridges: list[Bridge]
    flags: dict[int, int]  # flag number -> a cell of the castle that flies it
    face_up: list[int]
    deck: list[int]
    tower_deck: int = TOWER_CARDS
    pieces: int = PIECES
    bridge_supply: int = BRIDGES
    pieces_discarded: int = 0
    to_move: int | None = 0
    ply: int = 0
    # Seats that passed since the last turn that was not a pass (a retired seat's pass is dropped).
    passed: frozenset[int] = frozenset()
    end_reason: str | None = None
    last_move: dict[str, Any] | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    heights: list[int] = field(default_factory=list)
    _buildings: Buildings | None = None
    _legal: list[Move] | None = None

    def __post_init__(self) -> None:
        if not self.heights:
            self.heights = [s[-1][0] if s else 0 for s in self.stacks]

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def buildings(self) -> Buildings:
        """The buildings on the board (computed once per state)."""
        if self._buildings is None:
            from bot.games.alcazar.buildings import analyse

            self._buildings = analyse(self)
        return self._buildings

    @property
    def pass_streak(self) -> int:
        """How many seats still playing have passed since the last turn that was not a pass."""
        return len(self.passed)

    def free_flags(self) -> list[int]:
        return [f for f in range(1, FLAG_COUNT + 1) if f not in self.flags]

    def bridge_ends(self) -> set[tuple[int, int]]:
        return {b.ends for b in self.bridges}

    def copy(self) -> State:
        """A copy that ``play`` may change; the buildings cache is not carried over."""
        return State(
            players=[p.copy() for p in self.players],
            stacks=list(self.stacks),
            nobles=dict(self.nobles),
            bridges=list(self.bridges),
            flags=dict(self.flags),
            face_up=list(self.face_up),
            deck=list(self.deck),
            tower_deck=self.tower_deck,
            pieces=self.pieces,
            bridge_supply=self.bridge_supply,
            pieces_discarded=self.pieces_discarded,
            to_move=self.to_move,
            ply=self.ply,
            passed=self.passed,
            end_reason=self.end_reason,
            last_move=self.last_move,
            seed=self.seed,
            options=dict(self.options),
            heights=list(self.heights),
        )

    # -- stack changes (used by play only) ---------------------------------------
    def add_piece(self, cell: int) -> int:
        """Put a piece on top of a cell; returns its level."""
        level = self.heights[cell] + 1
        self.stacks[cell] = self.stacks[cell] + ((level, PIECE),)
        self.heights[cell] = level
        self.pieces -= 1
        return level

    def add_bridge(self, a: int, middle: int, b: int, level: int) -> int:
        """Lay a bridge at ``level`` over three cells; returns its id."""
        bridge_id = len(self.bridges)
        self.bridges.append(Bridge(board.ordered(a, b), middle, level))
        for cell in (a, middle, b):
            self.stacks[cell] = self.stacks[cell] + ((level, bridge_id),)
            self.heights[cell] = level
        self.bridge_supply -= 1
        return bridge_id


def to_dict(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data (it contains every hand: keep it private)."""
    return {
        "schema": SCHEMA,
        "game": "alcazar",
        "seed": state.seed,
        "options": dict(state.options),
        "players": [
            {
                "money": p.money,
                "grandes": p.grandes,
                "barons": p.barons,
                "hand": list(p.hand),
                "towers": p.towers,
                "retired": p.retired,
            }
            for p in state.players
        ],
        "stacks": {
            str(c): [[lvl, b] for lvl, b in stack] for c, stack in enumerate(state.stacks) if stack
        },
        "nobles": [[c, seat, rank] for c, (seat, rank) in sorted(state.nobles.items())],
        "bridges": [[b.ends[0], b.middle, b.ends[1], b.level] for b in state.bridges],
        "flags": {str(f): c for f, c in sorted(state.flags.items())},
        "face_up": list(state.face_up),
        "deck": list(state.deck),
        "tower_deck": state.tower_deck,
        "pieces": state.pieces,
        "bridge_supply": state.bridge_supply,
        "pieces_discarded": state.pieces_discarded,
        "to_move": state.to_move,
        "ply": state.ply,
        "passed": sorted(state.passed),
        "end_reason": state.end_reason,
        "last_move": None if state.last_move is None else dict(state.last_move),
    }


def from_dict(data: dict[str, Any]) -> State:
    """Rebuild a state written by ``to_dict``."""
    if data.get("schema") != SCHEMA or data.get("game") != "alcazar":
        raise ValueError(f"not an Alcazar state of schema {SCHEMA}")
    stacks: list[tuple[Element, ...]] = [() for _ in range(board.CELL_COUNT)]
    for cell, stack in data["stacks"].items():
        stacks[int(cell)] = tuple((int(lvl), int(b)) for lvl, b in stack)
    return State(
        players=[
            Player(p["money"], p["grandes"], p["barons"], tuple(p["hand"]), p["towers"], p["retired"])
            for p in data["players"]
        ],
        stacks=stacks,
        nobles={int(c): (int(seat), int(rank)) for c, seat, rank in data["nobles"]},
        bridges=[Bridge((a, b), m, lvl) for a, m, b, lvl in data["bridges"]],
        flags={int(f): int(c) for f, c in data["flags"].items()},
        face_up=list(data["face_up"]),
        deck=list(data["deck"]),
        tower_deck=data["tower_deck"],
        pieces=data["pieces"],
        bridge_supply=data["bridge_supply"],
        pieces_discarded=data["pieces_discarded"],
        to_move=data["to_move"],
        ply=data["ply"],
        passed=_passed_seats(data),
        end_reason=data["end_reason"],
        last_move=None if data["last_move"] is None else dict(data["last_move"]),
        seed=data["seed"],
        options=dict(data["options"]),
    )


def _passed_seats(data: dict[str, Any]) -> frozenset[int]:
    """The seats that passed in a row; states written before seats were recorded kept only a count.

    Turns go round the seats still playing, so a count of N passes means the
    N such seats before the one to move.
    """
    if "passed" in data:
        return frozenset(int(seat) for seat in data["passed"])
    streak, to_move = int(data.get("pass_streak", 0)), data.get("to_move")
    if not streak or to_move is None:
        return frozenset()
    playing = [i for i, p in enumerate(data["players"]) if not p["retired"]]
    if to_move not in playing:
        return frozenset()
    at = playing.index(to_move)
    return frozenset(playing[(at - k) % len(playing)] for k in range(1, min(streak, len(playing)) + 1))
