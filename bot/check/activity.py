"""Activity mode (the board inside Discord): is everything it needs in place?

Only looked at when the host set ``DISCORD_CLIENT_SECRET``: the web board's
address (``WEB_URL``, which Discord's proxy reaches over HTTPS only), the
secret itself (Discord grants the application a ``client_credentials`` token
with it, scope ``identify``, and nothing else), and Activities enabled in the
developer portal (then Discord has added the application's Entry Point
command). The secret is never printed.
"""
from __future__ import annotations

import asyncio
import base64
from collections.abc import Mapping, Sequence
from typing import Any

import aiohttp
import discord.http

from bot.check.findings import Finding, fine, to_fix
from bot.config import Settings
from bot.discord.client import PRIMARY_ENTRY_POINT

#: How long the token endpoint may take to answer.
ASK_SECONDS = 10.0

PORTAL = "https://discord.com/developers/applications"
SECRET_FIX = (f"open {PORTAL}, your application -> OAuth2 -> Reset Secret, and put the new secret in .env: "
              "DISCORD_CLIENT_SECRET=the-new-secret.")
ENABLE_FIX = (f"open {PORTAL}, your application -> Activities -> Settings, and enable Activities; add the URL "
              "mapping to WEB_URL's host as the README says, then run the check again.")


def activity_findings_needed(settings: Settings) -> bool:
    """Whether the check says anything of Activity mode: the host set the client secret."""
    return settings.discord_client_secret is not None


def web_url_finding(settings: Settings) -> Finding:
    """The page Discord opens inside itself: WEB_URL, with HTTPS."""
    if settings.web_url is None:
        return to_fix("Activity mode: DISCORD_CLIENT_SECRET is set but WEB_URL is not, so there is no board to "
                      "open inside Discord.",
                      "set WEB_URL to the web board's public https address (README, \"The web board\"), or "
                      "remove DISCORD_CLIENT_SECRET from .env for no Activity.")
    if not settings.web_url.startswith("https://"):
        return to_fix(f"Activity mode: WEB_URL is {settings.web_url}, but Discord reaches an Activity's page over "
                      "HTTPS only.",
                      "serve the web board with HTTPS through the reverse proxy (README, \"The web board\") and set "
                      "WEB_URL=https://… in .env.")
    return fine(f"Activity mode: the board opens inside Discord from {settings.web_url}.")


async def secret_finding(settings: Settings, application_id: int) -> Finding:
    """Does Discord take the client secret? A ``client_credentials`` grant (scope identify) says so."""
    url = f"{settings.oauth_base_url}/oauth2/token"
    # HTTP Basic: the application's id and its secret, as Discord documents the client credentials grant.
    credentials = base64.b64encode(f"{application_id}:{settings.discord_client_secret or ''}".encode()).decode()
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=ASK_SECONDS)) as session:
            async with session.post(url, data={"grant_type": "client_credentials", "scope": "identify"},
                                    headers={"Authorization": f"Basic {credentials}"}) as response:
                status = response.status
                answer = await _json(response)
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        return to_fix(f"Activity mode: cannot reach {url} to try DISCORD_CLIENT_SECRET ({type(error).__name__}).",
                      "check the network, and DISCORD_API_BASE_URL in .env if it is set.")
    if status == 200:
        return fine(f"Activity mode: Discord accepts DISCORD_CLIENT_SECRET for application {application_id}.")
    if status in (400, 401):
        reason = answer.get("error") if isinstance(answer, Mapping) else None
        return to_fix(f"Activity mode: Discord refused DISCORD_CLIENT_SECRET ({status} {reason or 'no reason given'}).",
                      SECRET_FIX)
    return to_fix(f"Activity mode: Discord answered {status} when asked to try DISCORD_CLIENT_SECRET.",
                  "try again in a while; https://discordstatus.com says whether Discord is down.")


def entry_point_finding(commands: Sequence[Mapping[str, Any]]) -> Finding:
    """Activities enabled in the portal: Discord then keeps an Entry Point command among the global commands."""
    entry_point = next((command for command in commands if command.get("type") == PRIMARY_ENTRY_POINT), None)
    if entry_point is None:
        return to_fix("Activity mode: Activities are not enabled for the application (Discord has not added its "
                      "Entry Point command), so Discord will not open the board inside itself.", ENABLE_FIX)
    return fine(f"Activity mode: Activities are enabled (the Entry Point command \"{entry_point.get('name')}\" "
                "is there, and the bot keeps it when it registers /alcazar).")


async def check_activity(settings: Settings, http: discord.http.HTTPClient, application_id: int) -> list[Finding]:
    """Every Activity-mode finding, or none when the host has not asked for Activity mode."""
    if not activity_findings_needed(settings):
        return []
    commands = await http.get_global_commands(application_id)
    return [web_url_finding(settings), await secret_finding(settings, application_id),
            entry_point_finding(commands)]


async def _json(response: aiohttp.ClientResponse) -> Any:
    try:
        return await response.json(content_type=None)
    except ValueError:
        return None
