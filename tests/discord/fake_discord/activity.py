"""What Discord Activities use, as Discord documents it: OAuth2, who a token is, activity instances,
the LAUNCH_ACTIVITY answer, and the Entry Point command.

- ``POST /oauth2/token`` (https://discord.com/developers/docs/topics/oauth2): form-encoded only
  (JSON is refused); the client's credentials by HTTP Basic or as ``client_id`` and
  ``client_secret`` in the form. ``authorization_code`` takes a code once (a code the SDK's
  AUTHORIZE gave, which needs no ``redirect_uri``); ``client_credentials`` gives the application's
  owner a token. Errors are OAuth2's (RFC 6749, 5.2): ``invalid_client`` (401),
  ``invalid_grant`` (400: a code unknown, used or expired), ``unsupported_grant_type``.
- ``GET /users/@me`` with ``Authorization: Bearer <access token>`` (scope ``identify``): that user.
- ``GET /applications/{app}/activity-instances/{instance_id}`` with the bot token: the instance
  (application_id, instance_id, launch_id, location {id, kind, channel_id, guild_id}, users), or
  ``404: Not Found`` (code 0) for one that does not exist.
- The interaction callback ``LAUNCH_ACTIVITY`` (type 12): recorded in :attr:`launches`; the clicker
  is put in the channel's instance, made at the first launch. Refuse one with ``fake.fail(...)``.
- Enabling Activities makes Discord add an Entry Point command (type 4, ``PRIMARY_ENTRY_POINT``,
  handler 2, ``DISCORD_LAUNCH_ACTIVITY``): :meth:`add_entry_point_command`. A bulk overwrite of the
  global commands that leaves it out is then refused with 50240.
"""
from __future__ import annotations

import base64
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import Channel, FakeUser

if TYPE_CHECKING:
    from .records import InteractionRecord, RecordedRequest
    from .server import FakeDiscord

LAUNCH_ACTIVITY = 12
#: The interactions LAUNCH_ACTIVITY may answer: a command, a component, a modal's submission.
LAUNCHED_FROM = (2, 3, 5)
PRIMARY_ENTRY_POINT = 4
DISCORD_LAUNCH_ACTIVITY = 2
#: How long a code lasts before it is exchanged (RFC 6749 recommends ten minutes at most).
CODE_SECONDS = 600.0
#: How long an access token lasts, as Discord answers it.
TOKEN_SECONDS = 604800
#: Discord's refusal of a bulk overwrite that leaves the Entry Point command out.
ENTRY_POINT_DROPPED = 50240
ENTRY_POINT_DROPPED_MESSAGE = ("You cannot remove this app's Entry Point command in a bulk update operation. "
                               "Please include the Entry Point command in your update request or delete it separately.")
#: Codes Discord gives when it will not launch an Activity from an interaction (tests inject them).
LAUNCH_NOT_SUPPORTED, LAUNCH_NOT_AVAILABLE = 50230, 50231


class OAuthError(Exception):
    """An OAuth2 error as the token endpoint answers it: ``{"error", "error_description"}``."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(description)
        self.status, self.body = status, {"error": error, "error_description": description}


@dataclass
class Grant:
    """A code the SDK's AUTHORIZE handed out, or a token it was exchanged for."""

    user: FakeUser
    scopes: tuple[str, ...]
    made_at: float = field(default_factory=time.monotonic)
    used: bool = False


@dataclass
class ActivityInstance:
    """One running Activity: where it runs, and who is in it."""

    instance_id: str
    launch_id: int
    channel: Channel
    users: list[FakeUser]

    def payload(self, application_id: int) -> dict[str, Any]:
        kind = "pc" if self.channel.is_dm else "gc"
        place = f"{kind}-{self.channel.id}" if self.channel.guild_id is None \
            else f"{kind}-{self.channel.guild_id}-{self.channel.id}"
        return {"application_id": str(application_id), "instance_id": self.instance_id,
                "launch_id": str(self.launch_id),
                "location": {"id": place, "kind": kind, "channel_id": str(self.channel.id),
                             "guild_id": None if self.channel.guild_id is None else str(self.channel.guild_id)},
                "users": [str(user.id) for user in self.users]}


@dataclass
class Launch:
    """A LAUNCH_ACTIVITY answer the bot gave: who pressed, where, and the instance it opened."""

    interaction_id: int
    user: FakeUser
    channel_id: int
    instance_id: str


