"""The final results image of a finished game, for both games.

    from renderer.results import results
    png = results(game.view(state, None), names=names)

Alcazar (2009): each player's nobles by level, noble points, money points and
total, ranked, winners highlighted. Alcazar (1978): the winner (or the draw),
why, and the final position.
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderer import alcazar1978, theme
from renderer.cached_draw import Draw
from renderer.drawing import (
    Names, fit_text, named_text, phone_min_text, player_name, png_bytes, sentence, wrap_text,
)
from renderer.labels import colour_word, label, stored_text
from renderer.sprites import noble, trophy
from renderer.table import Span, column_spans, column_width
from renderer.theme import font

UNIT = 40          # one row's height unit in pixels
# Discord shows an image about 400 px wide on a phone: a narrow image with large text keeps every
# name and figure at least 10 px high there (16 px here, scaled by 400/640).
WIDTH = 16 * UNIT
TOP = round(UNIT * 3.6)     # where the first row starts, under the title, the reason and the column heads
ROW = round(UNIT * 2.8)     # a player's whole name on one line, their figures on the next


class NotFinished(ValueError):
    """The view is of a game that is not over: it has no outcome to show."""


def results_image(view: dict[str, Any], *, names: Names = None, lang: str = "en") -> Image.Image:
    """The results as a Pillow image, its words in ``lang``."""
    outcome = view.get("outcome")
    if not outcome:
        raise NotFinished("the results image needs a finished game (the view has no outcome)")
    if view.get("game") == "alcazar1978":
        return _results_1978(view, outcome, names, lang)
    return _results_2009(view, outcome, names, lang)


def results(view: dict[str, Any], *, names: Names = None, lang: str = "en") -> bytes:
    """The final scores (Alcazar) or the verdict (Alcazar 1978) as PNG bytes, its words in ``lang``."""
    return png_bytes(results_image(view, names=names, lang=lang))


def _reason(lang: str, outcome: dict[str, Any], colours: dict[int, str], names: Names) -> str:
    """Why the game ended, calling players by name (the rows do too: "Ana wins", not "Blue wins")."""
    return sentence(named_text(stored_text(lang, outcome.get("reason") or ""), colours, names, lang))


# --- Alcazar (2009) --------------------------------------------------------------
COLUMNS = ("col_on_board", "col_nobles", "col_money", "col_total")
GAP = round(UNIT * 0.3)     # the least room between two columns' widest texts
NOBLES_SHOWN = 5            # the column is as wide as five nobles; more squeeze into it


def _ranking(view: dict[str, Any], outcome: dict[str, Any]) -> list[int]:
    details = list(outcome.get("details") or [])
    players = view.get("players", [])
    winners = set(outcome.get("winners") or ())

    def key(seat: int) -> tuple[int, int, int, int, int]:
        d = details[seat] if seat < len(details) else {}
        retired = bool(players[seat].get("retired")) if seat < len(players) else False
        return (int(retired), -int(seat in winners), -int(d.get("total", 0)), -(int(d.get("money", 0)) % 50), seat)

    return sorted(range(len(players)), key=key)


NAME_INDENT = 12            # from the token to the name


def _row_name(player: dict[str, Any], names: Names, lang: str) -> str:
    """The player's name as their row shows it (marked when they retired)."""
    name = player_name(names, player["seat"], colour_word(lang, player.get("color", "white")))
    return label(lang, "retired_name", name=name) if player.get("retired") else name


def _name_face() -> ImageFont.FreeTypeFont:
    return font(round(UNIT * 0.55), "bold")


def _header_face() -> ImageFont.FreeTypeFont:
    return font(round(UNIT * 0.4), "bold")


def _figure_face(size: float = 0.7) -> ImageFont.FreeTypeFont:
    return font(round(UNIT * size), "bold")


def _names_left() -> int:
    """Where the names and the figures under them start: right of the player's token."""
    return UNIT // 2 + 4 + round(UNIT * 0.9) + NAME_INDENT


def _small_face() -> ImageFont.FreeTypeFont:
    return font(round(UNIT * 0.42))


