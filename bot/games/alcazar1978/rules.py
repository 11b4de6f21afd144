"""The rules: which moves are legal, why a move is not, and what a move does.

``legal_moves`` is the fast path (bit masks over the precomputed swings);
``why_illegal`` checks one move rule by rule and names the rule it breaks.
The tests hold the two to each other: a move is listed exactly when
``why_illegal`` has nothing against it.
"""
from __future__ import annotations

from bot.games.alcazar1978.board import POSITION_NAMES, POSITION_TOWERS, SIDES, SQUARE_NAMES, Tower, tower_name
from bot.games.alcazar1978.moves import PASS, Move, Pass, PawnMove, WallTurn
from bot.games.alcazar1978.rotation import SWINGS, SWINGS_ON_BOARD, Swing
from bot.games.alcazar1978.state import STARTING_SQUARES, State, colour_of, position_key
from bot.games.common import IllegalMove, Outcome
from bot.i18n.message import Msg

WALL_COUNT = 8
# A pawn must leave its starting square on or before its owner's third turn.
LEAVE_BY_TURN = 3

# PAWN_STEPS[square] = (move, target square, bit of the wall position crossed) per board neighbour.
PAWN_STEPS: tuple[tuple[tuple[PawnMove, int, int], ...], ...] = tuple(
    tuple((PawnMove(square, neighbour), neighbour, 1 << position)
          for neighbour, position in sides if neighbour != -1)
    for square, sides in enumerate(SIDES)
)

# WALL_TURNS[wall - 1][position] = (move, positions that must be free, squares that
# must hold no pawn) for every turn of that wall from that position that ends on the board.
WALL_TURNS: tuple[tuple[tuple[tuple[WallTurn, int, int], ...], ...], ...] = tuple(
    tuple(
        tuple((WallTurn(wall, s.pivot, s.direction, s.quarters), s.block_mask, s.swept_mask)
              for s in swings)
        for swings in SWINGS_ON_BOARD
    )
    for wall in range(1, WALL_COUNT + 1)
)


