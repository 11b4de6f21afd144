"""The panel of the Alcazar (2009) board: players, cards, supply, last move."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from renderer import theme
from renderer.alcazar_geometry import Geometry
from renderer.cached_draw import Draw
from renderer.drawing import Names, badge, fit_text, player_name, wrap_text
from renderer.labels import colour_word, label, stored_text
from renderer.sprites import canvas, card_back, finished, noble, shield
from renderer.theme import font

View = dict[str, Any]


class Column:
    """One column of the panel, drawn top to bottom while tracking the pen's height."""

    def __init__(self, panel: Panel, left: int, right: int, top: int, bottom: int) -> None:
        self.panel = panel
        self.draw = panel.draw
        self.left = left
        self.right = right
        self.y = top
        self.bottom = bottom

    @property
    def width(self) -> int:
        return self.right - self.left

    def px(self, fraction: float) -> int:
        return self.panel.px(fraction)

    def heading(self, text: str) -> None:
        face = font(self.px(0.3), "bold")     # 19 px on a 828-px board: readable at 400 px on a phone
        self.y += self.px(0.1)
        self.draw.text((self.left, self.y), text.upper(), font=face, fill=theme.INK_SOFT, anchor="la")
        self.y += self.px(0.38)

    def paste(self, sprite: Image.Image, x: int, centre_y: int) -> None:
        self.panel.paste(sprite, x, centre_y)


