"""Carrying out a checked move, and the flow of turns (next player, the end)."""
from __future__ import annotations

from bot.games.alcazar import board
from bot.games.alcazar.buildings import Buildings
from bot.games.alcazar.moves import Move, MoveParts, notation, parse_notation
from bot.games.alcazar.rules import Build, Effect
from bot.games.alcazar.state import (
    BRIDGE_PRICE,
    CARD_PRICE,
    GRANDE,
    MAX_VALUE,
    TOWER_PRICE,
    Player,
    State,
)
from bot.games.alcazar.validate import Plan, plan_move
from bot.games.alcazar.words import describe_plan
from bot.games.common import GameError, IllegalMove
from bot.i18n.message import Msg


def play(state: State, move: Move | str) -> State:
    """Check ``move`` for the player to act and return the new state."""
    parts = parse_notation(move) if isinstance(move, str) else move.parts
    plan = plan_move(state, parts)
    text = describe_plan(state, plan)
    new = state.copy()
    cells = _carry_out(new, plan)
    new.last_move = {
        "seat": plan.turn.seat,
        "notation": notation(parts),
        "text": text.to_json(),  # a message: the renderer words it in the image's language
        "cells": [list(board.xy_of(c)) for c in cells],
    }
    _finish_turn(new, passed=parts.kind == "pass")
    return new


def _carry_out(s: State, plan: Plan) -> tuple[int, ...]:
    """Apply the move to ``s``; returns the cells built this turn."""
    parts, seat = plan.parts, plan.turn.seat
    player = s.players[seat]
    if parts.withdraw is not None:
        _remove_noble(s, parts.withdraw, s.buildings)
    if parts.kind == "pass":
        return ()
    if parts.kind == "buy":
        _buy(s, player, parts)
        return ()
    assert plan.build is not None and plan.effect is not None
    return _build(s, player, plan.build, plan.effect, parts)


def _remove_noble(s: State, cell: int, bld: Buildings) -> None:
    """Take a noble off the board, paying its owner the CV (twice for a Grande)."""
    owner, rank = s.nobles.pop(cell)
    p = s.players[owner]
    p.money += bld.value_at(cell) * (2 if rank == GRANDE else 1)
    if rank == GRANDE:
        p.grandes += 1
    else:
        p.barons += 1


def _buy(s: State, player: Player, parts: MoveParts) -> None:
    if parts.source == "tower":
        player.money -= TOWER_PRICE
        s.tower_deck -= 1
        player.towers += 1
        return
    player.money -= CARD_PRICE
    if parts.source == "deck":
        card = s.deck.pop(0)
    else:
        assert parts.card is not None
        card = parts.card
        slot = s.face_up.index(card)
        if s.deck:
            s.face_up[slot] = s.deck.pop(0)
        else:
            del s.face_up[slot]
    player.hand = tuple(sorted(player.hand + (card,)))


def _build(s: State, player: Player, build: Build, effect: Effect, parts: MoveParts) -> tuple[int, ...]:
    bld = s.buildings  # the buildings before the build
    if build.kind == "tower":
        player.towers -= 1
    elif build.card is not None:
        player.hand = tuple(c for c in player.hand if c != build.card)
    if effect.removed is not None:
        _remove_noble(s, effect.removed, bld)
    if build.blocked:
        s.pieces -= 1
        s.pieces_discarded += 1
        player.money += MAX_VALUE
        return ()
    if build.kind == "bridge":
        player.money -= BRIDGE_PRICE
        a, b = build.ends
        s.add_bridge(a, build.target, b, build.level)
    elif build.kind == "castle":
        for cell in build.new_cells:
            s.add_piece(cell)
        s.add_piece(build.target)
        s.flags[s.free_flags()[0]] = build.target
    else:
        s.add_piece(build.target)
    _join_flags(s, bld, build.parts)
    s._buildings = None
    after = s.buildings
    player.money += after.value_at(build.target)
    raise_waiting_mansions(s)
    if parts.step is not None:
        _noble_step(s, player, parts, after.value_at(build.target))
    return build.new_cells


