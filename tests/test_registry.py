from __future__ import annotations

import pytest

from bot.games import GAME_NAMES, get_game


def test_registry_names_both_games() -> None:
    assert GAME_NAMES == ("alcazar", "alcazar1978")


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        get_game("chess")
