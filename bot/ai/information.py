"""What an Alcazar (2009) seat knows, and positions that agree with it.

The computer gets a seat's view (``view(state, seat)``: the board, every
public count and its own hand) and the public move log. From the log it
learns which building cards were played (public once played) and which
face-up cards each player bought and still holds. Every other card is
*unseen*: in another hand or in the deck, in an order nobody knows.

``determinize`` deals the unseen cards at random, consistently with that
knowledge: each player keeps the cards everyone saw them take, the rest of
their hand is filled from the unseen cards, and what is left becomes the
deck. The result is an ordinary engine ``State`` the search can play on.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from bot.games.alcazar import board
from bot.games.alcazar.moves import CARD_ACTIONS, Move
from bot.games.alcazar.state import (
    CARD_COUNT,
    PIECE,
    PIECES,
    RANK_NAMES,
    Bridge,
    Element,
    Player,
    State,
    _passed_seats,
)
from bot.games.common import MoveError


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the cards: its hand, what others are known to hold, what nobody has seen."""

    seat: int
    hand: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]   # per seat: cards it is seen to hold (its own hand for ``seat``)
    unseen: tuple[int, ...]              # in other hands or the deck


def card_events(notation: str) -> tuple[str, int] | None:
    """("played", card) or ("bought", face-up card) for a logged move; None when no card shows."""
    try:
        parts = Move(notation).parts        # the engine takes its own notation apart
    except MoveError:
        return None                         # not a move ("skip" and "retire" lines)
    if parts.card is None:
        return None
    if parts.kind in CARD_ACTIONS:
        return "played", parts.card
    if parts.kind == "buy" and parts.source == "card":
        return "bought", parts.card
    return None


def knowledge_of(view: Mapping[str, Any], history: Iterable[tuple[int, str]]) -> Knowledge:
    """What the seat of ``view`` knows, from its view and the public log ``(seat, notation)``."""
    seat = view["seat"]
    if seat is None or "hand" not in view:
        raise ValueError("the computer decides from a seat's own view, with its hand")
    players = len(view["players"])
    held: list[set[int]] = [set() for _ in range(players)]
    played: set[int] = set()
    for mover, notation in history:
        event = card_events(notation)
        if event is None:
            continue
        what, card = event
        if what == "bought":
            held[mover].add(card)
        else:
            played.add(card)
            held[mover].discard(card)
    hand = tuple(sorted(view["hand"]))
    held[seat] = set(hand)
    taken = played | set(view["face_up"]) | set().union(*held)
    unseen = tuple(c for c in range(1, CARD_COUNT + 1) if c not in taken)
    return Knowledge(seat, hand, tuple(tuple(sorted(h)) for h in held), unseen)


def determinize(view: Mapping[str, Any], knowledge: Knowledge, rng: random.Random) -> State:
    """A full position that agrees with everything the seat knows; unseen cards dealt at random."""
    pool = list(knowledge.unseen)
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    for seat, player in enumerate(view["players"]):
        known = list(knowledge.known[seat])
        missing = max(0, player["hand_count"] - len(known))
        hands.append(tuple(sorted(known[:player["hand_count"]] + pool[:missing])))
        del pool[:missing]
    deck = pool[:view["deck"]]
    return state_from_view(view, hands, deck)


def state_from_view(view: Mapping[str, Any], hands: Sequence[tuple[int, ...]], deck: Sequence[int]) -> State:
    """An engine state with the view's board and counts, and the given hands and deck."""
    stacks: list[tuple[Element, ...]] = [() for _ in range(board.CELL_COUNT)]
    nobles: dict[int, tuple[int, int]] = {}
    on_board = 0
    for cell in view["cells"]:
        index = board.cell_at(cell["x"], cell["y"])
        stacks[index] = tuple(
            (e["level"], PIECE if e["kind"] == "piece" else e["bridge"]) for e in cell["stack"]
        )
        on_board += sum(1 for e in cell["stack"] if e["kind"] == "piece")
        noble = cell["noble"]
        if noble is not None:
            nobles[index] = (noble["seat"], RANK_NAMES.index(noble["rank"]))
    bridges = [
        Bridge(board.ordered(board.cell_at(*b["ends"][0]), board.cell_at(*b["ends"][1])),
               board.cell_at(*b["cells"][1]), b["level"])
        for b in sorted(view["bridges"], key=lambda b: b["id"])
    ]
    flags = {
        b["flag"]: board.cell_at(*b["cells"][0]) for b in view["buildings"] if b["flag"] is not None
    }
    supply = view["supply"]
    return State(
        players=[
            Player(p["money"], p["grandes"], p["barons"], hands[i], p["towers"], p["retired"])
            for i, p in enumerate(view["players"])
        ],
        stacks=stacks,
        nobles=nobles,
        bridges=bridges,
        flags=flags,
        face_up=list(view["face_up"]),
        deck=list(deck),
        tower_deck=view["tower_deck"],
        pieces=supply["pieces"],
        bridge_supply=supply["bridges"],
        pieces_discarded=PIECES - supply["pieces"] - on_board,
        to_move=view["to_move"],
        ply=view["ply"],
        # The view counts the passes in a row; the engine reads the seats that made them the
        # same way it reads a state saved with only that count.
        passed=_passed_seats({"pass_streak": view["pass_streak"], "to_move": view["to_move"],
                              "players": view["players"]}),
        last_move=None if view["last_move"] is None else dict(view["last_move"]),
        options={},
    )
