"""The Discord layer: slash commands, buttons, DMs and reminders, kept thin.

It parses an interaction, calls the game service (``bot.service``) and turns
the answer into messages. Nothing here decides a rule or writes SQL.

    bot = AlcazarBot(load_settings())
    await bot.start(settings.discord_token)

Modules:
    client      the bot: resources wired in ``setup_hook``, command sync
    commands    the ``/alcazar`` command group
    buttons     ``DynamicItem`` buttons carrying a game id and version
    chooser     the guided "Take my turn" chooser (pure grouping of legal moves)
    announce    channel messages after moves, DMs of hands, closed-DM notes
    reminders   the loop that reminds slow players and applies deadlines
    replies     answering an interaction; the one error handler
    texts       help and rules summaries, message wording and Discord limits
"""
from __future__ import annotations

from bot.discord.client import AlcazarBot

__all__ = ["AlcazarBot"]
