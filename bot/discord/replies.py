"""Answering interactions, and the one place where failures become answers.

A refusal (``Refused``, or a service ``Refusal``) becomes a friendly ephemeral
reply that says exactly why, in the user's language. The game store being unavailable (its server down, its
disk full) is said as such: nothing was changed, try again, or (a full disk)
the one running the bot must free space; the store logs the outage once, so
the clicks meeting it are not logged again. Anything unexpected is logged
with the game id and answered with a short apology: no traceback ever reaches
a user.
"""
from __future__ import annotations

import logging
from typing import Any, Awaitable

import discord
from discord import app_commands

from bot.discord.table import table_of
from bot.discord.texts import CONTENT_LIMIT, clip
from bot.i18n import Msg, language_of, t
from bot.service import StoreProblem, StoreUnavailable
from bot.telemetry import note_outcome
from bot.telemetry.context import set_about
from bot.telemetry.work import failed, refused

log = logging.getLogger(__name__)


class Refused(Exception):
    """Nothing happened, for a reason the user can act on; the message (a ``Msg``) says which."""

    def __init__(self, message: str | Msg, *, game_id: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.game_id = game_id


# Discord's answer to a second acknowledgement of one interaction.
ALREADY_ACKNOWLEDGED = 40060


def private_language(interaction: discord.Interaction) -> str:
    """The language of a reply only this user sees: their Discord client's."""
    return language_of(interaction.locale)


async def send(interaction: discord.Interaction, content: str | Msg | None = None, *, ephemeral: bool = True,
               lang: str | None = None, **kwargs: Any) -> None:
    """Reply to an interaction, whether or not it was already acknowledged (deferred).

    A ``Msg`` is worded in ``lang``; without it, in the user's language when
    the reply is private, and in the server's when it is public.
    """
    if isinstance(content, Msg):
        if lang is None:
            lang = private_language(interaction) if ephemeral else language_of(interaction.guild_locale)
        content = t(lang, content)
    if content is not None:
        kwargs["content"] = clip(content, CONTENT_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await acknowledging(interaction, interaction.response.send_message(ephemeral=ephemeral, **kwargs),
                            discord.InteractionResponseType.channel_message)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> None:
    """Acknowledge now (Discord allows 3 seconds); the answer follows when the work is done."""
    if not interaction.response.is_done():
        command = interaction.type is discord.InteractionType.application_command
        kind = (discord.InteractionResponseType.deferred_channel_message if thinking or command
                else discord.InteractionResponseType.deferred_message_update)
        await acknowledging(interaction, interaction.response.defer(ephemeral=ephemeral, thinking=thinking), kind)


async def defer_update(interaction: discord.Interaction) -> None:
    """Acknowledge a button without a reply of its own: the message it sits on is edited later."""
    await defer(interaction, ephemeral=False, thinking=False)


async def edit_source(interaction: discord.Interaction, **changes: Any) -> None:
    """Answer a button by editing the message it sits on."""
    await acknowledging(interaction, interaction.response.edit_message(**changes),
                        discord.InteractionResponseType.message_update)


async def acknowledging(interaction: discord.Interaction, acknowledgement: Awaitable[object],
                        kind: discord.InteractionResponseType) -> None:
    """Send the bot's acknowledgement of ``interaction``; "already acknowledged" counts as done.

    Discord can answer a 5xx to an acknowledgement it did carry out; discord.py
    retries it and hears 40060. The interaction is then acknowledged (the first
    attempt stood), so the work goes on and the answer follows up as usual.
    """
    try:
        await acknowledgement
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        log.info("Interaction %s was already acknowledged (a retried acknowledgement); carrying on",
                 interaction.id)
        # discord.py records the acknowledgement only on success; tell it, so replies become followups.
        interaction.response._response_type = kind


def unavailable_words(error: StoreUnavailable) -> Msg:
    """What a player is told when the store could not take their action: nothing was changed."""
    if error.problem is StoreProblem.DISK_FULL:
        return Msg("error.store_disk_full")
    return Msg("error.store_unavailable")


def permission_words(error: discord.Forbidden) -> Msg:
    return Msg({50013: "permission.send_embed_attach", 50001: "permission.see_channel"}.get(
        error.code, "permission.post_here"))


def failure_outcome(error: BaseException, answer: str | Msg) -> str:
    """How an interaction that failed ended, for its DEBUG line: a refusal by its answer's message id
    (never its text, which may name a hand's cards), else the kind of failure."""
    if isinstance(error, (Refused, app_commands.NoPrivateMessage)):
        return refused(answer.key if isinstance(answer, Msg) else "text")
    if isinstance(error, StoreUnavailable):
        return "store unavailable"
    if isinstance(error, discord.Forbidden):
        return f"missing permission ({error.code})"
    return failed(error)


async def answer_failure(interaction: discord.Interaction, error: BaseException, *,
                         game_id: int | None = None) -> None:
    """Turn any failure of an interaction into one ephemeral answer."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    text: str | Msg
    if isinstance(error, Refused):
        text = error.message
    elif isinstance(error, discord.Forbidden) and error.code in (50013, 50001):
        text = Msg("error.missing_permission", what=permission_words(error))
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = Msg("refusal.server_only")
    elif isinstance(error, StoreUnavailable):
        # The host's log has the outage already (once, from the store), not once per click.
        log.debug("%s by user %s met the store unavailable: %s", _what(interaction), interaction.user.id, error)
        text = unavailable_words(error)
    else:
        game = getattr(error, "game_id", None) or game_id or await _game_of_channel(interaction)
        log.error("Unexpected error in %s for game %s (user %s, channel %s)",
                  _what(interaction), game, interaction.user.id, interaction.channel_id, exc_info=error)
        text = Msg("error.apology")
    note_outcome(failure_outcome(error, text))
    try:
        await send(interaction, text, ephemeral=True)
    except discord.HTTPException:
        # The interaction may have expired; there is no one left to tell.
        log.warning("Could not answer interaction %s: %s", interaction.id, text)


async def guarded(interaction: discord.Interaction, work: Awaitable[None], *, game_id: int | None = None) -> None:
    """Run a button's work; any failure is answered like a command's."""
    if game_id is not None:
        set_about(game_id=game_id)     # the button's game: the rest of its log lines name it
    try:
        await work
    except Exception as error:  # noqa: BLE001 - this is the one place that answers every failure
        await answer_failure(interaction, error, game_id=game_id)


async def _game_of_channel(interaction: discord.Interaction) -> int | None:
    """The id of the channel's game, for the log line of an unexpected error."""
    if interaction.channel_id is None:
        return None
    try:
        game = await table_of(interaction).service.records.game_in_channel(interaction.channel_id)
    except Exception:  # noqa: BLE001 - the log line must not fail in turn
        return None
    return None if game is None else game.id


def _what(interaction: discord.Interaction) -> str:
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"
