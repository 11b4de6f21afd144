"""What the web board asks of the rest of the bot, given to it by the composition root."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Awaitable, Callable, Sequence

from bot.i18n import Msg
from bot.service import Accepted


@dataclass(frozen=True)
class ActivityVisitor:
    """Who opened the board inside Discord, as Discord answered the bot (never the page's own word)."""

    user_id: int
    channel_id: int            # the Activity instance's channel
    guild_id: int | None
    access_token: str          # the user's own OAuth2 token (scope identify), for the SDK's authenticate


class ActivityDenied(Exception):
    """Discord did not vouch for the visitor; ``message`` (a bot.i18n.Msg) says why, in the catalogs."""

    def __init__(self, message: Msg) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class ActivityHooks:
    """The board as a Discord Activity: the application's id (for the SDK), and ``identify(code,
    instance_id)``, which asks Discord who holds the code and whether they are in that Activity instance
    (raising ``ActivityDenied``)."""

    client_id: int
    identify: Callable[[str, str], Awaitable[ActivityVisitor]]


@dataclass(frozen=True)
class WebHooks:
    """``names_of``: display names of user ids, in order, as the Discord layer knows them.
    ``publish``: post a change made on a page in its channel, exactly as a move made in Discord is posted.
    ``activity``: the board as a Discord Activity; None when Activity mode is off."""

    names_of: Callable[[Sequence[int]], Awaitable[list[str]]]
    publish: Callable[[Accepted], Awaitable[None]]
    activity: ActivityHooks | None = None
