"""The Discord layer: slash commands, buttons, DMs and reminders, kept thin.

It parses an interaction, calls the game service (``bot.service``) and turns
the answer into messages. Nothing here decides a rule or writes SQL.

    bot = AlcazarBot(load_settings())
    await bot.start(settings.discord_token)

Modules, from the top down: a module imports only modules below it (a test
checks that the layer has no circles, also through imports inside functions).
    client      the bot: resources wired in ``setup_hook`` (the table among them), command sync
    monitor     ``/healthz`` and ``/metrics`` for the host; Discord's HTTP answers counted
    about       an interaction's guild, user and command as its log lines' context
    commands    the ``/alcazar`` command group
    board       the buttons under a board: "Take my turn" and "My hand"
    guided      the "Take my turn" chooser's messages and buttons
    lobby       opening a game, joining, starting, cancelling, settings, adding computers
    votes       questions to the table: undo and draw by agreement
    reminders   the loop that reminds slow players and applies deadlines
    computers   running computer players' turns in the background
    turns       moves, autocomplete, hand, board, resigning
    archive     history, game records, replays
    stats       leaderboards and a player's record
    players     a player across servers: games, away, quiet hours
    announce    channel messages after changes, hands by DM
    hands       each player's hand DM, edited in place
    context     the game an interaction is about; permission and freshness checks
    table       what every flow is given in place of the client: the service, posting, names,
                languages, metrics, the computer turns and the board's buttons
    buttons     what the persistent buttons share: ids, the confirmation's shape
    chooser     the chooser's move tree (pure grouping of legal moves)
    standings   the words under a board and the results; whose turn it is
    player_texts  wording of games lists, time away, ratings, records
    images      renderer calls in the worker processes (boards, hands, results)
    once        nonces that make Discord create an event's message once
    replies     answering an interaction; the one error handler
    translator  command descriptions in each user's language
    texts, style  help, Discord limits, one style for numbers
    rules_text  the rules summaries and this bot's readings of unclear rules
    endpoints   Discord's base URLs, or proxies in front of it
"""
from __future__ import annotations

from bot.discord.client import AlcazarBot

__all__ = ["AlcazarBot"]
