"""The public Alcazar (2009) board image: size, determinism, secrets, pixel probes."""
from __future__ import annotations

import copy

from PIL import Image
from probes import open_png, share
from render_views import crowded_view, finished_view, mid_game_view

from renderer import theme
from renderer.alcazar import board
from renderer.alcazar_geometry import geometry
from renderer.alcazar_pieces import bridge_band, bridge_lanes, noble_centre

NAMES = ["Ana", "Bartolomé", "Cleo"]


def test_same_view_gives_the_same_bytes() -> None:
    assert board(mid_game_view(), names=NAMES) == board(copy.deepcopy(mid_game_view()), names=NAMES)


def test_image_size_follows_the_cell_size() -> None:
    for size in (48, 64):
        image = open_png(board(mid_game_view(), size=size))
        geo = geometry(size, 3)
        assert image.size == (geo.width, geo.height)
    assert open_png(board(mid_game_view(), size=48)).width < open_png(board(mid_game_view(), size=64)).width


def test_a_hand_in_the_view_never_reaches_the_public_board() -> None:
    with_hand = mid_game_view(seat=0)
    assert with_hand["hand"]
    without_hand = mid_game_view(seat=0)
    del without_hand["hand"]
    assert board(with_hand, names=NAMES) == board(without_hand, names=NAMES)


def test_an_unknown_key_is_ignored_too() -> None:
    view = mid_game_view()
    view["secret_notes"] = {"hands": [[1, 2, 3]]}
    assert board(view) == board(mid_game_view())


def test_a_noble_shows_its_owners_colour_where_it_stands() -> None:
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    # the blue Grande on space 8 (8, 0) and the green Baron on space 30 (6, 4)
    for (x, y), colour in (((8, 0), "blue"), ((6, 4), "green")):
        # the colour around the noble's letter
        found = share(image, noble_centre(geo, x, y), theme.player_colour(colour), radius=geo.cell // 7)
        assert found > 0.2, f"{colour} noble not drawn on ({x}, {y})"
    # space 44 (4, 6) is built but has no noble
    cx, cy = noble_centre(geo, 4, 6)
    assert share(image, (cx, cy), theme.player_colour("green"), radius=6) == 0


def test_a_bridge_is_drawn_across_its_three_cells_in_its_level_colour() -> None:
    view = mid_game_view()
    geo = geometry(64)
    image = open_png(board(view))
    bridge = view["bridges"][0]          # 7 (7,0) over the garden (7,1) to 17 (7,2), level 2
    colour = theme.bridge_colour(bridge["level"])
    left, top, right, bottom = bridge_band(geo, bridge, (0, 1))
    x = left + (right - left) * 0.85
    # right of the numbers (top left), above the Baron on the bridge (low left) and the levels (low right)
    for cx, cy in (geo.centre(7, 0), geo.centre(7, 1), geo.centre(7, 2)):
        probe = (x, cy - geo.cell * 0.2)
        assert share(image, probe, colour, radius=2, tolerance=40) > 0.6, f"bridge missing at {probe}"
    # and not on a garden beside it
    assert share(image, geo.centre(6, 1), colour, radius=3, tolerance=10) == 0


def test_overlapping_bridges_on_one_row_get_separate_lanes() -> None:
    lanes = bridge_lanes(crowded_view()["bridges"])
    assert {lanes[2], lanes[3]} == {(0, 2), (1, 2)}
    assert lanes[0] == (0, 1) and lanes[1] == (0, 1)     # crossing, not collinear


def test_the_last_move_is_framed_on_the_board() -> None:
    view = mid_game_view()
    geo = geometry(64)
    image = open_png(board(view))
    for x, y in view["last_move"]["cells"]:
        left, top, right, bottom = geo.tile_box(x, y)
        edge = (right - 2, top + geo.cell * 0.2)       # the right edge, above the bridge's level badge
        assert share(image, edge, theme.HIGHLIGHT, radius=1) > 0.5
    view["last_move"] = None
    plain = open_png(board(view))
    left, top, right, bottom = geo.tile_box(10, 10)
    assert share(plain, (right - 2, top + geo.cell * 0.2), theme.HIGHLIGHT, radius=1) == 0


def test_each_castle_is_outlined_in_its_provinces_colour_along_its_edge() -> None:
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    cadiz_blue = (34, 84, 170)          # Cádiz holds 46, 45 and 44 (cells (2..4, 6))
    left, top, right, bottom = geo.cell_box(3, 6)
    assert share(image, ((left + right) / 2, top), cadiz_blue, radius=1, tolerance=10) > 0.5      # above 45
    assert share(image, ((left + right) / 2, bottom), cadiz_blue, radius=1, tolerance=10) > 0.5   # below 45
    # not between two of its own cells (45 and 44), and not round a plot of no castle (47)
    assert share(image, (right, (top + bottom) / 2), cadiz_blue, radius=1, tolerance=10) == 0
    left, top, right, bottom = geo.cell_box(1, 6)
    assert share(image, ((left + right) / 2, top), cadiz_blue, radius=1, tolerance=10) == 0


def test_a_castle_tag_names_the_castle_and_its_value_and_covers_no_plot() -> None:
    from PIL import ImageDraw

    from renderer.alcazar_layout import layout
    from renderer.alcazar_tags import building_tags

    geo = geometry(64)
    for view in (mid_game_view(), crowded_view(), finished_view()):
        tags = building_tags(ImageDraw.Draw(Image.new("RGB", (1, 1))), geo, view)
        castles = [b for b in view["buildings"] if b["flag"] is not None]
        assert sorted(t.text for t in tags if t.flag is not None) == \
            sorted(f"{b['name']} {b['value']}" for b in castles)
        tiles = [geo.tile_box(x, y) for x, y in layout().spaces]
        left, top, right, bottom = geo.board_box
        for tag in tags:
            x0, y0, x1, y1 = tag.box
            assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, f"{tag} leaves the board"
            covered = [t for t in tiles if x0 < t[2] and t[0] < x1 and y0 < t[3] and t[1] < y1]
            assert not covered, f"{tag.text} covers a plot's number"
        for a, b in zip(tags, tags[1:]):
            assert not (a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3])
    # and it is drawn there, in the province's colour
    view = mid_game_view()
    image = open_png(board(view))
    tag = next(t for t in building_tags(ImageDraw.Draw(Image.new("RGB", (1, 1))), geo, view) if t.flag == 1)
    assert share(image, (tag.box[2] - 6, (tag.box[1] + tag.box[3]) / 2), (200, 40, 44), radius=1) == 1.0


