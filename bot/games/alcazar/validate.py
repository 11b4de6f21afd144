"""Checking one move and explaining why it is not allowed.

``plan_move`` runs the same checks as move generation (``rules.py``) on one
parsed move and returns a ``Plan`` that ``play`` carries out, or raises
``IllegalMove`` with the rule in words.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.alcazar import board
from bot.games.alcazar.legal import can_play_or_buy
from bot.games.alcazar.moves import MoveParts, Step, step_notation
from bot.games.alcazar.rules import (
    EMERGENCY,
    Build,
    Effect,
    Turn,
    bridge_build,
    castle_build,
    cell_words,
    must_withdraw_and_buy,
    noble_effect,
    single_piece_build,
    step_options,
    tower_build,
    turn_without_withdrawal,
    withdrawal,
)
from bot.games.alcazar.state import BRIDGE_PRICE, CARD_PRICE, GRANDE, TOWER_PRICE, State
from bot.games.common import IllegalMove


@dataclass(slots=True)
class Plan:
    """A checked move, ready to be carried out."""

    parts: MoveParts
    turn: Turn
    build: Build | None = None
    effect: Effect | None = None


def plan_move(state: State, parts: MoveParts) -> Plan:
    if state.over or state.to_move is None:
        raise IllegalMove("the game is over")
    seat = state.to_move
    turn = turn_without_withdrawal(state, seat)
    if parts.kind == "pass":
        if parts.withdraw is not None:
            raise IllegalMove("'withdraw …; pass' is not a move: a pass takes no action at all")
        if can_play_or_buy(state):
            raise IllegalMove("you can still play or buy a card; pass only when you can do neither")
        return Plan(parts, turn)
    if parts.kind == "bridge" and must_withdraw_and_buy(state, turn):
        raise IllegalMove(EMERGENCY)
    if parts.withdraw is not None:
        withdrawn = withdrawal(state, turn, parts.withdraw)
        if isinstance(withdrawn, str):
            raise IllegalMove(withdrawn)
        turn = withdrawn
    if parts.kind == "buy":
        _check_buy(state, turn, parts)
        return Plan(parts, turn)
    build = _build(state, parts)
    ends = state.bridge_ends()
    effect = noble_effect(state, turn, build, ends)
    if isinstance(effect, str):
        raise IllegalMove(effect)
    options = step_options(turn, build, effect, state.buildings)
    suffix = "" if parts.step is None else " + " + step_notation(parts.step)
    if suffix not in options:
        assert parts.step is not None
        raise IllegalMove(_step_reason(state, turn, build, effect, parts.step))
    return Plan(parts, turn, build, effect)


def _check_buy(state: State, turn: Turn, parts: MoveParts) -> None:
    if parts.source == "tower":
        if not state.tower_deck:
            raise IllegalMove("no tower card is left to buy")
        price = TOWER_PRICE
    elif parts.source == "deck":
        if not state.deck:
            raise IllegalMove("the face-down deck is empty; buy a face-up card instead")
        price = CARD_PRICE
    else:
        if parts.card not in state.face_up:
            shown = ", ".join(str(c) for c in state.face_up) or "none"
            raise IllegalMove(f"card {parts.card} is not face up (face up: {shown})")
        price = CARD_PRICE
    if turn.money < price:
        what = "a tower card" if price == TOWER_PRICE else "a building card"
        raise IllegalMove(f"{what} costs {price} Real; you have {turn.money}")


def _build(state: State, parts: MoveParts) -> Build:
    player = state.players[state.to_move or 0]
    bld = state.buildings
    result: Build | str
    if parts.kind == "tower":
        if not player.towers:
            raise IllegalMove("you hold no tower card; buy one first (10 Real)")
        result = tower_build(state, bld, parts.cells[0])
    elif parts.kind == "bridge":
        result = bridge_build(state, bld, parts.cells[0], parts.cells[1], state.bridge_ends())
    else:
        card = parts.card or 0
        if card not in player.hand:
            raise IllegalMove(f"you do not hold building card {card}")
        if parts.kind == "castle":
            assert parts.span is not None
            result = castle_build(state, bld, card, parts.span)
        else:
            result = single_piece_build(state, bld, parts.kind, card)
    if isinstance(result, str):
        raise IllegalMove(result)
    return result


def _step_reason(state: State, turn: Turn, build: Build, effect: Effect, step: Step) -> str:
    if build.blocked:
        return (
            "this piece would join castles while one is at 50: it is removed from the game and you "
            "are paid 50 Real, with no noble step"
        )
    if effect.lifted and step.kind != "swap":
        return "your own noble already stands on the new piece; only a swap of your Grande and Baron may follow"
    if step.kind == "place":
        return _place_reason(turn, build, effect, step)
    bld = state.buildings
    own = {c: r for c, r in turn.own}
    in_building = [c for c in step.cells if c in build.new_cells or bld.building_of[c] in build.parts]
    for c in step.cells[:1] if step.kind == "move" else step.cells:
        if c not in own:
            return f"you have no noble on {cell_words(c)}"
        if c not in in_building:
            return f"your noble on {cell_words(c)} is not in the building just built on"
    if step.kind == "move":
        target = step.cells[1]
        if target not in build.new_cells:
            return f"a noble can only move onto a cell built this turn, not {cell_words(target)}"
        return f"a noble already stands on {cell_words(target)}"
    if own[step.cells[0]] == own[step.cells[1]]:
        return "a swap exchanges a Grande and a Baron; two nobles of the same kind change nothing"
    return "that swap is not allowed here"


def _place_reason(turn: Turn, build: Build, effect: Effect, step: Step) -> str:
    if len(step.cells) > build.max_nobles:
        return "only the founding of a castle lets you place two nobles"
    if len(step.cells) == 2 and step.cells[0] == step.cells[1]:
        return "two nobles cannot stand on one cell"
    for c in step.cells:
        if c not in build.new_cells:
            built = ", ".join(board.CELL_NAME[n] for n in build.new_cells)
            return f"a noble can only be placed on a cell built this turn ({built})"
        if c in turn.nobles and c != effect.removed:
            return f"a noble already stands on {cell_words(c)}"
    grandes = sum(r == GRANDE for r in step.ranks)
    if grandes > turn.grandes:
        return f"you have {turn.grandes} Grande(s) left to place"
    if len(step.ranks) - grandes > turn.barons:
        return f"you have {turn.barons} Baron(s) left to place"
    value = build.value_after
    cost = value * sum(2 if r == GRANDE else 1 for r in step.ranks)
    money = turn.money + value - (BRIDGE_PRICE if build.kind == "bridge" else 0)
    return (
        f"placing costs the CV for a Baron and twice it for a Grande: {cost} Real; "
        f"you will have {money}"
    )
