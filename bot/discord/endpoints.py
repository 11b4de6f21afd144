"""Pointing discord.py at Discord, or at proxies in front of it.

discord.py reads every REST URL from ``discord.http.Route.BASE`` (interaction
callbacks and webhooks included) and the gateway from
``DiscordWebSocket.DEFAULT_GATEWAY``. Large bots put proxies there; the tests
put a fake Discord there.
"""
from __future__ import annotations

import discord
import discord.http
import yarl
from discord.gateway import DiscordWebSocket

from bot.config import DISCORD_API_BASE

DISCORD_GATEWAY = "wss://gateway.discord.gg/"


def apply_endpoints(api_base_url: str | None, gateway_url: str | None) -> None:
    """Use these base URLs (``None``: Discord's own) for every client in this process."""
    discord.http.Route.BASE = api_base_url or DISCORD_API_BASE
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url or DISCORD_GATEWAY)
