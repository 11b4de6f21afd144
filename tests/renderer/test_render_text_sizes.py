"""No image has text a phone cannot read: shown 400 px wide, every font is 10 px or more.

Discord shows an attached image about 400 px wide on a phone. The renderer
notes the size of every text it draws (``cached_draw.text_sizes``), sprites'
letters included at the size they are shown; this test draws each kind of
image, in both languages and with long names, and checks the smallest size
against the image's width. Shrinking any font below that fails here.
"""
from __future__ import annotations

import importlib
import io
import pkgutil
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image
from render_views import crowded_view, finished_view, mid_game_view
from test_render_standings import standings_view

import renderer
from bot.games import get_game
from renderer import alcazar, alcazar1978, chart, hand, replay, results, standings
from renderer.cached_draw import text_sizes

PHONE_WIDTH = 400
LEAST_ON_PHONE = 10
NAMES = ["Ana", "Computer 2 (normal)", "Bartolomé de las Casas y Mendoza", "Computer 4 (hard)", "Esteban"]


def _forget_drawn_images() -> None:
    """Empty every cache of drawn pictures (backgrounds, sprites), so their text is drawn, and heard, again.

    The palettes stay: building one draws whole specimen images, and the
    images drawn here are mapped onto it, not measured by it.
    """
    for module_info in pkgutil.iter_modules(renderer.__path__):
        module = importlib.import_module(f"renderer.{module_info.name}")
        for value in vars(module).values():
            if hasattr(value, "cache_clear") and getattr(value, "__module__", "") == module.__name__ \
                    and value.__name__ != "palette_for":
                value.cache_clear()


def _smallest_on_phone(draw_image: Callable[[], bytes | Image.Image]) -> tuple[float, int]:
    """The smallest font drawn, in px when the image is shown PHONE_WIDTH wide, and how many texts were drawn."""
    _forget_drawn_images()
    with text_sizes() as sizes:
        drawn = draw_image()
    image = drawn if isinstance(drawn, Image.Image) else Image.open(io.BytesIO(drawn))
    assert sizes, "no text heard: the image's text does not go through cached_draw.Draw"
    return min(sizes) * PHONE_WIDTH / image.width, len(sizes)


def _played(name: str, players: int, seed: int, plies: int | None = None) -> Any:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    while game.to_move(state) is not None and (plies is None or state.ply < plies):
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return game, state


def _2009(players: int, plies: int | None, seat: int | None = None) -> dict[str, Any]:
    game, state = _played("alcazar", players, 40 + players, plies)
    return game.view(state, seat)


def _1978(plies: int | None) -> dict[str, Any]:
    game, state = _played("alcazar1978", 2, 7, plies)
    return game.view(state, None)


IMAGES: dict[str, Callable[[str], bytes | Image.Image]] = {
    "2009 board, early, 2 players": lambda lang: alcazar.board(_2009(2, 6), names=NAMES[:2], lang=lang),
    "2009 board, middle, 4 players": lambda lang: alcazar.board(_2009(4, 60), names=NAMES[:4], lang=lang),
    "2009 board, end, 5 players": lambda lang: alcazar.board(_2009(5, None), names=NAMES, lang=lang),
    "2009 board, crowded": lambda lang: alcazar.board(crowded_view(), names=NAMES, lang=lang),
    "1978 board": lambda lang: alcazar1978.board(_1978(12), names=NAMES[:2], lang=lang),
    "hand": lambda lang: hand.hand(_2009(4, 30, seat=1), names=NAMES[:4], lang=lang),
    "hand, no cards": lambda lang: hand.hand(dict(mid_game_view(seat=0), hand=[]), names=NAMES, lang=lang),
    "2009 results": lambda lang: results.results(_2009(5, None), names=NAMES, lang=lang),
    "2009 results, few": lambda lang: results.results(finished_view(), names=NAMES[:3], lang=lang),
    "1978 results": lambda lang: results.results(_1978(None), names=NAMES[1:3], lang=lang),
    "standings": lambda lang: standings.standings_png(standings_view("alcazar", 30), lang=lang),
    "standings, 1978": lambda lang: standings.standings_png(standings_view("alcazar1978", 8), lang=lang),
    "2009 replay frame": lambda lang: replay.frame("alcazar", _2009(3, 40), "Ana: castle 8 7-9", names=NAMES[:3]),
    "1978 replay frame": lambda lang: replay.frame("alcazar1978", _1978(12), "Ana: pawn a1-a2", names=NAMES[:2]),
    "rating chart": lambda lang: chart.rating_chart([(1.7e9 + day * 86400, 1000 + 9 * day) for day in range(14)],
                                                    title=f"{NAMES[2]} · Alcazar (2009)", lang=lang),
}


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("kind", list(IMAGES))
def test_no_text_is_under_ten_pixels_on_a_phone(kind: str, lang: str) -> None:
    smallest, texts = _smallest_on_phone(lambda: IMAGES[kind](lang))
    assert smallest >= LEAST_ON_PHONE, f"{kind} ({lang}): a text of {smallest:.1f} px on a phone"
    assert texts >= 5


def test_the_check_hears_a_shrunk_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """The space numbers of the empty board are drawn once, into a kept background: a smaller font there is heard."""
    from renderer import alcazar_background

    def small_numbers(draw: Any, geo: Any) -> None:
        from renderer.theme import font
        draw.text((geo.board_left, geo.board_top), "1", font=font(12, "bold"), fill=(0, 0, 0))

    monkeypatch.setattr(alcazar_background, "_spaces", small_numbers)
    smallest, _ = _smallest_on_phone(lambda: alcazar.board(mid_game_view(), names=NAMES[:3]))
    assert smallest < LEAST_ON_PHONE
    monkeypatch.undo()
    _forget_drawn_images()
