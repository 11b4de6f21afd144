"""The bot's account on Discord: its token, its invite link, the servers it is in."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord.http

from bot.check.findings import Finding, fine, to_fix
from bot.check.permissions import SCOPES, invite_link, invite_permissions

#: Discord's largest page of ``GET /users/@me/guilds``.
GUILD_PAGE = 200
#: Servers named one by one; a bot in more is summed up.
NAMED_SERVERS = 25

TOKEN_REFUSED_FIX = ("open https://discord.com/developers/applications, your application -> Bot -> Reset Token, "
                     "and put the new token in .env: DISCORD_TOKEN=the-new-token (see .env.example).")


async def log_in(http: discord.http.HTTPClient, token: str) -> tuple[Finding, Mapping[str, Any] | None]:
    """The token's finding, and the bot's user when Discord accepts the token."""
    try:
        user: Mapping[str, Any] = await http.static_login(token)
    except discord.LoginFailure:
        return to_fix("Token: Discord refused DISCORD_TOKEN (401 Unauthorized).", TOKEN_REFUSED_FIX), None
    return fine(f"Token: valid; the bot is {user['username']} (id {user['id']})."), user


def invite(application: Mapping[str, Any]) -> Finding:
    """The invite link with the bot's scopes and permissions (``application``: Discord's application object)."""
    return fine(f"Invite link (application {application['id']}, scopes {' '.join(SCOPES)}, "
                f"permissions {invite_permissions().value}): {invite_link(int(application['id']))}")


async def servers_of(http: discord.http.HTTPClient) -> list[Mapping[str, Any]]:
    """Every server the bot is in, page by page."""
    found: list[Mapping[str, Any]] = []
    after: int | None = None
    while True:
        page = await http.get_guilds(GUILD_PAGE, after=after, with_counts=False)
        found.extend(page)
        if len(page) < GUILD_PAGE:
            return found
        after = int(page[-1]["id"])


def servers(guilds: Sequence[Mapping[str, Any]]) -> Finding:
    """Which servers the bot is in; none is something to fix."""
    if not guilds:
        return to_fix("Servers: none.", "invite the bot with the link above.")
    named = ", ".join(f"{guild['name']} (id {guild['id']})" for guild in guilds[:NAMED_SERVERS])
    more = f" and {len(guilds) - NAMED_SERVERS} more" if len(guilds) > NAMED_SERVERS else ""
    count = "1 server" if len(guilds) == 1 else f"{len(guilds)} servers"
    return fine(f"Servers: the bot is in {count}: {named}{more}.")
