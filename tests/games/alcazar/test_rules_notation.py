"""Move notation: forgiving reading, one canonical writing, clear errors."""
from __future__ import annotations

import pytest

from bot.games import alcazar as game
from bot.games.alcazar.moves import notation, parse_notation
from bot.games.common import MoveError

from .rules_support import arrange, moves


def canonical(text: str) -> str:
    return notation(parse_notation(text))


def test_reading_forgives_spaces_and_case() -> None:
    assert canonical("  WITHDRAW 12 ;Raise 10+MOVE 8 > 10 ") == "withdraw 12; raise 10 + move 8>10"
    assert canonical("castle 8 7 - 9 + Baron 7 GRANDE 8") == "castle 8 7-9 + baron 7 grande 8"
    assert canonical("tower G7 , 1") == "tower g7,1"


def test_bridge_ends_are_written_lowest_first_spaces_before_gardens() -> None:
    assert canonical("bridge 40-38") == "bridge 38-40"
    assert canonical("bridge g7,1-7") == "bridge 7-g7,1"


def test_a_swap_is_written_in_canonical_order_and_a_move_keeps_its_direction() -> None:
    assert canonical("extend 11 + swap 9<>8") == "extend 11 + swap 8<>9"
    assert canonical("extend 11 + move 9>8") == "extend 11 + move 9>8"


def test_two_castle_nobles_are_written_by_increasing_cell() -> None:
    assert canonical("castle 8 7-9 + grande 8 baron 7") == "castle 8 7-9 + baron 7 grande 8"


def test_a_reversed_castle_range_is_written_low_high() -> None:
    assert canonical("castle 8 9-7") == "castle 8 7-9"


@pytest.mark.parametrize(
    "text",
    ["", "fly 8", "mansion 99", "mansion", "buy 0", "buy everything", "castle 8 7", "bridge 7",
     "buy deck + baron 8", "pass + baron 3", "mansion 6 extra", "extend 6 + hop 6", "withdraw 3 mansion 6",
     "tower g12,0", "mansion 6 !"],
)
def test_text_that_is_not_a_move_is_a_move_error(text: str) -> None:
    with pytest.raises(MoveError):
        parse_notation(text)


def test_parse_move_returns_the_listed_move_and_str_gives_it_back() -> None:
    state = arrange(built=["8:2", "7", "9"], nobles={"8": (0, "grande")}, hands=[[10], []])
    for move in game.legal_moves(state):
        assert game.parse_move(state, str(move).upper()) == move
        assert str(game.parse_move(state, str(move))) == str(move)


def test_every_listed_move_is_accepted_and_every_accepted_move_is_listed() -> None:
    state = arrange(
        built=["8:2", "7", "9", "g9,1", "15"],
        nobles={"8": (0, "grande"), "7": (0, "baron"), "9": (1, "baron")},
        hands=[[10, 6, 16], []],
        towers=[1, 0],
        money=[25, 40],
    )
    listed = moves(state)
    for text in listed:
        game.play(state, text)
    accepted = set()
    candidates = {
        f"{w}{a}{s}"
        for w in ("", "withdraw 8; ", "withdraw 7; ", "withdraw 9; ")
        for a in ("raise 10", "extend 10", "mansion 6", "extend 16", "raise 8", "tower 8", "tower 9",
                  "tower 7", "bridge 7-9", "castle 6 4-6", "castle 6 5-7", "buy deck", "buy tower")
        for s in ("", " + baron 10", " + grande 10", " + move 8>10", " + move 7>10", " + swap 7<>8",
                  " + baron 6", " + baron 8", " + baron 4 baron 5")
    }
    for text in candidates:
        try:
            game.play(state, text)
        except game.GameError:
            continue
        accepted.add(text)
    assert accepted == {c for c in candidates if c in listed}
