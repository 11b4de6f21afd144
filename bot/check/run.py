"""The whole check: the token, the invite link, the servers, the channels with games, Activity mode, the database."""
from __future__ import annotations

import asyncio

import aiohttp
import discord.http

from bot.check.account import invite, log_in, servers, servers_of
from bot.check.activity import check_activity
from bot.check.channels import check_channels
from bot.check.database import check_database
from bot.check.findings import Finding, to_fix
from bot.config import Settings
from bot.discord.endpoints import apply_endpoints
from bot.store.survey import LiveGame


async def check(settings: Settings) -> list[Finding]:
    """Every finding, in the order the host fixes them: Discord first, the database last."""
    database, games = await check_database(settings)
    apply_endpoints(settings.api_base_url, settings.gateway_url)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        found = await _on_discord(http, settings, games)
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        found = [to_fix(f"Discord: cannot reach {discord.http.Route.BASE} ({type(error).__name__}: {error}).",
                        "check the network, and DISCORD_API_BASE_URL in .env if it is set.")]
    except discord.HTTPException as error:
        found = [to_fix(f"Discord answered {error.status} ({error.text or 'no reason given'}).",
                        "try again in a while; https://discordstatus.com says whether Discord is down.")]
    finally:
        await http.close()
    return found + [database]


async def _on_discord(http: discord.http.HTTPClient, settings: Settings,
                      games: tuple[LiveGame, ...] | None) -> list[Finding]:
    token_line, user = await log_in(http, settings.discord_token)
    if user is None:
        return [token_line, to_fix("Invite link, servers and channels: not looked at without a valid token.")]
    application = await http.application_info()
    found = [token_line, invite(application)]
    guilds = await servers_of(http)
    found.append(servers(guilds))
    if games is None:
        found.append(to_fix("Channels: not looked at, the database's games could not be read (see below)."))
    else:
        found.extend(await check_channels(http, int(user["id"]), games, guilds))
    found.extend(await check_activity(settings, http, int(application["id"])))
    return found