def column_spans_2009(draw: ImageDraw.ImageDraw, players: list[dict[str, Any]], details: list[dict[str, Any]],
                      names: Names, lang: str, width: int = WIDTH) -> list[Span]:
    """Where the columns of figures lie under the names (on the board, nobles, money, total, trophy).

    Each column is as wide as its heading or its widest figure; the name has
    a line of its own above them, so no name is ever shortened to make room.
    """
    u = UNIT
    heads = [column_width(draw, [label(lang, key).upper()], _header_face()) for key in COLUMNS]
    most_nobles = max((len(d.get("nobles_list") or []) for d in details), default=0)
    figures = [
        min(max(1, most_nobles), NOBLES_SHOWN) * _noble_step(),
        column_width(draw, [str(d.get("nobles", 0)) for d in details], _figure_face()),
        max((draw.textlength(str(d.get("money_points", 0)), font=_figure_face()) + u * 0.2
             + (draw.textlength(label(lang, "money", amount=d["money"]), font=_small_face())
                if d.get("money") is not None else 0) for d in details), default=0.0),
        column_width(draw, [str(d.get("total", 0)) for d in details], _figure_face(0.8)),
    ]
    widths = [max(head, figure) for head, figure in zip(heads, figures)] + [float(round(u * 0.9))]
    return column_spans(widths, _names_left(), width - u // 2, gap=GAP, shrink=0)


def _noble_step() -> int:
    """The room one scoring noble takes in the "on the board" column (more squeeze into it)."""
    return round(UNIT * 0.72)


def _results_2009(view: dict[str, Any], outcome: dict[str, Any], names: Names, lang: str) -> Image.Image:
    players = view.get("players", [])
    details = list(outcome.get("details") or [])
    winners = set(outcome.get("winners") or ())
    u = UNIT
    width = WIDTH
    row = ROW
    top = TOP
    height = top + row * len(players) + u // 2
    image = Image.new("RGB", (width, height), theme.PARCHMENT)
    draw = Draw(image)
    left, inner = u // 2, width - u
    draw.text((left, u // 2), label(lang, "final_scores"), font=font(round(u * 0.75), "bold"), fill=theme.FRAME_DARK,
              anchor="lt")
    if outcome.get("reason"):
        colours = {p["seat"]: p.get("color", "") for p in players}
        face = font(round(u * 0.5))
        wrapped = wrap_text(draw, _reason(lang, outcome, colours, names), face, inner)
        lines = [(text, face) for text in wrapped]
        if len(wrapped) > 2:
            # The rest on a second line, in the smaller font it may need to fit (then cut).
            lines = lines[:1] + [fit_text(draw, " ".join(wrapped[1:]), "regular", round(face.size), inner,
                                          smallest=phone_min_text(width))]
        for number, (text, line_face) in enumerate(lines):
            draw.text((left, round(u * (1.4 + 0.6 * number))), text, font=line_face, fill=theme.INK_SOFT,
                      anchor="lt")
    spans = column_spans_2009(draw, players, details, names, lang, width)
    for title, span in zip(COLUMNS, spans):
        draw.text((span.left, top - round(u * 0.25)), label(lang, title).upper(), font=_header_face(),
                  fill=theme.INK_SOFT, anchor="ls")
    for rank, seat in enumerate(_ranking(view, outcome)):
        y = top + rank * row
        detail = details[seat] if seat < len(details) else {}
        _score_row(image, draw, players[seat], detail, seat in winners, names, (left, y, inner, row), spans, lang)
    return image


def _score_row(image: Image.Image, draw: ImageDraw.ImageDraw, player: dict[str, Any], detail: dict[str, Any],
               winner: bool, names: Names, box: tuple[int, int, int, int], spans: list[Span], lang: str) -> None:
    """A player's whole name on the row's first line; under it their nobles, points, money and total."""
    left, y, inner, row = box
    u = UNIT
    board_span, nobles_span, money_span, total_span, cup_span = spans
    fill = theme.WINNER if winner else theme.PANEL
    draw.rounded_rectangle((left - 6, y, left + inner + 6, y + row - 8), radius=u // 4, fill=fill,
                           outline=theme.WINNER_FRAME if winner else theme.PANEL_LINE, width=4 if winner else 1)
    mid = y + (row - 8) // 2
    colour = player.get("color", "white")
    # every player's token is the same plain piece; the winner's row carries a trophy, not a noble
    token = noble(colour, "baron", round(u * 0.9), lang)
    image.paste(token, (left + 4, mid - token.height // 2), token)
    if winner:
        cup = trophy(round(u * 0.9))
        image.paste(cup, (cup_span.right - cup.width, mid - cup.height // 2), cup)
    name_left = _names_left()
    name_y = y + round(u * 0.5)
    name_room = (cup_span.left if winner else cup_span.right) - name_left
    # down to the smallest size that reads on a phone, and cut only past that
    text, face = fit_text(draw, _row_name(player, names, lang), "bold", round(_name_face().size), name_room,
                          smallest=round(_small_face().size))
    draw.text((name_left, name_y), text, font=face, fill=theme.INK, anchor="lm")
    figures_y = y + round(u * 1.65)
    _nobles_by_level(image, draw, colour, detail.get("nobles_list") or [], (board_span.left, y + round(u * 1.4)),
                     board_span.width, lang)
    big = _figure_face()
    draw.text((nobles_span.left, figures_y), str(detail.get("nobles", 0)), font=big, fill=theme.INK, anchor="lm")
    money_points = str(detail.get("money_points", 0))
    draw.text((money_span.left, figures_y), money_points, font=big, fill=theme.INK, anchor="lm")
    money = detail.get("money")
    if money is not None:
        draw.text((money_span.left + draw.textlength(money_points, font=big) + u * 0.2, figures_y),
                  label(lang, "money", amount=money), font=_small_face(), fill=theme.INK_SOFT, anchor="lm")
    draw.text((total_span.left, figures_y), str(detail.get("total", 0)), font=_figure_face(0.8),
              fill=theme.FRAME_DARK, anchor="lm")


def _nobles_by_level(image: Image.Image, draw: ImageDraw.ImageDraw, colour: str, nobles: list[Any],
                     at: tuple[int, int], width: int, lang: str) -> None:
    """Each scoring noble as its piece with its level beside it (Grandes first, highest first)."""
    x, mid = at
    face = _small_face()
    if not nobles:
        draw.text((x, mid + round(UNIT * 0.25)), label(lang, "none"), font=face, fill=theme.INK_SOFT, anchor="lm")
        return
    entries = sorted((n for n in nobles if isinstance(n, dict)),
                     key=lambda n: (n.get("rank") != "grande", -int(n.get("level", 0))))
    step = min(_noble_step(), max(12, width // max(1, len(entries))))
    size = min(round(UNIT * 0.6), step)
    bold = font(face.size, "bold")
    for entry in entries:
        if x + size > at[0] + width:
            break
        # the row's token carries the player's letter: its nobles show their shape and level only
        sprite = noble(colour, str(entry.get("rank", "baron")), size, lang, lettered=False)
        image.paste(sprite, (x, mid - sprite.height // 2), sprite)
        draw.text((x + sprite.width / 2, mid + size // 2 + 2), str(entry.get("level", "?")), font=bold,
                  fill=theme.INK, anchor="mt")
        x += step


# --- Alcazar (1978) --------------------------------------------------------------
def _results_1978(view: dict[str, Any], outcome: dict[str, Any], names: Names, lang: str) -> Image.Image:
    """The verdict above the final position: who won (or the draw), both players, and why."""
    board = alcazar1978.board_image(view, names=names, size=90, lang=lang)
    u = UNIT
    header = round(u * 3.2)
    width = board.width
    image = Image.new("RGB", (width, board.height + header), theme.PARCHMENT)
    image.paste(board, (0, header))
    draw = Draw(image)
    colours = {p["seat"]: str(p.get("color", "white")) for p in view.get("pawns", ())}
    winners = outcome.get("winners") or []
    text_left = u // 2
    smallest = phone_min_text(width)
    if winners:
        seat = winners[0]
        colour = colours.get(seat, "white")
        draw.rounded_rectangle((u // 3, u // 4, width - u // 3, header - u // 4), radius=u // 3, fill=theme.WINNER,
                               outline=theme.WINNER_FRAME, width=4)
        cup = trophy(round(u * 1.1))
        image.paste(cup, (u // 2, header // 2 - cup.height // 2), cup)
        token = noble(colour, "baron", round(u * 0.8), lang)
        image.paste(token, (u // 2 + cup.width + u // 8, round(header * 0.3) - token.height // 2), token)
        text_left = u // 2 + cup.width + u // 8 + token.width + u // 4
        line, face = fit_text(draw, player_name(names, seat, colour_word(lang, colour)), "bold", round(u * 0.7),
                              width - text_left - u // 2, suffix=label(lang, "wins_suffix"), smallest=smallest)
    else:
        line, face = fit_text(draw, label(lang, "draw_title"), "bold", round(u * 0.7), width - text_left - u // 2,
                              smallest=smallest)
    draw.text((text_left, round(header * 0.3)), line, font=face, fill=theme.INK, anchor="lm")
    small = round(u * 0.42)
    players = _both_players(colours, names, winners, lang)
    line, face = fit_text(draw, players, "bold", small, width - text_left - u // 2, smallest=smallest)
    draw.text((text_left, round(header * 0.57)), line, font=face, fill=theme.INK, anchor="lm")
    reason = _reason(lang, outcome, colours, names)
    line, face = fit_text(draw, reason, "regular", small, width - text_left - u // 2, smallest=smallest)
    draw.text((text_left, round(header * 0.8)), line, font=face, fill=theme.INK_SOFT, anchor="lm")
    return image


def _both_players(colours: dict[int, str], names: Names, winners: list[int], lang: str) -> str:
    """Both players by name and colour: "Ana (Red) beat Ben (Green)", or "Ana (Red) and Ben (Green)" for a draw."""
    named: dict[int, str] = {}
    for seat, colour in sorted(colours.items()):
        word = colour_word(lang, colour)
        name = player_name(names, seat, word)
        named[seat] = word if name == word else f"{name} ({word})"
    if winners and len(named) == 2:
        loser = next(seat for seat in named if seat != winners[0])
        return label(lang, "beat", winner=named[winners[0]], loser=named[loser])
    return label(lang, "both_players", first=named[0], second=named[1]) if len(named) == 2 else \
        ", ".join(named.values())