def must_leave_start(state: State) -> bool:
    """True when the duty to leave the starting square binds the seat to act."""
    turn_number = state.ply // 2 + 1      # seats alternate strictly, passes included
    return turn_number >= LEAVE_BY_TURN and not state.left_start(state.turn)


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the seat to act: pawn steps, then wall turns by wall number."""
    if state.outcome is not None:
        return []
    seat = state.turn
    own, other = state.pawns[seat], state.pawns[1 - seat]
    occupied = state.wall_mask()
    own_start = STARTING_SQUARES[seat]
    moves: list[Move] = [
        move for move, target, crossed in PAWN_STEPS[own]
        if not occupied & crossed and target != other and target != own_start
    ]
    if moves and must_leave_start(state):
        return moves
    pawns = 1 << own | 1 << other
    locked = state.locked_wall
    for index, position in enumerate(state.walls):
        if index + 1 == locked:
            continue
        for move, must_be_free, must_be_empty in WALL_TURNS[index][position]:
            if not occupied & must_be_free and not pawns & must_be_empty:
                moves.append(move)
    return moves or [PASS]


def why_illegal(state: State, move: Move) -> Msg | None:
    """The rule a move breaks, as a message; None when the move is legal."""
    if state.outcome is not None:
        return Msg("rule.game_over")
    if isinstance(move, Pass):
        if legal_moves(state) != [PASS]:
            return Msg("rule78.pass_not_allowed")
        return None
    problem = _pawn_move_problem(state, move) if isinstance(move, PawnMove) else _wall_turn_problem(state, move)
    if problem is not None:
        return problem
    if isinstance(move, WallTurn) and must_leave_start(state):
        leaving = [m for m in legal_moves(state) if isinstance(m, PawnMove)]
        if leaving:
            return Msg("rule78.must_leave_start", colour=colour_of(state.turn),
                       square=SQUARE_NAMES[STARTING_SQUARES[state.turn]], moves=[str(m) for m in leaving])
    return None


def _pawn_move_problem(state: State, move: PawnMove) -> Msg | None:
    seat = state.turn
    name, other_name = colour_of(seat), colour_of(1 - seat)
    own = state.pawns[seat]
    if not (0 <= move.origin < len(SQUARE_NAMES) and 0 <= move.target < len(SQUARE_NAMES)):
        return Msg("rule78.off_board")
    origin, target = SQUARE_NAMES[move.origin], SQUARE_NAMES[move.target]
    if move.origin != own:
        return Msg("rule78.pawn_elsewhere", colour=name, square=SQUARE_NAMES[own], origin=origin)
    crossed = next((position for neighbour, position in SIDES[own] if neighbour == move.target), None)
    if crossed is None:
        if move.origin % 4 != move.target % 4 and move.origin // 4 != move.target // 4:
            return Msg("rule78.diagonal", origin=origin, target=target)
        return Msg("rule78.one_square", origin=origin, target=target)
    if crossed in state.walls:
        return Msg("rule78.wall_between", wall=state.walls.index(crossed) + 1, origin=origin, target=target)
    if move.target == state.pawns[1 - seat]:
        return Msg("rule78.square_taken", colour=other_name, square=target)
    if move.target == STARTING_SQUARES[seat]:
        return Msg("rule78.never_home", colour=name, square=target)
    return None


def _wall_turn_problem(state: State, move: WallTurn) -> Msg | None:
    wall = move.wall
    if not 1 <= wall <= WALL_COUNT:
        return Msg("rule78.no_wall", wall=wall, walls=WALL_COUNT)
    if move.quarters not in (1, 2, 3) or move.direction not in ("cw", "ccw"):
        return Msg("rule78.turn_size")
    if wall == state.locked_wall:
        return Msg("rule78.wall_locked", wall=wall, opponent=colour_of(1 - state.turn), colour=colour_of(state.turn))
    start = state.walls[wall - 1]
    towers = POSITION_TOWERS[start]
    if move.pivot not in towers:
        return wrong_pivot(wall, towers, move.pivot)
    swing = SWINGS[(start, move.pivot, move.direction, move.quarters)]
    if swing.end is None:
        return Msg("rule78.off_board_wall", wall=wall, move=str(move))
    for square in swing.swept:
        if square in state.pawns:
            return Msg("rule78.sweeps_pawn", wall=wall, square=SQUARE_NAMES[square])
    return _blocking_wall_problem(state, wall, swing)


def wrong_pivot(wall: int, towers: tuple[Tower, Tower], pivot: Tower) -> Msg:
    """Why a wall cannot turn around a tower it does not hang on."""
    return Msg("rule78.wrong_pivot", wall=wall, first=tower_name(towers[0]), second=tower_name(towers[1]),
               pivot=tower_name(pivot))


def _blocking_wall_problem(state: State, wall: int, swing: Swing) -> Msg | None:
    for position in swing.passed:
        if position in state.walls:
            other = state.walls.index(position) + 1
            return Msg("rule78.through_wall", wall=wall, other=other, position=POSITION_NAMES[position])
    assert swing.end is not None
    if swing.end in state.walls:
        other = state.walls.index(swing.end) + 1
        return Msg("rule78.end_taken", wall=wall, position=POSITION_NAMES[swing.end], other=other)
    return None


def check(state: State, move: Move) -> None:
    """Raise ``IllegalMove`` naming the rule when ``move`` is not legal."""
    problem = why_illegal(state, move)
    if problem is not None:
        raise IllegalMove(problem)


def apply(state: State, move: Move) -> State:
    """The state after a legal move (the caller has checked it)."""
    seat, opponent = state.turn, 1 - state.turn
    pawns, walls = state.pawns, state.walls
    locked_wall: int | None = None
    wall_from: int | None = None
    if isinstance(move, PawnMove):
        pawns = (move.target, pawns[1]) if seat == 0 else (pawns[0], move.target)
    elif isinstance(move, WallTurn):
        wall_from = walls[move.wall - 1]
        end = SWINGS[(wall_from, move.pivot, move.direction, move.quarters)].end
        assert end is not None
        walls = walls[: move.wall - 1] + (end,) + walls[move.wall:]
        locked_wall = move.wall
    occupied = 0
    for position in walls:
        occupied |= 1 << position
    key = position_key(pawns, occupied, opponent, None if locked_wall is None else walls[locked_wall - 1])
    history = state.history + (key,)
    outcome = _winner_after(move, seat, pawns, occupied)
    if outcome is None and state.threefold_repetition and history.count(key) >= 3:
        outcome = Outcome((), Msg("outcome78.threefold"))
    return State(
        pawns, walls, opponent, locked_wall, state.ply + 1, state.threefold_repetition,
        history, move, wall_from, outcome,
    )


def _winner_after(move: Move, seat: int, pawns: tuple[int, int], occupied: int) -> Outcome | None:
    """The mover's win, if the move wins; only the opponent can lose by it."""
    opponent = 1 - seat
    if isinstance(move, PawnMove) and move.target == STARTING_SQUARES[opponent]:
        return Outcome((seat,), Msg("outcome78.entered_start", colour=colour_of(seat),
                                    opponent=colour_of(opponent), square=SQUARE_NAMES[move.target]))
    if is_immobilized(pawns, occupied, opponent):
        return Outcome((seat,), Msg("outcome78.immobilized", colour=colour_of(opponent)))
    return None


def is_immobilized(pawns: tuple[int, int], occupied: int, seat: int) -> bool:
    """Each side of the seat's pawn is closed by a wall, the edge or the other pawn.

    A pawn still on its starting square is never immobilized, and the ban on
    re-entering the starting square does not close a side.
    """
    square = pawns[seat]
    if square == STARTING_SQUARES[seat]:
        return False
    other = pawns[1 - seat]
    for neighbour, position in SIDES[square]:
        if neighbour != -1 and not occupied >> position & 1 and neighbour != other:
            return False
    return True
