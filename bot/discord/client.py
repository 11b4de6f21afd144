"""The bot: a ``discord.AutoShardedClient`` whose resources are wired in ``setup_hook``.

Follows discord.py's ``examples/advanced_startup.py``: the database, the game
service, the table the flows are given (``bot.discord.table``), the command
group, the persistent buttons and the reminder loop are created once after
login and released in ``close``.

Shards: ``SHARD_COUNT`` and ``SHARD_IDS`` choose the gateway shards this
process runs; unset, it runs as many shards as Discord recommends (one for
a small bot), all of them. Whatever reaches a process (a guild's events on
its shard, DMs and their buttons on shard 0) works for any game, since every
game lives in the shared database. Only the process running shard 0 syncs
the commands.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import os
import socket
from types import EllipsisType
from typing import Any, Iterable, Iterator, Mapping, Protocol, Sequence

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord import board, guided, images, lobby, reminders, tournaments, turns, votes, weblinks
from bot.discord.about import parsing_in_context
from bot.discord.commands import AlcazarCommands
from bot.discord.computers import ComputerTurns
from bot.discord.endpoints import apply_endpoints
from bot.discord.errands import Errands
from bot.discord.followups import FollowupBoards
from bot.discord.monitor import GatewayWatch, Monitor, http_trace
from bot.discord.pacing import BackgroundLane
from bot.discord.reminders import ReminderLoop
from bot.discord.replies import answer_failure
from bot.discord.table import Table, laid
from bot.discord.translator import CatalogTranslator
from bot.i18n import language_of
from bot.service import BackupSchedule, Clock, GameService, Store, SystemClock, open_store
from bot.telemetry import Metrics

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's warnings that its voice libraries
# (PyNaCl, davey) are missing would only read like errors on every start.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class CommandSyncRefused(Exception):
    """Discord would not register ``/alcazar`` (globally, or in ``guild_id``); the bot cannot start without it."""

    def __init__(self, error: discord.HTTPException, guild_id: int | None) -> None:
        super().__init__(f"{error.status} {error.text}")
        self.status, self.code, self.text, self.guild_id = error.status, error.code, error.text, guild_id


class Edge(Protocol):
    """Another way in to the games beside Discord (the web board): started once the table is laid, so
    that it works with the flows' service, names and posting; stopped first when the bot closes."""

    async def start(self, table: Table) -> None: ...

    async def stop(self) -> None: ...


#: Every persistent button, each owned by its flow's module; registered so that a click finds
#: its callback from the ``custom_id`` alone, after a restart too.
PERSISTENT_BUTTONS = (*board.ITEMS, *lobby.ITEMS, *turns.ITEMS, *guided.ITEMS, *votes.ITEMS, *reminders.ITEMS,
                      *tournaments.ITEMS, *weblinks.ITEMS)


