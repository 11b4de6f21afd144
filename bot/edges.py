"""The composition root's seam between the two edges: the web board wired beside the Discord bot.

The Discord layer (``bot/discord/``) and the web board (``bot/web/``) never
import each other; this module, which ``python -m bot`` calls, is the one place
that imports both. When ``WEB_URL`` is set, the web board starts once the
bot's table exists (in ``setup_hook``), with what it asks of the rest of the
bot (``WebHooks``): the players' names as the Discord layer knows them, and
posting a change made on a page in its channel exactly as a move made in
Discord is posted (``announce.publish``: the board, the ping of the player to
act, the hand DMs, the computer's answer). It stops first when the bot closes.

With several processes (``manage.py run --processes N``) only the process
running shard 0 serves the web board (``Settings.serves_web_board``); the
others hand out links to it, and the changes they make reach its pages
through PostgreSQL's LISTEN/NOTIFY (``service.changes``).
"""
from __future__ import annotations

from bot.config import Settings
from bot.discord import announce
from bot.discord.client import Edge
from bot.discord.table import Table
from bot.service import Accepted
from bot.telemetry.context import set_about
from bot.web import WebBoard, WebHooks


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

    async def start(self, table: Table) -> None:
        async def publish(accepted: Accepted) -> None:
            set_about(game_id=accepted.game.id)     # the posting's log lines name the game, as a button's do
            await announce.publish(table, accepted)

        board = WebBoard(table.service, self.settings, WebHooks(names_of=table.names_of, publish=publish))
        try:
            await board.start()
        except OSError as error:
            await board.stop()
            raise WebBoardUnavailable(self.settings.web_host, self.settings.web_port,
                                      error.strerror or str(error)) from error
        self.board = board

    async def stop(self) -> None:
        if self.board is not None:
            board, self.board = self.board, None
            await board.stop()


def edges_for(settings: Settings) -> tuple[Edge, ...]:
    """The ways in beside Discord that this process serves: the web board when it is set up here."""
    return (WebBoardEdge(settings),) if settings.serves_web_board else ()
