"""The words of each part of a move, as a player picks it part by part: in the Discord chooser's steps and
in a web page's taps alike, so both ask in the same words.

Each label is the engine's words for that part (``MoveChoice.words_by_part``: withdrawal, action,
noble step; for Alcazar (1978) the move and the wall's turn), with its cost or income; where a
move has no words for a part, the label is made from the part itself.
"""
from __future__ import annotations

from typing import Sequence

from bot.games.alcazar import AlcazarMoveParts, NobleStep, Place
from bot.games.alcazar1978 import Alcazar1978MoveParts
from bot.i18n import Msg

ACTIONS = ("buy", "castle", "mansion", "extend", "raise", "tower", "bridge", "pass")


def action_words(verb: str) -> Msg | str:
    """An action as a choice: "Found a castle", "Play a tower card"."""
    return Msg(f"action.{verb}") if verb in ACTIONS else verb


def alcazar_part_words(words: Sequence[Msg | None]) -> tuple[Msg | None, Msg | None, Msg | None]:
    """The engine's words of (withdrawal, action, noble step), or none of them when not given."""
    said = tuple(words)
    return (said[0], said[1], said[2]) if len(said) == 3 else (None, None, None)


def withdrawal_choice(parts: AlcazarMoveParts, said: Msg | None) -> Msg:
    """"Yes: Withdraw the Baron from 7 (+5 Real)", or "No withdrawal"."""
    withdrawal = parts.withdrawal
    if withdrawal is None:
        return Msg("chooser.no_withdrawal")
    if said is not None:
        return Msg("chooser.yes", words=said)
    return Msg("chooser.withdraw_first", cell=place_words(withdrawal.place, "from"))


def action_choice(parts: AlcazarMoveParts, said: Msg | None) -> Msg | str:
    """The action with its card and cells: "Found a castle on 7–9 with card 8 (+5 Real)"."""
    return Msg("chooser.part", words=said) if said is not None else where_words(parts)


def noble_choice(parts: AlcazarMoveParts, said: Msg | None) -> Msg:
    """The noble step: "Grande on 8 (−10 Real)", or "No noble step"."""
    return Msg("chooser.part", words=said) if said is not None else noble_step_words(parts.noble_step)


def where_words(parts: AlcazarMoveParts) -> Msg | str:
    """The action's card and cells without its money: "Card 8, castle on 7–9", "Bridge 12 – 13"."""
    action, places = parts.action, parts.places
    if action == "pass":
        return action_words(action)
    if action == "buy":
        if parts.purchase in ("deck", "tower"):
            return Msg(f"where.{parts.purchase}")
        return Msg("where.face_up", card=parts.cards[0])
    if action == "castle":
        assert parts.span is not None
        return Msg("where.castle", card=parts.cards[0], cells=f"{parts.span[0]}–{parts.span[1]}")
    if action == "bridge":
        return Msg("where.bridge", first=place_words(places[0]), second=place_words(places[1]))
    if action == "tower":
        return Msg("where.tower_on", cell=place_words(places[0], "to"))
    return Msg("where.card", card=parts.cards[0])


def place_words(place: Place, case: str = "") -> Msg:
    """Space 12 stays 12; a garden reads "the garden at 7,1" (Hungarian puts each in its case)."""
    suffix = f".{case}" if case else ""
    if place.garden is not None:
        return Msg(f"chooser.garden{suffix}", at=place.garden)
    return Msg(f"cellname.space{suffix}", n=place.space)


def noble_step_words(step: NobleStep | None) -> Msg:
    """A noble step without its money: "Place a Grande on 8", "Move your noble from 4 to 11"."""
    if step is None:
        return Msg("chooser.no_noble_step")
    if step.kind == "move":
        origin, target = step.places
        return Msg("chooser.move_noble", origin=place_words(origin, "from"), target=place_words(target, "to"))
    if step.kind == "swap":
        first, second = step.places
        return Msg("chooser.swap", first=place_words(first), second=place_words(second))
    return Msg("chooser.place", placed=[Msg(f"chooser.place.{rank}", cell=place_words(place, "to"))
                                        for rank, place in zip(step.ranks, step.places)])


# -- Alcazar (1978) ---------------------------------------------------------------------------------

def pass_choice_1978() -> Msg:
    return Msg("chooser.pass78")


def wall_choice(parts: Alcazar1978MoveParts) -> Msg:
    """Which wall: "Turn wall 3"."""
    assert parts.wall is not None
    return Msg("chooser.turn_wall", wall=parts.wall.wall)


def wall_turn_choice(parts: Alcazar1978MoveParts, words: Sequence[Msg | None]) -> Msg:
    """How the wall turns, from the words of the move's parts when given (they say where it ends:
    "Around B3 a quarter turn counter-clockwise (B3-C3 → B3-B4)")."""
    wall = parts.wall
    assert wall is not None
    turn = words[1] if len(words) == 2 else None
    if turn is not None:
        return Msg("chooser.wall_turn", turn=turn)
    return Msg("chooser.wall_turn_bare", tower=wall.pivot, count=wall.quarters,
               direction=Msg(f"direction.{wall.direction}"))


def pawn_choice(parts: Alcazar1978MoveParts) -> Msg:
    """Where the pawn goes: "From a4 to b4"."""
    assert parts.pawn is not None
    return Msg("chooser.pawn_to", origin=parts.pawn.origin, target=parts.pawn.target)
