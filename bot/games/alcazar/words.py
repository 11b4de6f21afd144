"""Moves in plain words, for the log and the players: messages made into text in the reader's language.

A description names only the mover's own card being played or a face-up
card, never another player's hand.
"""
from __future__ import annotations

from bot.games.alcazar import board
from bot.games.alcazar.moves import Move, Step, parse_notation
from bot.games.alcazar.rules import Build, building_words, cell_words
from bot.games.alcazar.state import BRIDGE_PRICE, CARD_PRICE, COLORS, GRANDE, TOWER_PRICE, State
from bot.games.alcazar.validate import Plan, plan_move
from bot.games.common import MoveWords
from bot.i18n.message import Msg

NAME = board.CELL_NAME


def rank_word(rank: int) -> Msg:
    return Msg("rank.grande" if rank == GRANDE else "rank.baron")


def cell_name(cell: int, case: str = "") -> Msg:
    """A cell as a move names it: its number (or garden) in English, "a 12-es helyről" in Hungarian.

    ``case`` is where the cell stands in the sentence: "" (plain), "on", "from" or "to".
    """
    return cell_words(cell, case, messages="cellname")


def describe_move(state: State, move: Move | str) -> Msg:
    """The move in plain words for the player to act in ``state`` (before it is played)."""
    parts = parse_notation(move) if isinstance(move, str) else move.parts
    return describe_plan(state, plan_move(state, parts))


def describe_move_by_part(state: State, move: Move) -> MoveWords:
    """The move's words, whole and as (withdrawal, action, noble step), for the player to act in ``state``."""
    return plan_words(state, plan_move(state, move.parts))


def describe_plan(state: State, plan: Plan) -> Msg:
    return plan_words(state, plan).whole


def plan_words(state: State, plan: Plan) -> MoveWords:
    parts = plan.parts
    withdrawal = step = None
    if parts.withdraw is not None:
        seat, rank = state.nobles[parts.withdraw]
        pay = plan.turn.money - state.players[seat].money
        withdrawal = Msg("move.withdraw", rank=rank_word(rank), cell=cell_name(parts.withdraw, "from"), pay=pay)
    if parts.kind == "pass":
        action = Msg("move.pass")
    elif parts.kind == "buy":
        if parts.source == "tower":
            action = Msg("move.buy_tower", price=TOWER_PRICE)
        elif parts.source == "deck":
            action = Msg("move.buy_deck", price=CARD_PRICE)
        else:
            action = Msg("move.buy_face_up", card=parts.card, price=CARD_PRICE)
    else:
        assert plan.build is not None and plan.effect is not None
        action = _build_words(state, plan)
    # Each part reads as a sentence on its own; after "then" it continues one.
    text = action if withdrawal is None else Msg("move.then", first=withdrawal, then=action)
    if parts.step is not None and plan.build is not None:
        step = _step_words(state, plan.build, parts.step)
        text = Msg("move.with_step", move=text, step=step)
    return MoveWords(text, (withdrawal, action, step))


def _build_words(state: State, plan: Plan) -> Msg:
    build, effect = plan.build, plan.effect
    assert build is not None and effect is not None
    bld = state.buildings
    income = build.value_after
    text: Msg
    if build.kind == "castle":
        assert build.span is not None
        low, high = build.span
        text = Msg("move.castle", low=low, high=high, card=build.card, income=income)
    elif build.kind == "mansion":
        text = Msg("move.mansion", card=build.card, income=income)
    elif build.kind == "extend" and build.blocked:
        return Msg("move.extend_blocked", card=build.card)
    elif build.kind == "extend":
        joined = sorted(build.parts, key=lambda b: bld.first_space[b])
        # ranges with the same dash as everywhere else in move words ("the castle on 6–8")
        text = Msg("move.extend", buildings=[building_words(bld, b, "–") for b in joined], card=build.card,
                   income=income)
    elif build.kind == "raise":
        text = Msg("move.raise", card=build.card, level=state.heights[build.target] + 1, income=income)
    elif build.kind == "tower":
        text = Msg("move.tower", cell=cell_name(build.target, "to"), level=state.heights[build.target] + 1,
                   income=income)
    else:
        a, b = build.ends
        text = Msg("move.bridge", a=NAME[a], b=NAME[b], level=build.level, price=BRIDGE_PRICE, income=income)
    if effect.removed is not None:
        seat, rank = state.nobles[effect.removed]
        pay = build.value_before * (2 if rank == GRANDE else 1)
        text = Msg("move.removing", move=text, colour=Msg(f"colour.{COLORS[seat]}"), rank=rank_word(rank),
                   cell=cell_name(effect.removed, "from"), pay=pay)
    return text


def _step_words(state: State, build: Build, step: Step) -> Msg:
    if step.kind == "place":
        value = build.value_after
        placed = [Msg("step.place_one", rank=rank_word(r), cell=cell_name(c, "to"))
                  for r, c in zip(step.ranks, step.cells)]
        cost = sum(value * (2 if r == GRANDE else 1) for r in step.ranks)
        return Msg("step.place", placed=placed, cost=cost)
    if step.kind == "move":
        a, b = step.cells
        rank = state.nobles[a][1]
        return Msg("step.move", rank=rank_word(rank), origin=cell_name(a, "from"), target=cell_name(b, "to"))
    a, b = step.cells
    return Msg("step.swap", first=cell_name(a), second=cell_name(b))
