"""What a start that fails says: one line naming what to do, and the exit code, never a traceback.

``python -m bot`` (``manage.py run``) hands every exception that ends its start
to ``explain``. The exit codes follow ``manage.py check`` and the supervisor:
2 for a setting the host must fix (the supervisor then stops and says so), 1
for something that may pass by itself (the network, the database server), so
that a supervisor or a service manager starts the bot again.
"""
from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass

import aiohttp
import discord

from bot.config import Settings
from bot.discord.client import CommandSyncRefused
from bot.discord.monitor import MonitorUnavailable
from bot.edges import WebBoardUnavailable
from bot.store.lockfile import DatabaseInUse
from bot.store.postgres import DatabaseUnavailable

#: A setting to fix: starting again as it is cannot help.
SETTING = 2
#: Something that may pass by itself: start again later.
PASSING = 1

CHECK = "python3 manage.py check says more"


@dataclass(frozen=True)
class Explained:
    """The one line the host reads, and the process's exit code."""

    line: str
    exit_code: int


def one_line(text: object) -> str:
    """``text`` on one line: a library's message may run over several (psycopg's does)."""
    return " ".join(str(text).split())


def explain(error: BaseException, settings: Settings) -> Explained | None:
    """The line and exit code for a start that ended in ``error``; None for a failure nobody foresaw."""
    if isinstance(error, MonitorUnavailable):
        return Explained(f"Cannot serve /healthz and /metrics on {error.host}:{error.port} ({error.reason}). "
                         "Choose another METRICS_PORT or METRICS_HOST, or leave METRICS_PORT unset.", SETTING)
    if isinstance(error, WebBoardUnavailable):
        return Explained(f"Cannot serve the web board on {error.host}:{error.port} ({error.reason}). "
                         "Choose another WEB_PORT or WEB_HOST (and point the reverse proxy there), "
                         "or leave WEB_URL unset.", SETTING)
    if isinstance(error, discord.LoginFailure):
        return Explained("Discord refused the token in DISCORD_TOKEN. Copy it again from the developer portal "
                         "(your application -> Bot -> Reset Token) into .env.", SETTING)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return Explained("Discord refused the connection over intents; the bot needs none of the privileged "
                         "ones: turn them off in the developer portal (Bot -> Privileged Gateway Intents).", SETTING)
    if isinstance(error, CommandSyncRefused):
        return _sync_refused(error)
    if isinstance(error, (DatabaseUnavailable, DatabaseInUse)):
        return Explained(f"{one_line(error)} Check DATABASE_URL and that the database server runs; {CHECK}.",
                         PASSING)
    if isinstance(error, (aiohttp.ClientError, asyncio.TimeoutError)):
        return Explained(f"Cannot reach Discord at {discord.http.Route.BASE} ({one_line(error) or type(error).__name__})."
                         f" Check the network, and DISCORD_API_BASE_URL in .env if it is set; {CHECK}.", PASSING)
    if isinstance(error, discord.HTTPException):
        return Explained(f"Discord answered {error.status} ({one_line(error.text) or 'no reason given'}). Try again in "
                         "a while; https://discordstatus.com says whether Discord is down.", PASSING)
    if isinstance(error, (sqlite3.Error, OSError)) and settings.database_url is None:
        return Explained(f"Cannot open the database file {settings.database_path} ({one_line(error)}). Set "
                         "DATABASE_PATH to a file in a folder the bot may write to.", SETTING)
    return None


def _sync_refused(error: CommandSyncRefused) -> Explained:
    """Discord would not register /alcazar: where, and what the host can do about it."""
    refusal = f"Discord refused to register /alcazar ({error.status} {one_line(error.text) or 'no reason given'})"
    if error.guild_id is not None and error.status in (403, 404):
        return Explained(f"{refusal} in the server DEV_GUILD_ID={error.guild_id}. Invite the bot there with the link "
                         f"python3 manage.py check prints (it asks for the applications.commands scope), or "
                         "unset DEV_GUILD_ID to register the command everywhere.", SETTING)
    if error.status == 400:
        return Explained(f"{refusal}. The command's definition breaks one of Discord's limits: a fault of this "
                         "version of the bot; report it with this line.", SETTING)
    return Explained(f"{refusal}. Try again in a while; https://discordstatus.com says whether Discord is down.",
                     PASSING)
