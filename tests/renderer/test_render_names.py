"""Player names are drawn only with characters the bundled font has glyphs for."""
from __future__ import annotations

from render_views import mid_game_view

from renderer.alcazar import board
from renderer.drawing import can_draw, player_name
from renderer.hand import hand


def test_emoji_and_cjk_are_dropped_and_accents_kept() -> None:
    names = ["🐉 DragonSlayer 🔥", "Zoë 🌸", "Ñoño  Ibáñez-García"]
    assert player_name(names, 0, "Blue") == "DragonSlayer"
    assert player_name(names, 1, "Yellow") == "Zoë"
    assert player_name(names, 2, "Green") == "Ñoño Ibáñez-García"


def test_a_name_with_nothing_drawable_falls_back_to_the_colour() -> None:
    assert player_name(["中文", "👨\u200d👩\u200d👧", "  "], 0, "Blue") == "Blue"
    assert player_name(["中文", "👨\u200d👩\u200d👧", "  "], 1, "Yellow") == "Yellow"
    assert player_name({2: "🌸🌸"}, 2, "Green") == "Green"


def test_the_font_check_tells_drawn_glyphs_from_the_missing_glyph_box() -> None:
    for char in "AzÑéЖΩ★":
        assert can_draw(char), char
    for char in "🐉中あ":
        assert not can_draw(char), char


def test_the_images_draw_an_emoji_name_as_the_name_without_its_emoji() -> None:
    assert board(mid_game_view(), names=["🐉 Ana 🔥", "中 Ben", "Cleo"]) == board(mid_game_view(),
                                                                              names=["Ana", "Ben", "Cleo"])
    assert board(mid_game_view(), names=["🐉", "Ben", "Cleo"]) == board(mid_game_view(), names=["Blue", "Ben", "Cleo"])
    assert hand(mid_game_view(seat=0), names=["Ana 🌸"]) == hand(mid_game_view(seat=0), names=["Ana"])
