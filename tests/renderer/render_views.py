"""Hand-made views in the documented shapes (docs/engine-extras.md).

They exercise what random games reach only rarely: crossing and overlapping
bridges, tall stacks, five players with long names, a finished game.
"""
from __future__ import annotations

from typing import Any

FLAG_NAMES = {"1": "Almería", "2": "Cádiz", "3": "Córdoba", "4": "Granada",
              "5": "Huelva", "6": "Jaén", "7": "Málaga", "8": "Sevilla"}
COLOURS = ["blue", "yellow", "green", "red", "white"]


def _piece(level: int) -> dict[str, Any]:
    return {"kind": "piece", "level": level}


def _bridge(level: int, bridge: int) -> dict[str, Any]:
    return {"kind": "bridge", "level": level, "bridge": bridge}


def _cell(x: int, y: int, space: int | None, stack: list[dict[str, Any]], building: int,
          noble: tuple[int, str] | None = None) -> dict[str, Any]:
    return {"x": x, "y": y, "space": space, "height": stack[-1]["level"], "stack": stack,
            "building": building,
            "noble": None if noble is None else {"seat": noble[0], "rank": noble[1]}}


def _player(seat: int, money: int, grandes: int, barons: int, hand: int, towers: int,
            retired: bool = False) -> dict[str, Any]:
    return {"seat": seat, "color": COLOURS[seat], "money": money, "grandes": grandes,
            "barons": barons, "hand_count": hand, "towers": towers, "retired": retired}


def mid_game_view(seat: int | None = None) -> dict[str, Any]:
    """Three players, two castles (one joined to a garden bridge), a bridge just built."""
    view: dict[str, Any] = {
        "game": "alcazar", "seat": seat, "to_move": 2, "ply": 17,
        "players": [_player(0, 23, 1, 5, 9, 0), _player(1, 31, 1, 4, 8, 1), _player(2, 18, 1, 5, 10, 0)],
        "face_up": [5, 12, 33, 41, 60, 70], "deck": 26, "tower_deck": 19,
        "supply": {"pieces": 69, "bridges": 18, "flags": [4, 5, 6, 7, 8]},
        "cells": [
            _cell(7, 0, 7, [_piece(1), _bridge(2, 0)], 0),
            _cell(8, 0, 8, [_piece(1), _piece(2)], 0, (0, "grande")),
            _cell(9, 0, 9, [_piece(1)], 0, (1, "baron")),
            _cell(7, 1, None, [_bridge(2, 0)], 0, (0, "baron")),
            _cell(7, 2, 17, [_piece(1), _bridge(2, 0)], 0),
            _cell(4, 6, 44, [_piece(1)], 1),
            _cell(3, 6, 45, [_piece(1), _piece(2), _piece(3)], 1, (2, "grande")),
            _cell(2, 6, 46, [_piece(1), _piece(2)], 1, (1, "baron")),
            _cell(6, 4, 30, [_piece(1)], 2, (2, "baron")),
            _cell(10, 10, 62, [_piece(1), _bridge(2, 1)], 3),
            _cell(9, 10, 63, [_piece(1), _bridge(2, 1)], 3),
            _cell(8, 10, 64, [_piece(1), _bridge(2, 1)], 3, (1, "grande")),
        ],
        "bridges": [
            {"id": 0, "ends": [[7, 0], [7, 2]], "cells": [[7, 0], [7, 1], [7, 2]], "level": 2},
            {"id": 1, "ends": [[10, 10], [8, 10]], "cells": [[10, 10], [9, 10], [8, 10]], "level": 2},
        ],
        "buildings": [
            {"id": 0, "cells": [[7, 0], [8, 0], [9, 0], [7, 1], [7, 2]], "value": 11, "flag": 1, "name": "Almería"},
            {"id": 1, "cells": [[4, 6], [3, 6], [2, 6]], "value": 9, "flag": 2, "name": "Cádiz"},
            {"id": 2, "cells": [[6, 4]], "value": 1, "flag": None, "name": None},
            {"id": 3, "cells": [[10, 10], [9, 10], [8, 10]], "value": 9, "flag": 3, "name": "Córdoba"},
        ],
        "flag_names": FLAG_NAMES,
        "last_move": {"seat": 1, "notation": "bridge 62-64 + grande 64",
                      "text": "Bridge 62–64 at level 2, Grande on 64 (18 Real)",
                      "cells": [[10, 10], [9, 10], [8, 10]]},
        "pass_streak": 0,
        "outcome": None,
    }
    if seat is not None:
        view["hand"] = [3, 17, 40, 52, 66, 71][: view["players"][seat]["hand_count"]]
    return view


