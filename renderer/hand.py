"""The private hand image of one Alcazar (2009) player, for DMs and ephemeral replies.

    from renderer.hand import hand
    png = hand(game.view(state, seat), names=names)

Each building card is shown with a small board on which its space is marked,
so a player sees at a glance where every card builds. The image is drawn
only from that player's own view: a public view (no seat, no hand) is refused.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderer import theme
from renderer.alcazar_layout import layout
from renderer.cached_draw import Draw
from renderer.drawing import Names, fit_text, player_name, png_bytes
from renderer.labels import colour_word, label
from renderer.palette import palette_for
from renderer.sprites import coin, coin_size, noble, noble_size, tower_card
from renderer.theme import font

DEFAULT_MINI_CELL = 14
CARDS_PER_ROW = 4


class NotAHandView(ValueError):
    """The view given is not one seat's own view with its hand."""


@lru_cache(maxsize=4)
def _empty_mini_board(cell: int) -> Image.Image:
    board = layout()
    image = Image.new("RGB", (board.columns * cell + 2, board.rows * cell + 2), theme.GARDEN)
    draw = ImageDraw.Draw(image)
    for (x, y) in board.spaces:
        draw.rectangle((1 + x * cell + 1, 1 + y * cell + 1, x * cell + cell - 1, y * cell + cell - 1),
                       fill=theme.SPACE)
    draw.rectangle((0, 0, image.width - 1, image.height - 1), outline=theme.FRAME_DARK)
    return image


def mini_board(view: dict[str, Any], cell: int) -> Image.Image:
    """The board in miniature: built cells shaded by height, nothing else."""
    image = _empty_mini_board(cell).copy()
    draw = Draw(image)
    for c in view.get("cells", ()):
        x, y = c["x"], c["y"]
        # one shade darker than on the big board: small squares need the contrast
        colour = theme.height_colour(c["height"] + 1) if c.get("space") is not None else theme.bridge_colour(c["height"])
        draw.rectangle((1 + x * cell + 1, 1 + y * cell + 1, x * cell + cell - 1, y * cell + cell - 1), fill=colour)
    return image


def _check(view: dict[str, Any]) -> tuple[int, list[int]]:
    seat = view.get("seat")
    cards = view.get("hand")
    if seat is None or cards is None:
        raise NotAHandView("a hand image is drawn only from that player's own view (seat and hand)")
    return int(seat), sorted(int(card) for card in cards)


