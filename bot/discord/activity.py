"""Who opened the board inside Discord: the bot asks Discord, never the page.

The board opens inside Discord as an Activity (``DISCORD_CLIENT_SECRET`` with
``WEB_URL``). The page there gets an OAuth2 code from the Embedded App SDK's
``authorize`` (scope ``identify``) and the id of the Activity's instance, and
hands both to the web board. Neither is taken at its word: ``ActivityDoor``

1. exchanges the code at Discord's token endpoint (form-encoded, with the
   application's id and client secret; a code works once), for the user's
   access token;
2. asks ``/users/@me`` with that token who the user is;
3. asks, with the bot's token, for the Activity instance
   (``/applications/{app}/activity-instances/{id}``): the user must be in its
   ``users``, and its ``location.channel_id`` is the channel whose games the
   page may open.

Anything else raises ``NotVouched`` with a message in the catalogs: the code
was refused, the instance does not hold the user, or Discord did not answer.
The code, the tokens and the secret are never logged (nor in a repr).

The web board reaches this through the hooks the composition root
(``bot/edges.py``) makes of it; this layer never imports the web board.
"""
from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import aiohttp

from bot.config import Settings
from bot.i18n import Msg

log = logging.getLogger(__name__)

#: How long one question to Discord may take before the visitor is told Discord did not answer.
ASK_SECONDS = 10.0
#: The longest code or instance id worth asking Discord about (theirs are well under 100 characters).
LONGEST_HINT = 512

CODE_REFUSED = Msg("activity.denied.code")
NOT_IN_INSTANCE = Msg("activity.denied.instance")
UNREACHABLE = Msg("activity.denied.unreachable")
#: Discord refused the application's own credentials (the client secret): the host's to fix.
NOT_SET_UP = Msg("activity.denied.setup")


class NotVouched(Exception):
    """Discord did not vouch for the visitor; ``message`` (a ``Msg``) says why, in the catalogs."""

    def __init__(self, message: Msg) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Visitor:
    """Someone Discord vouched for: who they are, and where their Activity runs."""

    user_id: int
    channel_id: int          # the instance's channel, as Discord answered the bot
    guild_id: int | None
    access_token: str = field(repr=False)   # the user's own token (scope identify), for the SDK's authenticate


class _Refused(Exception):
    """Discord answered a question with an error status."""

    def __init__(self, status: int, body: Any) -> None:
        super().__init__(status)
        self.status, self.body = status, body


