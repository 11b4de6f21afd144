"""Persistent buttons under the board and the confirmations: ``DynamicItem``s whose ``custom_id``
carries the game id and version.

Nothing about a button lives in memory, so buttons keep working after a
restart (discord.py's ``examples/views/dynamic_counter.py``). Labels are in
the language given (the game's under public posts, the user's in private
answers); a button rebuilt from its ``custom_id`` needs no label. Every
callback goes through ``guarded``, the one error handler, because discord.py
only logs a dynamic item's exceptions.

A flow's own buttons live with the flow (the lobby's in ``lobby``, the
chooser's in ``guided``, votes in ``votes``, the mute button in
``reminders``). The ones here are those whose flow posts boards itself:
a board carries "Take my turn", and taking the turn posts the next board, so
their callbacks reach their flow only when clicked.
"""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord.replies import guarded
from bot.i18n import ENGLISH, t
from bot.service import GameInfo


def ids(match: re.Match[str]) -> tuple[int, int]:
    return int(match["game"]), int(match["version"])


class TakeTurnButton(ui.DynamicItem[ui.Button], template=r"az:turn:(?P<game>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, version: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, "button.take_turn"), style=discord.ButtonStyle.primary,
                                   custom_id=f"az:turn:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> TakeTurnButton:
        return cls(*ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import guided
        await guarded(interaction, guided.open_chooser(interaction, self.game_id, self.version), game_id=self.game_id)


class HandButton(ui.DynamicItem[ui.Button], template=r"az:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, "button.my_hand"), style=discord.ButtonStyle.secondary,
                                   custom_id=f"az:hand:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import turns
        await guarded(interaction, turns.show_hand(interaction, self.game_id), game_id=self.game_id)


class ConfirmButton(ui.DynamicItem[ui.Button],
                    template=r"az:confirm:(?P<action>cancel|resign):(?P<game>\d+):(?P<version>\d+)"):
    """The second click that really cancels a game in play (host) or resigns, at the version the player saw."""

    def __init__(self, action: str, game_id: int, version: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, f"button.confirm.{action}"), style=discord.ButtonStyle.danger,
                                   custom_id=f"az:confirm:{action}:{game_id}:{version}"))
        self.action, self.game_id, self.version = action, game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> ConfirmButton:
        return cls(match["action"], *ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import lobby, turns
        confirmed = lobby.cancel_game_in_play if self.action == "cancel" else turns.confirmed_resign
        await guarded(interaction, confirmed(interaction, self.game_id, self.version), game_id=self.game_id)


#: The buttons defined here; each flow module lists its own (``ITEMS``), and the client registers them all.
ITEMS: tuple[Any, ...] = (TakeTurnButton, HandButton, ConfirmButton)


def board_buttons(game: GameInfo) -> ui.View:
    """Under a board (in the game's language): take the turn step by step; see one's hand (Alcazar)."""
    lang = game.settings.language
    view = ui.View(timeout=None)
    view.add_item(TakeTurnButton(game.id, game.version, lang))
    if game.kind == "alcazar":
        view.add_item(HandButton(game.id, lang))
    return view


def confirm_buttons(action: str, game_id: int, version: int, lang: str = ENGLISH) -> ui.View:
    """The one button that confirms ``action`` (cancel or resign) at ``version``."""
    view = ui.View(timeout=None)
    view.add_item(ConfirmButton(action, game_id, version, lang))
    return view
