"""The composition root's seam between the two edges: the web board wired beside the Discord bot.

The Discord layer (``bot/discord/``) and the web board (``bot/web/``) never
import each other; this module, which ``python -m bot`` calls, is the one place
that imports both. When ``WEB_URL`` is set, the web board starts once the
bot's table exists (in ``setup_hook``), with what it asks of the rest of the
bot (``WebHooks``): the players' names as the Discord layer knows them, and
posting a change made on a page in its channel exactly as a move made in
Discord is posted (``announce.publish``: the board, the ping of the player to
act, the hand DMs, the computer's answer). It stops first when the bot closes.

In Activity mode (``DISCORD_CLIENT_SECRET`` with ``WEB_URL``) the board also
opens inside Discord: the web board asks the Discord layer's ``ActivityDoor``
who a visitor is (``ActivityHooks``), and the door asks Discord. Without the
Activity's script (``bot/web/bundle.py``, built by ``manage.py``) that mode
logs one error and the page says so inside Discord; links work as ever.

With several processes (``manage.py run --processes N``) only the process
running shard 0 serves the web board (``Settings.serves_web_board``); the
others hand out links to it, and the changes they make reach its pages
through PostgreSQL's LISTEN/NOTIFY (``service.changes``).
"""
from __future__ import annotations

import logging

from bot.config import Settings
from bot.discord import announce
from bot.discord.activity import ActivityDoor, NotVouched
from bot.discord.client import Edge
from bot.discord.table import Table
from bot.service import Accepted
from bot.telemetry.context import set_about
from bot.web import WebBoard, WebHooks
from bot.web.bundle import BUNDLE
from bot.web.hooks import ActivityDenied, ActivityHooks, ActivityVisitor

log = logging.getLogger(__name__)


class WebBoardUnavailable(Exception):
    """The web board cannot listen at ``WEB_HOST``:``WEB_PORT`` (the port in use, no such address)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(host, port, reason)
        self.host, self.port, self.reason = host, port, reason


class WebBoardEdge:
    """The web board of one bot process: made and started once its table is laid."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.board: WebBoard | None = None
        self.door: ActivityDoor | None = None

    async def start(self, table: Table) -> None:
        async def publish(accepted: Accepted) -> None:
            set_about(game_id=accepted.game.id)     # the posting's log lines name the game, as a button's do
            await announce.publish(table, accepted)

        activity = None
        if self.settings.activity_mode:
            application_id = table.client.application_id
            assert application_id is not None, "the bot knows its application once logged in"
            self.door = ActivityDoor(self.settings, application_id)
            activity = activity_hooks(self.door)
            if not BUNDLE.is_file():
                log.error("Activity mode is on but the Activity's script is not built (%s): start the bot with "
                          "`python3 manage.py run`, which builds it; until then the board inside Discord says so, "
                          "and links work", BUNDLE)
        hooks = WebHooks(names_of=table.names_of, publish=publish, activity=activity)
        board = self.board_for(table, hooks)
        try:
            await board.start()
        except OSError as error:
            await board.stop()
            await self.stop()           # the door's HTTP session
            raise WebBoardUnavailable(self.settings.web_host, self.settings.web_port,
                                      error.strerror or str(error)) from error
        self.board = board

    def board_for(self, table: Table, hooks: WebHooks) -> WebBoard:
        """The web board, made before it starts (the browser tests add the stand-in for Discord's client here)."""
        return WebBoard(table.service, self.settings, hooks)

    async def stop(self) -> None:
        if self.board is not None:
            board, self.board = self.board, None
            await board.stop()
        if self.door is not None:
            door, self.door = self.door, None
            await door.close()


def activity_hooks(door: ActivityDoor) -> ActivityHooks:
    """The Discord layer's door as the web board asks for it: Discord's answers in the web board's terms."""
    async def identify(code: str, instance_id: str) -> ActivityVisitor:
        try:
            visitor = await door.identify(code, instance_id)
        except NotVouched as refused:
            raise ActivityDenied(refused.message) from None
        return ActivityVisitor(user_id=visitor.user_id, channel_id=visitor.channel_id, guild_id=visitor.guild_id,
                               access_token=visitor.access_token)

    return ActivityHooks(client_id=door.application_id, identify=identify)


def edges_for(settings: Settings) -> tuple[Edge, ...]:
    """The ways in beside Discord that this process serves: the web board when it is set up here."""
    return (WebBoardEdge(settings),) if settings.serves_web_board else ()
