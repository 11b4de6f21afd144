"""A fake Discord on 127.0.0.1: the REST routes discord.py uses plus a gateway.

The real, unmodified discord.py client logs into it when
``discord.http.Route.BASE`` is :attr:`FakeDiscord.api_base` and
``DiscordWebSocket.DEFAULT_GATEWAY`` is :attr:`FakeDiscord.gateway_url`
(the bot sets both from ``DISCORD_API_BASE_URL`` / ``DISCORD_GATEWAY_URL``).

It records every request (:attr:`requests`), enforces Discord's limits and
permissions, answers like Discord does when something is wrong (DMs closed,
missing permissions, an interaction answered after 3 seconds or twice) and
fails on demand (:meth:`fail`).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from dataclasses import dataclass
from typing import Any, Iterator

from aiohttp import web

from . import limits
from .activity import LAUNCH_ACTIVITY, PRIMARY_ENTRY_POINT, ActivityMixin, OAuthError
from .ratelimits import RateLimits, bucket_of
from .gateway import GatewaySession, gateway_handler
from .interactions import InteractionsMixin
from .model import (
    ATTACH_FILES, DM_CHANNEL, EPHEMERAL, LOADING, PUBLIC_THREAD, SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL, Channel, FakeUser, Guild, Snowflakes, message_payload,
)
from .records import InteractionRecord, RecordedRequest, UploadedFile

API = "/api/v10"
ACK_DEADLINE = 3.0


@dataclass
class Failure:
    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int
    retry_after: float | None = None
    # Discord sometimes answers an error although it did carry the request out.
    after_processing: bool = False


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


#: How long Discord remembers a message's nonce ("the past few minutes").
NONCE_SECONDS = 180.0


def failure_error(failure: Failure) -> DiscordError:
    error = DiscordError(failure.status, failure.code, failure.message)
    error.retry_after = failure.retry_after if failure.retry_after is not None else 0.05  # type: ignore[attr-defined]
    return error


class FakeDiscord(InteractionsMixin, ActivityMixin):
    """One fake Discord with a guild (more on demand), a bot user, and people added by tests.

    ``shard_count`` is what ``GET /gateway/bot`` recommends; a client must
    IDENTIFY with ``[shard_id, shard_count]`` of that count (or none at all
    when it is 1). A guild's events go to the session of shard
    ``(guild_id >> 22) % shard_count``, DMs to shard 0's, as Discord does.
    """

    def __init__(self, token: str = "fake-bot-token", *, shard_count: int = 1) -> None:
        self.token = token
        self.shard_count = shard_count
        self.ids = Snowflakes()
        self.application_id = self.ids.next()
        self.bot_user = FakeUser(self.application_id, "Alcazar", self, bot=True)
        self.owner = FakeUser(self.ids.next(), "owner", self)
        self.guild = Guild(self.ids.next(), "Board game club", self.owner)
        self.guilds: dict[int, Guild] = {self.guild.id: self.guild}
        self.left_guilds: dict[int, Guild] = {}   # servers the bot was in and has left (or was kicked from)
        self._forced_shard: int | None = None
        self.users: dict[int, FakeUser] = {self.owner.id: self.owner}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.message_files: dict[int, list[UploadedFile]] = {}
        self.message_audience: dict[int, int | None] = {}
        self.nonces: dict[str, tuple[int, float]] = {}     # a message's nonce: its id, when it was made
        self.requests: list[RecordedRequest] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}   # guild id or None (global)
        self.interactions: dict[str, InteractionRecord] = {}          # by token
        self.failures: list[Failure] = []
        self.holds: list[tuple[str, re.Pattern[str], asyncio.Event]] = []
        self.lost_answers: list[RecordedRequest] = []   # carried out, but answered with an error
        self.sessions: list[GatewaySession] = []
        self.resumable: dict[str, GatewaySession] = {}   # by session id: what a RESUME carries on
        self.resumes = 0
        self.gateway_open = asyncio.Event()
        self.gateway_open.set()
        self.problems: list[str] = []      # limit violations and unknown routes, for the tests
        self.request_seen = asyncio.Event()
        # Discord's rate limits: off unless a test or a bench turns them on (``limit_rates``).
        self.rate_limits: RateLimits | None = None
        self.general = self.add_channel("general")
        self._init_activities()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ----- set-up used by tests -------------------------------------------------
    def add_user(self, name: str, *, dms_open: bool = True) -> FakeUser:
        user = FakeUser(self.ids.next(), name, self, dms_open=dms_open)
        self.users[user.id] = user
        return user

    def add_channel(self, name: str, *, guild: Guild | None = None, **options: Any) -> Channel:
        guild = guild or self.guild
        channel = Channel(self.ids.next(), name, guild_id=guild.id, position=len(guild.channels), **options)
        self.channels[channel.id] = channel
        guild.channels.append(channel)
        return channel

    def add_guild(self, name: str, *, shard: int = 0) -> Guild:
        """Another server the bot is in, with an id that puts its events on ``shard``."""
        base = self.ids.next()
        millis = base >> 22
        millis += (shard - millis) % self.shard_count
        guild = Guild((millis << 22) | (base & 0x3FFFFF), name, self.owner)
        assert self.shard_of(guild.id) == shard
        self.guilds[guild.id] = guild
        return guild

    def deny_bot(self, channel: Channel, permissions: int) -> None:
        """An overwrite on ``channel`` denying the bot's role ``permissions``, as a moderator would set it.

        The fake then refuses what the overwrite forbids (``bot_permissions``), in
        the channel and in its threads.
        """
        guild = self.guild_of(channel)
        assert guild is not None and channel.type != PUBLIC_THREAD, "overwrites belong to a server's channel"
        channel.overwrites.append({"id": str(guild.bot_role_id), "type": 0, "allow": "0", "deny": str(permissions)})
        channel.bot_permissions &= ~permissions

    def leave_guild(self, guild: Guild) -> None:
        """The bot leaves ``guild`` (or is kicked): it no longer sees the server or its channels."""
        self.left_guilds[guild.id] = self.guilds.pop(guild.id)

    def shard_of(self, guild_id: int | None) -> int:
        """The shard whose session receives a guild's events; DMs (no guild) go to shard 0."""
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    def guild_of(self, channel: Channel) -> Guild | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def fail(self, method: str, path: str, status: int, *, code: int = 0, message: str = "",
             times: int = 1, retry_after: float | None = None, after_processing: bool = False) -> None:
        """Make the next ``times`` requests matching ``method`` and the ``path`` regex fail.

        With ``after_processing`` the request is carried out first and the error
        answered anyway, as Discord's edge does when it times out behind a done
        request (a retried interaction callback then gets 40060).
        """
        self.failures.append(Failure(method, re.compile(path), status, code, message or f"HTTP {status}",
                                     times, retry_after, after_processing))

    def expire_interactions(self) -> None:
        """Every interaction so far is older than its token's 15 minutes: its webhook (follow-ups and
        their edits) answers 401 Invalid Webhook Token, as Discord does."""
        for interaction in self.interactions.values():
            interaction.expired = True

    def hold(self, method: str, path: str) -> asyncio.Event:
        """Keep the next request matching ``method`` and the ``path`` regex waiting, before it is
        carried out, until the returned event is set (a post slowed down by Discord)."""
        release = asyncio.Event()
        self.holds.append((method, re.compile(path), release))
        return release

    def limit_rates(self, **options: Any) -> RateLimits:
        """Enforce Discord's rate limits from now on (``options`` go to :class:`RateLimits`: a clock, narrower limits)."""
        self.rate_limits = RateLimits(**options)
        return self.rate_limits

    def served_in_global_bucket(self) -> list[float]:
        """When each request the global bucket let through arrived (429s left out)."""
        return [r.at for r in self.requests if r.bucket == "global" and not r.rate_limited]

    def guild_payload(self, guild: Guild | None = None) -> dict[str, Any]:
        return (guild or self.guild).payload(self.bot_user, [u for u in self.users.values()])

    def guilds_on_shard(self, shard_id: int) -> list[Guild]:
        return [g for g in self.guilds.values() if self.shard_of(g.id) == shard_id]

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def files_of(self, message_id: int) -> list[UploadedFile]:
        return self.message_files.get(message_id, [])

    def channel_messages(self, channel: Channel) -> list[dict[str, Any]]:
        """Public messages in a channel, oldest first (ephemeral replies excluded)."""
        return [m for mid, m in self.messages.items()
                if int(m["channel_id"]) == channel.id and self.message_audience.get(mid) is None]

    def dms_to(self, user: FakeUser) -> list[dict[str, Any]]:
        return [m for mid, m in self.messages.items()
                if self.channels[int(m["channel_id"])].is_dm and self.message_audience.get(mid) == user.id]

    # ----- life cycle -------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        async def gateway(request: web.Request) -> web.StreamResponse:
            return await gateway_handler(self, request)

        app.router.add_get("/gateway", gateway)
        app.router.add_route("*", API + "/{path:.*}", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def drop_gateway(self) -> None:
        """Close every gateway connection (4000: the client may resume) and hold new ones until ``restore_gateway``."""
        self.gateway_open.clear()
        for session in list(self.sessions):
            session.identified.clear()
            await session.ws.close(code=4000, message=b"Unknown error.")

    def restore_gateway(self) -> None:
        """Let the held connections (and new ones) go on: HELLO, then the client's RESUME."""
        self.gateway_open.set()

    async def wait_identified(self, timeout: float = 10.0, *, shard: int | None = None) -> GatewaySession:
        """Wait for a client to connect and IDENTIFY (for ``shard``, when given); return its session."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for session in reversed(self.sessions):
                if session.identified.is_set() and shard in (None, session.shard_id):
                    return session
            await asyncio.sleep(0.01)
        raise TimeoutError(f"no client identified on the fake gateway{'' if shard is None else f' for shard {shard}'}")

    async def dispatch(self, event: str, data: Any, *, guild_id: int | None = None) -> None:
        """Send an event to the session of the shard that carries ``guild_id`` (no guild: shard 0)."""
        shard = self.shard_of(guild_id) if self._forced_shard is None else self._forced_shard
        session = await self.wait_identified(shard=shard)
        await session.dispatch(event, data)

    @contextlib.contextmanager
    def delivering_on(self, shard: int) -> Iterator[None]:
        """Deliver every event on ``shard`` meanwhile, whatever its guild: as when a guild's
        events come to another process (a DM's button, a guild moved by a resharding)."""
        self._forced_shard = shard
        try:
            yield
        finally:
            self._forced_shard = None

    async def settle(self, quiet: float = 0.15, timeout: float = 10.0) -> None:
        """Wait until the bot has sent nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last = self.requests[-1].at if self.requests else 0.0
            if time.monotonic() - last >= quiet:
                return
            await asyncio.sleep(quiet / 3)
        raise TimeoutError("the bot kept sending requests")

    async def wait_for_request(self, predicate: Any, timeout: float = 10.0) -> RecordedRequest:
        """The first recorded request (past or future) for which ``predicate`` holds."""
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for request in self.requests[seen:]:
                if predicate(request):
                    return request
            seen = len(self.requests)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no matching request")
            self.request_seen.clear()
            try:
                await asyncio.wait_for(self.request_seen.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    # ----- REST -------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body, files = await self._read_body(request)
        record = RecordedRequest(request.method, path, dict(request.query), body, files, time.monotonic(),
                                 bucket=bucket_of(path), content_type=request.content_type,
                                 authorization=request.headers.get("Authorization"))
        self.requests.append(record)
        self.request_seen.set()
        limit_headers: dict[str, str] = {}
        try:
            self._check_auth(request, path)
            if self.rate_limits is not None:
                verdict = self.rate_limits.admit(record.method, path)
                if verdict.refused:
                    record.status, record.rate_limited = 429, True
                    return _json(verdict.body(), status=429, headers=verdict.headers)
                limit_headers = verdict.headers
            await self._wait_if_held(record)
            failure = self._take_failure(record)
            if failure is not None and not failure.after_processing:
                raise failure_error(failure)
            result = await self._route(record)
            if failure is not None:
                self.lost_answers.append(record)
                raise failure_error(failure)
        except DiscordError as error:
            record.status = error.status
            return self._error_response(error, limit_headers)
        except OAuthError as error:
            record.status = error.status
            return _json(error.body, status=error.status)
        record.status = 200 if result is not None else 204
        return _json(result, headers=limit_headers) if result is not None else web.Response(status=204, headers=limit_headers)

    def _error_response(self, error: DiscordError, limit_headers: dict[str, str] | None = None) -> web.Response:
        body: dict[str, Any] = {"code": error.code, "message": error.message}
        headers = {**(limit_headers or {}), "Via": "1.1 google"}
        if error.status == 429:
            failure_retry = getattr(error, "retry_after", 0.05)
            body.update(retry_after=failure_retry, **{"global": False})
            headers.update({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                            "X-RateLimit-Reset-After": str(failure_retry), "X-RateLimit-Bucket": "fake",
                            "X-RateLimit-Scope": "user"})
        return _json(body, status=error.status, headers=headers)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[UploadedFile]]:
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            files: list[UploadedFile] = []
            payload: Any = None
            for key, value in form.items():
                if key == "payload_json":
                    payload = json.loads(str(value))
                elif hasattr(value, "file"):
                    files.append(UploadedFile(value.filename, value.file.read(), value.content_type))
            return payload, files
        if request.content_type == "application/x-www-form-urlencoded":
            return {key: str(value) for key, value in (await request.post()).items()}, []
        raw = await request.read()
        return (json.loads(raw) if raw else None), []

    def _check_auth(self, request: web.Request, path: str) -> None:
        if path.startswith(("/webhooks/", "/interactions/")):
            return  # authorised by the interaction token in the path
        if path == "/oauth2/token" or (path == "/users/@me" and
                                       request.headers.get("Authorization", "").startswith("Bearer ")):
            return  # the application's credentials, or a user's access token: the route checks them
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordError(401, 0, "401: Unauthorized")

    async def _wait_if_held(self, record: RecordedRequest) -> None:
        for hold in self.holds:
            method, pattern, release = hold
            if method == record.method and pattern.search(record.path):
                self.holds.remove(hold)
                await release.wait()
                return

    def _take_failure(self, record: RecordedRequest) -> Failure | None:
        for failure in self.failures:
            if failure.times > 0 and failure.method == record.method and failure.path.search(record.path):
                failure.times -= 1
                return failure
        return None

    async def _route(self, record: RecordedRequest) -> Any:
        m, p = record.method, record.path
        routes: list[tuple[str, str, Any]] = [
            ("GET", r"/gateway(/bot)?", self._get_gateway),
            ("GET", r"/users/@me", self._users_me),
            ("POST", r"/oauth2/token", self._oauth2_token),
            ("GET", r"/applications/(\d+)/activity-instances/([^/]+)", self._get_activity_instance),
            ("GET", r"/oauth2/applications/@me", self._get_application),
            ("GET", r"/users/(\d+)", self._get_user),
            ("GET", r"/users/@me/guilds", self._get_my_guilds),
            ("GET", r"/guilds/(\d+)", self._get_guild),
            ("GET", r"/guilds/(\d+)/members/(\d+)", self._get_member),
            ("PUT", r"/applications/(\d+)/commands", self._put_commands),
            ("PUT", r"/applications/(\d+)/guilds/(\d+)/commands", self._put_commands),
            ("GET", r"/applications/(\d+)/commands", self._get_commands),
            ("GET", r"/applications/(\d+)/guilds/(\d+)/commands", self._get_commands),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._interaction_callback),
            ("POST", r"/webhooks/(\d+)/([^/]+)", self._webhook_followup),
            ("PATCH", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_edit),
            ("GET", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_get),
            ("DELETE", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", self._webhook_delete),
            ("POST", r"/channels/(\d+)/messages", self._create_message),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit_message),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_message),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete_message),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("POST", r"/users/@me/channels", self._create_dm),
            ("POST", r"/channels/(\d+)/threads", self._create_thread),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._create_thread),
        ]
        for method, pattern, handler in routes:
            match = re.fullmatch(pattern, p)
            if method == m and match:
                return await _maybe_await(handler(record, *match.groups()) if match.groups() else handler(record))
        self.problems.append(f"unknown route {m} {p}")
        raise DiscordError(404, 0, "404: Not Found")

    def _get_gateway(self, record: RecordedRequest, *_: str) -> dict[str, Any]:
        return {"url": self.gateway_url, "shards": self.shard_count,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    def _get_user(self, record: RecordedRequest, user_id: str) -> dict[str, Any]:
        user = self.users.get(int(user_id))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    def _get_my_guilds(self, record: RecordedRequest) -> list[dict[str, Any]]:
        """The servers the bot is in, by id, a page at a time (``after``, ``limit`` up to 200)."""
        after = int(record.query.get("after", 0))
        limit = min(int(record.query.get("limit", 200)), 200)
        guilds = sorted((g for g in self.guilds.values() if g.id > after), key=lambda g: g.id)
        return [g.partial_payload(g.bot_role_permissions | g.everyone_permissions) for g in guilds[:limit]]

    def _member_guild(self, guild_id: str) -> Guild:
        """A server the bot is in; Discord answers Missing Access for one it is not in."""
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            if int(guild_id) in self.left_guilds:
                raise DiscordError(403, 50001, "Missing Access")
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    def _get_guild(self, record: RecordedRequest, guild_id: str) -> dict[str, Any]:
        return self._member_guild(guild_id).rest_payload(self.bot_user)

    def _get_member(self, record: RecordedRequest, guild_id: str, user_id: str) -> dict[str, Any]:
        guild = self._member_guild(guild_id)
        user = self.bot_user if int(user_id) == self.bot_user.id else self.users.get(int(user_id))
        if user is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return guild.member_payload(user, self.bot_user)

    def _get_application(self, record: RecordedRequest) -> dict[str, Any]:
        return {"id": str(self.application_id), "name": "Alcazar", "description": "Alcazar for Discord",
                "icon": None, "bot_public": True, "bot_require_code_grant": False,
                "owner": self.owner.payload(), "team": None, "verify_key": "0" * 64, "flags": 0,
                "rpc_origins": [], "summary": "", "bot": self.bot_user.payload(), "interactions_endpoint_url": None}

    def _put_commands(self, record: RecordedRequest, app_id: str, guild_id: str | None = None) -> list[dict[str, Any]]:
        record.kind = "commands"
        scope = None if guild_id is None else int(guild_id)
        self.check_entry_point_kept(scope, record.json)
        registered = []
        for command in record.json:
            self._require_ok(limits.command_violations(command))
            # The Entry Point command keeps its id (Discord matches commands by name and type).
            command_id = self.registered_id(scope, command) if command.get("type") == PRIMARY_ENTRY_POINT \
                else str(self.ids.next())
            registered.append(dict(command, id=command_id, application_id=app_id, version="1",
                                   **({"guild_id": guild_id} if guild_id else {})))
        self.commands[scope] = registered
        return registered

    def _get_commands(self, record: RecordedRequest, app_id: str, guild_id: str | None = None) -> list[dict[str, Any]]:
        return self.commands.get(None if guild_id is None else int(guild_id), [])

    def _require_ok(self, problems: list[str]) -> None:
        if problems:
            self.problems.extend(problems)
            raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    # ----- channel messages ---------------------------------------------------------
    def _channel(self, channel_id: str | int) -> Channel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _check_can_post(self, channel: Channel, record: RecordedRequest) -> None:
        if channel.is_dm:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        needed = SEND_MESSAGES_IN_THREADS if channel.type == PUBLIC_THREAD else SEND_MESSAGES
        permissions = self._channel(channel.parent_id).bot_permissions if channel.parent_id else channel.bot_permissions
        if not permissions & needed or (record.files and not permissions & ATTACH_FILES):
            raise DiscordError(403, 50013, "Missing Permissions")

    def store_message(self, channel: Channel, body: dict[str, Any], files: list[UploadedFile], *,
                      flags: int = 0, audience: int | None = None,
                      interaction_user: FakeUser | None = None) -> dict[str, Any]:
        self._require_ok(limits.message_violations(body))
        message_id = self.ids.next()
        attachments = self._attachments(body, files)
        message = message_payload(message_id=message_id, channel=channel, author=self.bot_user, body=body,
                                  attachments=attachments, flags=flags, interaction_user=interaction_user)
        self.messages[message_id] = message
        self.message_files[message_id] = list(files)
        self.message_audience[message_id] = audience
        return message

    def _attachments(self, body: dict[str, Any], files: list[UploadedFile]) -> list[dict[str, Any]]:
        out = []
        for index, upload in enumerate(files):
            attachment_id = self.ids.next()
            out.append({"id": str(attachment_id), "filename": upload.filename, "size": len(upload.data),
                        "url": f"{self.api_base}/attachments/{attachment_id}/{upload.filename}",
                        "proxy_url": f"{self.api_base}/attachments/{attachment_id}/{upload.filename}",
                        "content_type": upload.content_type, "description": None})
            if len(upload.data) > limits.FILE_SIZE:
                self._require_ok([f"file {upload.filename} is {len(upload.data)} bytes"])
        return out

    def edit_stored(self, message_id: int, body: dict[str, Any], files: list[UploadedFile]) -> dict[str, Any]:
        self._require_ok(limits.message_violations(body))
        message = self.messages.get(message_id)
        if message is None:
            raise DiscordError(404, 10008, "Unknown Message")
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            message["flags"] = (int(message["flags"]) & EPHEMERAL) | int(body["flags"])
        message["flags"] = int(message["flags"]) & ~LOADING
        if "attachments" in body or files:
            kept_ids = {str(a.get("id")) for a in body.get("attachments") or []}
            kept = [a for a in message["attachments"] if a["id"] in kept_ids]
            message["attachments"] = kept + self._attachments(body, files)
            self.message_files[message_id] = [f for f in self.message_files.get(message_id, [])
                                              if any(a["filename"] == f.filename for a in kept)] + list(files)
        message["edited_timestamp"] = message["timestamp"]
        return message

    def _classify(self, record: RecordedRequest, channel: Channel, audience: int | None, kind: str) -> None:
        record.kind = kind
        record.channel_id = channel.id
        record.audience = channel.recipient.id if channel.is_dm and channel.recipient else audience

    def _create_message(self, record: RecordedRequest, channel_id: str) -> dict[str, Any]:
        channel = self._channel(channel_id)
        self._classify(record, channel, None, "message")
        self._check_can_post(channel, record)
        body = record.json or {}
        made = self._made_with_nonce(body)
        if made is not None:
            # Discord: with enforce_nonce, a nonce the bot used in the past few minutes gets
            # the message made then, and no new one.
            record.kind = "message again"
            return made
        message = self.store_message(channel, body, record.files, audience=record.audience)
        if body.get("nonce") is not None and body.get("enforce_nonce"):
            self.nonces[str(body["nonce"])] = (int(message["id"]), time.monotonic())
        return message

    def _made_with_nonce(self, body: dict[str, Any]) -> dict[str, Any] | None:
        if body.get("nonce") is None or not body.get("enforce_nonce"):
            return None
        if len(str(body["nonce"])) > 25:
            self.problems.append(f"nonce longer than 25 characters: {body['nonce']}")
        made = self.nonces.get(str(body["nonce"]))
        if made is None or time.monotonic() - made[1] > NONCE_SECONDS:
            return None
        return self.messages.get(made[0])

    def _edit_message(self, record: RecordedRequest, channel_id: str, message_id: str) -> dict[str, Any]:
        channel = self._channel(channel_id)
        self._classify(record, channel, self.message_audience.get(int(message_id)), "edit")
        return self.edit_stored(int(message_id), record.json or {}, record.files)

    def _get_message(self, record: RecordedRequest, channel_id: str, message_id: str) -> dict[str, Any]:
        message = self.messages.get(int(message_id))
        if message is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _delete_message(self, record: RecordedRequest, channel_id: str, message_id: str) -> None:
        self.messages.pop(int(message_id), None)
        return None

    def _get_channel(self, record: RecordedRequest, channel_id: str) -> dict[str, Any]:
        channel = self._channel(channel_id)
        if not channel.is_dm:
            # A channel of a server the bot left, or one it may not view, is Missing Access.
            seen = self._channel(channel.parent_id) if channel.parent_id else channel
            if channel.guild_id not in self.guilds or not seen.bot_permissions & VIEW_CHANNEL:
                raise DiscordError(403, 50001, "Missing Access")
        return channel.payload()

    def _create_dm(self, record: RecordedRequest) -> dict[str, Any]:
        user = self.users.get(int(record.json["recipient_id"]))
        if user is None:
            raise DiscordError(400, 50033, "Invalid Recipients")
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient is user:
                return channel.payload()
        channel = Channel(self.ids.next(), f"dm-{user.name}", type=DM_CHANNEL, recipient=user)
        self.channels[channel.id] = channel
        return channel.payload()

    async def _create_thread(self, record: RecordedRequest, channel_id: str, message_id: str | None = None) -> dict[str, Any]:
        parent = self._channel(channel_id)
        from .model import CREATE_PUBLIC_THREADS
        if not parent.bot_permissions & CREATE_PUBLIC_THREADS:
            raise DiscordError(403, 50013, "Missing Permissions")
        record.kind = "thread"
        thread = Channel(int(message_id) if message_id else self.ids.next(), record.json["name"],
                         type=PUBLIC_THREAD, guild_id=parent.guild_id, parent_id=parent.id)
        self.channels[thread.id] = thread
        guild = self.guild_of(thread)
        assert guild is not None
        guild.channels.append(thread)
        payload = dict(thread.payload(), owner_id=str(self.bot_user.id))
        if self.sessions:
            await self.dispatch("THREAD_CREATE", dict(payload, newly_created=True), guild_id=guild.id)
        return payload

    # ----- interaction answers ----------------------------------------------------------
    def _interaction(self, token: str) -> InteractionRecord:
        interaction = self.interactions.get(token)
        if interaction is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if interaction.expired:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _interaction_callback(self, record: RecordedRequest, interaction_id: str, token: str) -> dict[str, Any]:
        interaction = self.interactions.get(token)
        if interaction is None or interaction.id != int(interaction_id):
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.callback_type is not None:
            if not any(r.path == record.path for r in self.lost_answers):
                # A retry after a lost answer is the client library's doing, not the bot's.
                self.problems.append(f"interaction {interaction_id} acknowledged twice")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        late = time.monotonic() - interaction.dispatched_at
        if late > ACK_DEADLINE:
            self.problems.append(f"interaction {interaction_id} acknowledged after {late:.1f} s")
            raise DiscordError(404, 10062, "Unknown interaction")
        return self.answer_interaction(record, interaction)

    async def _webhook_followup(self, record: RecordedRequest, app_id: str, token: str) -> dict[str, Any]:
        interaction = self._interaction(token)
        return self.followup(record, interaction)

    def _webhook_edit(self, record: RecordedRequest, app_id: str, token: str, message: str) -> dict[str, Any]:
        interaction = self._interaction(token)
        return self.edit_interaction_message(record, interaction, message)

    def _webhook_get(self, record: RecordedRequest, app_id: str, token: str, message: str) -> dict[str, Any]:
        interaction = self._interaction(token)
        message_id = interaction.original_message_id if message == "@original" else int(message)
        if message_id is None or message_id not in self.messages:
            raise DiscordError(404, 10008, "Unknown Message")
        return self.messages[message_id]

    def _webhook_delete(self, record: RecordedRequest, app_id: str, token: str, message: str) -> None:
        interaction = self._interaction(token)
        message_id = interaction.original_message_id if message == "@original" else int(message)
        if message_id is not None:
            self.messages.pop(message_id, None)
        return None


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py compares the header verbatim.
    response = web.Response(text=json.dumps(body), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


async def _maybe_await(value: Any) -> Any:
    if asyncio.iscoroutine(value):
        return await value
    return value
