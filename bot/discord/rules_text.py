"""Short rules summaries for ``/alcazar rules``, following ``shared/rules/*.md``.

Each game gets two embeds: the rules in brief, and how this bot reads the
points its rulebook leaves unclear, with the choices the rulebook leaves to
the player that change nothing in play named as simplifications. Both stay well inside Discord's embed
limits (checked by the tests on every message the bot sends).
"""
from __future__ import annotations

import discord

from bot.discord.texts import COLOUR

Section = tuple[str, str]

ALCAZAR_RULES: list[Section] = [
    ("Goal", "Place your nobles high up in valuable buildings. At the end each Grande scores 2 × its "
             "level, each Baron its level, plus 1 point per full 50 Real. Ties go to the most money left "
             "over beyond the full 50s; a remaining tie is shared."),
    ("Setup", "2–5 players. Each gets 10 secret building cards, 2 Grandes, 6 Barons and 40 Real. "
              "6 cards lie face up; the rest is the deck. Cards name the spaces 1–72 of the board. "
              "20 tower cards form their own deck."),
    ("Your turn", "First you may **withdraw** one of your nobles (paid the building's value, twice for a "
                  "Grande). Then one action:\n"
                  "• **Buy** a face-up card or the top of the deck (5 Real), or a tower card (10 Real).\n"
                  "• **Build** with a card: *found a castle* on three vacant spaces in a row including the "
                  "card's space (value 5; it needs one of the 8 flags free), a *mansion* on a lone space, "
                  "*extend* beside a building, or *raise* a built space (worth 2).\n"
                  "• **Tower card**: add a piece on a cell of height 1–4, only to lift your own noble or to "
                  "prepare a bridge.\n"
                  "• **Bridge** (15 Real, no card; below).\n"
                  "• **Pass** only when you can neither play nor buy a card."),
    ("Bridges", "Between two cells of equal height two apart in a row or column; the middle cell must be "
                "lower than both supports. Your noble stands on one support and no opponent's noble on the "
                "other. No second bridge with the same two ends. Your nobles on the supports rise with the "
                "bridge, an opponent's noble in the middle is removed. Worth 3 × its level."),
    ("After a build", "You are paid the building's value (at most 50), then may take one noble step: "
                      "**place** a noble on a cell built this turn (a Baron pays the value, a Grande twice), "
                      "**move** one of yours in that building onto the newly built piece or bridge, or "
                      "**exchange** a Grande and a Baron of yours in it. A new castle lets you place two. "
                      "After building under your own noble, only an exchange is possible."),
    ("Removing nobles", "Building up on a cell with an opponent's noble, or laying a bridge over one, sends "
                        "that noble back to its owner, who is paid what withdrawing it would have paid: the "
                        "value before the build (twice for a Grande)."),
    ("Distances and unions", "Castles need three empty spaces between them; mansions must not touch. "
                             "A piece or bridge that touches several buildings joins them, except two or "
                             "more castles when one of them is at 50."),
    ("Out of cards and money", "A player with no cards who cannot afford one must withdraw a noble and buy "
                               "a card. A player who must pass may build a bridge instead, if one is "
                               "possible."),
    ("End", "The game ends after the last piece (84) or bridge (20) leaves the supply, or when everyone "
            "still playing has passed in a row."),
]

ALCAZAR_READINGS: list[Section] = [
    ("Values", "Mansions are capped at 50 too, like castles."),
    ("New castles", "A mansion that reaches 5 becomes a castle at once when a flag is free. When several "
                    "wait, the most valuable goes first (a tie: the lowest space number)."),
    ("A union blocked by the 50 rule", "A bridge that would make it cannot be built. A building card that "
                                       "would make it is still played: you are paid 50 Real, its piece "
                                       "leaves the game, and there is no noble step."),
    ("Passing", "Only when no card can be played or bought, even after a withdrawal. When passing is your "
                "only move, I play it for you. The game ends by passing when every player still in the "
                "game has passed since the last move that was not a pass."),
    ("Out of cards and money", "The forced withdrawal must pay for a card: those are your only moves, not "
                               "a bridge (the rulebook allows the bridge only to a player who would "
                               "otherwise have to pass)."),
    ("Face-up cards", "A bought face-up card is replaced at once, in its place, from the deck; once the deck "
                      "is empty the row gets shorter."),
    ("Missed deadlines and resigning", "A player who misses the deadline (when the host set one) is skipped "
                                       "for that turn; a skip is not a pass, so it never counts towards the "
                                       "end by passing. A player who resigns is skipped from then on, keeps "
                                       "their pieces and nobles on the board, and ranks last; a pass they "
                                       "made no longer counts."),
]

