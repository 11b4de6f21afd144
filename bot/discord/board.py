"""The buttons under a board: take the turn step by step, (Alcazar) see one's hand, and open the web board.

A board is posted by ``announce``, and taking the turn posts the next board,
so ``announce`` does not import this module: the table carries
``board_buttons`` (``Table.board_buttons``), and the import graph of the
Discord layer stays free of circles.
"""
from __future__ import annotations

import re
from typing import Any, Coroutine

import discord
from discord import ui

from bot.discord.buttons import GameButton, ids
from bot.discord.guided import open_chooser
from bot.discord.replies import guarded
from bot.discord.table import Table, table_of
from bot.discord.turns import show_hand
from bot.discord.weblinks import OpenBoardButton
from bot.i18n import ENGLISH, t
from bot.service import GameInfo


class TakeTurnButton(ui.DynamicItem[ui.Button], template=r"az:turn:(?P<game>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, version: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, "button.take_turn"), style=discord.ButtonStyle.primary,
                                   custom_id=f"az:turn:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> TakeTurnButton:
        return cls(*ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, open_chooser(table_of(interaction), interaction, self.game_id, self.version),
                      game_id=self.game_id)


class HandButton(GameButton, template=r"az:hand:(?P<game>\d+)"):
    name, label = "hand", "button.my_hand"

    def clicked(self, table: Table, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        return show_hand(table, interaction, self.game_id)


ITEMS: tuple[Any, ...] = (TakeTurnButton, HandButton)


def board_buttons(game: GameInfo, *, web_board: bool = False) -> ui.View:
    """Under a board (in the game's language): take the turn step by step; see one's hand (Alcazar);
    with ``web_board`` (the host set ``WEB_URL``) open one's own page of the game in a browser."""
    lang = game.settings.language
    view = ui.View(timeout=None)
    view.add_item(TakeTurnButton(game.id, game.version, lang))
    if game.kind == "alcazar":
        view.add_item(HandButton(game.id, lang))
    if web_board:
        view.add_item(OpenBoardButton(game.id, lang))
    return view
