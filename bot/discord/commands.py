"""The ``/alcazar`` command group: each command parses its options and hands over."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.replies import send
from bot.discord.rules_text import rules_embed
from bot.discord.texts import help_embed

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

GAME_CHOICES = [
    app_commands.Choice(name="Alcazar (2009, 2–5 players)", value="alcazar"),
    app_commands.Choice(name="Alcazar (1978, 2 players)", value="alcazar1978"),
]


class AlcazarCommands(app_commands.Group):
    """Play Alcazar (2009) or Alcazar (1978) in this channel."""

    def __init__(self, bot: AlcazarBot) -> None:
        super().__init__(name="alcazar", description="Play Alcazar (2009) or Alcazar (1978) in this channel")
        self.bot = bot

    @app_commands.command(name="help", description="How to play Alcazar here: the commands in brief")
    async def help(self, interaction: discord.Interaction) -> None:
        await send(interaction, embed=help_embed(), ephemeral=True)

    @app_commands.command(name="rules", description="A short summary of the rules of the game in this channel")
    @app_commands.describe(game="Which game's rules (default: the game in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        kind = game.value if game is not None else await self._kind_in_channel(interaction)
        if kind is None:
            embeds = [rules_embed("alcazar"), rules_embed("alcazar1978")]
            await send(interaction, "No game is running here, so here are both:", embeds=embeds, ephemeral=True)
            return
        await send(interaction, embed=rules_embed(kind), ephemeral=True)

    async def _kind_in_channel(self, interaction: discord.Interaction) -> str | None:
        if self.bot.games is None or interaction.channel_id is None:
            return None
        game = await self.bot.games.live_in_channel(interaction.channel_id)
        return None if game is None else game.kind
