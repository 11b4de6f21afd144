"""Boards sent as interaction follow-ups, and the route by which each is edited later.

An interaction's follow-ups and the edits of them go through its webhook,
outside Discord's global limit of 50 requests a second, for as long as its
token lives (15 minutes). A board posted that way is remembered here with its
webhook, so that taking its buttons off at the next move costs nothing in the
global bucket either; once the token is (nearly) expired, or after a restart,
the edit takes the channel's message route, which a bot may use for any
message it made.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord

from bot.service import Clock

log = logging.getLogger(__name__)

#: Discord's interaction tokens live 15 minutes; a minute is kept in hand for the request on its way.
TOKEN_SECONDS = 14 * 60.0
#: Boards remembered at once (the oldest go first; they are edited through the channel then).
KEPT = 5000


class FollowupBoards:
    """The webhooks of the boards this process sent as follow-ups, by message id."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._hooks: OrderedDict[int, tuple[discord.Webhook, float]] = OrderedDict()

    def sent(self, message_id: int, webhook: discord.Webhook) -> None:
        self._hooks[message_id] = (webhook, self._clock.now())
        while len(self._hooks) > KEPT:
            self._hooks.popitem(last=False)

    def webhook_of(self, message_id: int) -> discord.Webhook | None:
        """The webhook that may still edit the message, or None (never sent as a follow-up, or too old)."""
        found = self._hooks.get(message_id)
        if found is None:
            return None
        webhook, at = found
        if self._clock.now() - at >= TOKEN_SECONDS:
            del self._hooks[message_id]
            return None
        return webhook

    def forget(self, message_id: int) -> None:
        self._hooks.pop(message_id, None)


async def edit_message(client: Any, followups: FollowupBoards, channel_id: int, guild_id: int | None,
                       message_id: int, **fields: Any) -> None:
    """Edit one of the bot's channel messages: through its follow-up webhook while that lives, else
    (or when the webhook refuses) by the channel's route. Raises what the channel's route raises."""
    webhook = followups.webhook_of(message_id)
    if webhook is not None:
        try:
            await webhook.edit_message(message_id, **fields)
            return
        except discord.HTTPException as error:
            # An expired token (401), a message gone: the channel's route says which.
            log.info("Follow-up %s could not be edited through its webhook (%s %s); using the channel",
                     message_id, error.status, error.text)
            followups.forget(message_id)
    message = client.get_partial_messageable(channel_id, guild_id=guild_id).get_partial_message(message_id)
    await message.edit(**fields)
