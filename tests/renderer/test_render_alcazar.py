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
        geo = geometry(size)
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
    x = left + (right - left) * 0.3
    for (cx, cy), toward in zip((geo.centre(7, 0), geo.centre(7, 1), geo.centre(7, 2)), (1, 1, -1)):
        probe = (x, cy + toward * geo.cell * 0.33)
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
        left, top, right, bottom = geo.cell_box(x, y)
        edge = (left + geo.cell * 0.5, bottom - 4)
        assert share(image, edge, theme.HIGHLIGHT, radius=1) > 0.5
    view["last_move"] = None
    plain = open_png(board(view))
    left, top, right, bottom = geo.cell_box(10, 10)
    assert share(plain, (left + geo.cell * 0.5, bottom - 4), theme.HIGHLIGHT, radius=1) == 0


def test_castle_arms_stand_on_the_value_track_at_the_castle_value() -> None:
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    left, top, right, bottom = geo.track_slot(11)       # Almería is worth 11
    main, _ = (200, 40, 44), None
    assert share(image, ((left + right) / 2 - 4, top + geo.track_row * 0.3), main, radius=2) > 0.3
    left, top, right, bottom = geo.track_slot(20)       # nothing is worth 20
    assert share(image, ((left + right) / 2 - 4, top + geo.track_row * 0.3), main, radius=2) == 0


def test_crowded_and_finished_views_render() -> None:
    names = ["Ana", "Bartolomé de las Casas y Mendoza de la Vega", "Cleo", "Dolores", "Esteban"]
    for view in (crowded_view(), finished_view()):
        image = open_png(board(view, names=names))
        assert image.size == (geometry(64).width, geometry(64).height)


def test_names_may_be_a_mapping_by_seat() -> None:
    assert board(mid_game_view(), names={0: "Ana", 1: "Bartolomé", 2: "Cleo"}) == board(mid_game_view(), names=NAMES)


def test_the_image_is_portrait_with_the_panel_under_the_track_at_the_board_width() -> None:
    # phones show an attached image at their screen's width: a portrait image keeps the text large
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    assert image.height > image.width
    board_outer = (geo.board_left - geo.frame, geo.board_left + geo.board_width + geo.frame)
    left, top, right, bottom = geo.panel_box
    assert (left, right) == board_outer
    assert top >= geo.track_slot(50)[3] and bottom <= geo.height
    # the panel is drawn there: its pale fill, where the board used to leave parchment
    assert share(image, (left + 8, bottom - 8), theme.PANEL, radius=2, tolerance=4) == 1.0


def _tincture_pixels(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    region = image.crop(box)
    return sum(share(region, (x, y), colour, radius=0, tolerance=16) > 0
               for x in range(region.width) for y in range(region.height))


def test_castles_of_equal_value_share_one_shield_inside_their_slot() -> None:
    geo = geometry(64)
    view = mid_game_view()               # Cádiz (flag 2) and Córdoba (flag 3) are both worth 9
    image = open_png(board(view))
    cadiz_blue = (34, 84, 170)
    assert _tincture_pixels(image, geo.track_slot(9), cadiz_blue) > 20
    for neighbour in (8, 10):
        assert _tincture_pixels(image, geo.track_slot(neighbour), cadiz_blue) == 0, f"a shield spills onto {neighbour}"
    # the two castles of value 9 leave no second shield in the way: Córdoba's purple is nowhere on the track
    track = (geo.track_slot(1)[0], geo.track_slot(1)[1], geo.track_slot(50)[2], geo.track_slot(50)[3])
    assert _tincture_pixels(image, track, (120, 48, 140)) == 0


def test_castles_worth_fifty_stay_inside_the_last_slot() -> None:
    geo = geometry(64)
    view = crowded_view()                # Sevilla (flag 8: black and gold) is worth 50
    view["buildings"][1]["value"] = 50   # and Jaén too
    image = open_png(board(view))
    left, top, right, bottom = geo.track_slot(50)
    assert _tincture_pixels(image, (left, top, right, bottom), (30, 30, 30)) > 10
    assert _tincture_pixels(image, (right + 1, top, geo.width, bottom), (246, 204, 64)) == 0
    assert _tincture_pixels(image, geo.track_slot(49), (246, 204, 64)) == 0


def test_a_noble_leaves_its_cells_space_number_in_view() -> None:
    geo = geometry(64)
    image = open_png(board(mid_game_view()))
    # the blue Grande on space 8 (8, 0), the green Grande on 45 (3, 6), the green Baron on 30 (6, 4)
    for (x, y), colour in (((8, 0), "blue"), ((3, 6), "green"), ((6, 4), "green")):
        x0, y0, x1, y1 = geo.tile_box(x, y)
        number = (x0 + geo.cell * 0.22, y1 - geo.cell * 0.25)      # the top of the number's digits
        assert share(image, number, theme.player_colour(colour), radius=3, tolerance=30) == 0, \
            f"the {colour} noble covers the number of ({x}, {y})"


def test_building_tags_stay_inside_the_board() -> None:
    geo = geometry(64)
    view = mid_game_view()               # Almería's top-left cell is on the top row
    image = open_png(board(view))
    almeria_red = (200, 40, 44)
    above_board = image.crop((geo.board_left, 0, geo.board_left + geo.board_width, geo.board_top - 1))
    assert sum(share(above_board, (px, py), almeria_red, radius=0, tolerance=20) > 0
               for px in range(0, above_board.width, 2) for py in range(above_board.height)) == 0
