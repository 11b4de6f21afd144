"""The permissions the bot needs, its invite link, and what it may do in a channel.

The bot's permissions in a channel are worked out the way Discord does
(https://discord.com/developers/docs/topics/permissions): the server's owner
and an administrator may do everything; otherwise @everyone's permissions and
those of the member's roles, then the channel's overwrites in order: the one
for @everyone, those of the member's roles together, the member's own. A
thread has no overwrites: it takes its parent channel's.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

import discord

#: What the bot is invited with (README.md, .env.example and SETUP_HELP list them), in that order.
NEEDED = (
    "view_channel", "send_messages", "send_messages_in_threads", "create_public_threads",
    "embed_links", "attach_files", "read_message_history", "use_application_commands",
)
SCOPES = ("bot", "applications.commands")
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"

EVERYTHING = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value
VIEW_CHANNEL = discord.Permissions(view_channel=True).value

#: Discord's names where title case gets them wrong.
_DISPLAY = {"send_messages_in_threads": "Send Messages in Threads"}

#: Not needed in a channel with a game: members use the commands; in a thread Discord
#: asks for Send Messages in Threads instead of Send Messages, and threads are made in the parent.
_NOT_FOR_CHANNELS = frozenset({"use_application_commands"})
_NOT_FOR_THREADS = _NOT_FOR_CHANNELS | {"send_messages", "create_public_threads"}


def invite_permissions() -> discord.Permissions:
    """The permissions of the invite link: ``NEEDED``."""
    return discord.Permissions(**{name: True for name in NEEDED})


def invite_link(application_id: int) -> str:
    """The link that adds the bot to a server with its scopes and permissions."""
    query = urlencode({"client_id": application_id, "scope": " ".join(SCOPES),
                       "permissions": invite_permissions().value})
    return f"{AUTHORIZE_URL}?{query}"


def display_name(permission: str) -> str:
    """A permission as the Discord client names it: ``attach_files`` → "Attach Files"."""
    return _DISPLAY.get(permission) or permission.replace("_", " ").title()


def base_permissions(*, user_id: int, owner_id: int, guild_id: int,
                     roles: Mapping[int, int], member_roles: Iterable[int]) -> int:
    """What a member may do in the server as a whole; ``roles`` maps role ids to their permissions."""
    if user_id == owner_id:
        return EVERYTHING
    permissions = roles.get(guild_id, 0)          # @everyone's role has the server's id
    for role_id in member_roles:
        permissions |= roles.get(role_id, 0)
    return EVERYTHING if permissions & ADMINISTRATOR else permissions


def channel_permissions(base: int, overwrites: Sequence[Mapping[str, Any]], *, user_id: int, guild_id: int,
                        member_roles: Iterable[int]) -> int:
    """What a member with ``base`` may do in a channel with these overwrites (Discord's payloads)."""
    if base & ADMINISTRATOR:
        return EVERYTHING
    by_id = {int(overwrite["id"]): overwrite for overwrite in overwrites}
    permissions = _apply(base, [by_id[guild_id]] if guild_id in by_id else [])
    permissions = _apply(permissions, [by_id[role] for role in member_roles if role in by_id and role != guild_id])
    member = by_id.get(user_id)
    if member is not None and int(member.get("type", 1)) == 1:
        permissions = _apply(permissions, [member])
    return permissions


def _apply(permissions: int, overwrites: Sequence[Mapping[str, Any]]) -> int:
    """Overwrites applied together: their denials first, then what they allow."""
    deny = allow = 0
    for overwrite in overwrites:
        deny |= int(overwrite["deny"])
        allow |= int(overwrite["allow"])
    return (permissions & ~deny) | allow


def lacking(permissions: int, *, in_thread: bool) -> list[str]:
    """The needed permissions (as the Discord client names them) missing from ``permissions``.

    Without View Channel nothing else counts: the bot does not see the channel at all.
    """
    if not permissions & VIEW_CHANNEL:
        return [display_name("view_channel")]
    skipped = _NOT_FOR_THREADS if in_thread else _NOT_FOR_CHANNELS
    have = discord.Permissions(permissions)
    return [display_name(name) for name in NEEDED if name not in skipped and not getattr(have, name)]
