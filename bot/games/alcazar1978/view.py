"""What players see: moves in plain words (messages) and the JSON view the renderer draws."""
from __future__ import annotations

from typing import Any

from bot.games.alcazar1978.board import POSITION_NAMES, POSITION_TOWERS, SQUARE_NAMES, tower_name
from bot.games.alcazar1978.moves import Move, Pass, PawnMove, WallTurn
from bot.games.alcazar1978.rotation import SWINGS, Swing
from bot.games.alcazar1978.rules import wrong_pivot
from bot.games.alcazar1978.state import COLORS, STARTING_SQUARES, State, colour_of, options_of
from bot.games.common import IllegalMove, MoveWords
from bot.i18n.message import Msg


def swing_of(state: State, move: WallTurn) -> Swing:
    """The geometry of a wall turn from where that wall stands in ``state``."""
    start = state.walls[move.wall - 1]
    if move.pivot not in POSITION_TOWERS[start]:
        raise IllegalMove(wrong_pivot(move.wall, POSITION_TOWERS[start], move.pivot))
    return SWINGS[(start, move.pivot, move.direction, move.quarters)]


def describe_move(state: State, move: Move) -> Msg:
    """The move in plain words for the seat to act in ``state`` (before it is played)."""
    return _move_words(state.turn, move, None if not isinstance(move, WallTurn) else swing_of(state, move))


def describe_move_by_part(state: State, move: Move) -> MoveWords:
    """The move's words, whole and as (the move, how the wall turns: None for a pawn step or a pass)."""
    if not isinstance(move, WallTurn):
        return MoveWords(_move_words(state.turn, move, None), (_move_words(state.turn, move, None), None))
    swing = swing_of(state, move)
    return MoveWords(_move_words(state.turn, move, swing), (_move_words(state.turn, move, swing),
                                                            wall_turn_words(move, swing)))


def _move_words(seat: int, move: Move, swing: Swing | None) -> Msg:
    colour = colour_of(seat)
    if isinstance(move, Pass):
        return Msg("move78.pass", colour=colour)
    if isinstance(move, PawnMove):
        return Msg("move78.pawn", colour=colour, origin=SQUARE_NAMES[move.origin], target=SQUARE_NAMES[move.target])
    assert swing is not None
    return Msg("move78.wall", colour=colour, wall=move.wall, turn=wall_turn_words(move, swing))


def wall_turn_words(move: WallTurn, swing: Swing) -> Msg:
    """Around which tower, how far, which way and where the wall ends: "around B3 a quarter turn clockwise (…)"."""
    end: Msg | str = Msg("wall.off_board") if swing.end is None else POSITION_NAMES[swing.end]
    return Msg(f"wall.turn.{move.direction}.{move.quarters}", tower=tower_name(move.pivot),
               start=POSITION_NAMES[swing.start], end=end)


def last_move_view(state: State) -> dict[str, Any] | None:
    """The last move with what the renderer needs to show it."""
    move = state.last_move
    if move is None:
        return None
    seat = 1 - state.turn
    details: dict[str, Any] = {"seat": seat, "notation": str(move)}
    if isinstance(move, Pass):
        details.update(text=_move_words(seat, move, None).to_json(), kind="pass")
    elif isinstance(move, PawnMove):
        details.update(
            text=_move_words(seat, move, None).to_json(),
            kind="pawn", **{"from": SQUARE_NAMES[move.origin], "to": SQUARE_NAMES[move.target]},
        )
    else:
        assert state.last_wall_from is not None
        swing = SWINGS[(state.last_wall_from, move.pivot, move.direction, move.quarters)]
        assert swing.end is not None
        details.update(
            text=_move_words(seat, move, swing).to_json(),
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
