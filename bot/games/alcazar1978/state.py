"""The game state: an immutable value, plus the setup and its JSON form."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.alcazar1978.board import (
    POSITION_BY_NAME,
    POSITION_NAMES,
    SQUARE_BY_NAME,
    SQUARE_NAMES,
)
from bot.games.alcazar1978.moves import Move, WallTurn, read_notation
from bot.games.common import Outcome
from bot.i18n.message import Msg

SCHEMA = 1
COLORS = ("red", "green")
STARTING_SQUARES: tuple[int, int] = (SQUARE_BY_NAME["a4"], SQUARE_BY_NAME["d1"])

# Walls 1–8 where the setup puts them: Red's castle a4 a3 b4, Green's d1 c1 d2.
SETUP_WALLS: tuple[int, ...] = tuple(
    POSITION_BY_NAME[name]
    for name in ("A2-B2", "B2-B3", "B3-C3", "C3-C4", "C0-C1", "C1-D1", "D1-D2", "D2-E2")
)
DEFAULT_OPTIONS: dict[str, Any] = {"threefold_repetition": True}


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game in progress; ``play`` makes a new one per move."""

    pawns: tuple[int, int]            # square of each seat's pawn
    walls: tuple[int, ...]            # position of wall 1, wall 2, … wall 8
    turn: int                         # seat to act (kept when the game is over)
    locked_wall: int | None           # the wall the seat to act may not turn
    ply: int                          # moves played so far (passes included)
    threefold_repetition: bool        # the house rule, a game setting
    history: tuple[int, ...]          # position keys since the start, for the house rule
    last_move: Move | None
    last_wall_from: int | None        # where the last turned wall stood before it turned
    outcome: Outcome | None

    def left_start(self, seat: int) -> bool:
        # A pawn may never re-enter its starting square, so "not on it" is "has left it".
        return self.pawns[seat] != STARTING_SQUARES[seat]

    def wall_mask(self) -> int:
        mask = 0
        for position in self.walls:
            mask |= 1 << position
        return mask


def position_key(pawns: tuple[int, int], wall_mask: int, turn: int, locked_position: int | None) -> int:
    """The position for the repetition rule, packed into one integer: both
    pawns' squares, the occupied wall positions (not which wall is where),
    the seat to act and the position of the wall it may not turn."""
    locked = 0 if locked_position is None else locked_position + 1
    return pawns[0] | pawns[1] << 4 | turn << 8 | locked << 9 | wall_mask << 15


def state_key(state: State) -> int:
    locked = None if state.locked_wall is None else state.walls[state.locked_wall - 1]
    return position_key(state.pawns, state.wall_mask(), state.turn, locked)


def starting_state(options: dict[str, Any] | None = None) -> State:
    settings = resolve_options(options)
    state = State(
        pawns=STARTING_SQUARES,
        walls=SETUP_WALLS,
        turn=0,
        locked_wall=None,
        ply=0,
        threefold_repetition=settings["threefold_repetition"],
        history=(),
        last_move=None,
        last_wall_from=None,
        outcome=None,
    )
    return _with_history(state, (state_key(state),))


def _with_history(state: State, history: tuple[int, ...]) -> State:
    return State(
        state.pawns, state.walls, state.turn, state.locked_wall, state.ply,
        state.threefold_repetition, history, state.last_move, state.last_wall_from, state.outcome,
    )


def resolve_options(options: dict[str, Any] | None) -> dict[str, Any]:
    settings = dict(DEFAULT_OPTIONS)
    for name, value in (options or {}).items():
        if name not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown option {name!r} for Alcazar (1978); known: {', '.join(DEFAULT_OPTIONS)}")
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} is on or off (True or False), not {value!r}")
        settings[name] = value
    return settings


def options_of(state: State) -> dict[str, Any]:
    return {"threefold_repetition": state.threefold_repetition}


def to_dict(state: State) -> dict[str, Any]:
    """JSON-ready form of a state (schema 1)."""
    return {
        "schema": SCHEMA,
        "game": "alcazar1978",
        "pawns": [SQUARE_NAMES[s] for s in state.pawns],
        "walls": [POSITION_NAMES[p] for p in state.walls],
        "turn": state.turn,
        "locked_wall": state.locked_wall,
        "ply": state.ply,
        "options": options_of(state),
        "history": [format(key, "x") for key in state.history],
        "last_move": None if state.last_move is None else str(state.last_move),
        "last_wall_from": None if state.last_wall_from is None else POSITION_NAMES[state.last_wall_from],
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def from_dict(data: dict[str, Any]) -> State:
    """The state ``to_dict`` wrote; ``ValueError`` for another schema or game."""
    if data.get("schema") != SCHEMA or data.get("game") != "alcazar1978":
        raise ValueError(
            f"not an Alcazar (1978) state of schema {SCHEMA}: "
            f"game={data.get('game')!r} schema={data.get('schema')!r}"
        )
    last_move = None if data["last_move"] is None else read_notation(data["last_move"])
    last_wall_from = data["last_wall_from"]
    if isinstance(last_move, WallTurn) != (last_wall_from is not None):
        raise ValueError("a wall turn as last move needs the position the wall came from")
    pawns = tuple(SQUARE_BY_NAME[name] for name in data["pawns"])
    return State(
        pawns=(pawns[0], pawns[1]),
        walls=tuple(POSITION_BY_NAME[name] for name in data["walls"]),
        turn=int(data["turn"]),
        locked_wall=data["locked_wall"],
        ply=int(data["ply"]),
        threefold_repetition=resolve_options(data["options"])["threefold_repetition"],
        history=tuple(int(key, 16) for key in data["history"]),
        last_move=last_move,
        last_wall_from=None if last_wall_from is None else POSITION_BY_NAME[last_wall_from],
        outcome=None if data["outcome"] is None else Outcome.from_dict(data["outcome"]),
    )


def colour_of(seat: int) -> Msg:
    """The seat's colour as players call it ("Red"), in their language."""
    return Msg(f"colour.{COLORS[seat]}")
