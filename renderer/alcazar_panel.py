"""The side panel of the Alcazar (2009) board: players, cards, supply, last move."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import theme
from renderer.alcazar_geometry import Geometry
from renderer.drawing import Names, badge, fit_text, player_name, wrap_text
from renderer.sprites import SUPERSAMPLE, card_back, noble, shield
from renderer.theme import font

View = dict[str, Any]


class Panel:
    """Draws panel sections one below the other, tracking the pen's height."""

    def __init__(self, image: Image.Image, geo: Geometry) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.geo = geo
        left, top, right, bottom = geo.panel_box
        self.pad = round(geo.cell * 0.22)
        self.left = left + self.pad
        self.right = right - self.pad
        self.bottom = bottom - self.pad
        self.y = top + self.pad

    @property
    def width(self) -> int:
        return self.right - self.left

    def px(self, fraction: float) -> int:
        return max(1, round(self.geo.cell * fraction))

    def heading(self, text: str) -> None:
        face = font(self.px(0.2), "bold")
        self.y += self.px(0.12)
        self.draw.text((self.left, self.y), text.upper(), font=face, fill=theme.INK_SOFT, anchor="la")
        self.y += self.px(0.28)

    def rule(self) -> None:
        self.draw.line((self.left, self.y, self.right, self.y), fill=theme.PANEL_LINE, width=2)
        self.y += self.px(0.08)

    def paste(self, sprite: Image.Image, x: int, centre_y: int) -> None:
        self.image.paste(sprite, (x, centre_y - sprite.height // 2), sprite)


def draw_panel(image: Image.Image, geo: Geometry, view: View, names: Names) -> None:
    panel = Panel(image, geo)
    _header(panel, view)
    _players(panel, view, names)
    _face_up(panel, view)
    _supply(panel, view)
    _last_move(panel, view, names)
    _outcome(panel, view, names)
    _legend(panel, view)


def _header(panel: Panel, view: View) -> None:
    draw = panel.draw
    title = font(panel.px(0.44), "bold")
    draw.text((panel.left, panel.y), "Alcazar", font=title, fill=theme.FRAME_DARK, anchor="lt")
    status = "game over" if view.get("outcome") else f"move {view.get('ply', 0) + 1}"
    draw.text((panel.right, panel.y + panel.px(0.1)), status, font=font(panel.px(0.24)), fill=theme.INK_SOFT,
              anchor="rt")
    panel.y += panel.px(0.62)
    panel.rule()


def _colour_name(player: dict[str, Any]) -> str:
    return str(player.get("color", "?")).capitalize()


def _players(panel: Panel, view: View, names: Names) -> None:
    row = panel.px(1.04)
    for player in view.get("players", ()):
        _player_row(panel, view, player, names, row)
        panel.y += row
    panel.y += panel.px(0.04)


def _player_row(panel: Panel, view: View, player: dict[str, Any], names: Names, row: int) -> None:
    draw = panel.draw
    seat = player["seat"]
    colour = player["color"]
    retired = bool(player.get("retired"))
    to_move = view.get("to_move") == seat
    top, bottom = panel.y, panel.y + row - panel.px(0.06)
    if to_move:
        draw.rounded_rectangle((panel.left - panel.px(0.08), top, panel.right + panel.px(0.08), bottom),
                               radius=panel.px(0.12), fill=theme.TURN, outline=theme.FRAME, width=2)
    token = noble(colour, "baron", panel.px(0.58))
    panel.paste(token, panel.left, (top + bottom) // 2)
    text_left = panel.left + panel.px(0.7)
    name = player_name(names, seat, _colour_name(player))
    tag = "to play" if to_move else "retired" if retired else ""
    tag_face = font(panel.px(0.2), "bold")
    tag_width = round(draw.textlength(tag, font=tag_face)) + panel.px(0.2) if tag else 0
    name_text, face = fit_text(draw, name, "bold", panel.px(0.33), panel.right - text_left - tag_width)
    name_ink = theme.INK_FAINT if retired else theme.INK
    draw.text((text_left, top + panel.px(0.06)), name_text, font=face, fill=name_ink, anchor="lt")
    if tag:
        badge(draw, (panel.right - tag_width / 2 + panel.px(0.04), top + panel.px(0.2)), tag, tag_face,
              theme.FRAME_DARK if to_move else theme.INK_FAINT, (255, 255, 255), pad=3)
    _player_counts(panel, player, text_left, top + round(row * 0.66))


def _player_counts(panel: Panel, player: dict[str, Any], left: int, centre_y: int) -> None:
    """Money, nobles left, cards in hand and tower cards, each behind its icon."""
    draw = panel.draw
    face = font(panel.px(0.28), "bold")
    icon = panel.px(0.36)
    colour = player["color"]
    items = [
        (coin(icon), f"{player.get('money', 0)}"),
        (noble(colour, "grande", icon), f"{player.get('grandes', 0)}"),
        (noble(colour, "baron", round(icon * 0.9)), f"{player.get('barons', 0)}"),
        (card_back(icon), f"{player.get('hand_count', 0)}"),
        (tower_card(icon), f"{player.get('towers', 0)}"),
    ]
    x: float = left
    step = (panel.right - left) / len(items)
    for sprite, text in items:
        panel.paste(sprite, round(x), centre_y)
        draw.text((x + icon + panel.px(0.05), centre_y), text, font=face, fill=theme.INK, anchor="lm")
        x += step


def _face_up(panel: Panel, view: View) -> None:
    panel.heading("Face-up cards")
    cards = list(view.get("face_up", ()))
    draw = panel.draw
    slots = 6
    gap = panel.px(0.1)
    width = (panel.width - gap * (slots - 1)) / slots
    height = panel.px(0.62)
    face = font(panel.px(0.34), "bold")
    for i in range(slots):
        left = panel.left + i * (width + gap)
        box = (round(left), panel.y, round(left + width), panel.y + height)
        if i < len(cards):
            draw.rounded_rectangle(box, radius=panel.px(0.08), fill=(255, 252, 244), outline=theme.FRAME, width=2)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(cards[i]), font=face,
                      fill=theme.INK, anchor="mm")
        else:
            draw.rounded_rectangle(box, radius=panel.px(0.08), outline=theme.PANEL_LINE, width=2)
    panel.y += height + panel.px(0.06)


def _supply(panel: Panel, view: View) -> None:
    panel.heading("Supply")
    draw = panel.draw
    face = font(panel.px(0.25))
    bold = font(panel.px(0.25), "bold")
    supply = view.get("supply", {})
    line = panel.px(0.36)
    entries = [
        ("Deck", view.get("deck", 0)), ("Tower cards", view.get("tower_deck", 0)),
        ("Pieces", supply.get("pieces", 0)), ("Bridges", supply.get("bridges", 0)),
    ]
    half = panel.width // 2
    for i, (label, count) in enumerate(entries):
        x = panel.left + (i % 2) * half
        y = panel.y + (i // 2) * line
        draw.text((x, y), f"{label} ", font=face, fill=theme.INK_SOFT, anchor="lt")
        draw.text((x + draw.textlength(f"{label} ", font=face), y), str(count), font=bold, fill=theme.INK,
                  anchor="lt")
    panel.y += 2 * line
    flags = list(supply.get("flags", ()))
    draw.text((panel.left, panel.y + panel.px(0.16)), "Free flags", font=face, fill=theme.INK_SOFT, anchor="lm")
    x = panel.left + round(draw.textlength("Free flags ", font=face))
    size = panel.px(0.36)
    if not flags:
        draw.text((x, panel.y + panel.px(0.16)), "none", font=bold, fill=theme.INK, anchor="lm")
    for flag in flags:
        panel.paste(shield(flag, size), x, panel.y + panel.px(0.16))
        x += size + panel.px(0.02)
    panel.y += panel.px(0.42)


def _last_move(panel: Panel, view: View, names: Names) -> None:
    last = view.get("last_move")
    if not last:
        return
    panel.heading("Last move")
    draw = panel.draw
    players = {p["seat"]: p for p in view.get("players", ())}
    player = players.get(last.get("seat"), {"seat": last.get("seat", 0), "color": "white"})
    face = font(panel.px(0.24))
    bar_left = panel.left
    text_left = panel.left + panel.px(0.16)
    top = panel.y
    name = player_name(names, player["seat"], _colour_name(player))
    name_text, name_face = fit_text(draw, name, "bold", panel.px(0.25), panel.right - text_left)
    draw.text((text_left, panel.y), name_text, font=name_face, fill=theme.INK, anchor="lt")
    panel.y += panel.px(0.34)
    text = str(last.get("text") or last.get("notation") or "")
    lines = wrap_text(draw, text, face, panel.right - text_left)
    max_lines = max(1, (panel.bottom - panel.y - panel.px(0.9)) // panel.px(0.32))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".") + "…"
    for line in lines:
        draw.text((text_left, panel.y), line, font=face, fill=theme.INK, anchor="lt")
        panel.y += panel.px(0.32)
    notation = str(last.get("notation") or "")
    if notation and notation != text:
        note, note_face = fit_text(draw, notation, "regular", panel.px(0.2), panel.right - text_left)
        draw.text((text_left, panel.y), note, font=note_face, fill=theme.INK_SOFT, anchor="lt")
        panel.y += panel.px(0.3)
    draw.rectangle((bar_left, top, bar_left + panel.px(0.06), panel.y - panel.px(0.04)), fill=theme.HIGHLIGHT)


def _outcome(panel: Panel, view: View, names: Names) -> None:
    outcome = view.get("outcome")
    if not outcome:
        return
    panel.heading("Game over")
    draw = panel.draw
    players = {p["seat"]: p for p in view.get("players", ())}
    winners = [player_name(names, s, _colour_name(players.get(s, {"color": "?"}))) for s in outcome.get("winners", ())]
    text = ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners) if winners else "Draw"
    face = font(panel.px(0.28), "bold")
    for line in wrap_text(draw, text, face, panel.width)[:2]:
        draw.text((panel.left, panel.y), line, font=face, fill=theme.FRAME_DARK, anchor="lt")
        panel.y += panel.px(0.38)


def _legend(panel: Panel, view: View) -> None:
    """A key to the board's symbols, at the foot of the panel."""
    draw = panel.draw
    face = font(panel.px(0.22))
    icon = panel.px(0.36)
    colour = view.get("players", [{"color": "blue"}])[0]["color"]
    line = panel.px(0.42)
    top = panel.bottom - 2 * line
    if top < panel.y + panel.px(0.1):
        return
    draw.line((panel.left, top - panel.px(0.1), panel.right, top - panel.px(0.1)), fill=theme.PANEL_LINE, width=1)
    third = panel.width / 3
    entries: list[tuple[Image.Image | str, str]] = [
        (noble(colour, "grande", icon), "Grande"), (noble(colour, "baron", round(icon * 0.85)), "Baron"),
        (shield(1, icon, numbered=False), "castle"), ("height", "height"), ("bridge", "bridge level"),
        ("mansion", "mansion"),
    ]
    for i, (symbol, label) in enumerate(entries):
        x = round(panel.left + (i % 3) * third)
        cy = top + (i // 3) * line + line // 2
        if isinstance(symbol, Image.Image):
            panel.paste(symbol, x, cy)
        elif symbol == "height":
            r = panel.px(0.16)
            draw.ellipse((x + icon / 2 - r, cy - r, x + icon / 2 + r, cy + r), fill=theme.INK)
            draw.text((x + icon / 2, cy), "3", font=font(panel.px(0.24), "bold"), fill=(255, 255, 255), anchor="mm")
        elif symbol == "bridge":
            badge(draw, (x + icon / 2, cy), "2", font(panel.px(0.2), "bold"), theme.bridge_colour(2),
                  (255, 255, 255), pad=3, min_width=panel.px(0.3))
        else:
            badge(draw, (x + icon / 2, cy), "⌂", font(panel.px(0.24), "condensed"), theme.PANEL, theme.INK,
                  outline=theme.FRAME_DARK, pad=2)
        draw.text((x + icon + panel.px(0.08), cy), label, font=face, fill=theme.INK_SOFT, anchor="lm")


@lru_cache(maxsize=16)
def coin(size: int) -> Image.Image:
    """A gold Real coin."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    m = big * 0.08
    draw.ellipse((m, m, big - m, big - m), fill=(236, 184, 52), outline=(150, 104, 20), width=max(2, big // 14))
    draw.text((big / 2, big / 2), "R", font=font(int(big * 0.5), "bold"), fill=(150, 104, 20), anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def tower_card(size: int) -> Image.Image:
    """A tower card: a slate card with a little tower on it."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((big * 0.16, big * 0.06, big * 0.84, big * 0.94), radius=big * 0.1,
                           fill=theme.bridge_colour(3), outline=theme.INK, width=max(2, big // 16))
    w = big * 0.2
    cx = big / 2
    draw.rectangle((cx - w, big * 0.36, cx + w, big * 0.78), fill=(240, 232, 214))
    for i in range(3):
        x = cx - w + i * w * 0.8
        draw.rectangle((x, big * 0.26, x + w * 0.4, big * 0.38), fill=(240, 232, 214))
    return image.resize((size, size), Image.Resampling.LANCZOS)
