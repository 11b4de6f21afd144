"""Questions to the table: taking back a move (undo) and a draw by agreement (Alcazar 1978).

Both are one flow: a player asks, the question is posted in the channel with
two buttons carrying the game version at which it was asked, pinging only
those who must answer; each answer edits the question. Any move voids it: the
next board takes the question's buttons off (``announce.retire_question``), and a
click that slipped through gets "this board is out of date". The service
decides everything else (who may answer, whether everyone has approved,
which games have draws). A ``Question`` holds what differs between the two.
The question and how it was settled are public, in the game's language; the
answers to the one who clicked are in their own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from bot.discord.announce import publish
from bot.discord.buttons import ids
from bot.discord.context import accepted, game_here, game_on_button, require_can_post
from bot.discord.replies import Refused, defer, defer_update, guarded, send
from bot.discord.standings import mention, pinging
from bot.discord.table import Table, table_of
from bot.i18n import ENGLISH, Msg, t
from bot.service import MovesUndone, Reason, Refusal, UndoApproved, answerers


@dataclass(frozen=True)
class Question:
    """What differs between an undo request and a draw offer."""

    kind: str                       # "undo" or "draw": the service's question and the buttons' custom ids
    wording: str                    # message id of the question; {asker} and {answerers} are mentions
    approved: str                   # message id of the question once settled by a yes; {voter}
    declined: str                   # message id of the question once settled by a no; {voter}
    headline: str                   # message id of the board's first line after a yes; {voter}


UNDO = Question("undo", "vote.undo_asked", "vote.undo_approved", "vote.undo_declined", "vote.undo_done")
DRAW = Question("draw", "vote.draw_offered", "vote.draw_accepted", "vote.draw_declined", "vote.draw_accepted")
QUESTIONS = {question.kind: question for question in (UNDO, DRAW)}


async def ask(bot: Table, interaction: discord.Interaction, kind: str) -> None:
    """``/alcazar undo`` or ``/alcazar draw``: put the question to those who must answer it."""
    question = QUESTIONS[kind]
    game = await game_here(bot, interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    result = await bot.service.questions.ask(kind, game.id, interaction.user.id)
    if isinstance(result, Refusal) and result.reason is Reason.NO_DRAWS:
        raise Refused(Msg("vote.no_draws", title=game.title), game_id=game.id)
    asking = accepted(result, game.id)
    asked, to_answer = asking.game, answerers(asking)
    lang = asked.settings.language
    text = t(lang, question.wording, asker=mention(interaction.user.id),
             answerers=" ".join(mention(u) for u in to_answer))
    channel = bot.get_partial_messageable(asked.channel_id, guild_id=asked.guild_id)
    message = await channel.send(text, view=vote_buttons(kind, asked.id, asked.version, lang),
                                 allowed_mentions=pinging(*to_answer))
    await bot.service.messages.remember_message(asked.id, "question", asked.channel_id, message.id, version=asked.version)
    await send(interaction, Msg("vote.asked"), ephemeral=True)


async def answer(bot: Table, interaction: discord.Interaction, kind: str, game_id: int, version: int,
                 yes: bool) -> None:
    """A yes or no click on a question; the question message is edited to say how it was settled."""
    question = QUESTIONS[kind]
    await game_on_button(bot, interaction, game_id, version)
    # Taking a move back replays the game and a draw draws the results: acknowledge first.
    await defer_update(interaction)
    result = accepted(await bot.service.questions.answer(kind, game_id, interaction.user.id, yes), game_id)
    lang = result.game.settings.language
    voter = mention(interaction.user.id)
    waiting = [u for e in result.events if isinstance(e, UndoApproved) for u in e.waiting_for]
    if yes and waiting:
        await send(interaction, Msg("vote.still_waiting", players=" ".join(mention(u) for u in waiting)),
                   ephemeral=True)
        return
    settled = t(lang, question.approved if yes else question.declined, voter=voter)
    await interaction.edit_original_response(content=settled, view=None)
    await bot.service.messages.forget_message(game_id, "question")
    if yes and (kind == "draw" or result.of_type(MovesUndone)):
        if not await publish(bot, result, headline=t(lang, question.headline, voter=voter)):
            await send(interaction, Msg("board.not_posted"), ephemeral=True)


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
        return cls(match["question"], match["vote"], *ids(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = answer(table_of(interaction), interaction, self.question, self.game_id, self.version,
                      self.vote == "yes")
        await guarded(interaction, work, game_id=self.game_id)


def vote_buttons(question: str, game_id: int, version: int, lang: str = ENGLISH) -> ui.View:
    """Yes and no to an undo request or a draw offer made at ``version``."""
    view = ui.View(timeout=None)
    view.add_item(VoteButton(question, "yes", game_id, version, lang))
    view.add_item(VoteButton(question, "no", game_id, version, lang))
    return view


ITEMS: tuple[Any, ...] = (VoteButton,)
