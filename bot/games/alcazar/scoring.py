"""Final scoring: nobles by their level, a point per full 50 Real, the tie-break."""
from __future__ import annotations

from typing import Any

from bot.games.alcazar import board
from bot.games.alcazar.state import COLORS, GRANDE, RANK_NAMES, State
from bot.games.common import Outcome
from bot.i18n.message import Msg

MONEY_PER_POINT = 50


def noble_points(rank: int, level: int) -> int:
    """A Grande scores twice its level, a Baron its level."""
    return 2 * level if rank == GRANDE else level


def seat_total(state: State, seat: int) -> int:
    """The seat's points if the game ended now: its nobles by level plus a point per full 50 Real."""
    nobles = sum(noble_points(rank, state.heights[cell]) for cell, (owner, rank) in state.nobles.items()
                 if owner == seat)
    return nobles + state.players[seat].money // MONEY_PER_POINT


def seat_details(state: State, seat: int) -> dict[str, Any]:
    nobles: list[dict[str, Any]] = []
    for cell in board.CELLS_IN_ORDER:
        noble = state.nobles.get(cell)
        if noble is None or noble[0] != seat:
            continue
        level = state.heights[cell]
        nobles.append({
            "cell": list(board.xy_of(cell)),
            "space": board.CELL_SPACE[cell] or None,
            "rank": RANK_NAMES[noble[1]],
            "level": level,
            "points": noble_points(noble[1], level),
        })
    money = state.players[seat].money
    noble_total = sum(int(n["points"]) for n in nobles)
    money_points = money // MONEY_PER_POINT
    return {
        "nobles": noble_total,
        "money_points": money_points,
        "money": money,
        "total": noble_total + money_points,
        "retired": state.players[seat].retired,
        "nobles_list": nobles,
    }


def outcome(state: State) -> Outcome | None:
    """The final result once the game is over: highest total, then most money left over 50s."""
    if not state.over:
        return None
    details = tuple(seat_details(state, s) for s in range(state.player_count))
    contenders = [s for s in range(state.player_count) if not state.players[s].retired]
    if not contenders:
        contenders = list(range(state.player_count))

    def rank_key(seat: int) -> tuple[int, int]:
        d = details[seat]
        return d["total"], d["money"] % MONEY_PER_POINT

    best = max(rank_key(s) for s in contenders)
    winners = tuple(s for s in contenders if rank_key(s) == best)
    colours = [Msg(f"colour.{COLORS[s]}") for s in winners]
    result = Msg("outcome.shared_win" if len(winners) > 1 else "outcome.wins", players=colours, points=best[0])
    return Outcome(
        winners=winners,
        reason=Msg("outcome.reason", end=end_reason(state.end_reason), result=result),
        scores=tuple(d["total"] for d in details),
        details=details,
    )


def end_reason(reason: str | None) -> Msg | str:
    """Why the game ended, as a message (games stored before messages kept an English sentence)."""
    return Msg(reason) if reason and reason.startswith("end.") else reason or ""
