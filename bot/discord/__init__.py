"""The Discord layer: slash commands, buttons, DMs and reminders, kept thin.

It parses an interaction, calls the game service (``bot.service``) and turns
the answer into messages. Nothing here decides a rule or writes SQL.

    bot = AlcazarBot(load_settings())
    await bot.start(settings.discord_token)

Modules:
    client      the bot: resources wired in ``setup_hook``, command sync
    commands    the ``/alcazar`` command group
    context     the game an interaction is about; permission and freshness checks
    lobby       opening a game, joining, starting, cancelling, settings
    turns       moves, autocomplete, hand, board, history, resigning
    guided      the "Take my turn" chooser's messages
    chooser     the chooser's move tree (pure grouping of legal moves)
    votes       questions to the table: undo and draw by agreement
    buttons     ``DynamicItem`` buttons carrying a game id and version
    announce    channel messages after changes, hands by DM, closed-DM notes
    images      renderer calls in the worker processes (boards, hands, results)
    reminders   the loop that reminds slow players and applies deadlines
    replies     answering an interaction; the one error handler
    texts       help, message wording and Discord limits
    rules_text  the rules summaries and this bot's readings of unclear rules
    endpoints   Discord's base URLs, or proxies in front of it
"""
from __future__ import annotations

from bot.discord.client import AlcazarBot

__all__ = ["AlcazarBot"]
