"""The fake Discord's world: snowflakes, users, one guild, channels, messages.

Payloads follow the shapes discord.py parses (``discord/types/*.py``), with
the fields it reads unconditionally always present.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

# Permission bits (https://discord.com/developers/docs/topics/permissions).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ADMINISTRATOR = 1 << 3

#: What the bot is granted when invited as the README says.
BOT_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
)
#: What an ordinary member may do.
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS | SEND_MESSAGES_IN_THREADS

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11

EPHEMERAL = 1 << 6
LOADING = 1 << 7


class Snowflakes:
    """Increasing ids that look like Discord's (timestamp in the high bits)."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        millis = int(time.time() * 1000) - 1420070400000
        return (millis << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(timezone.utc).isoformat()


@dataclass
class FakeUser:
    """A person on the fake server; tests act through their methods."""

    id: int
    name: str
    discord: Any = field(repr=False, default=None)   # the FakeDiscord, set on creation
    bot: bool = False
    dms_open: bool = True
    permissions: int = MEMBER_PERMISSIONS
    locale: str = "en-US"       # the language of the user's Discord client, sent with each interaction

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "username": self.name, "global_name": self.name,
            "discriminator": "0", "avatar": None, "bot": self.bot, "public_flags": 0,
        }

    def member_payload(self, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.payload(), "roles": [], "joined_at": iso_now(), "deaf": False,
            "mute": False, "flags": 0, "pending": False, "nick": None, "avatar": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    # The actions a person takes; thin forwards to the fake so tests read naturally.
    async def slash(self, subcommand: str, channel: Channel | None = None, **options: Any) -> Any:
        return await self.discord.slash(self, subcommand, channel=channel, **options)

    async def autocomplete(self, subcommand: str, option: str, typed: str,
                           channel: Channel | None = None) -> list[dict[str, Any]]:
        return await self.discord.autocomplete(self, subcommand, option, typed, channel=channel)

    async def click(self, message: dict[str, Any], label_or_id: str, *, as_seen: bool = False) -> Any:
        return await self.discord.click(self, message, label_or_id, as_seen=as_seen)

    async def select(self, message: dict[str, Any], values: list[str], custom_id: str | None = None) -> Any:
        return await self.discord.select(self, message, values, custom_id=custom_id)


@dataclass
class Channel:
    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    parent_id: int | None = None
    #: what the bot may do here (sent as app_permissions and enforced)
    bot_permissions: int = BOT_PERMISSIONS
    recipient: FakeUser | None = None          # DM channels only
    position: int = 0
    #: the channel's permission overwrites as Discord sends them ({"id", "type": 0 role / 1 member,
    #: "allow", "deny"}); threads have none, they take their parent's
    overwrites: list[dict[str, Any]] = field(default_factory=list)

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    def payload(self) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {"id": str(self.id), "type": DM_CHANNEL, "last_message_id": None,
                    "recipients": [self.recipient.payload()]}
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "name": self.name, "position": self.position,
            "guild_id": str(self.guild_id), "permission_overwrites": list(self.overwrites), "nsfw": False,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "topic": None, "last_message_id": None, "rate_limit_per_user": 0,
        }
        if self.type == PUBLIC_THREAD:
            data.update({
                "owner_id": None, "member_count": 1, "message_count": 0, "flags": 0,
                "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                    "archive_timestamp": iso_now(), "locked": False},
            })
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner: FakeUser
    channels: list[Channel] = field(default_factory=list)
    preferred_locale: str = "en-US"   # the server's language (Server Settings › Community)
    #: the two roles: @everyone (its id is the guild's) and the bot's own, made when it was invited
    everyone_permissions: int = MEMBER_PERMISSIONS
    bot_role_permissions: int = BOT_PERMISSIONS

    @property
    def bot_role_id(self) -> int:
        return self.id + 1

    def roles_payload(self, bot: FakeUser) -> list[dict[str, Any]]:
        everyone = {
            "id": str(self.id), "name": "@everyone", "permissions": str(self.everyone_permissions),
            "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False,
            "flags": 0, "icon": None, "unicode_emoji": None,
        }
        bot_role = dict(everyone, id=str(self.bot_role_id), name="Alcazar", permissions=str(self.bot_role_permissions),
                        position=1, managed=True, tags={"bot_id": str(bot.id)})
        return [everyone, bot_role]

    def member_payload(self, user: FakeUser, bot: FakeUser) -> dict[str, Any]:
        """``user`` as a member of this guild; only the bot has a role beyond @everyone."""
        member = user.member_payload()
        member["roles"] = [str(self.bot_role_id)] if user is bot else []
        return member

    def rest_payload(self, bot: FakeUser) -> dict[str, Any]:
        """The guild as ``GET /guilds/{id}`` answers it: no channels or members, those come with the gateway."""
        return {
            "id": str(self.id), "name": self.name, "icon": None, "owner_id": str(self.owner.id),
            "roles": self.roles_payload(bot), "emojis": [], "stickers": [], "features": [],
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "premium_tier": 0, "preferred_locale": self.preferred_locale, "nsfw_level": 0,
            "system_channel_id": None, "afk_channel_id": None, "afk_timeout": 300, "description": None,
            "banner": None, "splash": None, "discovery_splash": None, "vanity_url_code": None,
            "application_id": None, "max_members": 500000, "premium_subscription_count": 0,
        }

    def partial_payload(self, permissions: int) -> dict[str, Any]:
        """The guild in ``GET /users/@me/guilds``: what the bot may do there, not its roles."""
        return {"id": str(self.id), "name": self.name, "icon": None, "banner": None, "owner": False,
                "permissions": str(permissions), "features": []}

    def payload(self, bot: FakeUser, members: list[FakeUser]) -> dict[str, Any]:
        bot_member = self.member_payload(bot, bot)
        return {
            "id": str(self.id), "name": self.name, "icon": None, "owner_id": str(self.owner.id),
            "unavailable": False, "large": False, "member_count": len(members) + 1,
            "roles": self.roles_payload(bot), "emojis": [], "stickers": [], "features": [],
            "channels": [c.payload() for c in self.channels if c.type == TEXT_CHANNEL],
            "threads": [c.payload() for c in self.channels if c.type == PUBLIC_THREAD],
            "members": [bot_member], "presences": [], "voice_states": [],
            "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
            "preferred_locale": self.preferred_locale, "nsfw_level": 0, "system_channel_id": None,
            "afk_channel_id": None, "afk_timeout": 300, "description": None, "banner": None,
            "splash": None, "discovery_splash": None, "vanity_url_code": None,
            "application_id": None, "max_members": 500000, "premium_subscription_count": 0,
            "joined_at": iso_now(), "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def message_payload(*, message_id: int, channel: Channel, author: FakeUser, body: dict[str, Any],
                    attachments: list[dict[str, Any]], flags: int = 0,
                    interaction_user: FakeUser | None = None) -> dict[str, Any]:
    """A message as Discord returns it after a create or an edit."""
    data: dict[str, Any] = {
        "id": str(message_id), "channel_id": str(channel.id), "author": author.payload(),
        "content": body.get("content") or "", "timestamp": iso_now(), "edited_timestamp": None,
        "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
        "attachments": attachments, "embeds": body.get("embeds") or [], "pinned": False,
        "type": 0 if interaction_user is None else 20, "components": body.get("components") or [],
        "flags": flags | int(body.get("flags") or 0),
    }
    if channel.guild_id is not None:
        data["guild_id"] = str(channel.guild_id)
    if interaction_user is not None:
        data["interaction_metadata"] = {"id": str(message_id), "type": 2, "user": interaction_user.payload(),
                                        "authorizing_integration_owners": {}}
    return data
