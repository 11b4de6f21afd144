"""Moves in plain words, for the log and the players.

A description names only the mover's own card being played or a face-up
card, never another player's hand.
"""
from __future__ import annotations

from bot.games.alcazar import board
from bot.games.alcazar.moves import Move, Step, parse_notation
from bot.games.alcazar.rules import Build, building_words
from bot.games.alcazar.state import BRIDGE_PRICE, CARD_PRICE, COLORS, GRANDE, TOWER_PRICE, State
from bot.games.alcazar.validate import Plan, plan_move

NAME = board.CELL_NAME
MINUS = "\u2212"    # costs read "−5 Real" beside incomes "+5 Real": one style for money everywhere


def rank_word(rank: int) -> str:
    return "Grande" if rank == GRANDE else "Baron"


def describe_move(state: State, move: Move | str) -> str:
    """The move in plain words for the player to act in ``state`` (before it is played)."""
    parts = parse_notation(move) if isinstance(move, str) else move.parts
    return describe_plan(state, plan_move(state, parts))


def describe_plan(state: State, plan: Plan) -> str:
    parts = plan.parts
    pieces: list[str] = []
    if parts.withdraw is not None:
        seat, rank = state.nobles[parts.withdraw]
        pay = plan.turn.money - state.players[seat].money
        pieces.append(f"Withdraw the {rank_word(rank)} from {NAME[parts.withdraw]} (+{pay} Real)")
    if parts.kind == "pass":
        pieces.append("Pass")
    elif parts.kind == "buy":
        if parts.source == "tower":
            pieces.append(f"Buy a tower card ({MINUS}{TOWER_PRICE} Real)")
        elif parts.source == "deck":
            pieces.append(f"Buy the top card of the deck ({MINUS}{CARD_PRICE} Real)")
        else:
            pieces.append(f"Buy face-up card {parts.card} ({MINUS}{CARD_PRICE} Real)")
    else:
        assert plan.build is not None and plan.effect is not None
        pieces.append(_build_words(state, plan))
    # Each part reads as a sentence on its own; after "then" it continues one.
    text = pieces[0] + "".join(f"; then {piece[:1].lower()}{piece[1:]}" for piece in pieces[1:])
    if parts.step is not None and plan.build is not None:
        text += ", " + _step_words(state, plan.build, parts.step)
    return text


def _build_words(state: State, plan: Plan) -> str:
    build, effect = plan.build, plan.effect
    assert build is not None and effect is not None
    bld = state.buildings
    income = f"+{build.value_after} Real"
    if build.kind == "castle":
        assert build.span is not None
        low, high = build.span
        text = f"Found a castle on {low}–{high} with card {build.card} ({income})"
    elif build.kind == "mansion":
        text = f"Build a mansion on {build.card} ({income})"
    elif build.kind == "extend" and build.blocked:
        return (
            f"Play card {build.card}: the castles cannot join while one is at 50, "
            "so the piece leaves the game (+50 Real)"
        )
    elif build.kind == "extend":
        joined = sorted(build.parts, key=lambda b: bld.first_space[b])
        # ranges with the same dash as everywhere else ("the castle on 6–8")
        what = " and ".join(building_words(bld, b).replace("-", "–") for b in joined)
        text = f"Extend {what} with card {build.card} ({income})"
    elif build.kind == "raise":
        text = f"Build up {build.card} with card {build.card} to level {state.heights[build.target] + 1} ({income})"
    elif build.kind == "tower":
        level = state.heights[build.target] + 1
        text = f"Play a tower card on {NAME[build.target]} to level {level} ({income})"
    else:
        a, b = build.ends
        text = (
            f"Build a bridge {NAME[a]}–{NAME[b]} at level {build.level} "
            f"({MINUS}{BRIDGE_PRICE} Real, {income})"
        )
    if effect.removed is not None:
        seat, rank = state.nobles[effect.removed]
        pay = build.value_before * (2 if rank == GRANDE else 1)
        color = COLORS[seat].capitalize()
        text += f", removing {color}'s {rank_word(rank)} from {NAME[effect.removed]} (they get {pay} Real)"
    return text


def _step_words(state: State, build: Build, step: Step) -> str:
    if step.kind == "place":
        value = build.value_after
        placed = [f"{rank_word(r)} on {NAME[c]}" for r, c in zip(step.ranks, step.cells)]
        cost = sum(value * (2 if r == GRANDE else 1) for r in step.ranks)
        return f"{' and '.join(placed)} ({MINUS}{cost} Real)"
    if step.kind == "move":
        a, b = step.cells
        rank = state.nobles[a][1]
        return f"move the {rank_word(rank)} from {NAME[a]} to {NAME[b]}"
    a, b = step.cells
    return f"swap the nobles on {NAME[a]} and {NAME[b]}"
