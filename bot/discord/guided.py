"""The guided turn's messages: an ephemeral chooser, one step per message edit.

The state of the chooser is only the path in the custom ids (see
``chooser``), so it survives restarts and never holds a move in memory. Each
id also carries the digest of what its path meant when it was shown, so a click
read in a tree that a later release orders differently is refused, never taken
for another step or another move. The id forms of earlier releases carry no
digest: they are still registered, and every click on one is refused.
"""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord.chooser import (
    DIGEST_LENGTH, MoveTree, Stage, decode_path, encode_path, move_digest, move_tree, move_with_digest,
)
from bot.discord.context import STALE, game_on_button, whose_turn
from bot.discord.replies import Refused, defer, defer_update, guarded, private_language, send
from bot.discord.table import Table, table_of
from bot.discord.texts import SELECT_TEXT_LIMIT, clip
from bot.discord.turns import play_move
from bot.i18n import Msg, t, text_of
from bot.service import MoveChoice

# True words for a click on a chooser of an earlier release (or one whose path now means another
# step): the game has not moved on, the bot has; "out of date" would send the player looking in vain.
FROM_OLDER_VERSION = Msg("chooser.from_older_version")
MOVE_NOT_POSSIBLE = Msg("chooser.move_no_longer_possible")


async def _tree(bot: Table, interaction: discord.Interaction, game_id: int, version: int
                ) -> tuple[MoveTree, list[MoveChoice]]:
    """The caller's move tree at ``version`` and every legal move, after the checks of a turn."""
    game = await game_on_button(bot, interaction, game_id, version)
    if game.seat_of(interaction.user.id) is None:
        raise Refused(Msg("refusal.not_playing"), game_id=game_id)
    if game.to_move_id != interaction.user.id:
        raise Refused(whose_turn(game), game_id=game_id)
    moves = await bot.service.records.legal_moves_for(game_id, interaction.user.id, limit=None)
    return move_tree(game.kind, moves), moves


def _stage_meaning(tree: MoveTree, path: tuple[int, ...], digest: str, game_id: int) -> Stage:
    """The stage at ``path``, when the path still chooses what it chose when the id was made."""
    stage = tree.stage(path) if tree.leads_to(path, digest) else None
    if stage is None:
        raise Refused(FROM_OLDER_VERSION, game_id=game_id)
    return stage


def stage_message(game_id: int, version: int, stage: Stage, page: int = 0, lang: str = "en") -> tuple[str, ui.View]:
    """The chooser's text and components for one stage (and page of options), in the player's language."""
    view = ui.View(timeout=None)
    path = encode_path(stage.path)
    question = t(lang, stage.question)
    if stage.move is not None:
        view.add_item(ChooserButton("play", game_id, version, move_digest(stage.move), path,
                                    label=t(lang, "button.play_move"), style=discord.ButtonStyle.success))
        if stage.path:
            view.add_item(ChooserButton("back", game_id, version, stage.digest, path, label=t(lang, "button.back")))
        words = text_of(lang, stage.words or "")
        return clip(f"**{question}**\n{words}\n`{stage.move}`", 2000), view
    # An option's value carries the digest of the path it leads to, so a pick is checked like an id.
    options = [discord.SelectOption(label=clip(text_of(lang, o.label), SELECT_TEXT_LIMIT),
                                    value=f"{o.index}:{o.digest}") for o in stage.page(page)]
    placeholder = question if stage.pages == 1 else \
        t(lang, "chooser.paged_question", question=question, page=page + 1, pages=stage.pages)
    view.add_item(PickSelect(game_id, version, stage.digest, path, options, placeholder=clip(placeholder, 150)))
    if page > 0:
        view.add_item(ChooserButton("page", game_id, version, stage.digest, path, page - 1,
                                    label=t(lang, "button.previous_options")))
    if page + 1 < stage.pages:
        view.add_item(ChooserButton("page", game_id, version, stage.digest, path, page + 1,
                                    label=t(lang, "button.more_options")))
    if stage.path:
        view.add_item(ChooserButton("back", game_id, version, stage.digest, path, label=t(lang, "button.back")))
    text = f"**{question}**"
    if stage.pages > 1:
        text += "\n" + t(lang, "chooser.options_on_pages", count=len(stage.options), pages=stage.pages)
    return text, view