def hand_image(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_MINI_CELL,
               lang: str = "en") -> Image.Image:
    """The hand as a Pillow image (``size`` is one cell of the small boards; words in ``lang``)."""
    seat, cards = _check(view)
    cell = size
    unit = cell * 5                       # everything else scales with the small boards
    board_small = mini_board(view, cell)
    pad = unit // 5
    card_w, card_h = board_small.width + 2 * pad, board_small.height + unit + pad
    columns = max(1, min(CARDS_PER_ROW, len(cards)))
    rows = max(1, -(-len(cards) // CARDS_PER_ROW))
    header = round(unit * 2.5)
    player = next((p for p in view.get("players", ()) if p.get("seat") == seat), {"seat": seat, "color": "white"})
    counts = _counts(player, unit, lang)
    # as wide as the cards, and never narrower than the header's counts (a short hand must not clip them)
    width = max(columns * (card_w + pad) + pad, round(unit * 9.6), _header_width(counts, unit))
    height = header + rows * (card_h + pad) + pad
    image = Image.new("RGB", (width, height), theme.PARCHMENT)
    draw = Draw(image)
    _header(image, draw, player, counts, names, unit, width, lang)
    heights = {c["space"]: c["height"] for c in view.get("cells", ()) if c.get("space") is not None}
    cells = layout().cells
    if not cards:
        draw.text((width / 2, header + card_h / 2), label(lang, "no_cards"), font=font(round(unit * 0.4)),
                  fill=theme.INK_SOFT, anchor="mm")
    for i, card in enumerate(cards):
        row, column = divmod(i, CARDS_PER_ROW)
        left = pad + column * (card_w + pad)
        top = header + row * (card_h + pad)
        _card(image, draw, board_small, card, cells.get(card), heights.get(card, 0), (left, top, card_w, card_h),
              cell, unit, lang)
    return image


Count = tuple[Image.Image, str]


def _counts(player: dict[str, Any], unit: int, lang: str) -> list[Count]:
    """Money, nobles left and tower cards, each with its icon."""
    colour = player.get("color", "white")
    letter = round(_count_face(unit).size)     # the nobles' letters as large as the counts beside them
    return [
        (coin(coin_size(letter)), label(lang, "money", amount=player.get("money", 0))),
        (noble(colour, "grande", noble_size("grande", letter), lang),
         label(lang, "grandes", count=player.get("grandes", 0))),
        (noble(colour, "baron", noble_size("baron", letter), lang),
         label(lang, "barons", count=player.get("barons", 0))),
        (tower_card(round(unit * 0.5)), label(lang, "tower_card_count", count=player.get("towers", 0))),
    ]


def _token_size(unit: int) -> int:
    return round(unit * 0.8)


def _count_face(unit: int) -> ImageFont.FreeTypeFont:
    # 0.36 of a unit: at least 10 px when a phone shows the hand 400 px wide
    return font(round(unit * 0.36), "bold")


def _count_rows(counts: list[Count]) -> list[list[Count]]:
    """The counts in two rows (money and tower cards; the nobles), so the header is no wider than the cards."""
    return [[counts[0], counts[3]], counts[1:3]]


def _header_width(counts: list[Count], unit: int) -> int:
    """The width the header's rows of counts need, margins included."""
    pad = unit // 5
    face = _count_face(unit)
    row = max(sum(sprite.width + pad // 2 + round(face.getlength(text)) + pad * 2 for sprite, text in line)
              for line in _count_rows(counts))
    return pad * 2 + _token_size(unit) + row - pad


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, player: dict[str, Any], counts: list[Count],
            names: Names, unit: int, width: int, lang: str) -> None:
    pad = unit // 5
    colour = player.get("color", "white")
    token = noble(colour, "baron", _token_size(unit), lang)
    image.paste(token, (pad, pad), token)
    name = player_name(names, player["seat"], colour_word(lang, colour))
    title, face = fit_text(draw, name, "bold", round(unit * 0.46), width - 3 * pad - token.width,
                           suffix=label(lang, "your_hand_suffix"))
    draw.text((pad * 2 + token.width, pad), title, font=face, fill=theme.INK, anchor="lt")
    small = _count_face(unit)
    for index, line in enumerate(_count_rows(counts)):
        x = pad * 2 + token.width
        y = pad + round(unit * (0.95 + 0.62 * index))
        for sprite, text in line:
            image.paste(sprite, (x, y - sprite.height // 2), sprite)
            x += sprite.width + pad // 2
            draw.text((x, y), text, font=small, fill=theme.INK, anchor="lm")
            x += round(draw.textlength(text, font=small)) + pad * 2
    draw.line((pad, round(unit * 2.3), width - pad, round(unit * 2.3)), fill=theme.PANEL_LINE, width=2)


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, board_small: Image.Image, card: int,
          where: tuple[int, int] | None, height: int, box: tuple[int, int, int, int], cell: int, unit: int,
          lang: str) -> None:
    left, top, w, h = box
    pad = unit // 5
    draw.rounded_rectangle((left, top, left + w, top + h), radius=pad, fill=(255, 252, 244), outline=theme.FRAME,
                           width=2)
    draw.text((left + pad, top + pad // 2), str(card), font=font(round(unit * 0.62), "bold"), fill=theme.INK,
              anchor="lt")
    note = label(lang, "vacant") if height == 0 else label(lang, "height", level=height)
    draw.text((left + w - pad, top + round(unit * 0.42)), note, font=font(round(unit * 0.36)),
              fill=theme.INK_SOFT, anchor="rm")
    board_left, board_top = left + pad, top + unit
    image.paste(board_small, (board_left, board_top))
    if where is None:
        return
    x, y = where
    cx, cy = board_left + 1 + x * cell + cell / 2, board_top + 1 + y * cell + cell / 2
    draw.rectangle((cx - cell / 2 + 1, cy - cell / 2 + 1, cx + cell / 2 - 1, cy + cell / 2 - 1), fill=theme.HIGHLIGHT)
    r = cell * 1.05
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.HIGHLIGHT, width=max(2, cell // 5))


def hand(view: dict[str, Any], *, names: Names = None, size: int = DEFAULT_MINI_CELL, lang: str = "en") -> bytes:
    """The hand of the view's own seat as PNG bytes (refuses a view without a hand); words in ``lang``."""
    return png_bytes(hand_image(view, names=names, size=size, lang=lang), palette=hand_palette(size))


def hand_palette(size: int = DEFAULT_MINI_CELL) -> Image.Image:
    """The fixed palette of these images at ``size``, built once from specimen games."""
    return palette_for("hand", size, hand_image)
