"""Colour-blind safety: red and green differ in lightness, and every piece carries a large letter."""
from __future__ import annotations

from PIL import Image
from probes import open_png, share

from bot.games import get_game
from renderer import theme
from renderer.alcazar1978 import board, geometry
from renderer.sprites import noble


def _lightness(colour: theme.RGB) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_red_and_green_differ_in_lightness_not_only_in_hue() -> None:
    # under red-green colour blindness hue is lost: lightness is what is left to tell them apart
    assert _lightness(theme.player_colour("green")) - _lightness(theme.player_colour("red")) >= 50


def _letter_height(sprite: Image.Image, ink: theme.RGB) -> float:
    """The height of the letter's ink as a share of the sprite, searched in its middle third of columns."""
    rgba = sprite.convert("RGBA")
    rows = []
    for y in range(sprite.height):
        for x in range(sprite.width // 3, 2 * sprite.width // 3):
            pixel = rgba.getpixel((x, y))
            assert isinstance(pixel, tuple)
            if max(abs(a - b) for a, b in zip(pixel[:3], ink)) < 40 and pixel[3] > 200:
                rows.append(y)
    return (max(rows) - min(rows) + 1) / sprite.height


def test_the_letter_on_a_noble_is_large() -> None:
    for colour in ("red", "green", "blue"):
        ink = theme.text_on(theme.player_colour(colour))
        assert _letter_height(noble(colour, "baron", 80), ink) >= 0.38, f"{colour} Baron"
        assert _letter_height(noble(colour, "grande", 80), ink) >= 0.3, f"{colour} Grande"


def test_a_starting_cross_carries_its_colours_letter() -> None:
    game = get_game("alcazar1978")
    state = game.new_game(players=2, seed=1)
    while all(p["square"] == p["start"] for p in game.view(state, None)["pawns"]):
        move = next(m for m in game.legal_moves(state) if not str(m).startswith("w"))
        state = game.play(state, move)
    view = game.view(state, None)
    left = next(p for p in view["pawns"] if p["square"] != p["start"])
    image = open_png(board(view))
    centre = geometry(120).square_centre(left["start"])
    colour = theme.player_colour(left["color"])
    # the letter's ink on a disc of the colour, where the pawn used to stand
    assert share(image, centre, theme.text_on(colour), radius=4, tolerance=40) > 0.1
    assert share(image, centre, colour, radius=12, tolerance=50) > 0.2


def test_the_turn_and_winner_highlights_are_no_players_colour() -> None:
    def distance(a: theme.RGB, b: theme.RGB) -> int:
        return max(abs(x - y) for x, y in zip(a, b))

    for highlight in (theme.TURN, theme.WINNER):
        for name, colour in theme.PLAYER_COLOURS.items():
            # a white token stands out by its dark rim on any pale ground
            shown = theme.player_outline(name) if name == "white" else colour
            assert distance(highlight, shown) >= 60, f"highlight {highlight} too close to {name}"
        assert distance(highlight, theme.PANEL) > 24, "the highlight must show on the panel"


def test_a_nobles_letter_is_the_initial_of_its_colour_in_the_images_language() -> None:
    # a Hungarian player reads "Kék" beside a blue noble: the noble must carry K, not B
    from renderer.labels import colour_letter
    assert [colour_letter("en", c) for c in ("blue", "yellow", "green", "red", "white")] == list("BYGRW")
    assert [colour_letter("hu", c) for c in ("blue", "yellow", "green", "red", "white")] == list("KSZPF")
    for rank in ("baron", "grande"):
        english, hungarian = noble("blue", rank, 80, "en"), noble("blue", rank, 80, "hu")
        assert english.tobytes() != hungarian.tobytes(), rank
        ink = theme.text_on(theme.player_colour("blue"))
        assert _letter_height(hungarian, ink) >= 0.3, rank
