"""What the fake keeps about traffic: every request, and every interaction's answers."""
from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any

from .model import EPHEMERAL, LOADING, FakeUser


@dataclass
class UploadedFile:
    filename: str
    data: bytes
    content_type: str


@dataclass
class RecordedRequest:
    """One HTTP request from the bot, as the fake understood it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    at: float
    status: int = 0
    #: who can read what this request puts on screen: None = everyone in a
    #: channel (public); a user id = only that user (ephemeral reply, DM, autocomplete)
    audience: int | None = None
    #: the channel a public message went to
    channel_id: int | None = None
    kind: str = "other"    # "message", "edit", "interaction", "autocomplete", "commands", ...
    #: Discord's global bucket ("global"), or outside it ("exempt": interaction callbacks, webhooks)
    bucket: str = "global"
    #: answered 429 by the rate limits (when they are on)
    rate_limited: bool = False
    #: the body's content type, and the Authorization header (OAuth2 routes look at them; kept out of reprs)
    content_type: str = ""
    authorization: str | None = field(default=None, repr=False)

    @property
    def is_public(self) -> bool:
        return self.kind in ("message", "edit") and self.audience is None

    def texts(self) -> list[str]:
        """Every piece of text the request would show (content, embeds, components, choices)."""
        return list(_texts(self.json)) + [f.filename for f in self.files]

    def pings(self) -> set[str]:
        """Whom Discord would notify for this request's message content, by its ``allowed_mentions``.

        ``"everyone"`` for @everyone/@here, ``"role:<id>"``, ``"user:<id>"``. Without
        ``allowed_mentions`` Discord pings every mention in the content (embeds never ping).
        """
        body = self.json if isinstance(self.json, dict) else {}
        if isinstance(body.get("data"), dict):      # an interaction callback carries its message in data
            body = body["data"]
        content = body.get("content") or ""
        if not isinstance(content, str) or not content:
            return set()
        allowed = body.get("allowed_mentions")
        parse = {"everyone", "users", "roles"} if allowed is None else set(allowed.get("parse") or [])
        users = set() if allowed is None else {str(u) for u in allowed.get("users") or []}
        roles = set() if allowed is None else {str(r) for r in allowed.get("roles") or []}
        found: set[str] = set()
        if "everyone" in parse and re.search(r"@(everyone|here)", content):
            found.add("everyone")
        for user in re.findall(r"<@!?(\d+)>", content):
            if "users" in parse or user in users:
                found.add(f"user:{user}")
        for role in re.findall(r"<@&(\d+)>", content):
            if "roles" in parse or role in roles:
                found.add(f"role:{role}")
        return found


def _texts(value: Any) -> Any:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("custom_id", "id", "type", "style", "flags", "allowed_mentions", "url"):
                continue
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


@dataclass
class InteractionRecord:
    """An interaction the fake dispatched, and what the bot answered."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    source_message_id: int | None
    dispatched_at: float = field(default_factory=time.monotonic)
    callback_type: int | None = None
    callback_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    busy_before: set[asyncio.Task[Any]] = field(default_factory=set, repr=False)   # handlers of earlier ones
    expired: bool = False                   # older than the token's 15 minutes (``expire_interactions``)
    answered_in_original: bool = False      # the answer is in the original message (callback or its edit)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    discord: Any = field(default=None, repr=False)

    def acknowledge(self, callback_type: int) -> None:
        self.callback_type = callback_type
        self.callback_at = time.monotonic()
        if callback_type in (4, 7, 8, 9, 12):      # 12: the Activity launched is the whole answer
            self.answered_in_original = callback_type in (4, 7)
            self.settled.set()

    def answered(self, in_original: bool = False) -> None:
        """A deferred interaction got its real answer (followup or edit of @original)."""
        self.answered_in_original = self.answered_in_original or in_original
        self.settled.set()

    async def reply(self, timeout: float = 10.0) -> Reply:
        """Wait for the bot's answer and return it, once the bot has done with the interaction.

        The answer can come before the rest of the work (a move's note, then its board as a
        follow-up): a user who reads the channel after the answer finds everything there."""
        await asyncio.wait_for(self.settled.wait(), timeout)
        await handlers_done(timeout, self.busy_before)
        message_id = self._answer_id()
        message = None if message_id is None else self.discord.messages.get(message_id)
        return Reply(self, message)

    async def first_answer(self, timeout: float = 10.0) -> Reply:
        """The bot's answer as soon as it arrives, without waiting for the rest of its work or for
        the bot's other interactions: under load other users' interactions never stop coming."""
        await asyncio.wait_for(self.settled.wait(), timeout)
        message_id = self._answer_id()
        return Reply(self, None if message_id is None else self.discord.messages.get(message_id))

    def _answer_id(self) -> int | None:
        """The message the user reads as the answer: their own last follow-up, else the original once
        the bot answered in it (a public follow-up such as a board is for the channel), else the last."""
        audience = self.discord.message_audience
        private = [m for m in self.followup_ids if audience.get(m) is not None]
        if private:
            return private[-1]
        if self.answered_in_original or not self.followup_ids:
            return self.original_message_id
        return self.followup_ids[-1]


#: The names of discord.py's tasks that run the bot's answer to an interaction (commands, buttons, menus),
#: and of the bot's errands that an answer leaves (``bot.discord.errands``: a stale board's buttons).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-", "alcazar-errand-")


def busy_handlers() -> set[asyncio.Task[Any]]:
    """The bot's tasks answering interactions now."""
    return {t for t in asyncio.all_tasks() if not t.done() and t.get_name().startswith(HANDLER_TASKS)}


async def handlers_done(timeout: float, earlier: set[asyncio.Task[Any]] = frozenset()) -> None:  # type: ignore[assignment]
    """Wait until no task of the bot is still answering an interaction (at most ``timeout`` seconds),
    leaving out those already busy with ``earlier`` interactions."""
    deadline = time.monotonic() + timeout
    me = asyncio.current_task()
    while time.monotonic() < deadline:
        busy = [t for t in busy_handlers() if t is not me and t not in earlier]
        if not busy:
            return
        await asyncio.wait(busy, timeout=max(0.0, deadline - time.monotonic()))


@dataclass
class Reply:
    """The answer a user sees for one interaction."""

    interaction: InteractionRecord
    message: dict[str, Any] | None

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and int(self.message["flags"]) & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.message and int(self.message["flags"]) & LOADING)

    @property
    def content(self) -> str:
        return "" if self.message is None else self.message["content"]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return [] if self.message is None else self.message["embeds"]

    @property
    def text(self) -> str:
        """Content and embed text together, for assertions about wording."""
        return "\n".join(_texts({"content": self.content, "embeds": self.embeds}))

    @property
    def components(self) -> list[dict[str, Any]]:
        return [] if self.message is None else self.message["components"]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for row in self.components for c in row["components"] if c["type"] == 2]

    @property
    def links(self) -> dict[str, str]:
        """The link buttons (style 5, which Discord opens in a browser): each label with its url."""
        return {b.get("label") or "": b["url"] for b in self.buttons if b.get("style") == 5}

    @property
    def files(self) -> list[UploadedFile]:
        if self.message is None:
            return []
        return self.interaction.discord.files_of(int(self.message["id"]))

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.interaction.choices or []

    def __repr__(self) -> str:
        return f"Reply(ephemeral={self.ephemeral}, text={self.text!r}, buttons={[b.get('label') for b in self.buttons]})"
