"""The guided turn's messages: an ephemeral chooser, one step per message edit.

The state of the chooser is only the path in the custom ids (see
``chooser``), so it survives restarts and never holds a move in memory.
"""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from bot.discord.chooser import Stage, decode_path, encode_path, move_tree
from bot.discord.context import STALE, bot_of, game_on_button, whose_turn
from bot.discord.replies import Refused, defer, defer_update, guarded, private_language, send
from bot.discord.texts import SELECT_TEXT_LIMIT, clip
from bot.discord.turns import play_move
from bot.i18n import Msg, t, text_of


async def _tree_and_stage(interaction: discord.Interaction, game_id: int, version: int,
                          path: tuple[int, ...]) -> Stage:
    bot = bot_of(interaction)
    game = await game_on_button(interaction, game_id, version)
    if game.seat_of(interaction.user.id) is None:
        raise Refused(Msg("refusal.not_playing"), game_id=game_id)
    if game.to_move_id != interaction.user.id:
        raise Refused(whose_turn(game), game_id=game_id)
    moves = await bot.service.legal_moves_for(game_id, interaction.user.id, limit=None)
    tree = move_tree(game.kind, [(m.notation, m.words) for m in moves])
    stage = tree.stage(path)
    if stage is None:
        raise Refused(STALE, game_id=game_id)
    return stage


def stage_message(game_id: int, version: int, stage: Stage, page: int = 0, lang: str = "en") -> tuple[str, ui.View]:
    """The chooser's text and components for one stage (and page of options), in the player's language."""
    view = ui.View(timeout=None)
    path = encode_path(stage.path)
    question = t(lang, stage.question)
    if stage.move is not None:
        view.add_item(ChooserButton("play", game_id, version, path, label=t(lang, "button.play_move"),
                                    style=discord.ButtonStyle.success))
        if stage.path:
            view.add_item(ChooserButton("back", game_id, version, path, label=t(lang, "button.back")))
        words = text_of(lang, stage.words or "")
        return clip(f"**{question}**\n{words}\n`{stage.move}`", 2000), view
    options = [discord.SelectOption(label=clip(text_of(lang, o.label), SELECT_TEXT_LIMIT), value=str(o.index))
               for o in stage.page(page)]
    placeholder = question if stage.pages == 1 else \
        t(lang, "chooser.paged_question", question=question, page=page + 1, pages=stage.pages)
    view.add_item(PickSelect(game_id, version, path, options, placeholder=clip(placeholder, 150)))
    if page > 0:
        view.add_item(ChooserButton("page", game_id, version, path, page - 1, label=t(lang, "button.previous_options")))
    if page + 1 < stage.pages:
        view.add_item(ChooserButton("page", game_id, version, path, page + 1, label=t(lang, "button.more_options")))
    if stage.path:
        view.add_item(ChooserButton("back", game_id, version, path, label=t(lang, "button.back")))
    text = f"**{question}**"
    if stage.pages > 1:
        text += "\n" + t(lang, "chooser.options_on_pages", count=len(stage.options), pages=stage.pages)
    return text, view


async def open_chooser(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The "Take my turn" button: the first step, ephemerally."""
    # Building the move tree reads every legal move: acknowledge first.
    await defer(interaction, ephemeral=True)
    stage = await _tree_and_stage(interaction, game_id, version, ())
    text, view = stage_message(game_id, version, stage, lang=private_language(interaction))
    await send(interaction, text, view=view, ephemeral=True)


async def pick(interaction: discord.Interaction, game_id: int, version: int, path: str, values: list[str]) -> None:
    """A choice in the chooser's menu: one step further down the move tree."""
    if not values or not values[0].isdigit():
        raise Refused(Msg("chooser.pick_an_option"))
    await defer_update(interaction)
    stage = await _tree_and_stage(interaction, game_id, version, decode_path(path) + (int(values[0]),))
    await _show_stage(interaction, game_id, version, stage)


async def button(interaction: discord.Interaction, what: str, game_id: int, version: int, path: str,
                 page: int) -> None:
    """The chooser's Play, Back and paging buttons."""
    # The chooser message stays as it is until the answer replaces it ("Played: …" after Play).
    await defer_update(interaction)
    steps = decode_path(path)
    if what == "play":
        stage = await _tree_and_stage(interaction, game_id, version, steps)
        if stage.move is None:
            raise Refused(Msg("chooser.choose_every_step"))
        await play_move(interaction, game_id, stage.move, version, edit_original=True)
        return
    if what == "back":
        stage = await _step_back(interaction, game_id, version, steps)
    else:
        stage = await _tree_and_stage(interaction, game_id, version, steps)
    await _show_stage(interaction, game_id, version, stage, page if what == "page" else 0)


async def _show_stage(interaction: discord.Interaction, game_id: int, version: int, stage: Stage,
                      page: int = 0) -> None:
    text, view = stage_message(game_id, version, stage, page, private_language(interaction))
    await interaction.edit_original_response(content=text, view=view)


async def _step_back(interaction: discord.Interaction, game_id: int, version: int, steps: tuple[int, ...]) -> Stage:
    """The previous step that really asked something (steps with one option are skipped)."""
    while steps:
        steps = steps[:-1]
        stage = await _tree_and_stage(interaction, game_id, version, steps)
        if stage.path == steps:
            return stage
    return await _tree_and_stage(interaction, game_id, version, ())


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
        # A select menu's pick is the only value in the component data.
        values = [str(v) for v in self.item.values]
        await guarded(interaction, pick(interaction, self.game_id, self.version, self.path, values),
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
        work = button(interaction, self.what, self.game_id, self.version, self.path, self.page or 0)
        await guarded(interaction, work, game_id=self.game_id)


ITEMS: tuple[Any, ...] = (PickSelect, ChooserButton,)