class ActivityMixin:
    """Mixed into FakeDiscord: the Activities part of Discord's API, and helpers tests use."""

    client_secret: str
    oauth_requests: int
    _codes: dict[str, Grant]
    _access_tokens: dict[str, Grant]
    activity_instances: dict[str, ActivityInstance]
    launches: list[Launch]

    def _init_activities(self) -> None:
        self.client_secret = "fake-client-secret-" + secrets.token_urlsafe(12)
        self._codes = {}
        self._access_tokens = {}
        self.activity_instances = {}
        self.launches = []

    # ----- helpers for tests ---------------------------------------------------------------
    def authorization_code(self: FakeDiscord, user: FakeUser, scopes: tuple[str, ...] = ("identify",)) -> str:
        """A code as the SDK's AUTHORIZE gives it to ``user``'s client (single use)."""
        code = secrets.token_urlsafe(20)
        self._codes[code] = Grant(user, tuple(scopes))
        return code

    def start_activity(self: FakeDiscord, channel: Channel, users: list[FakeUser]) -> str:
        """An Activity instance running in ``channel`` with ``users`` in it; its instance id."""
        launch_id = self.ids.next()
        where = f"pc-{channel.id}" if channel.is_dm else f"gc-{channel.guild_id}-{channel.id}"
        instance = ActivityInstance(f"i-{launch_id}-{where}", launch_id, channel, list(users))
        self.activity_instances[instance.instance_id] = instance
        return instance.instance_id

    def join_activity(self: FakeDiscord, instance_id: str, user: FakeUser) -> None:
        """``user`` joins the running instance (as pressing Join in the channel does)."""
        instance = self.activity_instances[instance_id]
        if user not in instance.users:
            instance.users.append(user)

    def leave_activity(self: FakeDiscord, instance_id: str, user: FakeUser) -> None:
        self.activity_instances[instance_id].users.remove(user)

    def end_activity(self: FakeDiscord, instance_id: str) -> None:
        """The instance ends (its last user left): Discord no longer knows it."""
        del self.activity_instances[instance_id]

    def add_entry_point_command(self: FakeDiscord) -> dict[str, Any]:
        """The Entry Point command Discord adds when Activities are enabled in the developer portal."""
        command = {"id": str(self.ids.next()), "application_id": str(self.application_id), "version": "1",
                   "type": PRIMARY_ENTRY_POINT, "name": "launch", "description": "Launch an Activity",
                   "handler": DISCORD_LAUNCH_ACTIVITY, "integration_types": [0, 1], "contexts": [0, 1, 2],
                   "default_member_permissions": None, "nsfw": False}
        self.commands.setdefault(None, []).append(command)
        return command

    def entry_point_command(self: FakeDiscord) -> dict[str, Any] | None:
        return next((c for c in self.commands.get(None, []) if c.get("type") == PRIMARY_ENTRY_POINT), None)

    # ----- routes ----------------------------------------------------------------------------
    def _oauth2_token(self: FakeDiscord, record: RecordedRequest) -> dict[str, Any]:
        if not record.content_type.startswith("application/x-www-form-urlencoded"):
            # Discord reads only a form here: a JSON body has no grant type it can see.
            raise OAuthError(400, "unsupported_grant_type", "Unsupported grant type")
        form: dict[str, str] = record.json or {}
        self._check_client(record, form)
        grant_type = form.get("grant_type")
        if grant_type == "authorization_code":
            return self._exchange_code(form.get("code", ""))
        if grant_type == "client_credentials":
            scopes = tuple((form.get("scope") or "identify").split())
            return self._token_response(Grant(self.owner, scopes), refresh=False)
        raise OAuthError(400, "unsupported_grant_type", "Unsupported grant type")

    def _check_client(self: FakeDiscord, record: RecordedRequest, form: dict[str, str]) -> None:
        """The application's credentials, by HTTP Basic or in the form; else ``invalid_client``."""
        client_id, secret = form.get("client_id"), form.get("client_secret")
        authorization = record.authorization or ""
        if authorization.startswith("Basic "):
            try:
                client_id, _, secret = base64.b64decode(authorization[6:]).decode().partition(":")
            except (ValueError, UnicodeDecodeError):
                client_id = secret = None
        if client_id != str(self.application_id) or secret != self.client_secret:
            raise OAuthError(401, "invalid_client", "Invalid client")

    def _exchange_code(self: FakeDiscord, code: str) -> dict[str, Any]:
        grant = self._codes.get(code)
        if grant is None or grant.used or time.monotonic() - grant.made_at > CODE_SECONDS:
            raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
        grant.used = True
        return self._token_response(Grant(grant.user, grant.scopes), refresh=True)

    def _token_response(self: FakeDiscord, grant: Grant, *, refresh: bool) -> dict[str, Any]:
        token = secrets.token_urlsafe(24)
        self._access_tokens[token] = grant
        answer: dict[str, Any] = {"access_token": token, "token_type": "Bearer", "expires_in": TOKEN_SECONDS,
                                  "scope": " ".join(grant.scopes)}
        if refresh:
            answer["refresh_token"] = secrets.token_urlsafe(24)
        return answer

    def _users_me(self: FakeDiscord, record: RecordedRequest) -> dict[str, Any]:
        """The bot itself with the bot token; with a Bearer token, the user who authorized it."""
        from .server import DiscordError
        authorization = record.authorization or ""
        if not authorization.startswith("Bearer "):
            return dict(self.bot_user.payload(), verified=True, mfa_enabled=False, flags=0)
        grant = self._access_tokens.get(authorization.removeprefix("Bearer "))
        if grant is None or time.monotonic() - grant.made_at > TOKEN_SECONDS:
            raise DiscordError(401, 0, "401: Unauthorized")
        if "identify" not in grant.scopes:
            raise DiscordError(401, 0, "401: Unauthorized")
        return dict(grant.user.payload(), locale=grant.user.locale, mfa_enabled=False, flags=0, premium_type=0)

    def _get_activity_instance(self: FakeDiscord, record: RecordedRequest, app_id: str,
                               instance_id: str) -> dict[str, Any]:
        from .server import DiscordError
        record.kind = "activity instance"
        instance = self.activity_instances.get(instance_id)
        if instance is None or app_id != str(self.application_id):
            raise DiscordError(404, 0, "404: Not Found")
        return instance.payload(self.application_id)

    # ----- the bot's answers and its commands ------------------------------------------------------
    def launch_activity(self: FakeDiscord, record: RecordedRequest,
                        interaction: InteractionRecord) -> dict[str, Any]:
        """LAUNCH_ACTIVITY: the clicker's client opens the Activity in the interaction's channel."""
        from .server import DiscordError
        record.kind = "launch"
        record.audience = interaction.user.id
        if interaction.type not in LAUNCHED_FROM:
            raise DiscordError(400, 50035, "Invalid Form Body: LAUNCH_ACTIVITY answers a command, a component "
                                           "or a modal only")
        if self.entry_point_command() is None:
            # Activities are not enabled in the developer portal. Discord's code for this is not
            # documented; the bot treats every 4xx of a launch alike.
            raise DiscordError(400, 50035, "Invalid Form Body: the application has no Activity")
        channel = self.channels[interaction.channel_id]
        running = next((i for i in self.activity_instances.values() if i.channel is channel), None)
        if running is None:
            instance_id = self.start_activity(channel, [interaction.user])
        else:
            instance_id = running.instance_id
            self.join_activity(instance_id, interaction.user)
        self.launches.append(Launch(interaction.id, interaction.user, channel.id, instance_id))
        interaction.acknowledge(LAUNCH_ACTIVITY)
        return {"interaction": {"id": str(interaction.id), "type": interaction.type,
                                "activity_instance_id": instance_id, "response_message_id": None,
                                "response_message_loading": False, "response_message_ephemeral": False},
                "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": instance_id}}}

    def check_entry_point_kept(self: FakeDiscord, scope: int | None, commands: list[dict[str, Any]]) -> None:
        """Refuse a bulk overwrite that would drop the Entry Point command, as Discord does (50240).

        Entry Point commands are global only, so a guild's overwrite cannot drop it but must not add one."""
        from .server import DiscordError
        entry_points = [c for c in commands if c.get("type") == PRIMARY_ENTRY_POINT]
        if scope is not None:
            if entry_points:
                self._require_ok(["an Entry Point command can only be a global command"])
            return
        if len(entry_points) > 1:
            self._require_ok(["an application has one Entry Point command at most"])
        if self.entry_point_command() is not None and not entry_points:
            raise DiscordError(400, ENTRY_POINT_DROPPED, ENTRY_POINT_DROPPED_MESSAGE)

    def registered_id(self: FakeDiscord, scope: int | None, command: dict[str, Any]) -> str:
        """The id a command keeps over a bulk overwrite: an existing one's of the same name and type."""
        for existing in self.commands.get(scope, []):
            if existing["name"] == command["name"] and existing.get("type", 1) == command.get("type", 1):
                return str(existing["id"])
        return str(self.ids.next())
