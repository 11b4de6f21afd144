"""The start position's legal moves, worked out by hand from the rules page.

Setup: Red on a4, Green on d1; walls 1 A2-B2, 2 B2-B3, 3 B3-C3, 4 C3-C4,
5 C0-C1, 6 C1-D1, 7 D1-D2, 8 D2-E2; Red to move.  Clockwise from east is
south; the square swept between two directions is the pivot's quadrant
between them.
"""
from __future__ import annotations

from bot.games import alcazar1978 as game

from .positions import notations

START_MOVES_BY_HAND = [
    # Red's pawn: east to b4 and south to a3 are open; north and west are the edge.
    "a4-b4", "a4-a3",
    # Wall 1 A2-B2 around A2 (left rim): a quarter either way ends on the rim
    # (A1-A2 / A2-A3); a half turn ends outside the board; three quarters swing
    # through the outside and end on the rim.
    "w1 A2 cw1", "w1 A2 cw3", "w1 A2 ccw1", "w1 A2 ccw3",
    # … around B2: clockwise meets wall 2 on B2-B3 at once; counter-clockwise
    # reaches B1-B2 and B2-C2, then would end on wall 2.
    "w1 B2 ccw1", "w1 B2 ccw2",
    # Wall 2 B2-B3 around B2: clockwise to B2-C2, B1-B2, then wall 1; ccw hits wall 1.
    "w2 B2 cw1", "w2 B2 cw2",
    # … around B3: clockwise to A3-B3 (sweeps a3), then would sweep Red on a4;
    # counter-clockwise hits wall 3.
    "w2 B3 cw1",
    # Wall 3 B3-C3 around B3: ccw to B3-B4 (sweeps b4), then Red on a4; cw hits wall 2.
    "w3 B3 ccw1",
    # … around C3: ccw to C2-C3 and C3-D3, then wall 4; cw hits wall 4.
    "w3 C3 ccw1", "w3 C3 ccw2",
    # Wall 4 C3-C4 around C3: cw to C3-D3 and C2-C3, then wall 3; ccw hits wall 3.
    "w4 C3 cw1", "w4 C3 cw2",
    # … around C4 (top rim): quarter turns end on the rim, half turns outside.
    "w4 C4 cw1", "w4 C4 cw3", "w4 C4 ccw1", "w4 C4 ccw3",
    # Wall 5 C0-C1 around C0 (bottom rim): like wall 4 around C4.
    "w5 C0 cw1", "w5 C0 cw3", "w5 C0 ccw1", "w5 C0 ccw3",
    # … around C1: cw to B1-C1 and C1-C2, then wall 6; ccw hits wall 6.
    "w5 C1 cw1", "w5 C1 cw2",
    # Wall 6 C1-D1 around C1: ccw to C1-C2 and B1-C1, then wall 5; cw hits wall 5.
    "w6 C1 ccw1", "w6 C1 ccw2",
    # … around D1: ccw to D0-D1 (sweeps c1), then would sweep Green on d1; cw hits wall 7.
    "w6 D1 ccw1",
    # Wall 7 D1-D2 around D1: cw to D1-E1 (sweeps d2), then Green on d1; ccw hits wall 6.
    "w7 D1 cw1",
    # … around D2: cw to C2-D2 and D2-D3, then wall 8; ccw hits wall 8.
    "w7 D2 cw1", "w7 D2 cw2",
    # Wall 8 D2-E2 around D2: ccw to D2-D3 and C2-D2, then wall 7; cw hits wall 7.
    "w8 D2 ccw1", "w8 D2 ccw2",
    # … around E2 (right rim): quarter turns end on the rim, half turns outside.
    "w8 E2 cw1", "w8 E2 cw3", "w8 E2 ccw1", "w8 E2 ccw3",
]


def test_start_position_moves_are_exactly_the_hand_list() -> None:
    listed = notations(game.new_game())
    assert len(listed) == len(set(listed)), "a move is listed twice"
    assert sorted(listed) == sorted(START_MOVES_BY_HAND)


def test_setup_matches_the_page() -> None:
    view = game.view(game.new_game(), None)
    assert [(p["square"], p["start"]) for p in view["pawns"]] == [("a4", "a4"), ("d1", "d1")]
    assert [w["position"] for w in view["walls"]] == [
        "A2-B2", "B2-B3", "B3-C3", "C3-C4", "C0-C1", "C1-D1", "D1-D2", "D2-E2",
    ]
    assert view["to_move"] == 0 and view["locked_wall"] is None and view["last_move"] is None


def test_red_moves_first_and_seats_alternate() -> None:
    state = game.new_game()
    assert game.to_move(state) == 0
    state = game.play(state, "a4-b4")
    assert game.to_move(state) == 1
    assert game.to_move(game.play(state, "d1-d2")) == 0