def test_crowded_and_finished_views_render() -> None:
    names = ["Ana", "Bartolomé de las Casas y Mendoza de la Vega", "Cleo", "Dolores", "Esteban"]
    for view in (crowded_view(), finished_view()):
        image = open_png(board(view, names=names))
        geo = geometry(64, len(view["players"]))
        assert image.size == (geo.width, geo.height)


def test_names_may_be_a_mapping_by_seat() -> None:
    assert board(mid_game_view(), names={0: "Ana", 1: "Bartolomé", 2: "Cleo"}) == board(mid_game_view(), names=NAMES)


def test_the_image_is_as_wide_as_the_board_with_the_key_under_it() -> None:
    # a phone shows an attached image at its screen's width: the board fills it, and the image is near square
    for players in (2, 3, 5):
        view = finished_view() if players == 5 else mid_game_view()
        view["players"] = [dict(view["players"][0], seat=seat) for seat in range(players)]
        geo = geometry(64, players)
        image = open_png(board(view))
        board_outer = (geo.board_left - geo.frame, geo.board_left + geo.board_width + geo.frame)
        assert image.width == board_outer[1] + geo.margin and board_outer[0] == geo.margin
        assert geo.board_width / image.width > 0.95
        assert image.height <= image.width * (1.2 if players == 2 else 1.35)
        left, top, right, bottom = geo.panel_box
        assert (left, right) == board_outer
        assert top > geo.board_top + geo.board_height + geo.frame and bottom <= geo.height
        # the key is drawn there: its pale fill
        assert share(image, (left + 8, bottom - 8), theme.PANEL, radius=2, tolerance=4) == 1.0


def test_the_layout_exports_every_position_as_plain_data() -> None:
    import json

    geo = geometry(64, 4)
    exported = json.loads(json.dumps(geo.to_dict()))
    assert exported["width"] == geo.width and exported["cell"] == 64
    assert len(exported["spaces"]) == 72 and exported["spaces"]["48"]["cell"] == [1, 7]
    assert exported["spaces"]["48"]["box"] == list(geo.tile_box(1, 7))
    assert len(exported["players"]) == 4


def test_a_noble_leaves_its_cells_space_number_in_view() -> None:
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    # the blue Grande on space 8 (8, 0), the green Grande on 45 (3, 6), the green Baron on 30 (6, 4)
    for (x, y), colour in (((8, 0), "blue"), ((3, 6), "green"), ((6, 4), "green")):
        x0, y0, x1, y1 = geo.tile_box(x, y)
        number = (x0 + geo.cell * 0.22, y0 + geo.cell * 0.2)      # the number's digits, top left
        assert share(image, number, theme.player_colour(colour), radius=3, tolerance=30) == 0, \
            f"the {colour} noble covers the number of ({x}, {y})"


def test_building_tags_stay_inside_the_board() -> None:
    geo = geometry(64)
    view = mid_game_view()               # Almería's top-left cell is on the top row
    image = open_png(board(view))
    almeria_red = (200, 40, 44)
    # (a castle on the top row has its outline on the board's edge, reaching a few pixels onto the frame)
    above_board = image.crop((geo.board_left, 0, geo.board_left + geo.board_width, geo.board_top - 5))
    assert sum(share(above_board, (px, py), almeria_red, radius=0, tolerance=20) > 0
               for px in range(0, above_board.width, 2) for py in range(above_board.height)) == 0
