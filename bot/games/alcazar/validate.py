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
from bot.i18n.message import Msg


@dataclass(slots=True)
class Plan:
    """A checked move, ready to be carried out."""

    parts: MoveParts
    turn: Turn
    build: Build | None = None
    effect: Effect | None = None


def plan_move(state: State, parts: MoveParts) -> Plan:
    if state.over or state.to_move is None:
        raise IllegalMove(Msg("rule.game_over"))
    seat = state.to_move
    turn = turn_without_withdrawal(state, seat)
    if parts.kind == "pass":
        if parts.withdraw is not None:
            raise IllegalMove(Msg("rule.withdraw_and_pass"))
        if can_play_or_buy(state):
            raise IllegalMove(Msg("rule.pass_not_allowed"))
        return Plan(parts, turn)
    if parts.kind == "bridge" and must_withdraw_and_buy(state, turn):
        raise IllegalMove(EMERGENCY)
    if parts.withdraw is not None:
        withdrawn = withdrawal(state, turn, parts.withdraw)
        if isinstance(withdrawn, Msg):
            raise IllegalMove(withdrawn)
        turn = withdrawn
    if parts.kind == "buy":
        _check_buy(state, turn, parts)
        return Plan(parts, turn)
    build = _build(state, parts)
    ends = state.bridge_ends()
    effect = noble_effect(state, turn, build, ends)
    if isinstance(effect, Msg):
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
            raise IllegalMove(Msg("rule.no_tower_cards"))
        price = TOWER_PRICE
    elif parts.source == "deck":
        if not state.deck:
            raise IllegalMove(Msg("rule.deck_empty"))
        price = CARD_PRICE
    else:
        if parts.card not in state.face_up:
            shown = ", ".join(str(c) for c in state.face_up)
            raise IllegalMove(Msg("rule.not_face_up", card=parts.card, shown=shown) if shown
                              else Msg("rule.not_face_up_none", card=parts.card))
        price = CARD_PRICE
    if turn.money < price:
        what = "rule.tower_card_costs" if price == TOWER_PRICE else "rule.building_card_costs"
        raise IllegalMove(Msg(what, price=price, money=turn.money))


def _build(state: State, parts: MoveParts) -> Build:
    player = state.players[state.to_move or 0]
    bld = state.buildings
    result: Build | Msg
    if parts.kind == "tower":
        if not player.towers:
            raise IllegalMove(Msg("rule.no_tower_card_held", price=TOWER_PRICE))
        result = tower_build(state, bld, parts.cells[0])
    elif parts.kind == "bridge":
        result = bridge_build(state, bld, parts.cells[0], parts.cells[1], state.bridge_ends())
    else:
        card = parts.card or 0
        if card not in player.hand:
            raise IllegalMove(Msg("rule.card_not_held", card=card))
        if parts.kind == "castle":
            assert parts.span is not None
            result = castle_build(state, bld, card, parts.span)
        else:
            result = single_piece_build(state, bld, parts.kind, card)
    if isinstance(result, Msg):
        raise IllegalMove(result)
    return result


def _step_reason(state: State, turn: Turn, build: Build, effect: Effect, step: Step) -> Msg:
    if build.blocked:
        return Msg("rule.step_blocked")
    if effect.lifted and step.kind != "swap":
        return Msg("rule.step_lifted")
    if step.kind == "place":
        return _place_reason(turn, build, effect, step)
    bld = state.buildings
    own = {c: r for c, r in turn.own}
    in_building = [c for c in step.cells if c in build.new_cells or bld.building_of[c] in build.parts]
    for c in step.cells[:1] if step.kind == "move" else step.cells:
        if c not in own:
            return Msg("rule.step_no_noble", cell=cell_words(c, "on"))
        if c not in in_building:
            return Msg("rule.step_not_in_building", cell=cell_words(c, "on"))
    if step.kind == "move":
        target = step.cells[1]
        if target not in build.new_cells:
            return Msg("rule.step_move_target", cell=cell_words(target))
        return Msg("rule.step_occupied", cell=cell_words(target, "on"))
    if own[step.cells[0]] == own[step.cells[1]]:
        return Msg("rule.swap_same_rank")
    return Msg("rule.swap_not_allowed")


def _place_reason(turn: Turn, build: Build, effect: Effect, step: Step) -> Msg:
    if len(step.cells) > build.max_nobles:
        return Msg("rule.place_two")
    if len(step.cells) == 2 and step.cells[0] == step.cells[1]:
        return Msg("rule.place_same_cell")
    for c in step.cells:
        if c not in build.new_cells:
            built = ", ".join(board.CELL_NAME[n] for n in build.new_cells)
            return Msg("rule.place_not_new", built=built)
        if c in turn.nobles and c != effect.removed:
            return Msg("rule.step_occupied", cell=cell_words(c, "on"))
    grandes = sum(r == GRANDE for r in step.ranks)
    if grandes > turn.grandes:
        return Msg("rule.grandes_left", count=turn.grandes)
    if len(step.ranks) - grandes > turn.barons:
        return Msg("rule.barons_left", count=turn.barons)
    value = build.value_after
    cost = value * sum(2 if r == GRANDE else 1 for r in step.ranks)
    money = turn.money + value - (BRIDGE_PRICE if build.kind == "bridge" else 0)
    return Msg("rule.place_cost", cost=cost, money=money)
