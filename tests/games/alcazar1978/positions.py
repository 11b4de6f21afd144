"""Hand-built Alcazar (1978) positions for the rules tests."""
from __future__ import annotations

from dataclasses import replace

from bot.games.alcazar1978 import legal_moves
from bot.games.alcazar1978.board import POSITION_BY_NAME, SQUARE_BY_NAME
from bot.games.alcazar1978.state import State, state_key

# Where walls not named by a test stand: the far rims of the bottom and top
# rows, chosen so that they touch none of the towers the tests turn walls around
# unless a test says so.
PARKING = ("A0-B0", "B0-C0", "C0-D0", "D0-E0", "A4-B4", "B4-C4", "C4-D4", "D4-E4")


def position(
    red: str,
    green: str,
    walls: dict[int, str] | None = None,
    *,
    turn: int = 0,
    ply: int | None = None,
    locked_wall: int | None = None,
    threefold_repetition: bool = True,
) -> State:
    """A position with the pawns on ``red``/``green`` and the walls where given.

    Walls not given stand on ``PARKING`` spots (wall k on the k-th spot, or the
    next free one).  ``ply`` defaults to 10 + turn: both players are past
    their third turn, so the duty to leave the start applies to a pawn that is
    still there.
    """
    placed = {wall: POSITION_BY_NAME[name] for wall, name in (walls or {}).items()}
    free_spots = [POSITION_BY_NAME[p] for p in PARKING if POSITION_BY_NAME[p] not in placed.values()]
    positions = []
    for wall in range(1, 9):
        if wall in placed:
            positions.append(placed[wall])
        else:
            preferred = POSITION_BY_NAME[PARKING[wall - 1]]
            spot = preferred if preferred in free_spots else free_spots[0]
            free_spots.remove(spot)
            positions.append(spot)
    assert len(set(positions)) == 8, "two walls on one position"
    if ply is None:
        ply = 10 + turn
    assert ply % 2 == turn, "Red acts on even plies, Green on odd ones"
    state = State(
        pawns=(SQUARE_BY_NAME[red], SQUARE_BY_NAME[green]),
        walls=tuple(positions),
        turn=turn,
        locked_wall=locked_wall,
        ply=ply,
        threefold_repetition=threefold_repetition,
        history=(),
        last_move=None,
        last_wall_from=None,
        outcome=None,
    )
    return replace(state, history=(state_key(state),))


def notations(state: State) -> list[str]:
    """The legal moves' notations, in the engine's order."""
    return [str(m) for m in legal_moves(state)]
