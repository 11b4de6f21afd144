"""Pass, the end of the game and the final scoring."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, final_score, forbidden, moves, stuck


def test_pass_is_the_only_move_when_no_card_can_be_played_or_bought() -> None:
    assert moves(stuck()) == {"pass"}


def test_no_pass_while_a_card_can_be_bought() -> None:
    forbidden(arrange(face_up=[5], deck=[]), "pass", "you can still play or buy a card")


def test_no_pass_while_a_card_can_be_played() -> None:
    state = stuck(hands=[[5], []])
    forbidden(state, "pass", "you can still play or buy a card")


def test_no_pass_when_a_withdrawal_would_pay_for_a_card() -> None:
    state = arrange(built=["8"], nobles={"8": (0, "grande")}, face_up=[5], deck=[], money=[3, 40])
    forbidden(state, "pass", "you can still play or buy a card")


def test_an_unplayable_tower_card_does_not_prevent_a_pass() -> None:
    assert moves(stuck(towers=[1, 0])) == {"pass"}


def test_the_game_ends_after_a_full_round_of_passes() -> None:
    state = stuck(3)
    state = game.play(game.play(state, "pass"), "pass")
    assert game.to_move(state) == 2 and state.pass_streak == 2
    state = game.play(state, "pass")
    assert game.to_move(state) is None and game.outcome(state) is not None


def test_any_other_move_breaks_the_round_of_passes() -> None:
    state = stuck(2, hands=[[], [6]])
    state = game.play(game.play(state, "pass"), "mansion 6")
    assert state.pass_streak == 0 and game.to_move(state) == 0


def test_the_game_ends_after_the_move_that_takes_the_last_piece() -> None:
    state = arrange(hands=[[6], []], pieces=1)
    after = game.play(state, "mansion 6 + baron 6")
    assert game.to_move(after) is None and after.pieces == 0
    assert "last building piece" in str((game.outcome(after) or game.Outcome((), "")).reason)


def test_a_piece_discarded_by_a_blocked_union_can_be_the_last() -> None:
    state = arrange(built=["6", "7:25", "9", "10:2", "11"], castles=["7", "10"], hands=[[8], []], pieces=1)
    after = game.play(state, "extend 8")
    assert game.to_move(after) is None


def test_the_game_ends_after_the_last_bridge() -> None:
    state = arrange(built=["1:2", "2", "3:2"], nobles={"1": (0, "baron")}, bridge_supply=1)
    after = game.play(state, "bridge 1-3")
    assert after.over and after.end_reason == "end.last_bridge"


def test_a_castle_founding_needs_pieces_so_the_end_comes_with_single_pieces() -> None:
    assert "castle 8 7-9" not in moves(arrange(hands=[[8], []], pieces=2))


def test_grandes_score_twice_their_level_barons_their_level_and_50_real_a_point() -> None:
    state = stuck(built=["7", "8:3", "9"], nobles={"8": (0, "grande"), "7": (0, "baron"), "9": (1, "baron")},
                  money=[149, 50])
    result = final_score(state)
    assert result.details[0]["nobles"] == 2 * 3 + 1 and result.details[0]["money_points"] == 2
    assert result.scores == (9, 2) and result.winners == (0,)


def test_a_tie_goes_to_the_most_money_left_over_50s() -> None:
    state = stuck(built=["7", "8"], nobles={"7": (0, "baron"), "8": (1, "baron")}, money=[99, 60])
    result = final_score(state)
    assert result.scores == (2, 2) and result.winners == (0,)


def test_a_tie_in_points_and_money_left_is_shared() -> None:
    state = stuck(built=["7", "8"], nobles={"7": (0, "baron"), "8": (1, "baron")}, money=[70, 70])
    result = final_score(state)
    assert result.winners == (0, 1) and "share" in str(result.reason)


def test_no_outcome_while_the_game_goes_on() -> None:
    assert game.outcome(arrange()) is None
