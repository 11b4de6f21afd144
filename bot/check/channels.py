"""The channels and threads with a live game: may the bot still do there what the game needs?"""
from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord.http

from bot.check.findings import Finding, fine, to_fix
from bot.check.permissions import base_permissions, channel_permissions, lacking
from bot.store.survey import LiveGame

#: How many servers are looked at at once.
SERVERS_AT_ONCE = 8
#: Discord's channel types for threads (announcement, public, private).
THREAD_TYPES = frozenset({10, 11, 12})


@dataclass(frozen=True)
class Server:
    """What the bot is in one server: its roles there, and what they let it do."""

    id: int
    name: str
    bot_id: int
    bot_roles: tuple[int, ...]
    base: int               # the bot's permissions in the server, before any channel's overwrites
    bot_role_name: str      # the role Discord made for the bot when it was invited, for the fix


async def check_channels(http: discord.http.HTTPClient, bot_id: int, games: Sequence[LiveGame],
                         guilds: Sequence[Mapping[str, Any]]) -> list[Finding]:
    """A ✗ for each channel with a live game where the bot lacks something, a ✓ for the rest together."""
    if not games:
        return [fine("Channels: no live games, so no channel to look at.")]
    names = {int(guild["id"]): str(guild["name"]) for guild in guilds}
    by_server: dict[int, list[LiveGame]] = {}
    for game in games:
        by_server.setdefault(game.guild_id, []).append(game)
    # Servers are looked at side by side (discord.py keeps to the rate limits); findings stay in order.
    gate = asyncio.Semaphore(SERVERS_AT_ONCE)
    looked = await asyncio.gather(*(_server_channels(http, gate, guild_id, names.get(guild_id), bot_id, games_there)
                                    for guild_id, games_there in by_server.items()))
    well = sum(count for count, _ in looked)
    problems = [problem for _, found in looked for problem in found]
    summary = [fine(f"Channels: the bot may do all a game needs in {_count(well)} with a live game.")] if well else []
    return summary + problems


async def _server_channels(http: discord.http.HTTPClient, gate: asyncio.Semaphore, guild_id: int, name: str | None,
                           bot_id: int, games: Sequence[LiveGame]) -> tuple[int, list[Finding]]:
    """How many of a server's channels with a game are fine, and the problems of the others."""
    async with gate:
        server = await _server(http, guild_id, name, bot_id) if name is not None else None
        if server is None:
            return 0, [_left_server(guild_id, games)]
        channels = _Channels(http)
        problems = [problem for game in games if (problem := await _channel_problem(channels, server, game))]
        return len(games) - len(problems), problems   # a channel has one live game at most


def _count(channels: int) -> str:
    return "1 channel or thread" if channels == 1 else f"{channels} channels and threads"


async def _server(http: discord.http.HTTPClient, guild_id: int, name: str, bot_id: int) -> Server | None:
    """The bot's standing in a server; None when it is not in it (any more)."""
    try:
        guild = await http.get_guild(guild_id, with_counts=False)
        member = await http.get_member(guild_id, bot_id)
    except (discord.Forbidden, discord.NotFound):
        return None
    roles = {int(role["id"]): int(role["permissions"]) for role in guild["roles"]}
    bot_roles = tuple(int(role) for role in member["roles"])
    own_role = next((str(role["name"]) for role in guild["roles"]
                     if str(role.get("tags", {}).get("bot_id")) == str(bot_id)), None)
    return Server(guild_id, name, bot_id, bot_roles,
                  base_permissions(user_id=bot_id, owner_id=int(guild["owner_id"]), guild_id=guild_id,
                                   roles=roles, member_roles=bot_roles),
                  f'the bot\'s role "{own_role}"' if own_role else "the bot's role")


class _Channels:
    """Channels of one server as Discord returns them, each asked for once (a thread's parent is shared)."""

    def __init__(self, http: discord.http.HTTPClient) -> None:
        self._http = http
        self._seen: dict[int, Mapping[str, Any]] = {}

    async def get(self, channel_id: int) -> Mapping[str, Any]:
        if channel_id not in self._seen:
            self._seen[channel_id] = await self._http.get_channel(channel_id)
        return self._seen[channel_id]


async def _channel_problem(channels: _Channels, server: Server, game: LiveGame) -> Finding | None:
    """What the bot lacks where ``game`` is played, or None when it has it all."""
    where = f"Channel {game.channel_id} in {server.name} ({_game(game)})"
    try:
        channel = await channels.get(game.channel_id)
        in_thread = int(channel["type"]) in THREAD_TYPES
        permission_source = await channels.get(int(channel["parent_id"])) if in_thread else channel
    except discord.NotFound:
        return to_fix(f"{where}: deleted, so the game cannot go on.",
                      "none, unless the channel was deleted by mistake: the game stays unfinished.")
    except discord.Forbidden:
        return to_fix(f"{where}: the bot can no longer see it, so the game cannot go on.",
                      f"in that channel's settings (Edit Channel -> Permissions), allow View Channel for "
                      f"{server.bot_role_name}.")
    overwrites = permission_source.get("permission_overwrites") or []
    granted = channel_permissions(server.base, overwrites, user_id=server.bot_id, guild_id=server.id,
                                  member_roles=server.bot_roles)
    missing = lacking(granted, in_thread=in_thread)
    if not missing:
        return None
    return to_fix(f"{_place(channel, permission_source, server, game)}: the bot lacks {_names(missing)}.",
                  _fix(missing, lacking(server.base, in_thread=in_thread), permission_source, server))


def _place(channel: Mapping[str, Any], parent: Mapping[str, Any], server: Server, game: LiveGame) -> str:
    if channel is parent:
        return f"#{channel['name']} in {server.name} (channel {channel['id']}, {_game(game)})"
    return f"Thread \"{channel['name']}\" in #{parent['name']} in {server.name} (thread {channel['id']}, {_game(game)})"


def _fix(missing: Sequence[str], missing_in_server: Sequence[str], source: Mapping[str, Any], server: Server) -> str:
    """Where to allow them: the server's roles for what the bot never had, the channel for what it denies."""
    in_roles = [name for name in missing if name in missing_in_server]
    in_channel = [name for name in missing if name not in missing_in_server]
    steps = []
    if in_roles:
        steps.append(f"in Server Settings -> Roles, allow {_names(in_roles)} for {server.bot_role_name}")
    if in_channel:
        steps.append(f"in the settings of #{source['name']} (Edit Channel -> Permissions), allow {_names(in_channel)} "
                     f"for {server.bot_role_name}: an overwrite there denies {'it' if len(in_channel) == 1 else 'them'}")
    return "; and ".join(steps) + "."


def _left_server(guild_id: int, games: Sequence[LiveGame]) -> Finding:
    return to_fix(f"Server {guild_id}: the bot is not in it any more; {_count_games(games)} there cannot go on.",
                  "invite the bot again with the link above (a server admin does it).")


def _game(game: LiveGame) -> str:
    return f"the lobby of game {game.game_id}" if game.status == "lobby" else f"game {game.game_id}"


def _count_games(games: Sequence[LiveGame]) -> str:
    return "its live game" if len(games) == 1 else f"its {len(games)} live games"


def _names(permissions: Sequence[str]) -> str:
    if len(permissions) == 1:
        return permissions[0]
    return ", ".join(permissions[:-1]) + " and " + permissions[-1]
