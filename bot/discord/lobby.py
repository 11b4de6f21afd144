"""Lobbies: opening a game, joining, leaving, starting and cancelling."""
from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.announce import mention, publish
from bot.discord.buttons import confirm_buttons, lobby_buttons
from bot.discord.context import accepted, bot_of, game_here, game_on_button, require_can_post, require_guild
from bot.discord.replies import Refused, defer, edit_source, send
from bot.discord.texts import COLOUR
from bot.games import get_game
from bot.i18n import language_of, t
from bot.service import GameInfo, Reason, Refusal
from bot.store import GameStatus

log = logging.getLogger(__name__)


def lobby_embed(game: GameInfo, note: str | None = None) -> discord.Embed:
    engine = get_game(game.kind)
    wanted = engine.MIN_PLAYERS if engine.MIN_PLAYERS == engine.MAX_PLAYERS else \
        f"{engine.MIN_PLAYERS}–{engine.MAX_PLAYERS}"
    embed = discord.Embed(title=f"{game.title}: new game", colour=COLOUR,
                          description=f"Hosted by {mention(game.host_id)}. {wanted} players. "
                                      "Join with the button; the host starts the game.")
    players = "\n".join(f"{i + 1}. {mention(u)}" for i, u in enumerate(game.players)) or "nobody yet"
    embed.add_field(name=f"Players ({len(game.players)})", value=players, inline=False)
    embed.add_field(name="Settings", value=settings_text(game), inline=False)
    if note:
        embed.set_footer(text=note)
    return embed


def settings_text(game: GameInfo) -> str:
    s = game.settings
    reminders = "off" if s.reminder_max == 0 else \
        f"after {s.reminder_first_hours:g} h, then every {s.reminder_every_hours:g} h (at most {s.reminder_max})"
    deadline = "none" if s.deadline_hours is None else f"{s.deadline_hours:g} h per turn"
    options = ", ".join(f"{k.replace('_', ' ')}: {'on' if v is True else 'off' if v is False else v}"
                        for k, v in s.options.items())
    return (f"Reminders: {reminders}\nDeadline: {deadline}" + (f"\nHouse rules: {options}" if options else "")
            + f"\nLanguage: {t(s.language, f'language.{s.language}')}")


def with_house_rules(kind: str, changes: dict[str, Any], threefold: bool | None) -> dict[str, Any]:
    """``changes`` plus the threefold-repetition house rule, which only Alcazar (1978) has."""
    if threefold is None:
        return changes
    if kind != "alcazar1978":
        raise Refused("The threefold-repetition house rule belongs to Alcazar (1978); Alcazar has no house rules.")
    return {**changes, "options": {"threefold_repetition": threefold}}


def settings_changes(reminder_hours: float | None, deadline_hours: float | None) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if reminder_hours is not None:
        changes.update(reminder_first_hours=reminder_hours, reminder_every_hours=reminder_hours)
    if deadline_hours is not None:
        changes["deadline_hours"] = None if deadline_hours <= 0 else deadline_hours
    return changes


async def open_lobby(interaction: discord.Interaction, kind: str, changes: dict[str, Any], thread: bool) -> None:
    """``/alcazar new``: a lobby message with Join, Leave, Start and Cancel, here or in a new thread."""
    bot = bot_of(interaction)
    guild_id = require_guild(interaction)
    require_can_post(interaction)
    bot.remember_name(interaction.user)
    # Public posts speak the server's language; the host can change it in /alcazar settings.
    changes = {"language": language_of(interaction.guild_locale), **changes}
    if thread:
        await open_lobby_in_thread(interaction, guild_id, kind, changes)
        return
    assert interaction.channel_id is not None
    game = accepted(await bot.service.create_lobby(guild_id, interaction.channel_id, interaction.user.id,
                                                   kind, changes, seed=bot.next_game_seed())).game
    await send(interaction, embed=lobby_embed(game), view=lobby_buttons(game.id), ephemeral=False)


async def open_lobby_in_thread(interaction: discord.Interaction, guild_id: int, kind: str,
                               changes: dict[str, Any]) -> None:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise Refused("A new thread can only be opened from a text channel; run /alcazar new there, "
                      "or without the thread option.")
    if not interaction.app_permissions.create_public_threads:
        raise Refused("I can't open a thread here: I am missing the permission to create public threads.")
    await defer(interaction, ephemeral=True)
    bot = bot_of(interaction)
    thread = await channel.create_thread(name=f"{get_game(kind).TITLE} game",
                                         type=discord.ChannelType.public_thread)
    game = accepted(await bot.service.create_lobby(guild_id, thread.id, interaction.user.id, kind, changes,
                                                   seed=bot.next_game_seed())).game
    await thread.send(embed=lobby_embed(game), view=lobby_buttons(game.id))
    await send(interaction, f"The game is open in {thread.mention}.", ephemeral=True)


async def lobby_action(interaction: discord.Interaction, action: str, game_id: int | None = None) -> None:
    """Join, leave, start or cancel, from a lobby button (``game_id`` given) or a command."""
    bot = bot_of(interaction)
    bot.remember_name(interaction.user)
    from_button = game_id is not None
    if game_id is None:
        game_id = (await game_here(interaction)).id
    user_id = interaction.user.id
    if action == "start":
        await start_game(interaction, game_id, from_button)
        return
    if action == "cancel" and await _ask_to_confirm_cancel(interaction, game_id):
        return
    operation = {"join": bot.service.join, "leave": bot.service.leave, "cancel": bot.service.cancel}[action]
    result = accepted(await operation(game_id, user_id), game_id)
    await show_lobby(interaction, result.game, from_button, action)
    if action == "join" and result.game.kind == "alcazar":
        await warn_if_dms_closed(interaction, result.game)