class Panel:
    """The panel under the value track: a header, two columns, a legend at the foot."""

    def __init__(self, image: Image.Image, geo: Geometry) -> None:
        self.image = image
        self.draw = Draw(image)
        self.geo = geo
        left, top, right, bottom = geo.panel_box
        self.pad = round(geo.cell * 0.24)
        self.left = left + self.pad
        self.right = right - self.pad
        self.top = top + self.pad
        self.bottom = bottom - self.pad

    def px(self, fraction: float) -> int:
        return max(1, round(self.geo.cell * fraction))

    @property
    def body_top(self) -> int:
        """Where the columns start, under the header."""
        return self.top + self.px(0.74)

    @property
    def legend_top(self) -> int:
        """Where the legend starts, above the panel's foot."""
        return self.bottom - self.px(0.5)

    def columns(self) -> tuple[Column, Column]:
        """Players on the left; cards, supply and the last move on the right."""
        split = self.left + round((self.right - self.left) * 0.54)
        gutter = self.px(0.16)
        bottom = self.legend_top - self.px(0.12)
        self.draw.line((split, self.body_top + self.px(0.1), split, bottom), fill=theme.PANEL_LINE, width=2)
        return (Column(self, self.left, split - gutter, self.body_top, bottom),
                Column(self, split + gutter, self.right, self.body_top, bottom))

    def paste(self, sprite: Image.Image, x: int, centre_y: int) -> None:
        self.image.paste(sprite, (x, centre_y - sprite.height // 2), sprite)


def draw_panel(image: Image.Image, geo: Geometry, view: View, names: Names, lang: str = "en") -> None:
    panel = Panel(image, geo)
    _header(panel, view, names, lang)
    players, cards = panel.columns()
    _players(players, view, names, lang)
    _face_up(cards, view, lang)
    _supply(cards, view, lang)
    _last_move(cards, view, names, lang)
    _legend(panel, view, lang)


def _header(panel: Panel, view: View, names: Names, lang: str) -> None:
    """The title, and the move number or how the game ended."""
    draw = panel.draw
    title = font(panel.px(0.5), "bold")
    centre_y = panel.top + panel.px(0.26)
    draw.text((panel.left, centre_y), "Alcazar", font=title, fill=theme.FRAME_DARK, anchor="lm")
    outcome = view.get("outcome")
    prefix, status, suffix = (_verdict(view, outcome, names, lang) if outcome
                              else ("", label(lang, "move_number", number=view.get("ply", 0) + 1), ""))
    status_left = panel.left + round(draw.textlength("Alcazar", font=title)) + panel.px(0.4)
    text, face = fit_text(draw, status, "bold", panel.px(0.38), panel.right - status_left,
                          prefix=prefix, suffix=suffix)
    draw.text((panel.right, centre_y), text, font=face, fill=theme.FRAME_DARK if outcome else theme.INK_SOFT,
              anchor="rm")
    rule_y = panel.body_top - panel.px(0.08)
    draw.line((panel.left, rule_y, panel.right, rule_y), fill=theme.PANEL_LINE, width=2)


def _verdict(view: View, outcome: dict[str, Any], names: Names, lang: str) -> tuple[str, str, str]:
    """How the game ended, as (prefix, names, suffix): only the names may be shortened to fit."""
    players = {p["seat"]: p for p in view.get("players", ())}
    winners = [player_name(names, s, _colour_name(players.get(s, {"color": "?"}), lang))
               for s in outcome.get("winners", ())]
    if not winners:
        return (label(lang, "game_over_prefix"), label(lang, "draw"), "")
    if len(winners) == 1:
        return (label(lang, "game_over_prefix"), winners[0], label(lang, "wins_suffix"))
    return (label(lang, "shared_win_prefix"), ", ".join(winners), "")


def _colour_name(player: dict[str, Any], lang: str) -> str:
    return colour_word(lang, player.get("color", "?"))


def _players(column: Column, view: View, names: Names, lang: str) -> None:
    players = list(view.get("players", ()))
    row = min(column.px(1.1), (column.bottom - column.y) // max(1, len(players)))
    for player in players:
        _player_row(column, view, player, names, row, lang)
        column.y += row


def _player_row(column: Column, view: View, player: dict[str, Any], names: Names, row: int, lang: str) -> None:
    draw = column.draw
    seat = player["seat"]
    colour = player["color"]
    retired = bool(player.get("retired"))
    outcome = view.get("outcome") or {}
    to_move = view.get("to_move") == seat and not outcome
    winner = seat in (outcome.get("winners") or ())
    top, bottom = column.y, column.y + row - column.px(0.08)
    if to_move or winner:
        draw.rounded_rectangle((column.left - column.px(0.08), top, column.right + column.px(0.08), bottom),
                               radius=column.px(0.12), fill=theme.WINNER if winner else theme.TURN,
                               outline=theme.WINNER_FRAME if winner else theme.TURN_FRAME, width=column.px(0.06))
    token = noble(colour, "baron", column.px(0.62), lang)
    column.paste(token, column.left, (top + bottom) // 2)
    text_left = column.left + column.px(0.74)
    name = player_name(names, seat, _colour_name(player, lang))
    tag = label(lang, "tag_winner" if winner else "tag_to_play" if to_move else "tag_retired") \
        if winner or to_move or retired else ""
    tag_face = font(column.px(0.3), "bold")
    tag_width = round(draw.textlength(tag, font=tag_face)) + column.px(0.26) if tag else 0
    name_text, face = fit_text(draw, name, "bold", column.px(0.38), column.right - text_left - tag_width)
    name_ink = theme.INK_FAINT if retired else theme.INK
    name_y = top + column.px(0.26)
    draw.text((text_left, name_y), name_text, font=face, fill=name_ink, anchor="lm")
    if tag:
        badge(draw, (column.right - tag_width / 2 + column.px(0.06), name_y), tag, tag_face,
              theme.WINNER_FRAME if winner else theme.FRAME_DARK if to_move else theme.INK_FAINT, (255, 255, 255),
              pad=column.px(0.05))
    _player_counts(column, player, text_left, top + round(row * 0.7), lang)


def _player_counts(column: Column, player: dict[str, Any], left: int, centre_y: int, lang: str) -> None:
    """Money, nobles left, cards in hand and tower cards, each behind its icon."""
    draw = column.draw
    face = font(column.px(0.34), "bold")
    icon = column.px(0.4)
    colour = player["color"]
    items = [
        (coin(icon), f"{player.get('money', 0)}"),
        (noble(colour, "grande", icon, lang), f"{player.get('grandes', 0)}"),
        (noble(colour, "baron", round(icon * 0.9), lang), f"{player.get('barons', 0)}"),
        (card_back(icon), f"{player.get('hand_count', 0)}"),
        (tower_card(icon), f"{player.get('towers', 0)}"),
    ]
    gap = column.px(0.04)
    widths = [icon + gap + draw.textlength(text, font=face) for _, text in items]
    # what is left over is shared out between the items, so a large sum of money never runs into the next icon
    spacing = max(column.px(0.1), (column.right - left - sum(widths)) / (len(items) - 1))
    x: float = left
    for (sprite, text), width in zip(items, widths):
        column.paste(sprite, round(x), centre_y)
        draw.text((x + icon + gap, centre_y), text, font=face, fill=theme.INK, anchor="lm")
        x += width + spacing


def _face_up(column: Column, view: View, lang: str) -> None:
    column.heading(label(lang, "face_up_cards"))
    cards = list(view.get("face_up", ()))
    draw = column.draw
    slots = 6
    gap = column.px(0.1)
    width = (column.width - gap * (slots - 1)) / slots
    height = column.px(0.66)
    face = font(column.px(0.38), "bold")
    for i in range(slots):
        left = column.left + i * (width + gap)
        box = (round(left), column.y, round(left + width), column.y + height)
        if i < len(cards):
            draw.rounded_rectangle(box, radius=column.px(0.08), fill=(255, 252, 244), outline=theme.FRAME, width=2)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(cards[i]), font=face,
                      fill=theme.INK, anchor="mm")
        else:
            draw.rounded_rectangle(box, radius=column.px(0.08), outline=theme.PANEL_LINE, width=2)
    column.y += height + column.px(0.04)


def _supply(column: Column, view: View, lang: str) -> None:
    column.heading(label(lang, "supply"))
    draw = column.draw
    size = column.px(0.3)
    supply = view.get("supply", {})
    line = column.px(0.4)
    entries = [
        (label(lang, "deck"), view.get("deck", 0)), (label(lang, "tower_cards"), view.get("tower_deck", 0)),
        (label(lang, "pieces"), supply.get("pieces", 0)), (label(lang, "bridges"), supply.get("bridges", 0)),
    ]
    half = column.width // 2
    for i, (name, count) in enumerate(entries):
        x = column.left + (i % 2) * half
        y = column.y + (i // 2) * line + line // 2
        text, face = fit_text(draw, f"{name} ", "regular", size, half - column.px(0.5))
        draw.text((x, y), text, font=face, fill=theme.INK_SOFT, anchor="lm")
        draw.text((x + draw.textlength(text, font=face), y), str(count), font=font(size, "bold"), fill=theme.INK,
                  anchor="lm")
    column.y += 2 * line
    flags = list(supply.get("flags", ()))
    face = font(size)
    centre_y = column.y + line // 2
    free_flags = label(lang, "free_flags")
    draw.text((column.left, centre_y), free_flags, font=face, fill=theme.INK_SOFT, anchor="lm")
    x = column.left + round(draw.textlength(free_flags + " ", font=face))
    arms = column.px(0.4)
    if not flags:
        draw.text((x, centre_y), label(lang, "none"), font=font(size, "bold"), fill=theme.INK, anchor="lm")
    for flag in flags:
        column.paste(shield(flag, arms), x, centre_y)
        x += arms + column.px(0.02)
    column.y += line


def _last_move(column: Column, view: View, names: Names, lang: str) -> None:
    last = view.get("last_move")
    if not last:
        return
    column.heading(label(lang, "last_move"))
    draw = column.draw
    players = {p["seat"]: p for p in view.get("players", ())}
    player = players.get(last.get("seat"), {"seat": last.get("seat", 0), "color": "white"})
    face = font(column.px(0.3))
    line = column.px(0.36)
    text_left = column.left + column.px(0.18)
    top = column.y
    name = player_name(names, player["seat"], _colour_name(player, lang))
    name_text, name_face = fit_text(draw, name, "bold", column.px(0.32), column.right - text_left)
    draw.text((text_left, column.y), name_text, font=name_face, fill=theme.INK, anchor="lt")
    column.y += column.px(0.4)
    text = stored_text(lang, last.get("text") or last.get("notation") or "")
    notation = str(last.get("notation") or "")
    show_notation = bool(notation) and notation != text
    room = column.bottom - column.y - (line if show_notation else 0)
    lines = wrap_text(draw, text, face, column.right - text_left)
    max_lines = max(1, room // line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".") + "…"
    for text_line in lines:
        draw.text((text_left, column.y), text_line, font=face, fill=theme.INK, anchor="lt")
        column.y += line
    if show_notation:
        note, note_face = fit_text(draw, notation, "regular", column.px(0.3), column.right - text_left)
        draw.text((text_left, column.y), note, font=note_face, fill=theme.INK_SOFT, anchor="lt")
        column.y += line
    draw.rectangle((column.left, top, column.left + column.px(0.06), column.y - column.px(0.06)),
                   fill=theme.HIGHLIGHT)


def _legend(panel: Panel, view: View, lang: str) -> None:
    """A key to the board's symbols, in one row at the foot of the panel."""
    draw = panel.draw
    face = font(panel.px(0.3))
    icon = panel.px(0.4)
    colour = view.get("players", [{"color": "blue"}])[0]["color"]
    top = panel.legend_top
    draw.line((panel.left, top, panel.right, top), fill=theme.PANEL_LINE, width=1)
    cy = top + (panel.bottom - top) // 2 + panel.px(0.04)
    entries: list[tuple[Image.Image | str, str]] = [
        (noble(colour, "grande", icon, lang), label(lang, "legend_grande")),
        (noble(colour, "baron", round(icon * 0.85), lang), label(lang, "legend_baron")),
        (shield(1, icon, numbered=False), label(lang, "legend_castle")), ("height", label(lang, "legend_height")),
        ("bridge", label(lang, "legend_bridge")), ("mansion", label(lang, "legend_mansion")),
    ]
    label_gap = panel.px(0.08)
    widths = [icon + label_gap + draw.textlength(word, font=face) for _, word in entries]
    spacing = (panel.right - panel.left - sum(widths)) / (len(entries) - 1)
    x: float = panel.left
    for (symbol, word), width in zip(entries, widths):
        _legend_symbol(panel, symbol, round(x), cy, icon)
        draw.text((x + icon + label_gap, cy), word, font=face, fill=theme.INK_SOFT, anchor="lm")
        x += width + spacing


def _legend_symbol(panel: Panel, symbol: Image.Image | str, x: int, cy: int, icon: int) -> None:
    draw = panel.draw
    if isinstance(symbol, Image.Image):
        panel.paste(symbol, x, cy)
    elif symbol == "height":
        r = panel.px(0.18)
        draw.ellipse((x + icon / 2 - r, cy - r, x + icon / 2 + r, cy + r), fill=theme.INK)
        draw.text((x + icon / 2, cy), "3", font=font(panel.px(0.28), "bold"), fill=(255, 255, 255), anchor="mm")
    elif symbol == "bridge":
        badge(draw, (x + icon / 2, cy), "2", font(panel.px(0.26), "bold"), theme.bridge_colour(2),
              (255, 255, 255), pad=3, min_width=panel.px(0.34))
    else:
        badge(draw, (x + icon / 2, cy), "⌂", font(panel.px(0.28), "condensed"), theme.PANEL, theme.INK,
              outline=theme.FRAME_DARK, pad=2)


@lru_cache(maxsize=16)
def coin(size: int) -> Image.Image:
    """A gold Real coin."""
    image, draw, big = canvas(size)
    m = big * 0.08
    draw.ellipse((m, m, big - m, big - m), fill=(236, 184, 52), outline=(150, 104, 20), width=max(2, big // 14))
    draw.text((big / 2, big / 2), "R", font=font(int(big * 0.5), "bold"), fill=(150, 104, 20), anchor="mm")
    return finished(image, size)


@lru_cache(maxsize=16)
def tower_card(size: int) -> Image.Image:
    """A tower card: a slate card with a little tower on it."""
    image, draw, big = canvas(size)
    draw.rounded_rectangle((big * 0.16, big * 0.06, big * 0.84, big * 0.94), radius=big * 0.1,
                           fill=theme.bridge_colour(3), outline=theme.INK, width=max(2, big // 16))
    w = big * 0.2
    cx = big / 2
    draw.rectangle((cx - w, big * 0.36, cx + w, big * 0.78), fill=(240, 232, 214))
    for i in range(3):
        x = cx - w + i * w * 0.8
        draw.rectangle((x, big * 0.26, x + w * 0.4, big * 0.38), fill=(240, 232, 214))
    return finished(image, size)
