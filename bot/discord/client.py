"""The bot: a ``discord.AutoShardedClient`` whose resources are wired in ``setup_hook``.

Follows discord.py's ``examples/advanced_startup.py``: the database, the game
service, the command group, the persistent buttons and the reminder loop are
created once after login and released in ``close``.

Shards: ``SHARD_COUNT`` and ``SHARD_IDS`` choose the gateway shards this
process runs; unset, it runs as many shards as Discord recommends (one for
a small bot), all of them. Whatever reaches a process (a guild's events on
its shard, DMs and their buttons on shard 0) works for any game, since every
game lives in the shared database. Only the process running shard 0 syncs
the commands.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from types import EllipsisType
from typing import Any, Iterator, Sequence

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord import board, guided, images, lobby, reminders, turns, votes
from bot.discord.about import parsing_in_context
from bot.discord.commands import AlcazarCommands
from bot.discord.computers import ComputerTurns
from bot.discord.endpoints import apply_endpoints
from bot.discord.followups import FollowupBoards
from bot.discord.monitor import GatewayWatch, Monitor, http_trace
from bot.discord.reminders import ReminderLoop
from bot.discord.replies import answer_failure
from bot.discord.standings import computer_label
from bot.discord.translator import CatalogTranslator
from bot.i18n import ENGLISH, language_of, t
from bot.service import BackupSchedule, Clock, GameInfo, GameService, Store, StoreUnavailable, SystemClock, open_store
from bot.telemetry import Metrics

log = logging.getLogger(__name__)

#: Every persistent button, each owned by its flow's module; registered so that a click finds
#: its callback from the ``custom_id`` alone, after a restart too.
PERSISTENT_BUTTONS = (*board.ITEMS, *lobby.ITEMS, *turns.ITEMS, *guided.ITEMS, *votes.ITEMS, *reminders.ITEMS)


class AlcazarBot(discord.AutoShardedClient):
    """The Alcazar bot. ``client_options`` go to ``discord.AutoShardedClient`` (tests shorten timeouts)."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None,
                 reminder_interval: float | None | EllipsisType = ...,
                 game_seeds: Iterator[int] | None = None, think_scale: float = 1.0,
                 backup_check_seconds: float | None = None, **client_options: Any) -> None:
        """``reminder_interval``: seconds between reminder polls; by default ``REMINDER_POLL_SECONDS``,
        None for no loop at all (tests then call ``reminders.run_once()``). ``backup_check_seconds``:
        how often the bot's own backups (``BACKUP_EVERY_HOURS``) look at the clock (default: every minute)."""
        apply_endpoints(settings.api_base_url, settings.gateway_url)
        # Default intents only: the bot reads interactions, never message content or member lists.
        # Nobody is pinged unless a message names whom it pings (``allowed_mentions=AllowedMentions(users=[...])``):
        # text a user typed and the bot echoes can never ping @everyone, a role or a stranger.
        client_options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        if settings.shard_ids is not None:
            client_options["shard_ids"] = list(settings.shard_ids)
        # This bot's own registry, so that several bots in one process (tests) count apart.
        metrics = Metrics()
        client_options.setdefault("http_trace", http_trace(metrics))
        super().__init__(intents=discord.Intents.default(), shard_count=settings.shard_count, **client_options)
        self.settings = settings
        self.metrics = metrics
        self.clock: Clock = clock or SystemClock()
        self.gateway_watch = GatewayWatch(self.clock)
        self.monitor = Monitor(self)
        # Seeds of new games (the deal and the seating); None lets the service draw them at random.
        # Tests pass known seeds so that a whole game is reproducible.
        self._game_seeds = game_seeds
        # Multiplies the computer players' thinking time (tests think briefly).
        self._think_scale = think_scale
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = answer_failure  # type: ignore[method-assign]
        self.reminders = ReminderLoop(
            self, settings.reminder_poll_seconds if isinstance(reminder_interval, EllipsisType) else reminder_interval)
        self.computer_turns = ComputerTurns(self)
        # Boards sent as interaction follow-ups, edited through their webhook while its token lives.
        self.followup_boards = FollowupBoards(self.clock)
        self._backup_check_seconds = backup_check_seconds
        self.backups: BackupSchedule | None = None
        self.store: Store | None = None
        self._service: GameService | None = None
        self._names: dict[int, str] = {}
        self._languages: dict[int, str] = {}   # the last language stored per user, to write only changes
        self._release: asyncio.Task[None] | None = None

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service is created in setup_hook, after login")
        return self._service

    async def setup_hook(self) -> None:
        if self.shard_count is None:
            # Asked here rather than by discord.py's launcher, which would also take Discord's
            # gateway address from the answer and pass by a gateway proxy (DISCORD_GATEWAY_URL).
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        self.gateway_watch.expect(self.shard_ids or range(self.shard_count))
        self.store = await open_store(self.settings.database)
        self._service = GameService(self.store, self.clock, cache_size=self.settings.game_cache_size,
                                    think_scale=self._think_scale, process_name=self.process_name,
                                    metrics=self.metrics)
        images.start_images(self.settings.image_workers, self.metrics)
        self.metrics.queue_from(images.work_queued)
        if self.settings.metrics_port is not None:
            await self.monitor.start(self.settings.metrics_host, self.settings.metrics_port)
        self.add_dynamic_items(*PERSISTENT_BUTTONS)
        await self.tree.set_translator(CatalogTranslator())
        self.tree.add_command(AlcazarCommands(self))
        if self.settings.syncs_commands:
            await self.sync_commands()
        self.reminders.start()
        self._start_backups(self.store)
        # Computer turns left waiting by a restart are played once the bot can post again.
        self.computer_turns.resume_when_ready()

    def _start_backups(self, store: Store) -> None:
        """The bot's own backups, when ``BACKUP_EVERY_HOURS`` asks for them (of the SQLite file only)."""
        hours = self.settings.backup_every_hours
        if hours is None:
            return
        if self.settings.database_url is not None:
            log.warning("BACKUP_EVERY_HOURS is set, but the bot backs up only a SQLite file; with DATABASE_URL "
                        "run python3 manage.py backup (pg_dump) on a schedule instead")
            return
        self.backups = BackupSchedule(store, self.clock, self.settings.backup_dir, every_hours=hours,
                                      keep=self.settings.backup_keep, check_seconds=self._backup_check_seconds)
        self.backups.start()
        log.info("Backing up every %g hour(s) into %s, keeping %d", hours, self.settings.backup_dir,
                 self.settings.backup_keep)

    def board_buttons(self, game: GameInfo) -> discord.ui.View:
        """The buttons a new board carries (``announce`` posts boards but leaves their buttons to the board's flow)."""
        return board.board_buttons(game)

    @property
    def process_name(self) -> str:
        """How this process signs its claims on reminders and deadlines: host, pid and shards."""
        shards = "all" if self.settings.shard_ids is None else ",".join(map(str, self.settings.shard_ids))
        return f"{socket.gethostname()}:{os.getpid()}:shards {shards}"

    async def close(self) -> None:
        """Stop everything the bot started, once, whoever asks first (a signal, ``async with``, a test).

        The work runs in one task that every caller awaits: a caller that stops
        waiting (``bot.start`` returns as soon as the gateway closes) must not
        leave the database half closed, or aiosqlite's thread keeps the process
        alive at exit.
        """
        if self._release is None:
            self._release = asyncio.ensure_future(self._release_resources())
        await asyncio.shield(self._release)

    async def _release_resources(self) -> None:
        # Background work first (it posts through the gateway and writes to the store), then
        # Discord, then what the answers used: the image workers and the database.
        await self.reminders.stop()
        await self.computer_turns.stop()
        await self.monitor.stop()
        if self.backups is not None:
            await self.backups.stop()
        await super().close()
        await images.stop_images()
        if self.store is not None:
            await self.store.close()
            self.store = None

    def _get_state(self, **options: Any) -> Any:
        # Every interaction's tasks start with its guild, user and command as log context (``about``).
        state = super()._get_state(**options)
        state.parsers["INTERACTION_CREATE"] = parsing_in_context(state.parsers["INTERACTION_CREATE"])
        return state

    # -- each shard's gateway, for /healthz -------------------------------------------------
    async def on_shard_connect(self, shard_id: int) -> None:
        self.gateway_watch.connected(shard_id)

    async def on_shard_ready(self, shard_id: int) -> None:
        self.gateway_watch.connected(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.gateway_watch.connected(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self.gateway_watch.disconnected(shard_id)

    def next_game_seed(self) -> int | None:
        """The seed for the next new game, or None for a random one."""
        return None if self._game_seeds is None else next(self._game_seeds)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the user's language: the DMs the bot sends them later are written in it."""
        language = language_of(interaction.locale)
        user_id = interaction.user.id
        if self._languages.get(user_id) != language and self._service is not None:
            self._languages[user_id] = language
            try:
                await self._service.remember_language(user_id, language)
            except StoreUnavailable:
                # The interaction itself tells the user; the language is stored at their next one.
                self._languages.pop(user_id, None)

    async def language_for_dm(self, user_id: int) -> str:
        """The language of the user's last interaction with the bot (English if none)."""
        if user_id not in self._languages:
            self._languages[user_id] = (await self.service.languages_of([user_id]))[user_id]
        return self._languages[user_id]

    # -- names for images (the bot has no member list: default intents only) --------------
    def remember_name(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name

    async def user_by_id(self, user_id: int) -> discord.User:
        return self.get_user(user_id) or await self.fetch_user(user_id)

    def known_names(self, user_ids: Sequence[int]) -> list[str]:
        """Display names already known, without asking Discord (for autocomplete, which must be quick)."""
        names = []
        for index, user_id in enumerate(user_ids):
            if user_id < 0:
                names.append(computer_label(user_id))
                continue
            user = self.get_user(user_id)
            names.append(self._names.get(user_id)
                         or (user.display_name if user else t(ENGLISH, "player.numbered", number=index + 1)))
        return names

    async def names_of(self, user_ids: Sequence[int], lang: str = ENGLISH) -> list[str]:
        """Display names in the given order, fetched once when not seen yet ("Player 2" in ``lang`` if not found)."""
        names = []
        for user_id in user_ids:
            if user_id < 0:
                names.append(computer_label(user_id, lang))
                continue
            if user_id not in self._names:
                try:
                    self._names[user_id] = (await self.user_by_id(user_id)).display_name
                except discord.HTTPException:
                    return [computer_label(u, lang) if u < 0
                            else self._names.get(u, t(lang, "player.numbered", number=i + 1))
                            for i, u in enumerate(user_ids)]
            names.append(self._names[user_id])
        return names

    async def sync_commands(self) -> None:
        """Register ``/alcazar`` with Discord: in the dev guild at once when one is set, else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("Synced %d command(s)%s", len(synced), "" if guild_id is None else f" to guild {guild_id}")
