"""Persistent buttons: ``DynamicItem``s whose ``custom_id`` carries the game id and version.

Nothing about a button lives in memory, so buttons keep working after a
restart (discord.py's ``examples/views/dynamic_counter.py``). Labels are in
the language given (the game's under public posts, the user's in private
answers); a button rebuilt from its ``custom_id`` needs no label. Each callback
hands over to the flow modules and goes through ``guarded``, the one error
handler, because discord.py only logs a dynamic item's exceptions.
"""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord.replies import guarded
from bot.i18n import ENGLISH, t
from bot.service import GameInfo


def _ids(match: re.Match[str]) -> tuple[int, int]:
    return int(match["game"]), int(match["version"])


class LobbyButton(ui.DynamicItem[ui.Button],
                  template=r"az:lobby:(?P<action>join|leave|start|cancel|computer|uncomputer):(?P<game>\d+)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger,
              "computer": discord.ButtonStyle.secondary, "uncomputer": discord.ButtonStyle.secondary}

    def __init__(self, action: str, game_id: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, f"button.lobby.{action}"), style=self.STYLES[action],
                                   custom_id=f"az:lobby:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import lobby
        await guarded(interaction, lobby.lobby_action(interaction, self.action, self.game_id), game_id=self.game_id)


class TakeTurnButton(ui.DynamicItem[ui.Button], template=r"az:turn:(?P<game>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, version: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, "button.take_turn"), style=discord.ButtonStyle.primary,
                                   custom_id=f"az:turn:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> TakeTurnButton:
        return cls(*_ids(match))

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


class PickSelect(ui.DynamicItem[ui.Select], template=r"az:pick:(?P<game>\d+):(?P<version>\d+):(?P<path>[-\d.]+)"):
    """The chooser's menu: picking an option walks one step down the move tree."""

    def __init__(self, game_id: int, version: int, path: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(ui.Select(custom_id=f"az:pick:{game_id}:{version}:{path}", options=options or [],
                                   placeholder=placeholder))
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> PickSelect:
        return cls(int(match["game"]), int(match["version"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import guided
        # A select menu's pick is the only value in the component data.
        values = [str(v) for v in self.item.values]
        await guarded(interaction, guided.pick(interaction, self.game_id, self.version, self.path, values),
                      game_id=self.game_id)


class ChooserButton(ui.DynamicItem[ui.Button],
                    template=r"az:(?P<what>page|back|play):(?P<game>\d+):(?P<version>\d+):(?P<path>[-\d.]+)(:(?P<page>\d+))?"):
    """The chooser's other buttons: another page of options, one step back, or play the move."""

    def __init__(self, what: str, game_id: int, version: int, path: str, page: int | None = None,
                 label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        suffix = "" if page is None else f":{page}"
        super().__init__(ui.Button(label=label or what, style=style,
                                   custom_id=f"az:{what}:{game_id}:{version}:{path}{suffix}"))
        self.what, self.game_id, self.version, self.path, self.page = what, game_id, version, path, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> ChooserButton:
        page = None if match["page"] is None else int(match["page"])
        return cls(match["what"], int(match["game"]), int(match["version"]), match["path"], page)

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import guided
        work = guided.button(interaction, self.what, self.game_id, self.version, self.path, self.page or 0)
        await guarded(interaction, work, game_id=self.game_id)


class VoteButton(ui.DynamicItem[ui.Button],
                 template=r"az:(?P<question>undo|draw):(?P<vote>yes|no):(?P<game>\d+):(?P<version>\d+)"):
    """An answer to a question put to the table: approve an undo, or accept a draw (or decline either)."""

    def __init__(self, question: str, vote: str, game_id: int, version: int, lang: str = ENGLISH) -> None:
        style = discord.ButtonStyle.success if vote == "yes" else discord.ButtonStyle.danger
        super().__init__(ui.Button(label=t(lang, f"button.{question}.{vote}"), style=style,
                                   custom_id=f"az:{question}:{vote}:{game_id}:{version}"))
        self.question, self.vote, self.game_id, self.version = question, vote, game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> VoteButton:
        return cls(match["question"], match["vote"], *_ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import votes
        await guarded(interaction, votes.answer(interaction, self.question, self.game_id, self.version,
                                                self.vote == "yes"), game_id=self.game_id)


class MuteButton(ui.DynamicItem[ui.Button], template=r"az:mute:(?P<game>\d+)"):
    def __init__(self, game_id: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, "button.mute"), style=discord.ButtonStyle.secondary,
                                   custom_id=f"az:mute:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> MuteButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import reminders
        await guarded(interaction, reminders.mute(interaction, self.game_id), game_id=self.game_id)


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
        return cls(match["action"], *_ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord import lobby, turns
        confirmed = lobby.cancel_game_in_play if self.action == "cancel" else turns.confirmed_resign
        await guarded(interaction, confirmed(interaction, self.game_id, self.version), game_id=self.game_id)


ALL_ITEMS: tuple[Any, ...] = (LobbyButton, TakeTurnButton, HandButton, PickSelect, ChooserButton,
                              VoteButton, MuteButton, ConfirmButton)


def lobby_buttons(game_id: int, computers: bool = False, lang: str = ENGLISH) -> ui.View:
    """Join, Leave, Start, Cancel, Add computer; Remove computer when the lobby has one (labels in ``lang``)."""
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start", "cancel", "computer") + (("uncomputer",) if computers else ()):
        view.add_item(LobbyButton(action, game_id, lang))
    return view


def board_buttons(game: GameInfo) -> ui.View:
    """Under a board (in the game's language): take the turn step by step; see one's hand (Alcazar)."""
    lang = game.settings.language
    view = ui.View(timeout=None)
    view.add_item(TakeTurnButton(game.id, game.version, lang))
    if game.kind == "alcazar":
        view.add_item(HandButton(game.id, lang))
    return view


def vote_buttons(question: str, game_id: int, version: int, lang: str = ENGLISH) -> ui.View:
    """Yes and no to an undo request or a draw offer made at ``version``."""
    view = ui.View(timeout=None)
    view.add_item(VoteButton(question, "yes", game_id, version, lang))
    view.add_item(VoteButton(question, "no", game_id, version, lang))
    return view


def confirm_buttons(action: str, game_id: int, version: int, lang: str = ENGLISH) -> ui.View:
    """The one button that confirms ``action`` (cancel or resign) at ``version``."""
    view = ui.View(timeout=None)
    view.add_item(ConfirmButton(action, game_id, version, lang))
    return view


def mute_buttons(game_id: int, lang: str = ENGLISH) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(MuteButton(game_id, lang))
    return view
