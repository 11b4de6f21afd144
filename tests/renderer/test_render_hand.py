"""The private hand image: drawn only from the player's own view."""
from __future__ import annotations

import pytest
from probes import count, open_png
from render_views import mid_game_view

from renderer import theme
from renderer.hand import NotAHandView, hand


def test_a_public_view_is_refused() -> None:
    with pytest.raises(NotAHandView, match="own view"):
        hand(mid_game_view())


def test_another_seats_view_without_a_hand_is_refused() -> None:
    view = mid_game_view(seat=1)
    del view["hand"]
    with pytest.raises(NotAHandView):
        hand(view)


def test_same_hand_gives_the_same_bytes_and_cards_change_the_image() -> None:
    view = mid_game_view(seat=0)
    assert hand(view) == hand(mid_game_view(seat=0))
    other = mid_game_view(seat=0)
    other["hand"] = [1, 2, 3]
    assert hand(other) != hand(view)


def test_the_image_grows_a_row_per_four_cards() -> None:
    view = mid_game_view(seat=0)
    view["hand"] = [1, 2, 3, 4]
    one_row = open_png(hand(view))
    view["hand"] = [1, 2, 3, 4, 5]
    two_rows = open_png(hand(view))
    assert two_rows.height > one_row.height and two_rows.width == one_row.width


def test_each_card_marks_its_space_on_its_small_board() -> None:
    view = mid_game_view(seat=0)
    view["hand"] = [1]
    image = open_png(hand(view))
    assert count(image, theme.HIGHLIGHT) > 50
    view["hand"] = []
    empty = open_png(hand(view))
    assert count(empty, theme.HIGHLIGHT) == 0