async def open_chooser(bot: Table, interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The "Take my turn" button: the first step, ephemerally."""
    # Building the move tree reads every legal move: acknowledge first.
    await defer(interaction, ephemeral=True)
    tree, _ = await _tree(bot, interaction, game_id, version)
    stage = tree.stage(())
    if stage is None:
        raise Refused(STALE, game_id=game_id)
    text, view = stage_message(game_id, version, stage, lang=private_language(interaction))
    await send(interaction, text, view=view, ephemeral=True)


async def pick(bot: Table, interaction: discord.Interaction, game_id: int, version: int, digest: str, path: str,
               values: list[str]) -> None:
    """A choice in the chooser's menu: one step further down the move tree."""
    index, _, picked = values[0].partition(":") if values else ("", "", "")
    if not index.isdigit() or not picked:
        raise Refused(Msg("chooser.pick_an_option"))
    await defer_update(interaction)
    tree, _ = await _tree(bot, interaction, game_id, version)
    _stage_meaning(tree, decode_path(path), digest, game_id)
    stage = _stage_meaning(tree, decode_path(path) + (int(index),), picked, game_id)
    await _show_stage(interaction, game_id, version, stage)


async def button(bot: Table, interaction: discord.Interaction, what: str, game_id: int, version: int, digest: str,
                 path: str, page: int) -> None:
    """The chooser's Play, Back and paging buttons."""
    # The chooser message stays as it is until the answer replaces it ("Played: …" after Play).
    await defer_update(interaction)
    tree, legal = await _tree(bot, interaction, game_id, version)
    if what == "play":
        # The move is the one the button showed, found by its digest; the path only serves Back.
        notation = move_with_digest([m.notation for m in legal], digest)
        if notation is None:
            raise Refused(MOVE_NOT_POSSIBLE, game_id=game_id)
        await play_move(bot, interaction, game_id, notation, version)
        return
    stage = _stage_meaning(tree, decode_path(path), digest, game_id)
    if what == "back":
        stage = tree.back_from(stage.path) or stage
    await _show_stage(interaction, game_id, version, stage, page if what == "page" else 0)


async def _show_stage(interaction: discord.Interaction, game_id: int, version: int, stage: Stage,
                      page: int = 0) -> None:
    text, view = stage_message(game_id, version, stage, page, private_language(interaction))
    await interaction.edit_original_response(content=text, view=view)


async def refuse_older_version(interaction: discord.Interaction) -> None:
    """A chooser of an earlier release: its path cannot be read safely in today's tree."""
    raise Refused(FROM_OLDER_VERSION)


# The id of every chooser item: what it is, the game and version, the digest of what it means, the path.
_ID = r"(?P<game>\d+):(?P<version>\d+):(?P<digest>[a-z2-7]{%d}):(?P<path>[-\d.]+)" % DIGEST_LENGTH


class PickSelect(ui.DynamicItem[ui.Select], template=r"az:choose:pick:" + _ID):
    """The chooser's menu: picking an option walks one step down the move tree."""

    def __init__(self, game_id: int, version: int, digest: str, path: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> None:
        super().__init__(ui.Select(custom_id=f"az:choose:pick:{game_id}:{version}:{digest}:{path}",
                                   options=options or [], placeholder=placeholder))
        self.game_id, self.version, self.digest, self.path = game_id, version, digest, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> PickSelect:
        return cls(int(match["game"]), int(match["version"]), match["digest"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        # A select menu's pick is the only value in the component data.
        values = [str(v) for v in self.item.values]
        work = pick(table_of(interaction), interaction, self.game_id, self.version, self.digest, self.path, values)
        await guarded(interaction, work, game_id=self.game_id)


class ChooserButton(ui.DynamicItem[ui.Button],
                    template=r"az:choose:(?P<what>page|back|play):" + _ID + r"(:(?P<page>\d+))?"):
    """The chooser's other buttons: another page of options, one step back, or play the move."""

    def __init__(self, what: str, game_id: int, version: int, digest: str, path: str, page: int | None = None,
                 label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        suffix = "" if page is None else f":{page}"
        super().__init__(ui.Button(label=label or what, style=style,
                                   custom_id=f"az:choose:{what}:{game_id}:{version}:{digest}:{path}{suffix}"))
        self.what, self.game_id, self.version, self.digest, self.path, self.page = \
            what, game_id, version, digest, path, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> ChooserButton:
        page = None if match["page"] is None else int(match["page"])
        return cls(match["what"], int(match["game"]), int(match["version"]), match["digest"], match["path"], page)

    async def callback(self, interaction: discord.Interaction) -> None:
        work = button(table_of(interaction), interaction, self.what, self.game_id, self.version, self.digest, self.path,
                      self.page or 0)
        await guarded(interaction, work, game_id=self.game_id)


# ----- the chooser ids of earlier releases: a path of indexes and nothing to check it by ----------

class OlderPickSelect(ui.DynamicItem[ui.Select], template=r"az:pick:(?P<game>\d+):(?P<version>\d+):(?P<path>[-\d.]+)"):
    """A chooser menu of an earlier release: refused, since its path may name another step today."""

    def __init__(self, custom_id: str, game_id: int) -> None:
        super().__init__(ui.Select(custom_id=custom_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> OlderPickSelect:
        return cls(match.string, int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, refuse_older_version(interaction), game_id=self.game_id)


class OlderChooserButton(ui.DynamicItem[ui.Button],
                         template=r"az:(?P<what>page|back|play):(?P<game>\d+):(?P<version>\d+):(?P<path>[-\d.]+)"
                                  r"(:(?P<page>\d+))?"):
    """A chooser button of an earlier release (Play among them): refused, never played."""

    def __init__(self, custom_id: str, game_id: int) -> None:
        super().__init__(ui.Button(custom_id=custom_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> OlderChooserButton:
        return cls(match.string, int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, refuse_older_version(interaction), game_id=self.game_id)


ITEMS: tuple[Any, ...] = (PickSelect, ChooserButton, OlderPickSelect, OlderChooserButton)
