"""Wording shown to users that does not depend on a game: help, and Discord's limits."""
from __future__ import annotations

import discord

from bot.i18n import t

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


#: ``/alcazar help``: each command (or button) and the message id that explains it.
HELP_COMMANDS = [
    ("/alcazar new", "help.new"),
    ("/alcazar join · leave · start · cancel", "help.lobby"),
    ("help.add_computer_button", "help.add_computer"),
    ("/alcazar move", "help.move"),
    ("help.take_turn_button", "help.take_turn"),
    ("/alcazar hand", "help.hand"),
    ("/alcazar board", "help.board"),
    ("/alcazar links end", "help.links"),
    ("/alcazar history · record · replay", "help.history"),
    ("/alcazar games", "help.games"),
    ("/alcazar away · quiet", "help.away"),
    ("/alcazar stats", "help.stats"),
    ("/alcazar undo", "help.undo"),
    ("/alcazar draw", "help.draw"),
    ("/alcazar resign", "help.resign"),
    ("/alcazar settings", "help.settings"),
    ("help.options_title", "help.options"),
    ("/alcazar tournament new · join · leave · start · cancel · standings · withdraw", "help.tournament"),
    ("/alcazar rules · help", "help.rules"),
]


def help_embed(lang: str = "en") -> discord.Embed:
    """The answer to ``/alcazar help``, in ``lang``."""
    embed = discord.Embed(title=t(lang, "help.title"), colour=COLOUR, description=t(lang, "help.description"))
    for name, what in HELP_COMMANDS:
        embed.add_field(name=t(lang, name) if name.startswith("help.") else name, value=t(lang, what), inline=False)
    embed.set_footer(text=t(lang, "help.footer"))
    return embed