class AlcazarBot(discord.AutoShardedClient):
    """The Alcazar bot. ``client_options`` go to ``discord.AutoShardedClient`` (tests shorten timeouts)."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None,
                 reminder_interval: float | None | EllipsisType = ...,
                 game_seeds: Iterator[int] | None = None, think_scale: float = 1.0,
                 backup_check_seconds: float | None = None, edges: Sequence[Edge] = (),
                 **client_options: Any) -> None:
        """``reminder_interval``: seconds between reminder polls; by default ``REMINDER_POLL_SECONDS``,
        None for no loop at all (tests then call ``reminders.run_once()``). ``backup_check_seconds``:
        how often the bot's own backups (``BACKUP_EVERY_HOURS``) look at the clock (default: every minute).
        ``edges``: the other ways in beside Discord (``bot/edges.py`` makes the web board's)."""
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
        # Background work (reminders, deadlines, computers' boards) is paced in the global bucket, behind players.
        self.lane = BackgroundLane()
        self.lane.install(self.http)
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
            settings.reminder_poll_seconds if isinstance(reminder_interval, EllipsisType) else reminder_interval)
        self.computer_turns = ComputerTurns()
        # Boards sent as interaction follow-ups, edited through their webhook while its token lives.
        self.followup_boards = FollowupBoards(self.clock)
        self.errands = Errands()
        self._backup_check_seconds = backup_check_seconds
        self.edges = tuple(edges)
        self.backups: BackupSchedule | None = None
        self.store: Store | None = None
        self._service: GameService | None = None
        self._table: Table | None = None
        self._release: asyncio.Task[None] | None = None

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service is created in setup_hook, after login")
        return self._service

    @property
    def table(self) -> Table:
        """What the flows are given: laid in ``setup_hook``, once the service exists."""
        return laid(self._table, self)

    async def setup_hook(self) -> None:
        if self.shard_count is None:
            # Asked here rather than by discord.py's launcher, which would also take Discord's
            # gateway address from the answer and pass by a gateway proxy (DISCORD_GATEWAY_URL).
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        self.gateway_watch.expect(self.shard_ids or range(self.shard_count))
        # The token's global bucket is shared by every process: this one takes the share of its shards.
        self.lane.share_token(len(self.shard_ids or range(self.shard_count)) / self.shard_count)
        self.store = await open_store(self.settings.database)
        self._service = GameService(self.store, self.clock, cache_size=self.settings.game_cache_size,
                                    think_scale=self._think_scale, process_name=self.process_name,
                                    metrics=self.metrics)
        web_board = self.settings.web_url is not None
        table = self._table = Table(service=self._service, client=self, metrics=self.metrics, clock=self.clock,
                                    computer_turns=self.computer_turns,
                                    board_buttons=functools.partial(board.board_buttons, web_board=web_board),
                                    tournament_news=self._tournament_news, followup_boards=self.followup_boards,
                                    errands=self.errands, game_seeds=self._game_seeds,
                                    web_url=self.settings.web_url, web_link_days=self.settings.web_link_days,
                                    activity_mode=self.settings.activity_mode)
        self._service.tournaments.channels = tournaments.GameThreads(table)   # each game a thread of its own
        images.start_images(self.settings.image_workers, self.metrics)
        self.metrics.queue_from(images.work_queued)
        if self.settings.metrics_port is not None:
            await self.monitor.start(self.settings.metrics_host, self.settings.metrics_port)
        for edge in self.edges:
            await edge.start(table)
        self.add_dynamic_items(*PERSISTENT_BUTTONS)
        await self.tree.set_translator(CatalogTranslator())
        self.tree.add_command(AlcazarCommands(table))
        if self.settings.syncs_commands:
            await self.sync_commands()
        self.reminders.start(table)
        self._start_backups(self.store)
        # Computer turns left waiting by a restart are played once the bot can post again.
        self.computer_turns.resume_when_ready(table)

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

    async def _tournament_news(self, events: Iterable[object]) -> None:
        """What a game's end did to its tournament, posted after the game's own message (``announce``
        posts games; the tournament's flow posts rounds and standings)."""
        await tournaments.announce(self.table, events)

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
        # The other ways in first (a page's move posts in Discord), then background work (it posts
        # through the gateway and writes to the store), then Discord, then what the answers used:
        # the image workers and the database.
        for edge in self.edges:
            await edge.stop()
        await self.reminders.stop()
        await self.computer_turns.stop()
        await self.monitor.stop()
        await self.errands.stop()
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

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the user's language: the DMs the bot sends them later are written in it."""
        if self._table is not None:
            await self._table.remember_language(interaction.user.id, language_of(interaction.locale))

    async def sync_commands(self) -> None:
        """Register ``/alcazar`` with Discord: in the dev guild at once when one is set, else globally.

        Discord adds an Entry Point command to the application when the host enables Activities,
        and refuses (50240) a bulk overwrite that leaves it out, which ``tree.sync()`` would do. So
        the overwrite keeps the Entry Point commands Discord has."""
        guild_id = self.settings.dev_guild_id
        guild = None if guild_id is None else discord.Object(id=guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        try:
            synced = await self._overwrite_commands(guild)
        except discord.HTTPException as error:
            raise CommandSyncRefused(error, guild_id) from error
        log.info("Synced %d command(s)%s", len(synced), "" if guild_id is None else f" to guild {guild_id}")

    async def _overwrite_commands(self, guild: discord.abc.Snowflake | None) -> Sequence[object]:
        """The tree's commands, worded by its translator as ``tree.sync()`` words them, plus the Entry
        Point commands Discord has: the bulk overwrite, for ``guild`` or (None) globally."""
        application_id = self.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        payload: list[dict[str, Any]] = [
            await command.get_translated_payload(self.tree, translator) if translator else command.to_dict(self.tree)
            for command in commands]
        if guild is None:
            current = await self.http.get_global_commands(application_id)
        else:
            current = await self.http.get_guild_commands(application_id, guild.id)
        payload.extend(entry_point_payload(command) for command in current
                       if command.get("type") == PRIMARY_ENTRY_POINT)
        if guild is None:
            return await self.http.bulk_upsert_global_commands(application_id, payload=payload)
        return await self.http.bulk_upsert_guild_commands(application_id, guild.id, payload=payload)


#: Discord's command type for an Activity's Entry Point command (``PRIMARY_ENTRY_POINT``).
PRIMARY_ENTRY_POINT = 4
#: The fields of a command a bulk overwrite takes (Discord's "Bulk Overwrite ... Application Commands").
OVERWRITE_FIELDS = ("id", "name", "name_localizations", "description", "description_localizations", "options",
                    "default_member_permissions", "integration_types", "contexts", "type", "nsfw", "handler")


def entry_point_payload(command: Mapping[str, Any]) -> dict[str, Any]:
    """An Entry Point command as Discord has it, as a bulk overwrite keeps it unchanged (its id too)."""
    return {key: command[key] for key in OVERWRITE_FIELDS if key in command}
