"""The key under the Alcazar (2009) board: the players, the last move, the symbols.

One row per player says who is which colour, their points so far and whose
turn it is (or who won), with the whole name; the next row the last move;
the last row what the board's symbols mean. Money, nobles to place, cards and
the supply are in the board's message, in words.
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from renderer import theme
from renderer.alcazar_geometry import Box, Geometry
from renderer.cached_draw import Draw
from renderer.drawing import Names, badge, fit_text, player_name
from renderer.labels import colour_word, label, stored_text
from renderer.sprites import noble, noble_size, shield
from renderer.theme import font

View = dict[str, Any]


def draw_panel(image: Image.Image, geo: Geometry, view: View, names: Names, lang: str = "en") -> None:
    draw = Draw(image)
    players = list(view.get("players", ()))
    for index, player in enumerate(players[:geo.players]):
        _player_row(image, draw, geo, geo.player_row(index), view, player, names, lang)
    _last_move(draw, geo, geo.note_row(0), view, names, lang)
    _legend(image, draw, geo, geo.note_row(1), lang)


def _colour_name(player: dict[str, Any], lang: str) -> str:
    return colour_word(lang, player.get("color", "?"))


def _player_row(image: Image.Image, draw: Draw, geo: Geometry, box: Box, view: View, player: dict[str, Any],
                names: Names, lang: str) -> None:
    """Token, whole name, a tag (to play, winner, retired) and the points so far, right-aligned."""
    left, top, right, bottom = box
    seat = player["seat"]
    retired = bool(player.get("retired"))
    outcome = view.get("outcome") or {}
    to_move = view.get("to_move") == seat and not outcome
    winner = seat in (outcome.get("winners") or ())
    inset = geo.px(0.04)
    if to_move or winner:
        draw.rounded_rectangle((left, top + inset, right, bottom - inset), radius=geo.px(0.12),
                               fill=theme.WINNER if winner else theme.TURN,
                               outline=theme.WINNER_FRAME if winner else theme.TURN_FRAME, width=geo.px(0.05))
    cy = (top + bottom) // 2
    pad = geo.px(0.12)
    token = noble(player["color"], "baron", noble_size("baron", geo.text(0.33), geo.px(0.5)), lang)
    image.paste(token, (left + pad, cy - token.height // 2), token)
    x = left + pad + token.width + geo.px(0.14)
    figure_face = font(geo.text(0.36), "bold")
    points = label(lang, "points", count=int(player.get("points", 0)))
    points_left = right - pad - draw.textlength(points, font=figure_face)
    draw.text((right - pad, cy), points, font=figure_face, fill=theme.FRAME_DARK, anchor="rm")
    tag = label(lang, "tag_winner" if winner else "tag_to_play" if to_move else "tag_retired") \
        if winner or to_move or retired else ""
    tag_face = font(geo.text(0.33), "bold")
    tag_width = round(draw.textlength(tag, font=tag_face)) + 2 * geo.px(0.1) if tag else 0
    name_room = points_left - geo.px(0.3) - x - (tag_width + geo.px(0.2) if tag else 0)
    name = player_name(names, seat, _colour_name(player, lang))
    # the name shrinks to the smallest size that reads on a phone, and is cut only past that
    text, face = fit_text(draw, name, "bold", geo.text(0.38), name_room, smallest=geo.min_text)
    draw.text((x, cy), text, font=face, fill=theme.INK_FAINT if retired else theme.INK, anchor="lm")
    if tag:
        tag_x = x + draw.textlength(text, font=face) + geo.px(0.2)
        badge(draw, (tag_x + tag_width / 2, cy), tag, tag_face,
              theme.WINNER_FRAME if winner else theme.FRAME_DARK if to_move else theme.INK_FAINT, (255, 255, 255),
              pad=geo.px(0.06), min_width=tag_width)


def _last_move(draw: Draw, geo: Geometry, box: Box, view: View, names: Names, lang: str) -> None:
    """Who moved last and what they did, in words when they fit on the line, else in notation; the move's number."""
    left, top, right, bottom = box
    cy = (top + bottom) / 2
    face = font(geo.text(0.33))
    bold = font(geo.text(0.33), "bold")
    draw.line((left, top, right, top), fill=theme.PANEL_LINE, width=1)
    status = label(lang, "move_number", number=view.get("ply", 0) + 1) if not view.get("outcome") \
        else label(lang, "game_over")
    draw.text((right - geo.px(0.12), cy), status, font=bold, fill=theme.INK_SOFT, anchor="rm")
    last = view.get("last_move")
    if not last:
        return
    room_right = right - geo.px(0.12) - draw.textlength(status, font=bold) - geo.px(0.3)
    bar = geo.px(0.08)
    draw.rectangle((left + geo.px(0.12), top + geo.px(0.1), left + geo.px(0.12) + bar, bottom - geo.px(0.1)),
                   fill=theme.HIGHLIGHT)
    x: float = left + geo.px(0.12) + bar + geo.px(0.16)
    players = {p["seat"]: p for p in view.get("players", ())}
    player = players.get(last.get("seat"), {"seat": last.get("seat", 0), "color": "white"})
    who = player_name(names, player["seat"], _colour_name(player, lang)) + ": "
    draw.text((x, cy), who, font=bold, fill=theme.INK, anchor="lm")
    x += draw.textlength(who, font=bold)
    words = stored_text(lang, last.get("text") or last.get("notation") or "")
    notation = str(last.get("notation") or "")
    room = room_right - x
    text = words if draw.textlength(words, font=face) <= room or not notation else notation
    shown, shown_face = fit_text(draw, text, "regular", round(face.size), room, smallest=geo.min_text)
    draw.text((x, cy), shown, font=shown_face, fill=theme.INK, anchor="lm")


