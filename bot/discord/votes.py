"""Questions to the table: taking back a move (undo).

A question is asked in the channel with two buttons carrying the game version
at which it was asked. Any move voids it, so a click after a move gets "this
board is out of date"; the service decides everything else (who may answer,
whether every other player has approved).
"""
from __future__ import annotations

import discord

from bot.discord.announce import mention, post_board_or_log, send_changed_hands
from bot.discord.buttons import undo_buttons
from bot.discord.context import accepted, bot_of, game_here, game_on_button, require_can_post
from bot.discord.replies import defer, send
from bot.service import MovesUndone, UndoApproved

MENTION_USERS = discord.AllowedMentions(users=True, everyone=False, roles=False)


async def request_undo(interaction: discord.Interaction) -> None:
    """``/alcazar undo``: ask every other player to approve taking back the caller's last move."""
    bot = bot_of(interaction)
    game = await game_here(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=False)
    result = accepted(await bot.service.request_undo(game.id, interaction.user.id), game.id)
    others = " ".join(mention(u) for u in result.game.players
                      if u != interaction.user.id and u not in result.game.resigned)
    await send(interaction, f"{mention(interaction.user.id)} asks to take back their last move. {others}, "
                            "do you agree? Everyone must approve; any move cancels the request.",
               view=undo_buttons(game.id, result.game.version), ephemeral=False, allowed_mentions=MENTION_USERS)


async def vote_undo(interaction: discord.Interaction, game_id: int, version: int, approve: bool) -> None:
    """An Approve or Decline click on an undo request."""
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    # Taking a move back replays the game: acknowledge first, answer by editing the question.
    await interaction.response.defer()
    operation = bot.service.approve_undo if approve else bot.service.decline_undo
    result = accepted(await operation(game_id, interaction.user.id), game_id)
    voter = mention(interaction.user.id)
    if result.of_type(MovesUndone):
        await interaction.edit_original_response(content=f"{voter} approved: the last move was taken back.", view=None)
        posted = await post_board_or_log(bot, game_id, ["The last move was taken back."])
        await send_changed_hands(bot, result)
        if not posted:
            await send(interaction, "The move was taken back, but I could not post the board just now; "
                                    "`/alcazar board` shows it.", ephemeral=True)
    elif not approve:
        await interaction.edit_original_response(content=f"{voter} declined: the move stands.", view=None)
    else:
        waiting = next(e.waiting_for for e in result.events if isinstance(e, UndoApproved))
        await send(interaction, "You approved. Still waiting for " + " ".join(mention(u) for u in waiting) + ".",
                   ephemeral=True)
