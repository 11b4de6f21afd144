"""Short rules summaries for ``/alcazar rules``, following ``shared/rules/*.md``."""
from __future__ import annotations

import discord

from bot.discord.texts import COLOUR

ALCAZAR_RULES = [
    ("Goal", "Place your nobles high up in valuable buildings. At the end each Grande scores 2 × its "
             "level, each Baron its level, plus 1 point per full 50 Real. Ties go to the most money left."),
    ("Setup", "2–5 players. Each gets 10 secret building cards, 2 Grandes, 6 Barons and 40 Real. "
              "6 cards lie face up; the rest is the deck. Cards name the spaces 1–72 of the board."),
    ("Your turn", "First you may **withdraw** one of your nobles (paid the building's value, twice for a "
                  "Grande). Then one action:\n"
                  "• **Buy** a face-up card or the top of the deck (5 Real), or a tower card (10 Real).\n"
                  "• **Build** with a card: *found a castle* on three vacant spaces in a row including the "
                  "card's space (value 5), a *mansion* on a lone space, *extend* beside a building, or "
                  "*raise* a built space (worth 2).\n"
                  "• **Tower card**: add a piece on a cell of height 1–4 to lift your noble or prepare a bridge.\n"
                  "• **Bridge** (15 Real, no card) between two cells of equal height two apart, one of them "
                  "under your noble; worth 3 × its level.\n"
                  "• **Pass** only when you can neither play nor buy a card."),
    ("After a build", "You are paid the building's value (capped at 50), then may take one noble step: "
                      "**place** a noble on a cell built this turn (Baron pays the value, Grande twice), "
                      "**move** one of yours within the building, or **exchange** a Grande and a Baron. "
                      "A new castle lets you place two."),
    ("Distances", "Castles need three empty spaces between them, mansions must not touch; a building that "
                  "reaches 5 becomes a castle when a flag is free. Buildings joined by a piece or bridge "
                  "merge; two castles at 50 cannot merge."),
    ("End", "The game ends after the last piece (84) or bridge (20) leaves the supply, or when everyone "
            "passes in a row."),
]

ALCAZAR_1978_RULES = [
    ("Goal", "Bring your pawn into your opponent's starting square, or leave their pawn with no way to move."),
    ("Setup", "A 4 × 4 board with 8 walls. Red starts on a4 and moves first, Green on d1; each castle is "
              "walled in by four walls."),
    ("Your turn", "Either **move your pawn** one square (not diagonally, not through a wall, not onto the "
                  "other pawn), or **turn a wall** 1–3 quarter turns around one of its end towers. A turning "
                  "wall may not sweep over a pawn or pass through another wall."),
    ("Limits", "You may not turn the wall your opponent just turned. Your pawn must leave its starting "
               "square by your third turn and may never go back there."),
    ("End", "You win when your pawn enters the opponent's starting square, or when after your move their "
            "pawn is immobilised. House rule (on unless the host turns it off): the third repetition of a "
            "position is a draw. You may resign at any time."),
    ("Notation", "`a4-b4` moves a pawn; `w3 B3 ccw1` turns wall 3 a quarter turn counter-clockwise around "
                 "tower B3 (cw/ccw, 1–3)."),
]

RULES = {"alcazar": ("Alcazar (2009): rules in brief", ALCAZAR_RULES),
         "alcazar1978": ("Alcazar (1978): rules in brief", ALCAZAR_1978_RULES)}


def rules_embed(kind: str) -> discord.Embed:
    """The rules summary of one game (``alcazar`` or ``alcazar1978``)."""
    title, sections = RULES[kind]
    embed = discord.Embed(title=title, colour=COLOUR)
    for name, text in sections:
        embed.add_field(name=name, value=text, inline=False)
    embed.set_footer(text="Full move notation: /alcazar help. Play your move with /alcazar move or Take my turn.")
    return embed
