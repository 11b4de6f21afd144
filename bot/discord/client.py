"""The bot: a ``discord.Client`` whose resources are wired in ``setup_hook``.

Follows discord.py's ``examples/advanced_startup.py``: the database, the game
service, the command group, the persistent buttons and the reminder loop are
created once after login and released in ``close``.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord.endpoints import apply_endpoints
from bot.discord.replies import answer_failure

log = logging.getLogger(__name__)


class AlcazarBot(discord.Client):
    """The Alcazar bot. ``client_options`` go to ``discord.Client`` (tests shorten timeouts)."""

    def __init__(self, settings: Settings, *, clock: Any = None, **client_options: Any) -> None:
        apply_endpoints(settings.api_base_url, settings.gateway_url)
        # Default intents only: the bot reads interactions, never message content or member lists.
        super().__init__(intents=discord.Intents.default(), **client_options)
        self.settings = settings
        self.clock = clock
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = answer_failure  # type: ignore[assignment]
        self.games: Any = None   # the GameTable (Discord-side view of the service), set in setup_hook

    async def setup_hook(self) -> None:
        from bot.discord.commands import AlcazarCommands

        self.tree.add_command(AlcazarCommands(self))
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Register ``/alcazar`` with Discord: in the dev guild at once when one is set, else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("Synced %d command(s)%s", len(synced), "" if guild_id is None else f" to guild {guild_id}")
