"""Reminding the player the table waits for, and acting on missed deadlines.

The service keeps all reminder state in the database (``due_reminders`` /
``mark_reminded``), so a restart neither forgets nor repeats a reminder. The
loop only polls; tests call :meth:`ReminderLoop.run_once` after moving the
injected clock instead of waiting.
"""
from __future__ import annotations

import asyncio
import logging
import re
from typing import Any, Awaitable, Coroutine

import discord
from discord import ui

from bot.discord.announce import publish
from bot.discord.buttons import GameButton
from bot.discord.once import nonce
from bot.discord.players import refresh_boards
from bot.discord.replies import Refused, guarded, send
from bot.discord.standings import mention, pinging, timestamp
from bot.discord.table import Table, laid, table_of
from bot.i18n import ENGLISH, Msg, t
from bot.service import Refusal, Reminder, StoreUnavailable, cancelled
from bot.telemetry import about, background_work, caused_by, note_outcome
from bot.telemetry.causes import DEADLINE, REMINDER
from bot.telemetry.work import failed

log = logging.getLogger(__name__)

#: Reminders being sent at once in a round (their requests still go one by one through the lane).
REMINDERS_AT_ONCE = 8


class ReminderLoop:
    """Every ``interval`` seconds: send due reminders, then apply missed deadlines, at the table given to ``start``."""

    def __init__(self, interval: float | None) -> None:
        self._table: Table | None = None
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._last_round: float | None = None

    @property
    def bot(self) -> Table:
        """The table the reminders are sent from, given by ``start``."""
        return laid(self._table, self)

    def start(self, table: Table) -> None:
        """Remind at ``table`` from now on; the loop runs when there is an interval (tests call ``run_once``)."""
        self._table = table
        if self.interval is not None and self._task is None:
            self._task = asyncio.create_task(self._run(), name="alcazar-reminders")

    async def stop(self) -> None:
        await cancelled(self._task)
        self._task = None

    async def _run(self) -> None:
        assert self.interval is not None
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.run_once()
            except StoreUnavailable:
                pass        # the store has logged the outage; the next round carries on when it is back
            except Exception:  # noqa: BLE001 - one bad round must not stop reminders for good
                log.exception("Reminder round failed")
            await asyncio.sleep(self.interval)

    async def run_once(self) -> None:
        """One round: each reminder and each missed deadline on its own, so one failure stops no other game.

        The store becoming unavailable ends the round (``StoreUnavailable``): no other game
        could go on either, and the next round finds everything that was due still due."""
        service = self.bot.service
        try:
            with caused_by(REMINDER):
                await self._note_returns()
        except StoreUnavailable:
            raise
        except Exception:  # noqa: BLE001 - a board that cannot be refreshed must not hold back reminders
            log.exception("Refreshing the boards of players back from time away failed")
        await self._send_due(await service.reminders.due_reminders())
        for accepted in await service.reminders.process_deadlines():
            self.bot.metrics.deadline_acted_on()
            with about(game_id=accepted.game.id, command="deadline"), caused_by(DEADLINE), \
                    background_work("missed deadline"):
                note_outcome("applied")
                try:
                    await publish(self.bot, accepted)
                except Exception as error:  # noqa: BLE001 - the deadline is applied; only its announcement failed
                    note_outcome(f"applied, not announced ({type(error).__name__})")
                    log.exception("Announcing the missed deadline of game %s failed", accepted.game.id)
        # A computer turn whose task was lost (a crash, an outage) is picked up again.
        await self.bot.computer_turns.resume()
        # So is a tournament's work: a game's end not scored, a round not paired or its games not opened.
        await self.bot.tournament_news(await service.tournaments.resume())

    async def _send_due(self, due: list[Reminder]) -> None:
        """Send the due reminders, a few at once, each claimed just before it is sent.

        A few at once, so that one player's DM channel being paced (5 messages per 5 s)
        holds up nobody else's reminder; the lane (``pacing``) spaces their requests out
        behind the players'. The store going away stops every sender after the reminder
        at hand, and ends the round."""
        waiting = iter(due)
        trouble: list[StoreUnavailable] = []

        async def sender() -> None:
            for reminder in waiting:        # shared: each reminder is taken by one sender
                if trouble:
                    return
                try:
                    await self._send_one(reminder)
                except StoreUnavailable as error:
                    trouble.append(error)

        await asyncio.gather(*(sender() for _ in range(min(REMINDERS_AT_ONCE, len(due)))))
        if trouble:
            raise trouble[0]

    async def _send_one(self, reminder: Reminder) -> None:
        with about(game_id=reminder.game_id, user_id=reminder.user_id, command="reminder"), caused_by(REMINDER), \
                background_work("reminder"):
            try:
                if await self.bot.service.reminders.claim_reminder(reminder):
                    await self._send_claimed(reminder)
                else:
                    note_outcome("claimed by another process")
            except StoreUnavailable:
                raise
            except Exception as error:  # noqa: BLE001 - logged with its game; the other games go on
                note_outcome(failed(error))
                log.exception("Reminder for game %s failed", reminder.game_id)

    async def _send_claimed(self, reminder: Reminder) -> None:
        """Send a reminder this process claimed, then record it.

        Claimed first, so that of the processes sharing the database one sends it;
        recorded after sending, so that a process that dies meanwhile leaves it to
        another (whose copy Discord does not make again: the same nonce, ``once``).
        Recorded too when sending raised (a broken reminder is not retried), except
        when the store went away first: ``remind`` reads it before sending anything,
        so the reminder is still to be sent, once the store is back.
        """
        service = self.bot.service
        try:
            await self.remind(reminder)
        except StoreUnavailable:
            service.reminders.reminder_not_sent(reminder)
            raise
        except Exception:
            await service.reminders.mark_reminded(reminder)
            raise
        await service.reminders.mark_reminded(reminder)

    async def _note_returns(self) -> None:
        """Players whose time away ran out since the last round: their boards drop the away line and
        show the deadline again (after a restart, the last round is taken as one interval ago)."""
        now = self.bot.clock.now()
        since = self._last_round if self._last_round is not None else now - (self.interval or 300.0)
        self._last_round = now
        for user_id in await self.bot.service.players.back_between(since, now):
            with about(user_id=user_id, command="back from time away"), background_work("boards refreshed"):
                await refresh_boards(self.bot, user_id)

    async def remind(self, reminder: Reminder) -> None:
        """One notification per reminder: a DM (in the player's language) with a mute button.

        Only when the DM cannot be delivered (DMs closed, the user unknown) does
        the reminder go to the game's channel instead, as a mention in the game's
        language: a second copy would buzz the player twice and tell the whole
        table each time.
        """
        title: str | Msg = reminder.title or Msg("reminder.your_game")
        since = timestamp(reminder.waiting_since)
        deadline: Msg | str = ""
        if reminder.deadline_at is not None:        # the player's time away, if any, is added
            deadline = Msg("reminder.deadline", when=timestamp(reminder.deadline_at))
        if reminder.runs_out_at is not None:         # the one warning: a quarter of the time bank is left
            deadline = Msg("reminder.bank_quarter", when=timestamp(reminder.runs_out_at))
        elif reminder.bank_ends_at is not None and (reminder.deadline_at is None
                                                    or reminder.bank_ends_at < reminder.deadline_at):
            deadline = Msg("reminder.bank_runs_out", when=timestamp(reminder.bank_ends_at))
        dm_lang = reminder.dm_language
        if await self._send_or_log(reminder, "DM", self._dm(reminder, t(
                dm_lang, "reminder.dm", title=title, channel=f"<#{reminder.channel_id}>", since=since,
                deadline=deadline), dm_lang)):
            self.bot.metrics.reminder_sent()
            note_outcome("sent by DM")
            return
        lang = reminder.language
        channel = self.bot.get_partial_messageable(reminder.channel_id, guild_id=reminder.guild_id)
        if await self._send_or_log(reminder, "channel", channel.send(
            t(lang, "reminder.channel", player=mention(reminder.user_id), title=title, since=since,
              deadline=deadline),
            view=mute_buttons(reminder.game_id, lang), allowed_mentions=pinging(reminder.user_id),
            nonce=nonce("reminder-in-channel", reminder.game_id, reminder.version, reminder.number))):
            self.bot.metrics.reminder_sent()
            note_outcome("sent to the channel")
        else:
            note_outcome("not delivered")

    async def _dm(self, reminder: Reminder, text: str, lang: str) -> None:
        """The DM, in one request when the player's DM channel is known; else Discord opens it
        first, and it is stored for the next time."""
        fields: dict[str, Any] = {"view": mute_buttons(reminder.game_id, lang),
                                  "nonce": nonce("reminder", reminder.game_id, reminder.version, reminder.number)}
        if reminder.dm_channel_id is not None:
            channel = self.bot.get_partial_messageable(reminder.dm_channel_id, type=discord.ChannelType.private)
            try:
                await channel.send(text, **fields)
                return
            except discord.NotFound:
                pass            # the channel is gone: Discord opens the user's DM channel again
        user = await self.bot.user_by_id(reminder.user_id)
        message = await user.send(text, **fields)
        await self.bot.service.messages.remember_dm_channel(reminder.user_id, message.channel.id)

    @staticmethod
    async def _send_or_log(reminder: Reminder, where: str, sending: Awaitable[object]) -> bool:
        """Whether Discord took the message; a refusal (DMs closed, no permission, an outage) is logged."""
        try:
            await sending
        except discord.HTTPException as error:
            log.info("Reminder %s to %s for game %s failed: %s %s", where, reminder.user_id, reminder.game_id,
                     error.status, error.text)
            return False
        return True


async def mute(bot: Table, interaction: discord.Interaction, game_id: int) -> None:
    """The mute button: no more reminders of this game for the one who clicks."""
    result = await bot.service.reminders.mute(game_id, interaction.user.id)
    if isinstance(result, Refusal):
        raise Refused(result.message, game_id=game_id)
    await send(interaction, Msg("reminder.muted", title=result.game.title), ephemeral=True)


class MuteButton(GameButton, template=r"az:mute:(?P<game>\d+)"):
    name, label = "mute", "button.mute"

    def clicked(self, table: Table, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        return mute(table, interaction, self.game_id)


def mute_buttons(game_id: int, lang: str = ENGLISH) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(MuteButton(game_id, lang))
    return view


ITEMS: tuple[Any, ...] = (MuteButton,)
