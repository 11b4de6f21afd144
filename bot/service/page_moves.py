"""The legal moves of the player to act as a page asks for them: a path of taps per move.

A move is taken apart by the engine (``describe``: the same parts the Discord chooser walks) into
*slots*, each a tap or nothing: Alcazar (2009) the card of the hand (or a purchase, a tower card, a
bridge, a pass), the plot it goes to, which build it is, the noble step, the withdrawal; Alcazar
(1978) the square the pawn goes to, or the wall and then its turn. ``paths`` then turns the slots of
every move into paths that are complete and of which none is a prefix of another: a slot no move of
a group uses is left out, a slot some use and others not gets a "no ..." choice, and the build is
asked only where one card and plot allow several.

The JSON stays small with 1,200 moves: each tap is a token (``k1``…) listed once with its label.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, Sequence

from bot.games import get_game
from bot.games.alcazar import AlcazarMoveParts
from bot.games.alcazar1978 import Alcazar1978MoveParts
from bot.i18n import Msg, t
from bot.service.move_labels import (
    action_choice, action_words, alcazar_part_words, noble_choice, noble_step_words, pass_choice_1978,
    wall_choice, wall_turn_choice, withdrawal_choice,
)
from bot.service.live import legal_choices
from bot.service.results import MoveChoice

TokenKind = Literal["card", "cell", "option"]


@dataclass(frozen=True)
class Tap:
    """One choice on the page: a card of the hand (``ref`` its id), a cell of the board, or an option."""

    kind: TokenKind
    ref: str
    label: Msg | str


@dataclass(frozen=True)
class Slot:
    """One step of a move: the tap, or None when this move has nothing there; ``none`` is the choice
    that says so when other moves of the same group do ("No noble step"); ``optional`` slots are asked
    only when they tell moves apart."""

    tap: Tap | None
    none: Tap | None = None
    optional: bool = False


def moves_of_position(kind: str, snapshot: dict[str, Any], version: int, lang: str) -> str:
    """``moves_json`` of the position ``snapshot`` (the engine's ``to_dict``), as its JSON text: run in a
    worker process, since wording a thousand Alcazar moves holds the interpreter for a second, and the
    text is what the service keeps and a page is sent."""
    engine = get_game(kind)
    state = engine.from_dict(snapshot)
    moves = moves_json(kind, version, legal_choices(engine, state, "", None), lang)
    return json.dumps(moves, ensure_ascii=False, separators=(",", ":"))


def moves_json(kind: str, version: int, choices: Sequence[MoveChoice], lang: str) -> dict[str, Any]:
    """The moves as a page takes them (``docs/web.md``): ``{"version", "tokens", "moves"}``, every text in
    ``lang``."""
    slots_of = alcazar_slots if kind == "alcazar" else alcazar1978_slots
    offered = [c for c in choices if c.parts.same_as is None]
    paths = build_paths([slots_of(c) for c in offered])
    tokens: dict[tuple[str, str], str] = {}
    labels: dict[str, dict[str, str]] = {}
    moves = []
    for choice, path in zip(offered, paths):
        keys = []
        for tap in path:
            key = tokens.get((tap.kind, tap.ref))
            if key is None:
                key = tokens[(tap.kind, tap.ref)] = f"k{len(tokens) + 1}"
                labels[key] = {"kind": tap.kind, "ref": tap.ref, "label": _text(lang, tap.label)}
            keys.append(key)
        moves.append({"text": choice.notation, "words": t(lang, choice.words), "path": keys})
    return {"version": version, "tokens": labels, "moves": moves}


def _text(lang: str, label: Msg | str) -> str:
    return t(lang, label) if isinstance(label, Msg) else label


def build_paths(moves: Sequence[Sequence[Slot]]) -> list[list[Tap]]:
    """Each move's taps, slot by slot, so that every path is complete and none is a prefix of another."""
    paths: list[list[Tap]] = [[] for _ in moves]
    _walk(list(range(len(moves))), 0, moves, paths)
    return paths


def _walk(group: list[int], depth: int, moves: Sequence[Sequence[Slot]], paths: list[list[Tap]]) -> None:
    """Decide slot ``depth`` for the moves of ``group`` (which share every tap so far), then go deeper."""
    if not group or depth >= max(len(moves[i]) for i in group):
        return
    slots = [moves[i][depth] if depth < len(moves[i]) else Slot(None) for i in group]
    taps = [slot.tap for slot in slots]
    distinct = {(tap.kind, tap.ref) if tap is not None else None for tap in taps}
    skip = distinct == {None} or (len(distinct) == 1 and all(slot.optional for slot in slots))
    if skip:
        _walk(group, depth + 1, moves, paths)
        return
    branches: dict[tuple[str, str], list[int]] = {}
    for index, slot in zip(group, slots):
        tap = slot.tap if slot.tap is not None else slot.none
        if tap is None:
            raise ValueError(f"slot {depth} of a move has neither a tap nor a 'none' choice")
        paths[index].append(tap)
        branches.setdefault((tap.kind, tap.ref), []).append(index)
    for branch in branches.values():
        _walk(branch, depth + 1, moves, paths)


# -- Alcazar (2009) --------------------------------------------------------------------------------

NO_NOBLE_STEP = Tap("option", "-noble", noble_step_words(None))
NO_WITHDRAWAL = Tap("option", "-withdraw", Msg("chooser.no_withdrawal"))


def plot_tap(name: str) -> Tap:
    """A cell of the board by its notation name: a space number, or a garden ("g7,1")."""
    label = Msg("web.plot", n=int(name)) if name.isdigit() else Msg("web.garden", name=name[1:])
    return Tap("cell", name, label)


def alcazar_slots(choice: MoveChoice) -> list[Slot]:
    """The card (or what stands for it), where it goes, which build, the noble step, the withdrawal:
    each labelled as the Discord chooser labels that part."""
    parts = choice.parts
    assert isinstance(parts, AlcazarMoveParts)
    said_withdrawal, said_action, said_step = alcazar_part_words(choice.words_by_part)
    action = action_choice(parts, said_action)
    first: Tap
    where: list[Tap] = []
    build: Tap | None = None
    if parts.plays_building_card:
        card = parts.cards[0]
        first = Tap("card", f"c{card}", Msg("where.card", card=card))
        where = [plot_tap(str(card))]            # a building card names the plot it builds on
        build = Tap("option", parts.action_notation, action)
    elif parts.action in ("tower", "bridge"):
        first = Tap("option", parts.action, action_words(parts.action))
        where = [plot_tap(place.name) for place in parts.places]
        build = Tap("option", parts.action_notation, action)
    else:                                        # a purchase or a pass: one choice says it all
        first = Tap("option", parts.action_notation, action)
    step, withdrawal = parts.noble_step, parts.withdrawal
    slots = [Slot(first)]
    slots += [Slot(tap) for tap in where]
    # Two bridges never share both ends, so only with a card does the build need asking.
    slots.append(Slot(build, optional=True))
    slots.append(Slot(None if step is None else Tap("option", step.notation, noble_choice(parts, said_step)),
                      none=NO_NOBLE_STEP))
    slots.append(Slot(None if withdrawal is None else Tap("option", withdrawal.notation,
                                                          withdrawal_choice(parts, said_withdrawal)),
                      none=NO_WITHDRAWAL))
    return _aligned(slots, len(where))


# Paths of different lengths (a bridge has two plots, a purchase none) are padded so that the slots after
# "where" line up: slot 1-2 are plots, 3 the build, 4 the noble step, 5 the withdrawal.
PLOT_SLOTS = 2


def _aligned(slots: list[Slot], plots: int) -> list[Slot]:
    return slots[:1 + plots] + [Slot(None)] * (PLOT_SLOTS - plots) + slots[1 + plots:]


# -- Alcazar (1978) --------------------------------------------------------------------------------

def alcazar1978_slots(choice: MoveChoice) -> list[Slot]:
    """The pawn's destination; or the wall, then its turn; or a pass."""
    parts = choice.parts
    assert isinstance(parts, Alcazar1978MoveParts)
    if parts.pawn is not None:
        return [Slot(Tap("cell", parts.pawn.target, Msg("web.square", square=parts.pawn.target)))]
    if parts.wall is not None:
        return [Slot(Tap("cell", f"w{parts.wall.wall}", wall_choice(parts))),
                Slot(Tap("option", parts.notation, wall_turn_choice(parts, choice.words_by_part)))]
    return [Slot(Tap("option", "pass", pass_choice_1978()))]
