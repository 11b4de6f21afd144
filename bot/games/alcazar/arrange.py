"""Arranged positions: a board set up piece by piece, for rules tests and demos.

    state = arrange(
        players=3,
        built=["7", "8:2", "9", "1:2", "3:2", "bridge 1-3"],
        nobles={"8": (0, "grande"), "1": (1, "baron")},
        hands=[[10, 11], [], []],
    )

``built`` is applied in order: ``"8"`` puts a piece on space 8, ``"8:2"``
two pieces, ``"g7,1"`` a piece on a garden cell, ``"bridge 7-17"`` a bridge
one level above the higher of its two ends.  Castles get their flags as the
rules hand them to buildings worth 5 or more, or as ``castles`` says (one
cell of each castle, flags 1, 2, … in that order).  Supplies are whatever
the board leaves of 84 pieces, 20 bridges and each player's nobles.
"""
from __future__ import annotations

from typing import Sequence

from bot.games.alcazar import board
from bot.games.alcazar.play import raise_waiting_mansions
from bot.games.alcazar.state import (
    BRIDGES,
    CARD_COUNT,
    FACE_UP_COUNT,
    GRANDE,
    PIECES,
    RANK_NAMES,
    START_BARONS,
    START_GRANDES,
    START_MONEY,
    Player,
    State,
)


def _cell(name: str) -> int:
    cell = board.parse_cell(name)
    if cell is None:
        raise ValueError(f"{name!r} is not a cell")
    return cell


def arrange(
    players: int = 2,
    *,
    built: Sequence[str] = (),
    nobles: dict[str, tuple[int, str]] | None = None,
    castles: Sequence[str] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    towers: Sequence[int] | None = None,
    money: Sequence[int] | None = None,
    face_up: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    to_move: int = 0,
    pieces: int | None = None,
    bridge_supply: int | None = None,
) -> State:
    """A position built directly (see the module docstring)."""
    hands = hands or [[] for _ in range(players)]
    held = {c for hand in hands for c in hand}
    spare = [c for c in range(1, CARD_COUNT + 1) if c not in held]
    shown = list(face_up) if face_up is not None else spare[:FACE_UP_COUNT]
    state = State(
        players=[
            Player(
                money=money[i] if money else START_MONEY,
                hand=tuple(sorted(hands[i])),
                towers=towers[i] if towers else 0,
            )
            for i in range(players)
        ],
        stacks=[() for _ in range(board.CELL_COUNT)],
        nobles={},
        bridges=[],
        flags={},
        face_up=shown,
        deck=list(deck) if deck is not None else [c for c in spare if c not in shown],
        to_move=to_move,
    )
    for item in built:
        _build_item(state, item)
    state.pieces = PIECES - sum(1 for s in state.stacks for _lvl, b in s if b < 0)
    if pieces is not None:
        state.pieces = pieces
    state.bridge_supply = BRIDGES - len(state.bridges) if bridge_supply is None else bridge_supply
    for name, (seat, rank) in (nobles or {}).items():
        _place(state, _cell(name), seat, RANK_NAMES.index(rank))
    if castles is None:
        raise_waiting_mansions(state)
    else:
        for flag, name in enumerate(castles, start=1):
            state.flags[flag] = _cell(name)
    state._buildings = None
    return state


def _build_item(state: State, item: str) -> None:
    if item.startswith("bridge"):
        a_name, _, b_name = item.split(maxsplit=1)[1].partition("-")
        a, b = _cell(a_name), _cell(b_name)
        middle = next(m for other, m in board.TWO_APART[a] if other == b)
        state.add_bridge(a, middle, b, max(state.heights[a], state.heights[b]) + 1)
        return
    name, _, count = item.partition(":")
    for _ in range(int(count or 1)):
        state.add_piece(_cell(name))


def _place(state: State, cell: int, seat: int, rank: int) -> None:
    if not state.heights[cell]:
        raise ValueError(f"a noble needs a built cell, and {board.CELL_NAME[cell]} is empty")
    player = state.players[seat]
    if rank == GRANDE:
        player.grandes -= 1
    else:
        player.barons -= 1
    if player.grandes < 0 or player.barons < 0:
        raise ValueError(f"seat {seat} has only {START_GRANDES} Grandes and {START_BARONS} Barons")
    state.nobles[cell] = (seat, rank)
