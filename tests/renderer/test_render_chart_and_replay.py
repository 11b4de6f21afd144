"""The rating chart and the replay animation: real images, sized for a phone, one frame per position."""
from __future__ import annotations

import io

from PIL import Image

from bot.games import alcazar
from renderer.chart import HEIGHT, WIDTH, rating_chart
from renderer.replay import animation, frame


def test_the_rating_chart_draws_every_game_and_the_latest_rating() -> None:
    one = Image.open(io.BytesIO(rating_chart([(1_700_000_000, 1040)], title="Ana: Alcazar rating")))
    many = rating_chart([(1_700_000_000 + d * 86400, 1000 + 25 * d) for d in range(1, 30)], title="Ana")
    assert one.format == "PNG" and one.size == (WIDTH, HEIGHT)
    assert Image.open(io.BytesIO(many)).size == (WIDTH, HEIGHT)
    assert rating_chart([(1_700_000_000, 960)], title="Ana") != rating_chart([(1_700_000_000, 1040)], title="Ana")
    # The line is drawn in the bot's terracotta.
    rgb = one.convert("RGB")
    assert any(rgb.getpixel((x, y)) == (181, 86, 43) for x in range(WIDTH) for y in range(60, HEIGHT - 40, 3))



def test_the_rating_chart_writes_its_dates_and_words_in_the_image_s_language() -> None:
    from renderer.chart import _date

    points = [(1_700_000_000, 1040), (1_700_600_000, 1060)]
    assert _date(1_700_000_000, "hu") == "2023. nov. 14." and _date(1_700_000_000, "en") == "Nov 14, 2023"
    hungarian, english = rating_chart(points, title="", lang="hu"), rating_chart(points, title="", lang="en")
    assert hungarian != english, "the fallback title, the dates and the games counted are worded in the language"
    assert Image.open(io.BytesIO(hungarian)).size == (WIDTH, HEIGHT)

def test_a_replay_frame_is_the_board_with_its_caption_beneath() -> None:
    state = alcazar.new_game(players=3, seed=4)
    view = alcazar.view(state, None)
    captioned = frame("alcazar", view, "1/40 Ana: Buy face-up card 12 (5 Real)", names=["Ana", "Ben", "Cleo"])
    blank = frame("alcazar", view, "", names=["Ana", "Ben", "Cleo"])
    assert 400 <= captioned.width <= 520, "about as wide as a phone shows it"
    strip = (0, captioned.height - 40, captioned.width, captioned.height)
    assert captioned.crop(strip).tobytes() != blank.crop(strip).tobytes(), "the caption is drawn"


def test_a_replay_frame_s_board_speaks_the_replay_s_language() -> None:
    # A Hungarian replay's captions are Hungarian; so is its board (its key, whose turn it is).
    from bot.games import alcazar1978

    for kind, game in (("alcazar", alcazar), ("alcazar1978", alcazar1978)):
        view = game.view(game.new_game(players=2, seed=4), None)
        english = frame(kind, view, "", names=["Ana", "Ben"], lang="en")
        hungarian = frame(kind, view, "", names=["Ana", "Ben"], lang="hu")
        assert english.tobytes() != hungarian.tobytes(), kind


def test_an_animation_has_a_frame_per_view_and_loops() -> None:
    state = alcazar.new_game(players=2, seed=5)
    views, captions = [alcazar.view(state, None)], ["start"]
    for number in range(1, 4):
        move = alcazar.legal_moves(state)[0]
        captions.append(f"{number}. {alcazar.describe_move(state, move)}")
        state = alcazar.play(state, move)
        views.append(alcazar.view(state, None))
    image = Image.open(io.BytesIO(animation("alcazar", views, captions)))
    assert image.format == "GIF" and image.n_frames == 4 and image.info["loop"] == 0
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info["duration"])
    assert durations[-1] > durations[0], "the final position stays longer"
