"""Withdrawing a noble first in the turn, and the forced withdraw-and-buy."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, moves, noble, stuck

CASTLE = ["7", "8:2", "9", "10"]  # worth 6


def test_withdrawing_a_baron_pays_the_cv_and_a_grande_twice_it() -> None:
    state = arrange(built=CASTLE, nobles={"8": (0, "baron"), "9": (0, "grande")}, face_up=[30], deck=[31])
    after = game.play(state, "withdraw 8; buy deck")
    assert after.players[0].money == 40 + 6 - 5 and after.players[0].barons == 6
    assert noble(after, "8") is None
    after = game.play(state, "withdraw 9; buy deck")
    assert after.players[0].money == 40 + 12 - 5 and after.players[0].grandes == 2


def test_only_ones_own_noble_can_be_withdrawn() -> None:
    state = arrange(built=CASTLE, nobles={"8": (1, "baron")}, face_up=[30], deck=[31])
    forbidden(state, "withdraw 8; buy deck", "the noble on space 8 is not yours")
    forbidden(state, "withdraw 9; buy deck", "there is no noble on space 9")


def test_a_withdrawal_comes_with_every_action_and_changes_what_follows() -> None:
    state = arrange(built=CASTLE, nobles={"8": (0, "baron")}, hands=[[8], []], face_up=[30], deck=[31])
    listed = moves(state)
    assert {"raise 8", "withdraw 8; raise 8 + baron 8", "withdraw 8; buy 30"} <= listed
    assert "raise 8 + baron 8" not in listed


def test_a_withdrawal_alone_is_not_a_move() -> None:
    state = stuck(built=CASTLE, nobles={"8": (0, "baron")}, money=[0, 40])
    forbidden(state, "withdraw 8; pass", "not a move")


def test_a_player_without_cards_or_money_must_withdraw_and_buy() -> None:
    state = arrange(built=CASTLE, nobles={"8": (0, "baron")}, face_up=[30], deck=[31], money=[3, 40])
    assert moves(state) == {"withdraw 8; buy 30", "withdraw 8; buy deck"}


def test_the_withdrawn_noble_returns_to_the_supply_before_the_noble_step() -> None:
    nobles = {"8": (0, "grande"), "30": (0, "grande")}
    state = arrange(built=CASTLE + ["30"], nobles=nobles, hands=[[11], []])
    assert "extend 11 + grande 11" not in moves(state)
    assert "withdraw 30; extend 11 + grande 11" in moves(state)


# Space 2 is lower than the two supports 1 and 3: a bridge 1-3 is possible on the board.
SUPPORTS = ["1:2", "2", "3:2"]


def test_the_forced_withdraw_and_buy_allows_no_bridge() -> None:
    # Withdrawing the Grande pays 14, enough for the bridge: the rulebook still asks for a card.
    state = arrange(built=SUPPORTS, nobles={"1": (0, "grande"), "3": (0, "baron")},
                    face_up=[30], deck=[31], money=[3, 40])
    listed = moves(state)
    assert listed and all(m.startswith("withdraw ") and "; buy " in m for m in listed), listed
    forbidden(state, "withdraw 1; bridge 1-3", "must withdraw a noble and buy a card")
    forbidden(state, "withdraw 1; bridge 1-3 + baron 2", "must withdraw a noble and buy a card")


def test_a_player_who_must_pass_may_still_build_a_bridge() -> None:
    state = stuck(built=SUPPORTS, nobles={"1": (0, "grande"), "3": (0, "baron")}, money=[3, 40])
    listed = moves(state)
    assert "pass" in listed and "withdraw 1; bridge 1-3" in listed
    assert all(m == "pass" or "bridge 1-3" in m for m in listed)


def test_a_player_with_a_tower_card_is_not_forced_to_buy() -> None:
    state = arrange(built=SUPPORTS, nobles={"1": (0, "grande"), "3": (0, "baron")},
                    face_up=[30], deck=[31], money=[3, 40], towers=[1, 0])
    assert "withdraw 1; bridge 1-3" in moves(state)
