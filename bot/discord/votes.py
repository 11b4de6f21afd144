"""Questions to the table: taking back a move (undo) and a draw by agreement (Alcazar 1978).

Both are one flow: a player asks, the question is posted in the channel with
two buttons carrying the game version at which it was asked, pinging only
those who must answer; each answer edits the question. Any move voids it: the
next board takes the question's buttons off (``announce.retire_question``), and a
click that slipped through gets "this board is out of date". The service
decides everything else (who may answer, whether everyone has approved,
which games have draws). A ``Question`` holds what differs between the two.
"""
from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.discord import texts
from bot.discord.announce import publish
from bot.discord.buttons import vote_buttons
from bot.discord.context import accepted, bot_of, game_here, game_on_button, require_can_post
from bot.discord.replies import Refused, defer, defer_update, send
from bot.discord.standings import mention, pinging
from bot.service import MovesUndone, Reason, Refusal, UndoApproved, answerers

NOT_POSTED = "I could not post the board just now; `/alcazar board` shows it."
NO_DRAWS = ("{title} has no draw by agreement: the game ends when the last castle piece or bridge is used, "
            "or when every player passes in a row.")


@dataclass(frozen=True)
class Question:
    """What differs between an undo request and a draw offer."""

    kind: str                       # "undo" or "draw": the service's question and the buttons' custom ids
    wording: str                    # the question; {asker} and {answerers} are mentions
    approved: str                   # the question once settled by a yes; {voter}
    declined: str                   # the question once settled by a no; {voter}
    headline: str                   # the board's first line after a yes; {voter}


UNDO = Question("undo", texts.UNDO_QUESTION, texts.UNDO_APPROVED, texts.UNDO_DECLINED, texts.UNDO_HEADLINE)
DRAW = Question("draw", texts.DRAW_QUESTION, texts.DRAW_ACCEPTED, texts.DRAW_DECLINED, texts.DRAW_ACCEPTED)
QUESTIONS = {question.kind: question for question in (UNDO, DRAW)}


async def ask(interaction: discord.Interaction, kind: str) -> None:
    """``/alcazar undo`` or ``/alcazar draw``: put the question to those who must answer it."""
    question = QUESTIONS[kind]
    bot = bot_of(interaction)
    game = await game_here(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    result = await bot.service.ask(kind, game.id, interaction.user.id)
    if isinstance(result, Refusal) and result.reason is Reason.NO_DRAWS:
        raise Refused(NO_DRAWS.format(title=game.title), game_id=game.id)
    asking = accepted(result, game.id)
    asked, to_answer = asking.game, answerers(asking)
    text = question.wording.format(asker=mention(interaction.user.id),
                                   answerers=" ".join(mention(u) for u in to_answer))
    channel = bot.get_partial_messageable(asked.channel_id, guild_id=asked.guild_id)
    message = await channel.send(text, view=vote_buttons(kind, asked.id, asked.version),
                                 allowed_mentions=pinging(*to_answer))
    await bot.service.remember_message(asked.id, "question", asked.channel_id, message.id, version=asked.version)
    await send(interaction, texts.QUESTION_ASKED, ephemeral=True)


async def answer(interaction: discord.Interaction, kind: str, game_id: int, version: int, yes: bool) -> None:
    """A yes or no click on a question; the question message is edited to say how it was settled."""
    question = QUESTIONS[kind]
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    # Taking a move back replays the game and a draw draws the results: acknowledge first.
    await defer_update(interaction)
    result = accepted(await bot.service.answer(kind, game_id, interaction.user.id, yes), game_id)
    voter = mention(interaction.user.id)
    waiting = [u for e in result.events if isinstance(e, UndoApproved) for u in e.waiting_for]
    if yes and waiting:
        await send(interaction, texts.STILL_WAITING.format(waiting=" ".join(mention(u) for u in waiting)),
                   ephemeral=True)
        return
    settled = (question.approved if yes else question.declined).format(voter=voter)
    await interaction.edit_original_response(content=settled, view=None)
    await bot.service.forget_message(game_id, "question")
    if yes and (kind == "draw" or result.of_type(MovesUndone)):
        if not await publish(bot, result, headline=question.headline.format(voter=voter)):
            await send(interaction, NOT_POSTED, ephemeral=True)
