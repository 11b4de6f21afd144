"""Links to the web board: the Open board button, the link buttons it answers with, and ending them.

The web board (``WEB_URL``) shows a game live in any browser. Each link is
personal: a seated player's opens their own page, with their hand, from which
they can move; anyone else's the spectator's page. So a link is never posted
in the channel: the board carries an **Open board** button whose answer is
private and holds a link button (Discord opens it; the bot hears nothing) to
``{WEB_URL}/play#t=<token>``. The token travels in the fragment, which the
browser keeps to itself. ``/alcazar board`` and the hand DM carry the
reader's own link directly, since only they see them.

Without ``WEB_URL`` no link is made anywhere, and a press of an Open board
button from before (or ``/alcazar links end``) answers in one line that the
host has not set the web board up.

In Activity mode (``DISCORD_CLIENT_SECRET`` too) the button opens the board
inside Discord instead: it records which game the clicker meant (the launch
carries nothing), then answers with ``LAUNCH_ACTIVITY``, which must be the
interaction's first answer. When Discord refuses to launch (the device or the
client cannot, Activities not enabled), the clicker gets the link as above,
after one line saying why.
"""
from __future__ import annotations

import logging
from typing import Any, Coroutine

import discord
from discord import app_commands, ui

from bot.discord.buttons import GameButton
from bot.discord.replies import ALREADY_ACKNOWLEDGED, Refused, private_language, send
from bot.discord.table import Table
from bot.discord.translator import described
from bot.i18n import Msg, t
from bot.service import GameInfo, Refusal

log = logging.getLogger(__name__)

NOT_SET_UP = Msg("web.not_set_up")
#: Discord's codes for a launch the clicker's device or client cannot make.
LAUNCH_NOT_SUPPORTED = (50230, 50231)


def link_button(table: Table, token: str, lang: str) -> ui.View:
    """A view holding one link button, "Open board", to the page a link token opens."""
    view = ui.View(timeout=None)
    view.add_item(ui.Button(style=discord.ButtonStyle.link, label=t(lang, "button.open_board"),
                            url=table.page_url(token)))
    return view


async def own_link(table: Table, game_id: int, user_id: int, lang: str) -> ui.View | None:
    """The user's own link to the game's page as a link button, or None without a web board (or game)."""
    if table.web_url is None:
        return None
    link = await table.service.links.link_for(game_id, user_id, days=table.web_link_days)
    if isinstance(link, Refusal):
        return None
    return link_button(table, link.token, lang)


def whose_page(game: GameInfo, user_id: int, days: float) -> Msg:
    """What the link opens, said to the one it is for: their own page (with their hand), or a spectator's."""
    if user_id in game.players:
        key = "web.link.player_hand" if game.kind == "alcazar" else "web.link.player"
        return Msg(key, title=game.title, days=days)
    return Msg("web.link.spectator", title=game.title, days=days)


async def open_board(table: Table, interaction: discord.Interaction, game_id: int) -> None:
    """The Open board button: the board inside Discord in Activity mode; else (or when Discord will not
    launch it) the clicker's own link, privately. Nothing is posted, nobody is pinged."""
    if table.web_url is None:
        raise Refused(NOT_SET_UP, game_id=game_id)
    game = await table.service.records.game(game_id)
    if isinstance(game, Refusal):
        raise Refused(game.message, game_id=game_id)
    why_a_link = await launch(table, interaction, game_id) if table.activity_mode else None
    if interaction.response.is_done():
        return      # launched: the board opens inside Discord
    link = await table.service.links.link_for(game_id, interaction.user.id, days=table.web_link_days)
    if isinstance(link, Refusal):
        raise Refused(link.message, game_id=game_id)
    lang = private_language(interaction)
    words = t(lang, whose_page(game, interaction.user.id, table.web_link_days))
    if why_a_link is not None:
        words = f"{t(lang, why_a_link)}\n{words}"
    await send(interaction, words, ephemeral=True, view=link_button(table, link.token, lang))


async def launch(table: Table, interaction: discord.Interaction, game_id: int) -> Msg | None:
    """Open the board inside Discord (``LAUNCH_ACTIVITY``, the interaction's first answer), once the game
    the clicker meant is recorded; None when Discord launched it, else why it did not."""
    if interaction.channel_id is None:
        return None
    await table.service.activities.record_launch(interaction.user.id, interaction.channel_id, game_id)
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        if error.code == ALREADY_ACKNOWLEDGED:
            # A retry after Discord lost its answer to the launch: the first one stood.
            interaction.response._response_type = discord.InteractionResponseType.launch_activity
            return None
        log.info("Discord did not launch the board of game %s for user %s (%s, code %s); answering with a link",
                 game_id, interaction.user.id, error.status, error.code)
        return Msg("activity.launch_refused.platform" if error.code in LAUNCH_NOT_SUPPORTED
                   else "activity.launch_refused.other")
    return None


class OpenBoardButton(GameButton, template=r"az:web:(?P<game>\d+)"):
    """Under every board while the web board is set up; a press answers with the clicker's own link."""

    name, label = "web", "button.open_board"

    def clicked(self, table: Table, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        return open_board(table, interaction, self.game_id)


async def end_links(table: Table, interaction: discord.Interaction) -> None:
    """``/alcazar links end``: every link and page of the user's ends at once; one private line says so."""
    if table.web_url is None:
        raise Refused(NOT_SET_UP)
    await table.service.links.end_all(interaction.user.id)
    await send(interaction, Msg("web.links_ended"), ephemeral=True)


class LinksCommands(app_commands.Group):
    """``/alcazar links …``: one's own links to the web board (in a DM with the bot too)."""

    def __init__(self, table: Table) -> None:
        super().__init__(name="links", description=described("cmd.links"))
        self.table = table

    @app_commands.command(name="end", description=described("cmd.links.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        await end_links(self.table, interaction)


ITEMS: tuple[Any, ...] = (OpenBoardButton,)
