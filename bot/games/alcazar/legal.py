"""Listing every legal complete move: withdrawal, action, noble step.

The board-only part of each build (castle spans, unions, values, bridge
supports) is worked out once per position; only what depends on the
withdrawal (money, nobles) is redone for each withdrawal option.  The list
is cached on the state, which never changes once made.
"""
from __future__ import annotations

from bot.games.alcazar import board
from bot.games.alcazar.moves import Move, Outline
from bot.games.alcazar.rules import (
    Build,
    Turn,
    bridge_candidates,
    bridge_nobles,
    card_builds,
    must_withdraw_and_buy,
    noble_effect,
    step_options,
    tower_build,
    turn_without_withdrawal,
    withdrawal,
)
from bot.games.alcazar.state import CARD_PRICE, TOWER_PRICE, State
from bot.i18n.message import Msg


def turns(state: State, seat: int) -> list[Turn]:
    """The player's turn without a withdrawal, then after each possible withdrawal."""
    base = turn_without_withdrawal(state, seat)
    options = [base]
    for cell, _rank in base.own:
        turn = withdrawal(state, base, cell)
        assert isinstance(turn, Turn)
        options.append(turn)
    return options


def buy_texts(state: State, money: int) -> list[str]:
    texts: list[str] = []
    if money >= CARD_PRICE:
        texts.extend(f"buy {card}" for card in state.face_up)
        if state.deck:
            texts.append("buy deck")
    if money >= TOWER_PRICE and state.tower_deck:
        texts.append("buy tower")
    return texts


def tower_targets(state: State) -> list[Build]:
    """Cells a tower card may build on as far as the board goes (heights 1..4)."""
    if state.pieces < 1:
        return []
    bld = state.buildings
    heights = state.heights
    found = []
    for cell in board.CELLS_IN_ORDER:
        if 1 <= heights[cell] <= 4:
            build = tower_build(state, bld, cell)
            assert isinstance(build, Build)
            found.append(build)
    return found


def legal_moves(state: State) -> list[Move]:
    """Every complete legal move of the player to act (cached on the state)."""
    cached = state._legal
    if cached is None:
        cached = state._legal = _generate(state)
    return list(cached)


def _generate(state: State) -> list[Move]:
    seat = state.to_move
    if seat is None:
        return []
    bld = state.buildings
    player = state.players[seat]
    ends = state.bridge_ends()
    card_options: list[Build] = []
    for card in player.hand:
        card_options.extend(card_builds(state, bld, card))
    towers = tower_targets(state) if player.towers else []
    options = turns(state, seat)
    bridges = [] if must_withdraw_and_buy(state, options[0]) else bridge_candidates(state, bld, ends)
    moves: list[Move] = []
    acting = False  # a card can be played or bought: then ``pass`` is not legal
    for turn in options:
        prefix = turn.prefix
        withdraws = turn.withdraw is not None
        buys = buy_texts(state, turn.money)
        if buys:
            acting = True
            moves.extend(Move(prefix + t, outline=Outline("buy", withdraws, False)) for t in buys)
        for build in card_options + towers:
            effect = noble_effect(state, turn, build, ends)
            if isinstance(effect, Msg):
                continue
            acting = True
            head = prefix + build.text
            moves.extend(Move(head + step, outline=Outline(build.kind, withdraws, bool(step)))
                         for step in step_options(turn, build, effect, bld))
        for build in bridges:
            effect = bridge_nobles(turn, build)
            if isinstance(effect, Msg):
                continue
            head = prefix + build.text
            moves.extend(Move(head + step, outline=Outline("bridge", withdraws, bool(step)))
                         for step in step_options(turn, build, effect, bld))
    if not acting:
        moves.append(Move("pass", outline=Outline("pass", False, False)))
    return moves


def forced_pass(state: State) -> bool:
    """True when ``pass`` is the only legal move of the player to act (the bot plays it by itself).

    A player who can buy a card without withdrawing has another move, which
    settles most positions without listing every move.
    """
    if state.to_move is None:
        return False
    if buy_texts(state, state.players[state.to_move].money):
        return False
    return legal_moves(state) == [Move("pass")]


def can_play_or_buy(state: State) -> bool:
    """Whether the player to act can play or buy a card (with or without a withdrawal)."""
    return Move("pass") not in legal_moves(state)
