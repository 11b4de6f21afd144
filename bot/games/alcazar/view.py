"""What one seat may see of a game, JSON-ready, in the shape docs/engine-extras.md fixes."""
from __future__ import annotations

from typing import Any

from bot.games.alcazar import board
from bot.games.alcazar.scoring import outcome, seat_total
from bot.games.alcazar.state import COLORS, FLAG_NAMES, PIECE, RANK_NAMES, State


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The position as ``seat`` sees it; ``None`` is the public view (no hand at all)."""
    bld = state.buildings
    result = outcome(state)
    data: dict[str, Any] = {
        "game": "alcazar",
        "seat": seat,
        "to_move": state.to_move,
        "ply": state.ply,
        "players": [
            {
                "seat": i,
                "color": COLORS[i],
                "money": p.money,
                "grandes": p.grandes,
                "barons": p.barons,
                "hand_count": len(p.hand),
                "towers": p.towers,
                "retired": p.retired,
                # Points if the game ended now: nobles by level plus full 50s (all of it public).
                "points": seat_total(state, i),
            }
            for i, p in enumerate(state.players)
        ],
    }
    if seat is not None:
        data["hand"] = list(state.players[seat].hand)
    data.update({
        "face_up": list(state.face_up),
        "deck": len(state.deck),
        "tower_deck": state.tower_deck,
        "supply": {"pieces": state.pieces, "bridges": state.bridge_supply, "flags": state.free_flags()},
        "cells": [_cell(state, c, bld.building_of[c]) for c in board.CELLS_IN_ORDER if state.heights[c]],
        "bridges": [
            {
                "id": i,
                "ends": [list(board.xy_of(b.ends[0])), list(board.xy_of(b.ends[1]))],
                "cells": [list(board.xy_of(c)) for c in b.cells],
                "level": b.level,
            }
            for i, b in enumerate(state.bridges)
        ],
        "buildings": [
            {
                "id": b,
                "cells": [list(board.xy_of(c)) for c in bld.cells[b]],
                "value": bld.value(b),
                "flag": bld.flag[b],
                "name": None if bld.flag[b] is None else FLAG_NAMES[bld.flag[b] - 1],  # type: ignore[operator]
            }
            for b in range(len(bld.cells))
        ],
        "flag_names": {str(i): name for i, name in enumerate(FLAG_NAMES, start=1)},
        "last_move": None if state.last_move is None else dict(state.last_move),
        "pass_streak": state.pass_streak,
        "outcome": None if result is None else result.to_dict(),
    })
    return data


def _cell(state: State, cell: int, building: int) -> dict[str, Any]:
    x, y = board.xy_of(cell)
    noble = state.nobles.get(cell)
    return {
        "x": x,
        "y": y,
        "space": board.CELL_SPACE[cell] or None,
        "height": state.heights[cell],
        "stack": [
            {"kind": "piece", "level": lvl} if b == PIECE else {"kind": "bridge", "level": lvl, "bridge": b}
            for lvl, b in state.stacks[cell]
        ],
        "building": building,
        "noble": None if noble is None else {"seat": noble[0], "rank": RANK_NAMES[noble[1]]},
    }
