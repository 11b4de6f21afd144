"""What an interaction is about: the game in its channel or on its button, and what the bot may do there.

Each check raises ``Refused`` with a message the user can act on, so that the
flow modules read as a list of steps.
"""
from __future__ import annotations

import discord

from bot.discord.replies import Refused
from bot.discord.table import Table
from bot.i18n import Msg
from bot.service import Accepted, GameInfo, GameService, GameStatus, Refusal
from bot.telemetry.context import set_about

STALE = Msg("refusal.stale")
GAME_OVER = Msg("refusal.game_over")
CANCELLED = Msg("refusal.cancelled")
NO_GAME_HERE = Msg("refusal.no_game_here")


def whose_turn(game: GameInfo) -> Msg:
    """The answer to acting out of turn: who the table waits for ("It is @A's turn")."""
    if game.to_move_id is None:
        return Msg("context.nobody_to_act")
    return Msg("context.whose_turn", player=f"<@{game.to_move_id}>")


def accepted(result: Accepted | Refusal, game_id: int | None = None) -> Accepted:
    """The accepted result, or ``Refused`` with the service's own words."""
    if isinstance(result, Refusal):
        raise Refused(STALE if result.reason.name == "STALE_VERSION" else result.message, game_id=game_id)
    return result


def require_guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refused(Msg("refusal.server_only"))
    return interaction.guild_id


def require_can_post(interaction: discord.Interaction) -> None:
    """Refuse early when the bot could not post the board here."""
    permissions = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = {"permission.view_channel": permissions.view_channel,
              "permission.send_in_threads" if in_thread else "permission.send_messages":
                  permissions.send_messages_in_threads if in_thread else permissions.send_messages,
              "permission.attach_files": permissions.attach_files, "permission.embed_links": permissions.embed_links}
    missing = [Msg(name) for name, granted in needed.items() if not granted]
    if missing:
        raise Refused(Msg("refusal.cannot_play_here", missing=missing))


async def game_here(bot: Table, interaction: discord.Interaction) -> GameInfo:
    """The lobby or game in play of this channel, or a friendly refusal."""
    require_guild(interaction)
    assert interaction.channel_id is not None
    service = bot.service
    game = await service.records.game_in_channel(interaction.channel_id)
    if game is None:
        raise Refused(await _why_no_game(service, interaction.channel_id))
    set_about(game_id=game.id)     # the rest of the interaction's log lines name the game
    return game


async def _why_no_game(service: GameService, channel_id: int) -> Msg:
    """Why there is nothing to act on here: the last game ended, was cancelled, or there never was one."""
    latest = await service.records.latest_game_in_channel(channel_id)
    if latest is not None and latest.status is GameStatus.FINISHED:
        if latest.result is not None:
            return Msg("refusal.game_here_over_because", reason=latest.result.reason)
        return Msg("refusal.game_here_over")
    if latest is not None and latest.status is GameStatus.CANCELLED:
        return CANCELLED
    return NO_GAME_HERE


async def game_on_button(bot: Table, interaction: discord.Interaction, game_id: int,
                         version: int | None = None) -> GameInfo:
    """The game a button belongs to, still in play and (when ``version`` is given) at that version."""
    set_about(game_id=game_id)     # the rest of the interaction's log lines name the game
    game = await bot.service.records.game(game_id)
    if isinstance(game, Refusal):
        raise Refused(game.message, game_id=game_id)
    if game.status is GameStatus.FINISHED:
        raise Refused(GAME_OVER, game_id=game_id)
    if game.status is GameStatus.CANCELLED:
        raise Refused(CANCELLED, game_id=game_id)
    if version is not None and game.version != version:
        raise Refused(STALE, game_id=game_id)
    return game
