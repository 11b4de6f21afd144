"""A) Founding a castle: three vacant spaces along the path, distances, flag, pieces, two nobles."""
from __future__ import annotations

from bot.games import alcazar as game

from .rules_support import arrange, forbidden, height, moves, noble, value


def castles(state: game.State, card: int) -> set[str]:
    return {m for m in moves(state) if m.startswith(f"castle {card} ") and "+" not in m}


def test_the_castle_row_follows_the_path_round_the_bend_and_down_the_connector() -> None:
    state = arrange(hands=[[12], []])
    assert castles(state, 12) == {"castle 12 10-12", "castle 12 11-13", "castle 12 12-14"}
    after = game.play(state, "castle 12 11-13")
    assert (height(after, "11"), height(after, "12"), height(after, "13")) == (1, 2, 1)


def test_all_three_spaces_must_exist() -> None:
    assert castles(arrange(hands=[[72], []]), 72) == {"castle 72 70-72"}


def test_founding_pays_5_takes_4_pieces_and_the_lowest_free_flag() -> None:
    state = arrange(built=["30", "31:2", "32"], castles=["31"], hands=[[8], []])
    after = game.play(state, "castle 8 7-9")
    assert after.players[0].money == 45 and after.pieces == state.pieces - 4
    assert value(after, "8") == 5
    assert after.buildings.flag[after.buildings.building_of[game.board.SPACE_CELL[8]]] == 2


def test_castles_need_three_empty_spaces_between_them() -> None:
    state = arrange(built=["11", "12:2", "13"], hands=[[8, 7], []])
    forbidden(state, "castle 8 6-8", "space 8 is 3 spaces from the castle on 11-13; castles need three empty")
    assert "castle 7 5-7" in moves(state)


def test_a_castle_keeps_one_empty_space_from_a_mansion() -> None:
    state = arrange(built=["11"], hands=[[9], []])
    forbidden(state, "castle 9 8-10", "space 10 touches the mansion on 11")
    assert "castle 9 7-9" in moves(state)



def test_a_castle_needs_three_vacant_spaces() -> None:
    state = arrange(built=["6"], castles=[], hands=[[8], []])
    forbidden(state, "castle 8 6-8", "space 6 is already built")


def test_a_castle_may_not_touch_a_built_cell_across_a_garden() -> None:
    # A lone piece on the garden beside space 24 cannot arise in play; it isolates this rule
    # from the distance rules, which cover every built neighbour along the path.
    state = arrange(built=["g2,3"], hands=[[24], []])
    forbidden(state, "castle 24 23-25", "space 24 touches the built garden g2,3")
    forbidden(state, "mansion 24", "touches a building")


def test_no_castle_without_a_free_flag() -> None:
    built = []
    far = [2, 10, 18, 26, 34, 42, 50, 58]
    for n in far:
        built += [str(n - 1), f"{n}:2", str(n + 1)]
    state = arrange(built=built, hands=[[66], []])
    assert state.free_flags() == []
    forbidden(state, "castle 66 65-67", "no castle flag is free")


def test_a_castle_needs_4_pieces_in_the_supply() -> None:
    state = arrange(hands=[[8], []], pieces=3)
    forbidden(state, "castle 8 7-9", "a castle needs 4 pieces; only 3 are left")
    assert "mansion 8" in moves(state)


def test_a_castle_range_must_hold_its_card_and_three_spaces() -> None:
    forbidden(arrange(hands=[[8], []]), "castle 8 9-11", "covers three spaces in a row including 8: 6-8, 7-9, 8-10")


def test_founding_allows_two_nobles_on_different_cells_paid_cv_and_twice_cv() -> None:
    state = arrange(hands=[[8], []])
    listed = moves(state)
    assert "castle 8 7-9 + grande 8 grande 9" in listed
    assert "castle 8 7-9 + baron 7 baron 8" in listed
    after = game.play(state, "castle 8 7-9 + baron 7 grande 8")
    assert after.players[0].money == 40 + 5 - 5 - 10
    assert noble(after, "7") == (0, "baron") and noble(after, "8") == (0, "grande")
    assert (after.players[0].grandes, after.players[0].barons) == (1, 5)


def test_two_castle_nobles_must_be_affordable_together() -> None:
    state = arrange(hands=[[8], []], money=[10, 40])  # 15 after the income
    assert "castle 8 7-9 + baron 7 grande 8" in moves(state)
    forbidden(state, "castle 8 7-9 + grande 7 grande 8", "20 Real, and you will have 15 Real")


def test_two_grandes_need_two_grandes_in_the_supply() -> None:
    state = arrange(built=["40"], nobles={"40": (0, "grande")}, hands=[[8], []])
    forbidden(state, "castle 8 7-9 + grande 7 grande 8", "1 Grande")


def test_only_a_castle_founding_places_two_nobles() -> None:
    forbidden(arrange(hands=[[6], []]), "mansion 6 + baron 6 baron 6", "only the founding of a castle")
