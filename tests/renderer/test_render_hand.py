"""The private hand image: drawn only from the player's own view."""
from __future__ import annotations

import pytest
from probes import count, open_png, share
from render_views import mid_game_view

from renderer import theme
from renderer.hand import DEFAULT_MINI_CELL, NotAHandView, hand


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


def test_the_header_fits_the_image_with_no_ten_or_one_card() -> None:
    unit = DEFAULT_MINI_CELL * 5
    pad = unit // 5
    # the two rows of counts: money and tower cards, then the nobles
    counts_ys = [pad + round(unit * (0.95 + 0.62 * row)) for row in (0, 1)]
    for cards in ([], [3], list(range(3, 73, 7))):
        view = mid_game_view(seat=0)
        view["players"][0]["money"] = 1234          # the widest count there is
        view["hand"] = cards
        image = open_png(hand(view, names=["Ana"], lang="hu"))
        for counts_y in counts_ys:
            edge = (image.width - pad // 2, counts_y)
            assert share(image, edge, theme.PARCHMENT, radius=pad // 2 - 1, tolerance=6) == 1.0, \
                f"the counts run into the right edge with {len(cards)} cards"
        if len(cards) < 4:
            # a short hand: the counts, in two rows, leave the image no wider than its least width
            assert image.width == round(unit * 9.6), f"the counts widen the image with {len(cards)} cards"
