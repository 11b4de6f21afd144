"""What makes boards cheap must not change them: stamped text, fixed palettes, warm workers."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from render_views import crowded_view, finished_view, mid_game_view

from bot.games import get_game
from renderer import alcazar, alcazar1978, hand, theme
from renderer.cached_draw import Draw
from renderer.palette import build_palette, theme_colours
from renderer.theme import font

NAMES = ["Ana", "Bartolomé", "Cleo", "Dolores", "Esteban"]


def _draw_both(draw_text) -> tuple[Image.Image, Image.Image]:  # type: ignore[no-untyped-def]
    plain = Image.new("RGB", (220, 90), theme.PANEL)
    stamped = plain.copy()
    draw_text(ImageDraw.Draw(plain))
    draw_text(Draw(stamped))
    return plain, stamped


@pytest.mark.parametrize("x, y", [(10, 20), (10.5, 20.25), (33.7, 41.9)])
@pytest.mark.parametrize("anchor", [None, "mm", "ld", "rm", "lt"])
def test_stamped_text_has_the_pixels_of_pillows_text(x: float, y: float, anchor: str | None) -> None:
    face = font(22, "bold")

    def write(draw: ImageDraw.ImageDraw) -> None:
        for _ in range(2):        # the second time comes from the kept mask
            draw.text((x, y), "Sevilla 12", font=face, fill=theme.INK, anchor=anchor)
            draw.text((x + 60, y + 30), "7", font=face, fill=theme.INK, anchor=anchor, stroke_width=2,
                      stroke_fill=theme.height_colour(3))

    plain, stamped = _draw_both(write)
    assert ImageChops.difference(plain, stamped).getbbox() is None


def test_stamped_text_measures_like_pillow() -> None:
    face = font(17)
    plain, stamped = ImageDraw.Draw(Image.new("RGB", (5, 5))), Draw(Image.new("RGB", (5, 5)))
    for text in ("Free flags ", "Dolores", "×3", "Á"):
        assert stamped.textlength(text, font=face) == plain.textlength(text, font=face)
        assert stamped.textlength(text, font=face) == plain.textlength(text, font=face)
        assert stamped.textbbox((3.5, 7), text, font=face, anchor="mm") == \
            plain.textbbox((3.5, 7), text, font=face, anchor="mm")


def test_multiline_text_is_left_to_pillow() -> None:
    face = font(15)
    plain, stamped = _draw_both(lambda d: d.text((5, 5), "two\nlines", font=face, fill=theme.INK))
    assert ImageChops.difference(plain, stamped).getbbox() is None


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _mean_error(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("view", [mid_game_view(), crowded_view(), finished_view()],
                         ids=["mid game", "crowded", "finished"])
def test_the_board_png_is_the_drawn_board_on_a_fixed_palette(view: dict) -> None:  # type: ignore[type-arg]
    drawn = alcazar.board_image(view, names=NAMES)
    png = alcazar.board(view, names=NAMES)
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P"
    assert image.getpalette() == alcazar.board_palette().getpalette()
    shown = image.convert("RGB")
    # at least as close to the drawing as a palette chosen for this image alone
    own = drawn.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).convert("RGB")
    assert _mean_error(drawn, shown) <= _mean_error(drawn, own)
    # and no colour is far off: edges may blend into a neighbouring shade, never into another colour
    worst = ImageChops.difference(drawn, shown).convert("L").histogram()
    assert sum(worst[48:]) == 0


def test_every_theme_colour_is_in_the_palette_exactly() -> None:
    entries = alcazar.board_palette().getpalette() or []
    palette = {tuple(entries[i:i + 3]) for i in range(0, len(entries), 3)}
    assert set(theme_colours()) <= palette
    assert theme.player_outline("red") in palette and theme.height_colour(7) in palette


def test_flat_colours_stay_exact() -> None:
    view = mid_game_view()
    drawn = alcazar.board_image(view, names=NAMES)
    shown = _rgb(alcazar.board(view, names=NAMES))
    # the parchment margin, a garden and the panel are theme colours: not one pixel moves
    for point in [(2, 2), (alcazar.geometry(64).panel_left + 20, alcazar.geometry(64).panel_top + 60)]:
        assert shown.getpixel(point) == drawn.getpixel(point)
    same = ImageChops.difference(drawn, shown).convert("L").histogram()[0]
    assert same / (drawn.width * drawn.height) > 0.75


def test_the_palette_is_the_same_every_time_it_is_built() -> None:
    first = build_palette([alcazar.board_image(mid_game_view()), alcazar.board_image(crowded_view())])
    second = build_palette([alcazar.board_image(mid_game_view()), alcazar.board_image(crowded_view())])
    assert first.getpalette() == second.getpalette()


def test_hands_and_old_boards_use_their_own_fixed_palettes() -> None:
    engine = get_game("alcazar")
    state = engine.new_game(players=3, seed=5)
    own = Image.open(io.BytesIO(hand.hand(engine.view(state, 1), names=NAMES)))
    assert own.getpalette() == hand.hand_palette().getpalette()
    old = get_game("alcazar1978")
    board = Image.open(io.BytesIO(alcazar1978.board(old.view(old.new_game(players=2, seed=3), None))))
    assert board.getpalette() == alcazar1978.board_palette().getpalette()
    drawn = alcazar1978.board_image(old.view(old.new_game(players=2, seed=3), None))
    assert _mean_error(drawn, board.convert("RGB")) < 1.0


def test_the_written_png_opens_as_the_same_palette_image() -> None:
    from renderer import png

    drawn = alcazar.board_image(crowded_view(), names=NAMES)
    indexed = drawn.quantize(palette=alcazar.board_palette(), dither=Image.Dither.NONE)
    data = png.encode(indexed)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")
    opened = Image.open(io.BytesIO(data))
    opened.load()
    assert opened.mode == "P" and opened.size == indexed.size
    assert opened.tobytes() == indexed.tobytes() and opened.getpalette() == indexed.getpalette()
    assert png.encode(indexed) == data, "the same image always gives the same bytes"
    with pytest.raises(ValueError):
        png.encode(drawn)


@pytest.mark.parametrize("level", range(1, 8))
def test_a_pasted_stack_has_the_pixels_of_the_drawn_one(level: int) -> None:
    from renderer.alcazar_pieces import block_sprite

    cell = 64
    drawn = Image.new("RGB", (120, 120), theme.GARDEN)
    pasted = drawn.copy()
    colour = theme.height_colour(level)
    depth = round(cell * 0.022 * min(level, 6)) + 1
    x0, y0 = 13, 17
    draw = ImageDraw.Draw(drawn)
    shade = tuple(int(c * 0.62) for c in colour)
    edge = tuple(int(c * 0.7) for c in colour)
    sprite = block_sprite(cell, level)
    x1, y1 = x0 + sprite.width - 1, y0 + sprite.height - 1
    draw.rounded_rectangle((x0 + depth, y0 + depth, x1, y1), radius=cell // 9, fill=shade)
    draw.rounded_rectangle((x0, y0, x1 - depth, y1 - depth), radius=cell // 9, fill=colour, outline=edge, width=2)
    pasted.paste(sprite, (x0, y0), sprite)
    assert ImageChops.difference(drawn, pasted).getbbox() is None


@pytest.mark.parametrize("box, radius, outline", [((5, 6, 80, 30), 12, None), ((3, 3, 40, 41), 5, theme.INK),
                                                   ((10, 4, 11, 9), 2, theme.FRAME)])
def test_a_stamped_rounded_box_has_the_pixels_of_pillows(box: tuple[int, int, int, int], radius: int,
                                                         outline: theme.RGB | None) -> None:
    plain, stamped = _draw_both(lambda d: d.rounded_rectangle(box, radius=radius, fill=theme.TURN,
                                                              outline=outline, width=2))
    assert ImageChops.difference(plain, stamped).getbbox() is None