class ActivityDoor:
    """Asks Discord who a visitor of the Activity is (``identify``)."""

    def __init__(self, settings: Settings, application_id: int,
                 session: aiohttp.ClientSession | None = None) -> None:
        """``session``: the HTTP session to ask Discord with; without one the door makes its own
        (closed by ``close``)."""
        self.application_id = application_id
        self._oauth_base = settings.oauth_base_url
        self._api_base = settings.oauth_base_url    # the REST base: the same setting
        self._client_secret = settings.discord_client_secret or ""
        self._bot_token = settings.discord_token
        self._session = session
        self._own_session: aiohttp.ClientSession | None = None

    async def identify(self, code: str, instance_id: str) -> Visitor:
        """The visitor Discord vouches for, or ``NotVouched`` saying why not."""
        if not code or len(code) > LONGEST_HINT:
            raise NotVouched(CODE_REFUSED)
        if not instance_id or len(instance_id) > LONGEST_HINT:
            raise NotVouched(NOT_IN_INSTANCE)
        try:
            access_token = await self._exchange(code)
            user_id = await self._user_of(access_token)
            instance = await self._instance(instance_id)
            users = {str(user) for user in instance["users"]}
            location = instance["location"]
            channel_id, guild = int(location["channel_id"]), location.get("guild_id")
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError, KeyError, TypeError) as error:
            # Not answered, or not in the documented shape: nothing was vouched for.
            log.warning("Could not ask Discord who opened the Activity: %s", type(error).__name__)
            raise NotVouched(UNREACHABLE) from None
        if str(user_id) not in users:
            log.info("User %s is not in Activity instance %r", user_id, instance_id[:100])
            raise NotVouched(NOT_IN_INSTANCE)
        return Visitor(user_id=user_id, channel_id=channel_id, guild_id=None if guild is None else int(guild),
                       access_token=access_token)

    async def close(self) -> None:
        """Close the HTTP session the door made for itself (a session given to it stays open)."""
        if self._own_session is not None:
            await self._own_session.close()
            self._own_session = None

    # -- the three questions ------------------------------------------------------------------
    async def _exchange(self, code: str) -> str:
        """The user's access token for the code, from Discord's token endpoint."""
        form = {"client_id": str(self.application_id), "client_secret": self._client_secret,
                "grant_type": "authorization_code", "code": code}
        try:
            answer = await self._ask("POST", f"{self._oauth_base}/oauth2/token", data=form)
        except _Refused as refused:
            error = refused.body.get("error") if isinstance(refused.body, dict) else None
            if error == "invalid_client":
                log.warning("Discord refused the application's credentials (DISCORD_CLIENT_SECRET); "
                            "python3 manage.py check says more")
                raise NotVouched(NOT_SET_UP) from None
            raise self._refusal(refused, CODE_REFUSED, "code") from None
        return str(answer["access_token"])

    async def _user_of(self, access_token: str) -> int:
        try:
            user = await self._ask("GET", f"{self._oauth_base}/users/@me",
                                   headers={"Authorization": f"Bearer {access_token}"})
        except _Refused as refused:
            raise self._refusal(refused, CODE_REFUSED, "token") from None
        return int(user["id"])

    async def _instance(self, instance_id: str) -> dict[str, Any]:
        # The instance id is a hint from the page: quoted into the path, never trusted beyond it.
        path = f"/applications/{self.application_id}/activity-instances/{_path_part(instance_id)}"
        try:
            instance = await self._ask("GET", self._api_base + path, headers={"Authorization": f"Bot {self._bot_token}"})
        except _Refused as refused:
            raise self._refusal(refused, NOT_IN_INSTANCE, "instance") from None
        if not isinstance(instance, dict) or str(instance.get("application_id")) != str(self.application_id):
            raise NotVouched(NOT_IN_INSTANCE)
        return instance

    @staticmethod
    def _refusal(refused: _Refused, message: Msg, asked: str) -> NotVouched:
        """A 4xx means Discord refused this visitor (``message``); anything else, that it did not answer.
        ``asked``: what was asked about (code, token, instance), for the log."""
        if 400 <= refused.status < 500 and refused.status != 429:
            log.info("Discord refused the %s of an Activity visitor (%s)", asked, refused.status)
            return NotVouched(message)
        log.warning("Discord answered %s when asked about the %s of an Activity visitor", refused.status, asked)
        return NotVouched(UNREACHABLE)

    async def _ask(self, method: str, url: str, **options: Any) -> Any:
        """Discord's JSON answer; ``_Refused`` on an error status."""
        timeout = aiohttp.ClientTimeout(total=ASK_SECONDS)
        async with self._http().request(method, url, timeout=timeout, **options) as response:
            text = await response.text()
        if response.status >= 400:
            raise _Refused(response.status, _json_or_none(text))
        return json.loads(text)     # not JSON: ValueError, which ``identify`` takes for no answer

    def _http(self) -> aiohttp.ClientSession:
        if self._session is not None:
            return self._session
        if self._own_session is None:
            self._own_session = aiohttp.ClientSession()
        return self._own_session


def _path_part(text: str) -> str:
    """``text`` as one segment of a URL's path: anything but letters, digits, ``-`` and ``_`` escaped."""
    return quote(text, safe="-_")


def _json_or_none(text: str) -> Any:
    """An error's body as JSON, or None when it is not (a proxy's HTML page)."""
    try:
        return json.loads(text)
    except ValueError:
        return None
