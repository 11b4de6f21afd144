"""What players see: moves in plain words and the JSON view the renderer draws."""
from __future__ import annotations

from typing import Any

from bot.games.alcazar1978.board import POSITION_NAMES, POSITION_TOWERS, SQUARE_NAMES, tower_name
from bot.games.alcazar1978.moves import Move, Pass, PawnMove, WallTurn
from bot.games.alcazar1978.rotation import SWINGS, Swing
from bot.games.alcazar1978.state import COLOR_NAMES, COLORS, STARTING_SQUARES, State, options_of
from bot.games.common import IllegalMove

_TURN_WORDS = {1: "a quarter turn", 2: "half a turn", 3: "three quarter turns"}
_DIRECTION_WORDS = {"cw": "clockwise", "ccw": "counter-clockwise"}


def swing_of(state: State, move: WallTurn) -> Swing:
    """The geometry of a wall turn from where that wall stands in ``state``."""
    start = state.walls[move.wall - 1]
    if move.pivot not in POSITION_TOWERS[start]:
        raise IllegalMove(
            f"wall {move.wall} hangs on {' and '.join(tower_name(t) for t in POSITION_TOWERS[start])}; "
            f"it turns around one of those, not around {tower_name(move.pivot)}"
        )
    return SWINGS[(start, move.pivot, move.direction, move.quarters)]


def describe_move(state: State, move: Move) -> str:
    """The move in plain words for the seat to act in ``state`` (before it is played)."""
    name = COLOR_NAMES[state.turn]
    if isinstance(move, Pass):
        return f"{name} passes (no legal move)"
    if isinstance(move, PawnMove):
        return f"{name} moves the pawn {SQUARE_NAMES[move.origin]} → {SQUARE_NAMES[move.target]}"
    return _wall_turn_words(name, move, swing_of(state, move))


def _wall_turn_words(name: str, move: WallTurn, swing: Swing) -> str:
    end = "off the board" if swing.end is None else POSITION_NAMES[swing.end]
    return (
        f"{name} turns wall {move.wall} around {tower_name(move.pivot)} "
        f"{_TURN_WORDS[move.quarters]} {_DIRECTION_WORDS[move.direction]} "
        f"({POSITION_NAMES[swing.start]} → {end})"
    )


def last_move_view(state: State) -> dict[str, Any] | None:
    """The last move with what the renderer needs to show it."""
    move = state.last_move
    if move is None:
        return None
    seat = 1 - state.turn
    details: dict[str, Any] = {"seat": seat, "notation": str(move)}
    name = COLOR_NAMES[seat]
    if isinstance(move, Pass):
        details.update(text=f"{name} passes (no legal move)", kind="pass")
    elif isinstance(move, PawnMove):
        details.update(
            text=f"{name} moves the pawn {SQUARE_NAMES[move.origin]} → {SQUARE_NAMES[move.target]}",
            kind="pawn", **{"from": SQUARE_NAMES[move.origin], "to": SQUARE_NAMES[move.target]},
        )
    else:
        assert state.last_wall_from is not None
        swing = SWINGS[(state.last_wall_from, move.pivot, move.direction, move.quarters)]
        assert swing.end is not None
        details.update(
            text=_wall_turn_words(name, move, swing),
            kind="wall", wall=move.wall,
            pivot=tower_name(move.pivot), direction=move.direction, quarters=move.quarters,
            swept=[SQUARE_NAMES[s] for s in swing.swept],
            **{"from": POSITION_NAMES[swing.start], "to": POSITION_NAMES[swing.end]},
        )
    return details


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The whole (public) position as a JSON-ready dict; ``seat`` only labels it."""
    return {
        "game": "alcazar1978",
        "seat": seat,
        "to_move": None if state.outcome is not None else state.turn,
        "ply": state.ply,
        "pawns": [
            {
                "seat": s,
                "color": COLORS[s],
                "square": SQUARE_NAMES[state.pawns[s]],
                "start": SQUARE_NAMES[STARTING_SQUARES[s]],
                "left_start": state.left_start(s),
            }
            for s in (0, 1)
        ],
        "walls": [{"id": i + 1, "position": POSITION_NAMES[p]} for i, p in enumerate(state.walls)],
        "locked_wall": state.locked_wall,
        "last_move": last_move_view(state),
        "options": options_of(state),
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }
