"""Rules that the other rules tests left unpinned: the 50 cap where it is
easy to miss, a bridge over a garden touching three buildings, the bridge
price in the noble step, the money tie-break, and the wording of refusals."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, final_score, forbidden, moves, noble, stuck, value

FAR_CASTLES = [2, 10, 18, 26, 34, 42, 50, 58]  # eight castles' middle spaces, far enough apart


def eight_castles() -> list[str]:
    built = []
    for n in FAR_CASTLES:
        built += [str(n - 1), f"{n}:2", str(n + 1)]
    return built


# -- the 50 cap -------------------------------------------------------------------------
def test_placing_above_50_costs_the_capped_value_not_the_sum() -> None:
    # The castle's elements add up to 53 before the raise and 55 after; its CV is 50.
    state = arrange(built=["7", "8:26", "9"], hands=[[8], []], money=[50, 40])
    assert value(state, "8") == 50
    assert "raise 8 + grande 8" in moves(state)
    after = game.play(state, "raise 8 + grande 8")
    assert after.players[0].money == 50 + 50 - 2 * 50 and noble(after, "8") == (0, "grande")


def test_a_mansion_is_capped_at_50_too() -> None:
    # Every flag flies, so a mansion above 5 stays a mansion; its value still stops at 50.
    state = arrange(built=eight_castles() + ["70:25"], castles=[str(n) for n in FAR_CASTLES], hands=[[70], []])
    assert state.free_flags() == [] and value(state, "70") == 49
    after = game.play(state, "raise 70")
    assert value(after, "70") == 50 and after.players[0].money == 40 + 50
    bld = after.buildings
    assert bld.flag[bld.building_of[game.board.SPACE_CELL[70]]] is None


# -- a bridge over a garden touches up to three buildings -------------------------------
# Garden g10,1 lies between 10 (above), 14 (below) and 12 (to its right).
def test_a_bridge_over_a_garden_joins_the_building_beside_the_garden() -> None:
    state = arrange(built=["10", "14", "12"], nobles={"10": (0, "baron"), "12": (0, "grande")})
    assert len({state.buildings.building_of[game.board.SPACE_CELL[n]] for n in (10, 12, 14)}) == 3
    assert "bridge 10-14 + move 12>g10,1" in moves(state)
    after = game.play(state, "bridge 10-14 + move 12>g10,1")
    assert value(after, "12") == 1 + 1 + 1 + 3 * 2 and after.players[0].money == 40 - 15 + 9
    assert noble(after, "g10,1") == (0, "grande")


def test_a_bridge_over_a_garden_is_blocked_by_a_castle_at_50_beside_the_garden() -> None:
    state = arrange(
        built=["10:2", "14:2", "12:26"], castles=["12", "10"], nobles={"10": (0, "baron")},
    )
    assert value(state, "12") == 50
    forbidden(state, "bridge 10-14", "one of them is at 50; such a union cannot take place")


# -- the bridge's price comes out before a noble is placed ------------------------------
def test_a_noble_on_a_new_bridge_is_paid_from_what_is_left_after_the_15_real() -> None:
    state = arrange(built=["1:2", "2", "3:2"], nobles={"1": (0, "baron")}, money=[20, 40])
    # The value after the bridge: 16; money then 20 - 15 + 16 = 21: a Baron (16) yes, a Grande (32) no.
    assert "bridge 1-3 + baron 3" in moves(state)
    forbidden(state, "bridge 1-3 + grande 3", "twice that for a Grande: 32 Real, and you will have 21 Real after the build")


# -- the tie-break: money left over the full 50s, not all money -------------------------
def test_the_tie_break_is_money_left_over_50s_not_the_larger_sum() -> None:
    # Blue: a Baron at level 2 and 99 Real (1 point): 3 points, 49 left over.
    # Yellow: a Baron at level 1 and 100 Real (2 points): 3 points, 0 left over.
    state = arrange(built=["7:2", "9"], nobles={"7": (0, "baron"), "9": (1, "baron")}, money=[99, 100])
    result = final_score(state)
    assert result.scores == (3, 3) and result.winners == (0,)


# -- refusals name their rule -----------------------------------------------------------
def test_a_noble_cannot_be_placed_on_a_bridge_end_where_a_noble_stands() -> None:
    state = arrange(built=["1:2", "2", "3:2"], nobles={"1": (0, "baron")})
    forbidden(state, "bridge 1-3 + grande 1", "a noble already stands on space 1")


def test_a_noble_cannot_move_onto_a_cell_built_earlier() -> None:
    state = arrange(built=["7", "8:2", "9"], nobles={"9": (0, "baron")}, hands=[[10], []])
    forbidden(state, "extend 10 + move 9>7", "a noble can only move onto a cell built this turn, not space 7")


def test_two_castle_nobles_cannot_share_a_cell() -> None:
    state = arrange(hands=[[8], []])
    forbidden(state, "castle 8 7-9 + baron 8 grande 8", "two nobles cannot stand on one cell")


def test_no_bridge_once_the_supply_is_empty() -> None:
    state = arrange(built=["1:2", "2", "3:2"], nobles={"1": (0, "baron")}, bridge_supply=0)
    forbidden(state, "bridge 1-3", "no bridge is left in the supply")


def test_no_card_from_an_empty_deck() -> None:
    forbidden(arrange(deck=[]), "buy deck", "the face-down deck is empty")


def test_no_move_once_the_game_is_over() -> None:
    state = arrange()
    state.end_reason, state.to_move = "test", None
    forbidden(state, "buy deck", "the game is over")


def test_a_removed_noble_is_paid_the_capped_value_of_a_mansion_above_50() -> None:
    state = arrange(
        built=eight_castles() + ["70:26"], castles=[str(n) for n in FAR_CASTLES],
        nobles={"70": (1, "grande")}, hands=[[70], []],
    )
    assert "they get 100 Real" in str(game.describe_move(state, "raise 70"))
    after = game.play(state, "raise 70")
    assert after.players[1].money == 40 + 2 * 50 and noble(after, "70") is None


def test_a_playable_tower_card_rules_out_a_pass() -> None:
    state = stuck(built=["6"], nobles={"6": (0, "baron")}, towers=[1, 0], money=[0, 40])
    assert moves(state) >= {"tower 6"}
    forbidden(state, "pass", "you can still play or buy a card")


def test_a_castle_on_its_own_built_space_names_that_space() -> None:
    state = arrange(built=["8"], hands=[[8], []])
    forbidden(state, "castle 8 8-10", "space 8 is already built; a castle needs three vacant spaces")


def test_a_castle_on_a_built_space_says_so_before_any_distance() -> None:
    state = arrange(players=2, built=["8"], hands=[[8], []])
    forbidden(state, "castle 8 7-9", "space 8 is already built; a castle needs three vacant spaces")


def test_a_distance_of_one_space_is_written_in_the_singular() -> None:
    state = arrange(players=2, built=["28", "29", "30"], castles=["29"], hands=[[32], []])
    forbidden(state, "castle 32 31-33", "space 31 is 1 space from the castle on 28-30")


def test_typed_moves_may_use_the_dashes_and_arrows_the_bot_prints() -> None:
    state = arrange(players=2, hands=[[12], []])
    assert str(game.parse_move(state, "castle 12 10–12")) == "castle 12 10-12"
    assert str(game.parse_move(state, "Castle 12 10—12 + Baron 12")) == "castle 12 10-12 + baron 12"
