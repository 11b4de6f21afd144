"""What the web board asks of the rest of the bot, given to it by the composition root."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Awaitable, Callable, Sequence

from bot.service import Accepted


@dataclass(frozen=True)
class WebHooks:
    """``names_of``: display names of user ids, in order, as the Discord layer knows them.
    ``publish``: post a change made on a page in its channel, exactly as a move made in Discord is posted."""

    names_of: Callable[[Sequence[int]], Awaitable[list[str]]]
    publish: Callable[[Accepted], Awaitable[None]]