def crowded_view() -> dict[str, Any]:
    """Five players, crossing and overlapping bridges, a tall stack, long names."""
    cells = [
        _cell(7, 0, 7, [_piece(1), _bridge(2, 0)], 0),
        _cell(7, 1, None, [_bridge(2, 0)], 0, (3, "grande")),
        _cell(6, 2, 18, [_piece(1), _piece(2), _bridge(3, 1)], 0, (0, "baron")),
        _cell(7, 2, 17, [_piece(1), _bridge(2, 0), _bridge(3, 1)], 0, (4, "baron")),
        _cell(8, 2, 16, [_piece(1), _piece(2), _bridge(3, 1)], 0),
        _cell(10, 10, 62, [_piece(1), _bridge(2, 2)], 1),
        _cell(9, 10, 63, [_piece(1), _bridge(2, 2), _bridge(3, 3)], 1, (2, "grande")),
        _cell(8, 10, 64, [_piece(1), _bridge(2, 2)], 1),
        _cell(7, 10, 65, [_piece(1), _piece(2), _bridge(3, 3)], 1, (1, "baron")),
        _cell(2, 8, 50, [_piece(level) for level in range(1, 8)], 2, (4, "grande")),
        _cell(1, 8, 49, [_piece(1)], 2),
    ]
    return {
        "game": "alcazar", "seat": None, "to_move": 4, "ply": 88,
        "players": [_player(0, 120, 0, 1, 3, 2), _player(1, 7, 2, 6, 0, 0, retired=True),
                    _player(2, 55, 1, 3, 12, 1), _player(3, 0, 1, 0, 1, 5), _player(4, 250, 0, 2, 7, 0)],
        "face_up": [2, 71], "deck": 0, "tower_deck": 3,
        "supply": {"pieces": 4, "bridges": 1, "flags": []},
        "cells": cells,
        "bridges": [
            {"id": 0, "ends": [[7, 0], [7, 2]], "cells": [[7, 0], [7, 1], [7, 2]], "level": 2},
            {"id": 1, "ends": [[8, 2], [6, 2]], "cells": [[8, 2], [7, 2], [6, 2]], "level": 3},
            {"id": 2, "ends": [[10, 10], [8, 10]], "cells": [[10, 10], [9, 10], [8, 10]], "level": 2},
            {"id": 3, "ends": [[9, 10], [7, 10]], "cells": [[9, 10], [8, 10], [7, 10]], "level": 3},
        ],
        "buildings": [
            {"id": 0, "cells": [[7, 0], [7, 1], [6, 2], [7, 2], [8, 2]], "value": 50, "flag": 8, "name": "Sevilla"},
            {"id": 1, "cells": [[10, 10], [9, 10], [8, 10], [7, 10]], "value": 17, "flag": 6, "name": "Jaén"},
            {"id": 2, "cells": [[2, 8], [1, 8]], "value": 14, "flag": 7, "name": "Málaga"},
        ],
        "flag_names": FLAG_NAMES,
        "last_move": {"seat": 3, "notation": "withdraw 63; tower 50 + move 63>50",
                      "text": "Withdraw the Grande on 63 (34 Real), then a tower card on 50 at level 7 "
                              "and move the Grande from 63 to 50, a long description that wraps",
                      "cells": [[2, 8]]},
        "pass_streak": 0,
        "outcome": None,
    }


def finished_view() -> dict[str, Any]:
    """The mid-game position, scored as if the game had ended there."""
    view = mid_game_view()
    view["to_move"] = None
    view["outcome"] = {
        "winners": [1], "reason": "the last bridge left the supply",
        "scores": [5, 7, 6],
        "details": [
            {"nobles": 5, "money_points": 0, "money": 23, "total": 5,
             "nobles_list": [{"rank": "grande", "level": 2, "points": 4}, {"rank": "baron", "level": 2, "points": 2}]},
            {"nobles": 7, "money_points": 0, "money": 31, "total": 7,
             "nobles_list": [{"rank": "grande", "level": 2, "points": 4}, {"rank": "baron", "level": 1, "points": 1},
                             {"rank": "baron", "level": 2, "points": 2}]},
            {"nobles": 6, "money_points": 0, "money": 18, "total": 6,
             "nobles_list": [{"rank": "grande", "level": 3, "points": 6}, {"rank": "baron", "level": 1, "points": 1}]},
        ],
    }
    return view