async def start_game(interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
    """The host starts the game: the lobby closes, the first board goes to the channel, hands by DM."""
    bot = bot_of(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    result = accepted(await bot.service.start(game_id, interaction.user.id), game_id)
    if from_button and interaction.message is not None:
        await _close_lobby_message(interaction.message, result.game)
    colours = get_game(result.game.kind).COLORS
    seats = ", ".join(f"{mention(u)} ({colours[seat].capitalize()})" for seat, u in enumerate(result.game.players))
    posted = await publish(bot, result, headline=f"**{result.game.title}** begins! Seating order: {seats}.")
    await send(interaction, "The game has started." if posted else
               "The game has started, but I could not post the board just now: `/alcazar board` shows it.",
               ephemeral=True)


async def _close_lobby_message(message: discord.Message, game: GameInfo) -> None:
    try:
        await message.edit(embed=lobby_embed(game, "The game has started."), view=None)
    except discord.HTTPException as error:
        # The game has started all the same; its Join button then answers that it has.
        log.warning("Could not close the lobby message of game %s: %s %s", game.id, error.status, error.text)


async def show_lobby(interaction: discord.Interaction, game: GameInfo, from_button: bool, action: str) -> None:
    closed = game.status is not GameStatus.LOBBY
    note = {"join": f"{interaction.user.display_name} joined.", "leave": f"{interaction.user.display_name} left.",
            "cancel": "This game was cancelled."}.get(action)
    if closed and action == "leave":
        note = f"The host, {interaction.user.display_name}, left, so this lobby is closed."
    embed = lobby_embed(game, note)
    if from_button:
        await edit_source(interaction, embed=embed, view=None if closed else lobby_buttons(game.id))
    elif closed:
        await send(interaction, embed=embed, ephemeral=False)
    else:
        await send(interaction, embed=embed, view=lobby_buttons(game.id), ephemeral=False)


async def _ask_to_confirm_cancel(interaction: discord.Interaction, game_id: int) -> bool:
    """Cancelling a game in play throws away every move: the host confirms with a second click."""
    game = await bot_of(interaction).service.game(game_id)
    if isinstance(game, Refusal) or game.status is not GameStatus.ACTIVE:
        return False
    if interaction.user.id != game.host_id:
        return False        # the service refuses, naming the host
    await send(interaction, "Cancel this game for everyone? Every move so far is thrown away and nobody wins. "
                            "To leave the game yourself, use `/alcazar resign` instead.",
               view=confirm_buttons("cancel", game.id, game.version), ephemeral=True)
    return True


async def cancel_game_in_play(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The host confirmed: cancel the game and say so in the channel."""
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    result = accepted(await bot.service.cancel(game_id, interaction.user.id), game_id)
    await edit_source(interaction, content="You cancelled the game.", view=None)
    channel = bot.get_partial_messageable(result.game.channel_id, guild_id=result.game.guild_id)
    await channel.send(f"{mention(interaction.user.id)}, the host, cancelled this game of {result.game.title}. "
                       "Nobody wins; start a new one with `/alcazar new`.",
                       allowed_mentions=discord.AllowedMentions.none())


async def warn_if_dms_closed(interaction: discord.Interaction, game: GameInfo) -> None:
    """Alcazar hands go by DM: check now and warn the player privately if that fails."""
    from bot.discord.announce import DMS_CLOSED
    try:
        await interaction.user.send(f"You joined {game.title} in <#{game.channel_id}>. "
                                    "I will send your hand here whenever it changes.")
    except discord.Forbidden as error:
        if error.code != DMS_CLOSED:
            log.warning("Welcome DM to %s for game %s refused: %s", interaction.user.id, game.id, error.text)
            return
        await interaction.followup.send("Heads up: I can't send you direct messages, so you won't get your hand "
                                        "by DM. Use `/alcazar hand` in the game's channel to see it, or allow "
                                        "direct messages from this server's members.", ephemeral=True)
    except discord.HTTPException as error:
        # The player has joined all the same; the hand is always there with /alcazar hand.
        log.warning("Welcome DM to %s for game %s failed: %s %s", interaction.user.id, game.id, error.status,
                    error.text)


async def change_settings(interaction: discord.Interaction, changes: dict[str, Any],
                          threefold: bool | None = None) -> None:
    """``/alcazar settings``: show the settings, or change them (host only) for everyone to see."""
    bot = bot_of(interaction)
    game = await game_here(interaction)
    changes = with_house_rules(game.kind, changes, threefold)
    if not changes:
        await send(interaction, "Settings of this game:\n" + settings_text(game), ephemeral=True)
        return
    result = await bot.service.update_settings(game.id, interaction.user.id, changes)
    if isinstance(result, Refusal) and result.reason is Reason.NOT_HOST:
        raise Refused(f"Only the host of this game, {mention(game.host_id)}, can change its settings. "
                      "`/alcazar settings` without options shows them.", game_id=game.id)
    game = accepted(result, game.id).game
    await send(interaction, f"{mention(interaction.user.id)} changed the settings:\n" + settings_text(game),
               ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