ALCAZAR_SIMPLIFICATIONS: list[Section] = [
    ("Which flag", "The rulebook lets the player choose the flag; it changes nothing in play, so a new "
                   "castle simply takes the lowest-numbered free flag."),
    ("Two castles join", "The rulebook lets the players settle which flag stays; here the castle with the "
                         "highest value keeps its flag (a tie: the lower flag number) and the others go back "
                         "to the supply. Only the flag's name depends on it."),
]

ALCAZAR_1978_RULES: list[Section] = [
    ("Goal", "Bring your pawn into your opponent's starting square, or leave their pawn with no way to move."),
    ("Setup", "A 4 × 4 board with 8 walls. Red starts on a4 and moves first, Green on d1; each castle is "
              "walled in by four walls."),
    ("Your turn", "Either **move your pawn** one square (not diagonally, not through a wall, not onto the "
                  "other pawn), or **turn a wall** 1–3 quarter turns around one of its end towers. A turning "
                  "wall may not sweep over a pawn or pass through another wall. At the edge of the board a "
                  "wall may swing through the space outside it, but it ends between two towers of the board."),
    ("Limits", "You may not turn the wall your opponent just turned. Your pawn must leave its starting "
               "square by your third turn (if it can, it must then) and may never go back there."),
    ("End", "You win when your pawn enters the opponent's starting square, or when after your move their "
            "pawn is immobilized. You may resign, or agree a draw (`/alcazar draw`). House rule (on unless "
            "the host turns it off with the `threefold` option of `/alcazar new` or `/alcazar settings`): the third "
            "repetition of a position is a draw."),
    ("Notation", "`a4-b4` moves a pawn; `w3 B3 ccw1` turns wall 3 a quarter turn counter-clockwise around "
                 "tower B3 (cw/ccw, 1–3)."),
]

ALCAZAR_1978_READINGS: list[Section] = [
    ("Walling in your own pawn", "You may, and you do not lose by it: the winning move must be the "
                                 "opponent's. Your opponent then wins with any move that leaves your pawn "
                                 "walled in."),
    ("On the starting square", "A pawn still on its starting square is never immobilized."),
    ("The way back home", "The ban on re-entering your starting square does not close a side: a pawn whose "
                          "only open side leads home cannot step there, but it is not immobilized."),
    ("Passing", "`pass` only when you have no legal move at all."),
    ("Missed deadlines and resigning", "When the host set a deadline, a player who misses it loses the game, "
                                       "as does a player who resigns."),
]

RULES: dict[str, tuple[str, list[Section], list[Section], list[Section]]] = {
    "alcazar": ("Alcazar (2009)", ALCAZAR_RULES, ALCAZAR_READINGS, ALCAZAR_SIMPLIFICATIONS),
    "alcazar1978": ("Alcazar (1978)", ALCAZAR_1978_RULES, ALCAZAR_1978_READINGS, []),
}

READINGS_TITLE = "How this bot reads unclear rules"


def _embed(title: str, sections: list[Section]) -> discord.Embed:
    embed = discord.Embed(title=title, colour=COLOUR)
    for name, text in sections:
        embed.add_field(name=name, value=text, inline=False)
    return embed


def rules_embeds(kind: str) -> list[discord.Embed]:
    """The rules of one game (``alcazar`` or ``alcazar1978``) in brief, then this bot's readings."""
    title, rules, readings, simplified = RULES[kind]
    brief = _embed(f"{title}: rules in brief", rules)
    unclear = _embed(f"{READINGS_TITLE}: {title}", readings)
    for name, text in simplified:
        unclear.add_field(name=f"{name} (simplified)", value=text, inline=False)
    unclear.set_footer(text="Play your move with /alcazar move or the Take my turn button; /alcazar help lists "
                            "every command.")
    return [brief, unclear]