def _join_flags(s: State, before: Buildings, parts: frozenset[int]) -> None:
    """When castles join, the most valuable (then lowest flag) keeps its flag."""
    castles = [b for b in parts if before.flag[b] is not None]
    if len(castles) < 2:
        return
    keep = min(castles, key=lambda b: (-before.value(b), before.flag[b]))
    for b in castles:
        if b != keep:
            flag = before.flag[b]
            assert flag is not None
            del s.flags[flag]


def raise_waiting_mansions(s: State) -> None:
    """Mansions worth 5 or more take free flags: most valuable first, then lowest space."""
    free = s.free_flags()
    if not free:
        return
    bld = s.buildings
    waiting = [b for b in range(len(bld.cells)) if bld.flag[b] is None and bld.raw[b] >= 5]
    if not waiting:
        return
    waiting.sort(key=lambda b: (-bld.value(b), bld.first_space[b]))
    for b, flag in zip(waiting, free):
        s.flags[flag] = board.SPACE_CELL[bld.first_space[b]]
    s._buildings = None


def _noble_step(s: State, player: Player, parts: MoveParts, value: int) -> None:
    step = parts.step
    assert step is not None
    seat = s.to_move
    assert seat is not None
    if step.kind == "place":
        for cell, rank in zip(step.cells, step.ranks):
            s.nobles[cell] = (seat, rank)
            if rank == GRANDE:
                player.grandes -= 1
                player.money -= 2 * value
            else:
                player.barons -= 1
                player.money -= value
    elif step.kind == "move":
        a, b = step.cells
        s.nobles[b] = s.nobles.pop(a)
    else:
        a, b = step.cells
        s.nobles[a], s.nobles[b] = s.nobles[b], s.nobles[a]


# -- the flow of turns ----------------------------------------------------------------
def playing_seats(s: State) -> list[int]:
    return [i for i, p in enumerate(s.players) if not p.retired]


def _finish_turn(s: State, *, passed: bool) -> None:
    s.ply += 1
    seat = s.to_move
    assert seat is not None
    s.passed = s.passed | {seat} if passed else frozenset()
    _check_end(s, after_pass=passed)
    if not s.over:
        s.to_move = _next_seat(s, s.to_move)


def _check_end(s: State, *, after_pass: bool = False) -> None:
    """End the game if the supply ran out, one seat is left, or (after a pass) everyone passed.

    The pass ending is looked at only after a pass: a retirement drops the
    retiring seat's pass and is not a turn, so it never ends the game by passes.
    """
    playing = playing_seats(s)
    if s.pieces == 0:
        s.end_reason = "end.last_piece"
    elif s.bridge_supply == 0:
        s.end_reason = "end.last_bridge"
    elif len(playing) <= 1:
        s.end_reason = "end.one_player_left"
    elif after_pass and s.passed >= set(playing):
        s.end_reason = "end.all_passed"
    if s.over:
        s.to_move = None


def _next_seat(s: State, seat: int | None) -> int:
    start = -1 if seat is None else seat
    n = s.player_count
    for step in range(1, n + 1):
        candidate = (start + step) % n
        if not s.players[candidate].retired:
            return candidate
    raise GameError(Msg("rule.nobody_left"))


def skip(state: State) -> State:
    """The player to act forfeits this turn; it is not a pass, so a pass streak starts over."""
    if state.over or state.to_move is None:
        raise IllegalMove(Msg("rule.over_no_skip"))
    new = state.copy()
    new.last_move = {"seat": state.to_move, "notation": "skip", "text": Msg("move.skips_turn").to_json(),
                     "cells": []}
    _finish_turn(new, passed=False)
    return new


def retire(state: State, seat: int) -> State:
    """The seat leaves the game: its turns are skipped, its pieces and nobles stay.

    A pass it made no longer counts towards the pass ending; a finished game
    refuses, since a retirement would change its ranking.
    """
    if state.over or state.to_move is None:
        raise IllegalMove(Msg("rule.over_no_retire"))
    if not 0 <= seat < state.player_count:
        raise GameError(Msg("rule.no_seat", seat=seat))
    if state.players[seat].retired:
        raise GameError(Msg("rule.already_retired", seat=seat))
    new = state.copy()
    new.players[seat].retired = True
    new.passed = new.passed - {seat}
    _check_end(new)
    if not new.over and new.to_move == seat:
        new.to_move = _next_seat(new, seat)
    return new
