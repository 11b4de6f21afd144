"""Questions to the table: taking back a move (undo) and a draw by agreement (Alcazar 1978).

A question is posted in the channel with two buttons carrying the game
version at which it was asked. Any move voids it, so a click after a move
gets "this board is out of date"; the service decides everything else (who
may answer, whether every other player has approved, which games have draws).
"""
from __future__ import annotations

import discord

from bot.discord.announce import mention, pinging, publish
from bot.discord.buttons import vote_buttons
from bot.discord.context import accepted, bot_of, game_here, game_on_button, require_can_post
from bot.discord.replies import Refused, defer, defer_update, send
from bot.i18n import Msg, t
from bot.service import Accepted, GameInfo, MovesUndone, Reason, Refusal, UndoApproved

NOT_POSTED = Msg("board.not_posted")


async def _ask_table(interaction: discord.Interaction, game: GameInfo, question: Msg, kind: str,
                     asked: list[int]) -> None:
    """Post ``question`` in the game's channel (in its language) with its two buttons, pinging the ``asked``;
    tell the asker privately."""
    lang = game.settings.language
    channel = bot_of(interaction).get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    await channel.send(t(lang, question), view=vote_buttons(kind, game.id, game.version, lang),
                       allowed_mentions=pinging(*asked))
    await send(interaction, Msg("vote.asked"), ephemeral=True)


# ----- undo -----------------------------------------------------------------------------

async def request_undo(interaction: discord.Interaction) -> None:
    """``/alcazar undo``: ask every other player to approve taking back the caller's last move."""
    bot = bot_of(interaction)
    game = await game_here(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    result = accepted(await bot.service.request_undo(game.id, interaction.user.id), game.id)
    asked = [u for u in result.game.players if u != interaction.user.id and u not in result.game.resigned]
    others = " ".join(mention(u) for u in asked)
    await _ask_table(interaction, result.game,
                     Msg("vote.undo_asked", asker=mention(interaction.user.id), others=others), "undo", asked)


async def vote_undo(interaction: discord.Interaction, game_id: int, version: int, approve: bool) -> None:
    """An Approve or Decline click on an undo request."""
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    # Taking a move back replays the game: acknowledge first, answer by editing the question.
    await defer_update(interaction)
    operation = bot.service.approve_undo if approve else bot.service.decline_undo
    result = accepted(await operation(game_id, interaction.user.id), game_id)
    lang = result.game.settings.language
    voter = mention(interaction.user.id)
    if result.of_type(MovesUndone):
        await interaction.edit_original_response(content=t(lang, "vote.undo_approved", voter=voter), view=None)
        await _publish_or_tell(interaction, result, t(lang, "vote.undo_done"))
    elif not approve:
        await interaction.edit_original_response(content=t(lang, "vote.undo_declined", voter=voter), view=None)
    else:
        waiting = next(e.waiting_for for e in result.events if isinstance(e, UndoApproved))
        await send(interaction, Msg("vote.still_waiting", players=" ".join(mention(u) for u in waiting)),
                   ephemeral=True)


# ----- draw by agreement --------------------------------------------------------------------

async def offer_draw(interaction: discord.Interaction) -> None:
    """``/alcazar draw``: offer the opponent a draw (Alcazar 1978)."""
    bot = bot_of(interaction)
    game = await game_here(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    result = await bot.service.offer_draw(game.id, interaction.user.id)
    if isinstance(result, Refusal) and result.reason is Reason.NO_DRAWS:
        raise Refused(Msg("vote.no_draws", title=game.title), game_id=game.id)
    offered = accepted(result, game.id)
    opponent = next(u for u in offered.game.players if u != interaction.user.id)
    await _ask_table(interaction, offered.game,
                     Msg("vote.draw_offered", offerer=mention(interaction.user.id), opponent=mention(opponent)),
                     "draw", [opponent])


async def answer_draw(interaction: discord.Interaction, game_id: int, version: int, accept: bool) -> None:
    """An Accept or Decline click on a draw offer; accepting ends the game drawn, with the results."""
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    await defer_update(interaction)
    operation = bot.service.accept_draw if accept else bot.service.decline_draw
    result = accepted(await operation(game_id, interaction.user.id), game_id)
    lang = result.game.settings.language
    voter = mention(interaction.user.id)
    if not accept:
        await interaction.edit_original_response(content=t(lang, "vote.draw_declined", voter=voter), view=None)
        return
    accepted_text = t(lang, "vote.draw_accepted", voter=voter)
    await interaction.edit_original_response(content=accepted_text, view=None)
    await _publish_or_tell(interaction, result, accepted_text)


async def _publish_or_tell(interaction: discord.Interaction, result: Accepted, headline: str) -> None:
    if not await publish(bot_of(interaction), result, headline=headline):
        await send(interaction, NOT_POSTED, ephemeral=True)
