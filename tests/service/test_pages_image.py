"""A page's board image and the boxes of its cells: the renderer's own layout, where the image draws them."""
from __future__ import annotations

import asyncio
import io
from typing import Any, Mapping, Sequence

from PIL import Image

from bot.games.alcazar import board as alcazar_board
from bot.service import GameService, Refusal
from bot.service import pages as pages_module
from bot.service.pictures import PAGE_SIZES
from renderer import alcazar1978, theme
from renderer.alcazar_geometry import geometry

from .helpers import open_table
from .test_pages import SPECTATOR, names_of, view_of

#: What a page may load for its board (the issue's budget).
BOARD_BUDGET = 300 * 1024


async def board_and_view(service: GameService, kind: str, players: int, plies: int) -> tuple[Image.Image, Any]:
    table = await open_table(service, kind, players)
    for _ in range(plies):
        await table.play()
    view = await view_of(service, table.game_id, SPECTATOR)
    image = await service.pages.board_image(table.game_id, names_of)
    assert not isinstance(image, Refusal)
    assert image.version == view["game"]["version"]
    assert len(image.data) <= BOARD_BUDGET
    picture = Image.open(io.BytesIO(image.data))
    assert picture.format == "PNG"
    assert picture.size == (image.width, image.height) == (view["board"]["width"], view["board"]["height"])
    return picture.convert("RGB"), view


async def test_alcazar_plots_are_where_the_image_draws_them(service: GameService) -> None:
    picture, view = await board_and_view(service, "alcazar", 4, 6)
    layout = geometry(PAGE_SIZES["alcazar"], 4)
    # the page's board is the channel's, drawn larger: crisp when a phone zooms in
    assert layout.cell == 2 * geometry(64, 4).cell and picture.width >= 1600
    for cell in view["board"]["cells"]:
        if cell["id"].isdigit():
            x, y = alcazar_board.SPACES[int(cell["id"])]
        else:
            x, y = (int(n) for n in cell["id"][1:].split(","))
        assert cell["box"] == list(layout.tile_box(x, y))
        left, top, right, bottom = cell["box"]
        if cell["label"].endswith(", empty"):
            # an empty plot's tile: its own colour left of its number, the garden's just outside it
            assert picture.getpixel((left + (right - left) // 8, (top + bottom) // 2)) == theme.SPACE
            assert picture.getpixel((left - layout.gap - 2, (top + bottom) // 2)) != theme.SPACE


async def test_1978_squares_and_walls_are_where_the_image_draws_them(service: GameService) -> None:
    picture, view = await board_and_view(service, "alcazar1978", 2, 5)
    layout = alcazar1978.geometry(PAGE_SIZES["alcazar1978"])
    positions = {f"w{item['id'][1:]}": item["label"].split(", ")[1] for item in view["table"][0]["items"]}
    for cell in view["board"]["cells"]:
        if cell["kind"] == "square":
            assert cell["box"] == list(layout.square_box(cell["id"]))
            continue
        position = positions[cell["id"]]
        assert cell["box"] == list(layout.wall_box(position))
        # a quarter of the way along the wall (its number sits in the middle) is the wall's colour
        left, top, right, bottom = cell["box"]
        along = (left + (right - left) // 4, (top + bottom) // 2) if right - left > bottom - top else \
            ((left + right) // 2, top + (bottom - top) // 4)
        assert picture.getpixel(along) in (theme.WALL, (150, 40, 40)), (cell["id"], picture.getpixel(along))


async def test_pages_asking_at_once_share_one_drawing(service: GameService, monkeypatch: Any) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await table.play()
    drawn: list[int] = []
    real = pages_module.page_board_png

    async def counted(kind: str, view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
        drawn.append(table.game_id)
        return await real(kind, view, names, lang)

    monkeypatch.setattr(pages_module, "page_board_png", counted)
    images = await asyncio.gather(*(service.pages.board_image(table.game_id, names_of) for _ in range(5)))
    assert len(drawn) == 1 and all(image == images[0] for image in images)
    await table.play()
    newer = await service.pages.board_image(table.game_id, names_of)
    assert not isinstance(newer, Refusal) and newer.version == table.last.game.version and len(drawn) == 2
