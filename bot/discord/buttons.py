"""What the persistent buttons share: ids read from a ``custom_id``, and the shape of a confirmation.

Every button is a ``DynamicItem`` whose ``custom_id`` carries the game (and
the version the player saw), so nothing about it lives in memory and it keeps
working after a restart (discord.py's ``examples/views/dynamic_counter.py``).
Each flow owns its buttons and their callbacks: the lobby's in ``lobby``, the
chooser's in ``guided``, the board's in ``board``, votes in ``votes``, the mute
button in ``reminders``. Every callback goes through ``guarded``, the one
error handler, because discord.py only logs a dynamic item's exceptions.
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Coroutine

import discord
from discord import ui

from bot.discord.replies import guarded
from bot.discord.table import Table, table_of
from bot.i18n import ENGLISH, t


def ids(match: re.Match[str]) -> tuple[int, int]:
    """The game id and version a button's ``custom_id`` carries."""
    return int(match["game"]), int(match["version"])


class ConfirmButton(ui.DynamicItem[ui.Button], template=r"az:confirm:(?P<action>cancel|resign):(?P<game>\d+):(?P<version>\d+)"):
    """The second click that really does something that cannot be taken back, at the version the player saw.

    Each confirmation is a subclass naming its ``action`` (and its own template)
    in the module of its flow; this class itself is never registered."""

    action: ClassVar[str]

    def __init__(self, game_id: int, version: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, f"button.confirm.{self.action}"), style=discord.ButtonStyle.danger,
                                   custom_id=f"az:confirm:{self.action}:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> ConfirmButton:
        return cls(*ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.confirmed(interaction), game_id=self.game_id)

    def confirmed(self, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        raise NotImplementedError

    def alone(self) -> ui.View:
        """A view holding just this button (the private question's only answer)."""
        view = ui.View(timeout=None)
        view.add_item(self)
        return view


class GameButton(ui.DynamicItem[ui.Button], template=r"az:(?P<name>hand|mute):(?P<game>\d+)"):
    """A grey button that carries one game's id (``az:<name>:<game>``) and acts for whoever clicks it.

    Each is a subclass naming its ``name`` and the message id of its ``label`` (and its own
    template) in the module of its flow; this class itself is never registered."""

    name: ClassVar[str]
    label: ClassVar[str]

    def __init__(self, game_id: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, self.label), style=discord.ButtonStyle.secondary,
                                   custom_id=f"az:{self.name}:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> GameButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.clicked(table_of(interaction), interaction), game_id=self.game_id)

    def clicked(self, table: Table, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        raise NotImplementedError