def _legend(image: Image.Image, draw: Draw, geo: Geometry, box: Box, lang: str) -> None:
    """What the symbols mean, in one row; the castle's entry goes when a language's words leave no room."""
    left, top, right, bottom = box
    cy = round((top + bottom) / 2)
    face = font(geo.text(0.33))
    icon = geo.px(0.42)
    # the nobles' shapes without a letter: the key shows a kind of piece, not a player's
    entries: list[tuple[Image.Image | str, str]] = [
        (noble("white", "grande", icon, lang, lettered=False), label(lang, "legend_grande")),
        (noble("white", "baron", icon, lang, lettered=False), label(lang, "legend_baron")),
        (shield(1, icon, numbered=False), label(lang, "legend_castle")),
        ("level", label(lang, "legend_level")),
        ("bridge", label(lang, "legend_bridge")),
        ("mansion", label(lang, "legend_mansion")),
    ]
    gap = geo.px(0.1)
    room = right - left - 2 * geo.px(0.12)

    def widths(kept: list[tuple[Image.Image | str, str]]) -> list[float]:
        return [_symbol_width(draw, geo, symbol, icon) + gap + draw.textlength(word, font=face) for symbol, word in kept]

    if sum(widths(entries)) + geo.px(0.2) * (len(entries) - 1) > room:
        entries = [entry for entry in entries if entry[1] != label(lang, "legend_castle")]
    sizes = widths(entries)
    spacing = (room - sum(sizes)) / max(1, len(entries) - 1)
    x: float = left + geo.px(0.12)
    for (symbol, word), width in zip(entries, sizes):
        symbol_width = _legend_symbol(image, draw, geo, symbol, round(x), cy, icon)
        draw.text((x + symbol_width + gap, cy), word, font=face, fill=theme.INK_SOFT, anchor="lm")
        x += width + spacing


def _symbol_width(draw: Draw, geo: Geometry, symbol: Image.Image | str, icon: int) -> float:
    if isinstance(symbol, Image.Image):
        return symbol.width
    if symbol == "mansion":
        return draw.textlength("⌂ 3", font=font(geo.text(0.33), "condensed")) + 2 * geo.px(0.05)
    return icon


def _legend_symbol(image: Image.Image, draw: Draw, geo: Geometry, symbol: Image.Image | str, x: int, cy: int,
                   icon: int) -> float:
    """Draws one symbol of the legend with its left edge at ``x``; returns its width."""
    width = _symbol_width(draw, geo, symbol, icon)
    if isinstance(symbol, Image.Image):
        image.paste(symbol, (x, cy - symbol.height // 2), symbol)
    elif symbol == "level":
        badge(draw, (x + icon / 2, cy), "3", font(geo.text(0.33), "bold"), theme.INK, (255, 255, 255),
              outline=(255, 255, 255), pad=1, min_width=icon)
    elif symbol == "bridge":
        badge(draw, (x + icon / 2, cy), "2", font(geo.text(0.33), "bold"), theme.bridge_colour(2),
              (255, 255, 255), outline=(255, 255, 255), pad=2, min_width=icon)
    else:
        badge(draw, (x + width / 2, cy), "⌂ 3", font(geo.text(0.33), "condensed"), theme.PANEL, theme.INK,
              outline=theme.FRAME_DARK, pad=geo.px(0.05))
    return width
