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
"""
from __future__ import annotations

from typing import Any, Coroutine

import discord
from discord import app_commands, ui

from bot.discord.buttons import GameButton
from bot.discord.replies import Refused, private_language, send
from bot.discord.table import Table
from bot.discord.translator import described
from bot.i18n import Msg, t
from bot.service import GameInfo, Refusal

NOT_SET_UP = Msg("web.not_set_up")


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
    """The Open board button: the clicker's own link, privately; nothing is posted, nobody is pinged."""
    if table.web_url is None:
        raise Refused(NOT_SET_UP, game_id=game_id)
    game = await table.service.records.game(game_id)
    if isinstance(game, Refusal):
        raise Refused(game.message, game_id=game_id)
    link = await table.service.links.link_for(game_id, interaction.user.id, days=table.web_link_days)
    if isinstance(link, Refusal):
        raise Refused(link.message, game_id=game_id)
    lang = private_language(interaction)
    await send(interaction, whose_page(game, interaction.user.id, table.web_link_days), ephemeral=True,
               view=link_button(table, link.token, lang))


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
