"""Wording shown to users that does not depend on a game: help, and Discord's limits."""
from __future__ import annotations

import discord

#: Discord's limits (https://discord.com/developers/docs/resources/message).
CONTENT_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_VALUE_LIMIT = 1024
OPTIONS_LIMIT = 25
CHOICE_NAME_LIMIT = 100
CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_TEXT_LIMIT = 100

COLOUR = discord.Colour(0xB5562B)   # terracotta, like the walls of an alcázar


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


HELP_COMMANDS = [
    ("/alcazar new", "Open a game in this channel (Alcazar or Alcazar 1978). Friends join with the button."),
    ("/alcazar join · leave · start · cancel", "The lobby's buttons, as commands."),
    ("Add computer", "The host seats a computer player (easy, normal or hard); or `/alcazar new computers:2`. "
                     "Play alone against computers, or fill a table."),
    ("/alcazar move", "Play your move: start typing and pick one of your legal moves, or type it in notation."),
    ("Take my turn", "The button under the board: choose your move step by step."),
    ("/alcazar hand", "Your secret hand, money and nobles, and what you can do now (only you see it)."),
    ("/alcazar board", "The current board and whose turn it is."),
    ("/alcazar history", "The last moves in words."),
    ("/alcazar undo", "Ask the other players to take back your last move."),
    ("/alcazar draw", "Alcazar (1978): offer your opponent a draw; they accept or decline with a button."),
    ("/alcazar resign", "Leave the game (in Alcazar the others play on)."),
    ("/alcazar settings", "Host only: reminders, the turn deadline, a computer standing in for late or "
                          "resigning players, and (1978, before the start) the threefold repetition house rule."),
    ("/alcazar rules", "A short summary of the rules of the game in this channel."),
]


def help_embed() -> discord.Embed:
    """The answer to ``/alcazar help``."""
    embed = discord.Embed(
        title="Alcazar: how to play here",
        colour=COLOUR,
        description=(
            "Play **Alcazar** (2009, 2–5 players, build castles with a secret hand of cards) or "
            "**Alcazar (1978)** (2 players, pawns and turning walls) at your own pace. One game per "
            "channel or thread; after every move I post the board and mention whose turn it is. "
            "Your hand is only ever shown to you: in a DM, or with `/alcazar hand`."
        ),
    )
    for name, what in HELP_COMMANDS:
        embed.add_field(name=name, value=what, inline=False)
    embed.set_footer(text="Tip: moves can also be typed, e.g. `castle 8 7-9 + grande 8` or `a4-b4`.")
    return embed
