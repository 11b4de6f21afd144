"""Lobbies: opening a game, joining, leaving, adding computer players, starting and cancelling.

The lobby message and the first board are public, in the game's language
(the server's at ``/alcazar new``); answers to the one who clicked are in
their own language.
"""
from __future__ import annotations

import logging
import re
from typing import Any, Coroutine

import discord
from discord import ui

from bot.discord.announce import publish, retire_board, retire_question
from bot.discord.buttons import ConfirmButton
from bot.discord.context import accepted, game_here, game_on_button, require_can_post, require_guild
from bot.discord.hands import DMS_CLOSED
from bot.discord.replies import Refused, defer, defer_update, edit_source, guarded, private_language, send
from bot.discord.standings import computer_name, duration, mention
from bot.discord.table import Table, table_of
from bot.discord.texts import COLOUR
from bot.i18n import ENGLISH, Msg, language_of, t
from bot.service import LEVELS, GameInfo, GameStatus, PlayerJoined, PlayerLeft, Reason, Refusal, game_rules

log = logging.getLogger(__name__)


def lobby_embed(game: GameInfo, note: str | Msg | None = None) -> discord.Embed:
    """The lobby, in the game's language."""
    lang = game.settings.language
    rules = game_rules(game.kind)
    wanted = Msg("players.exactly", count=rules.min_players) if rules.min_players == rules.max_players else \
        Msg("players.range", low=rules.min_players, high=rules.max_players)
    embed = discord.Embed(title=t(lang, "lobby.title", title=game.title), colour=COLOUR,
                          description=t(lang, "lobby.description", host=mention(game.host_id), wanted=wanted))
    players = "\n".join(f"{i + 1}. {mention(u, lang)}" for i, u in enumerate(game.players)) or t(lang, "lobby.nobody")
    embed.add_field(name=t(lang, "lobby.players", count=len(game.players)), value=players, inline=False)
    embed.add_field(name=t(lang, "lobby.settings"), value=settings_text(game, lang), inline=False)
    if note:
        embed.set_footer(text=t(lang, note) if isinstance(note, Msg) else note)
    return embed


def settings_text(game: GameInfo, lang: str) -> str:
    """The game's settings in ``lang``, its language among them."""
    s = game.settings
    reminders = t(lang, "settings.off") if s.reminder_max == 0 else \
        t(lang, "settings.reminders_every", first=s.reminder_first_hours, every=s.reminder_every_hours,
          count=s.reminder_max)
    deadline = t(lang, "settings.no_deadline") if s.deadline_hours is None else \
        t(lang, "settings.deadline_hours", hours=s.deadline_hours)
    # The house rules with their defaults, so a 1978 lobby shows the threefold rule before anyone sets it.
    rules = {**game_rules(game.kind).default_options, **s.options}
    options = ", ".join(t(lang, "settings.house_rule", rule=Msg(f"option.{k}"),
                          value=t(lang, "settings.on" if v is True else "settings.off") if isinstance(v, bool) else v)
                        for k, v in rules.items())
    text = t(lang, "settings.reminders", reminders=reminders) + "\n" + t(lang, "settings.deadline", deadline=deadline)
    if s.bank_hours is not None:
        text += "\n" + t(lang, "settings.bank", bank=duration(s.bank_hours * 3600, lang),
                          increment=duration(s.increment_hours * 3600, lang))
    if options:
        text += "\n" + t(lang, "settings.house_rules", rules=options)
    stand_in = [Msg(key) for on, key in ((s.stand_in_on_deadline, "settings.stand_in_deadline"),
                                         (s.stand_in_on_resign, "settings.stand_in_resign")) if on]
    if stand_in:
        text += "\n" + t(lang, "settings.stand_in", what=stand_in)
    return text + "\n" + t(lang, "settings.language", language=Msg(f"language.{s.language}"))


def with_house_rules(kind: str, changes: dict[str, Any], threefold: bool | None) -> dict[str, Any]:
    """``changes`` plus the threefold-repetition house rule, which only Alcazar (1978) has."""
    if threefold is None:
        return changes
    if kind != "alcazar1978":
        raise Refused(Msg("lobby.threefold_only_1978"))
    return {**changes, "options": {"threefold_repetition": threefold}}


def settings_changes(reminder_hours: float | None, deadline_hours: float | None,
                     stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None,
                     bank_days: float | None = None, increment_days: float | None = None) -> dict[str, Any]:
    """The settings a command's options change (a deadline or a time bank of 0: off)."""
    changes: dict[str, Any] = {}
    if bank_days is not None:
        changes["bank_hours"] = None if bank_days <= 0 else bank_days * 24
    if increment_days is not None:
        changes["increment_hours"] = increment_days * 24
    if stand_in_deadline is not None:
        changes["stand_in_on_deadline"] = stand_in_deadline
    if stand_in_resign is not None:
        changes["stand_in_on_resign"] = stand_in_resign
    if reminder_hours is not None:
        changes.update(reminder_first_hours=reminder_hours, reminder_every_hours=reminder_hours)
    if deadline_hours is not None:
        changes["deadline_hours"] = None if deadline_hours <= 0 else deadline_hours
    return changes


async def open_lobby(bot: Table, interaction: discord.Interaction, kind: str, changes: dict[str, Any], thread: bool,
                     computers: tuple[str, ...] = ()) -> None:
    """``/alcazar new``: a lobby message with Join, Leave, Start and Cancel, here or in a new thread,
    with a computer player of the given level for each entry of ``computers``."""
    guild_id = require_guild(interaction)
    require_can_post(interaction)
    bot.remember_name(interaction.user)
    # Public posts speak the server's language; the host can change it in /alcazar settings.
    changes = {"language": language_of(interaction.guild_locale), **changes}
    rules = game_rules(kind)
    if len(computers) + 1 > rules.max_players:
        raise Refused(Msg("lobby.too_many_computers", title=rules.title, players=rules.max_players,
                          count=rules.max_players - 1))
    if thread:
        await open_lobby_in_thread(bot, interaction, guild_id, kind, changes, computers)
        return
    assert interaction.channel_id is not None
    game = accepted(await bot.service.lobby.create_lobby(guild_id, interaction.channel_id, interaction.user.id,
                                                   kind, changes, seed=bot.next_game_seed())).game
    await _post_lobby(bot, interaction, await _add_computers(bot, interaction, game, computers))


async def _post_lobby(bot: Table, interaction: discord.Interaction, game: GameInfo, note: Msg | None = None) -> None:
    """The lobby as the answer to the interaction, remembered as the game's lobby message (edited from now on)."""
    await send(interaction, embed=lobby_embed(game, note), view=lobby_buttons(game), ephemeral=False)
    message = await interaction.original_response()
    await bot.service.messages.remember_message(game.id, "lobby", message.channel.id, message.id,
                                                       version=game.version)


async def _add_computers(bot: Table, interaction: discord.Interaction, game: GameInfo,
                         levels: tuple[str, ...]) -> GameInfo:
    for level in levels:
        game = accepted(await bot.service.computers.add_computer(game.id, interaction.user.id, level),
                        game.id).game
    return game


async def open_lobby_in_thread(bot: Table, interaction: discord.Interaction, guild_id: int, kind: str,
                               changes: dict[str, Any], computers: tuple[str, ...] = ()) -> None:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise Refused(Msg("lobby.thread_needs_text_channel"))
    if not interaction.app_permissions.create_public_threads:
        raise Refused(Msg("lobby.thread_permission"))
    await defer(interaction, ephemeral=True)
    thread = await channel.create_thread(name=t(changes["language"], "lobby.thread_name", title=game_rules(kind).title),
                                         type=discord.ChannelType.public_thread)
    game = accepted(await bot.service.lobby.create_lobby(guild_id, thread.id, interaction.user.id, kind, changes,
                                                   seed=bot.next_game_seed())).game
    game = await _add_computers(bot, interaction, game, computers)
    message = await thread.send(embed=lobby_embed(game), view=lobby_buttons(game))
    await bot.service.messages.remember_message(game.id, "lobby", thread.id, message.id, version=game.version)
    await send(interaction, Msg("lobby.open_in_thread", thread=thread.mention), ephemeral=True)


async def lobby_action(bot: Table, interaction: discord.Interaction, action: str, game_id: int | None = None) -> None:
    """Join, leave, start or cancel, from a lobby button (``game_id`` given) or a command."""
    bot.remember_name(interaction.user)
    from_button = game_id is not None
    if game_id is None:
        game_id = (await game_here(bot, interaction)).id
    user_id = interaction.user.id
    if action == "start":
        await start_game(bot, interaction, game_id, from_button)
        return
    if action == "computer":
        await offer_levels(bot, interaction, game_id)
        return
    if action == "cancel" and await _ask_to_confirm_cancel(bot, interaction, game_id):
        return
    operation = {"join": bot.service.lobby.join, "leave": bot.service.lobby.leave, "cancel": bot.service.lobby.cancel,
                 "uncomputer": bot.service.computers.remove_computer}[action]
    result = accepted(await operation(game_id, user_id), game_id)
    removed = [event.user_id for event in result.events if isinstance(event, PlayerLeft) and event.user_id < 0]
    await show_lobby(bot, interaction, result.game, from_button, action, removed[0] if removed else None)
    if action == "join" and result.game.kind == "alcazar":
        await warn_if_dms_closed(interaction, result.game)


async def start_game(bot: Table, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
    """The host starts the game: the lobby closes, the first board goes to the channel, hands by DM.

    The first board says that the game has started, so the Start button answers nothing more;
    ``/alcazar start`` gets a short private answer."""
    require_can_post(interaction)
    if from_button:
        await defer_update(interaction)      # the lobby message itself is the answer: it closes
    else:
        await defer(interaction, ephemeral=True)
    result = accepted(await bot.service.lobby.start(game_id, interaction.user.id), game_id)
    lang = result.game.settings.language
    colours = game_rules(result.game.kind).colours
    seats = ", ".join(f"{mention(u, lang)} ({t(lang, f'colour.{colours[seat]}')})"
                      for seat, u in enumerate(result.game.players))
    # The service draws the seats: say so, or the players wonder why the order is not the joining order.
    headline = t(lang, "lobby.begins", title=result.game.title, seats=seats) + " " + t(lang, "lobby.seats_drawn")
    if from_button:
        # Closing the lobby answers the click; the board follows as the click's own follow-up,
        # a message of its own outside the global limit.
        await update_lobby_message(bot, interaction, result.game, Msg("lobby.started"), from_button=True)
        posted = await publish(bot, result, headline=headline, via=interaction)
    else:
        # A typed command's first follow-up would take the place of its private "thinking" answer:
        # the board goes to the channel, and the answer comes once it is there.
        posted = await publish(bot, result, headline=headline)
        await update_lobby_message(bot, interaction, result.game, Msg("lobby.started"), from_button=False)
    if not posted:
        await send(interaction, Msg("lobby.started_no_board"), ephemeral=True)
    elif not from_button:
        await send(interaction, Msg("lobby.started"), ephemeral=True)


async def update_lobby_message(bot: Table, interaction: discord.Interaction, game: GameInfo, note: str | Msg | None, *,
                               from_button: bool) -> bool:
    """Show the lobby as it now is in its own message (buttons only while it is open); False when it is gone.

    A click on a lobby button edits the clicked message; a command edits the lobby message it finds
    in the database, so joining by command never posts a second lobby."""
    embed = lobby_embed(game, note)
    view = lobby_buttons(game) if game.status is GameStatus.LOBBY else None
    try:
        if from_button and interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
            return True
        if from_button:
            await edit_source(interaction, embed=embed, view=view)
            return True
        stored = await bot.service.messages.posted_message(game.id, "lobby")
        if stored is None:
            return False
        message = bot.get_partial_messageable(stored.channel_id, guild_id=game.guild_id) \
            .get_partial_message(stored.message_id)
        await message.edit(embed=embed, view=view)
        return True
    except discord.HTTPException as error:
        # The game goes on all the same; an old lobby button answers that the lobby has moved on.
        log.warning("Could not update the lobby message of game %s: %s %s", game.id, error.status, error.text)
        return False


async def show_lobby(bot: Table, interaction: discord.Interaction, game: GameInfo, from_button: bool,
                     action: str, computer_removed: int | None = None) -> None:
    """After join, leave or cancel: the lobby message shows it; a command gets a short private answer."""
    closed = game.status is not GameStatus.LOBBY
    name = interaction.user.display_name
    note: Msg | None = {"join": Msg("lobby.joined", name=name), "leave": Msg("lobby.left", name=name),
                        "cancel": Msg("lobby.cancelled"), "uncomputer": Msg("lobby.computer_left")}.get(action)
    if computer_removed is not None:
        note = Msg("lobby.left", name=computer_name(computer_removed))   # which one, when two are alike
    if closed and action == "leave":
        note = Msg("lobby.host_left", name=name)
    updated = await update_lobby_message(bot, interaction, game, note, from_button=from_button)
    if from_button:
        return
    if not updated:
        # No lobby message to edit (deleted, or from before the bot remembered it): show it once here.
        if closed:
            await send(interaction, embed=lobby_embed(game, note), ephemeral=False)
        else:
            await _post_lobby(bot, interaction, game, note)
        return
    answer = Msg({"join": "lobby.you_joined", "leave": "lobby.you_left", "cancel": "lobby.you_cancelled",
                  "uncomputer": "lobby.you_removed_computer"}[action])
    if closed and action == "leave":
        answer = Msg("lobby.you_closed")
    await send(interaction, answer, ephemeral=True)


async def _ask_to_confirm_cancel(bot: Table, interaction: discord.Interaction, game_id: int) -> bool:
    """Cancelling a game in play throws away every move: the host confirms with a second click."""
    game = await bot.service.records.game(game_id)
    if isinstance(game, Refusal) or game.status is not GameStatus.ACTIVE:
        return False
    if interaction.user.id != game.host_id:
        return False        # the service refuses, naming the host
    await send(interaction, Msg("lobby.confirm_cancel"),
               view=ConfirmCancel(game.id, game.version, private_language(interaction)).alone(), ephemeral=True)
    return True


async def cancel_game_in_play(bot: Table, interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The host confirmed: cancel the game and say so in the channel."""
    await game_on_button(bot, interaction, game_id, version)
    await defer_update(interaction)
    result = accepted(await bot.service.lobby.cancel(game_id, interaction.user.id), game_id)
    await retire_board(bot, result.game)
    await retire_question(bot, result.game)
    channel = bot.get_partial_messageable(result.game.channel_id, guild_id=result.game.guild_id)
    await channel.send(t(result.game.settings.language, "lobby.host_cancelled", host=mention(interaction.user.id),
                         title=result.game.title), allowed_mentions=discord.AllowedMentions.none())
    await interaction.edit_original_response(content=t(private_language(interaction), "lobby.you_cancelled"),
                                             view=None)


class ConfirmCancel(ConfirmButton, template=r"az:confirm:cancel:(?P<game>\d+):(?P<version>\d+)"):
    action = "cancel"

    def confirmed(self, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        return cancel_game_in_play(table_of(interaction), interaction, self.game_id, self.version)


async def warn_if_dms_closed(interaction: discord.Interaction, game: GameInfo) -> None:
    """Alcazar hands go by DM: check now and warn the player privately if that fails."""
    try:
        # The player's own language: this interaction just made it their last-used one.
        await interaction.user.send(t(private_language(interaction), "lobby.welcome_dm", title=game.title,
                                      channel=f"<#{game.channel_id}>"))
    except discord.Forbidden as error:
        if error.code != DMS_CLOSED:
            log.warning("Welcome DM to %s for game %s refused: %s", interaction.user.id, game.id, error.text)
            return
        await interaction.followup.send(t(private_language(interaction), "lobby.dms_closed"), ephemeral=True)
    except discord.HTTPException as error:
        # The player has joined all the same; the hand is always there with /alcazar hand.
        log.warning("Welcome DM to %s for game %s failed: %s %s", interaction.user.id, game.id, error.status,
                    error.text)


async def change_settings(bot: Table, interaction: discord.Interaction, changes: dict[str, Any],
                          threefold: bool | None = None) -> None:
    """``/alcazar settings``: show the settings, or change them (host only) for everyone to see."""
    game = await game_here(bot, interaction)
    changes = with_house_rules(game.kind, changes, threefold)
    mine = private_language(interaction)
    if not changes:
        await send(interaction, t(mine, "settings.of_this_game") + "\n" + settings_text(game, mine), ephemeral=True)
        return
    result = await bot.service.lobby.update_settings(game.id, interaction.user.id, changes)
    if isinstance(result, Refusal) and result.reason is Reason.NOT_HOST:
        raise Refused(Msg("settings.host_only", host=mention(game.host_id)), game_id=game.id)
    game = accepted(result, game.id).game
    if game.status is GameStatus.LOBBY and await update_lobby_message(bot, interaction, game, Msg("settings.changed"),
                                                                      from_button=False):
        await send(interaction, t(mine, "settings.changed_see_lobby") + "\n" + settings_text(game, mine),
                   ephemeral=True)
        return
    lang = game.settings.language
    await send(interaction, t(lang, "settings.changed_by", host=mention(interaction.user.id)) + "\n"
               + settings_text(game, lang), ephemeral=False, allowed_mentions=discord.AllowedMentions.none())


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
        await guarded(interaction, lobby_action(table_of(interaction), interaction, self.action, self.game_id),
                      game_id=self.game_id)


def lobby_buttons(game: GameInfo) -> ui.View:
    """Join, Leave, Start, Cancel, Add computer; Remove computer when the lobby has one (in the game's language)."""
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start", "cancel", "computer") + (("uncomputer",) if game.computers else ()):
        view.add_item(LobbyButton(action, game.id, game.settings.language))
    return view


# -- adding a computer player ----------------------------------------------------------------------
# "Add computer" opens a small private menu of levels: an ordinary ``discord.ui.View``
# owning its callbacks (it lives a few minutes), while the lobby's buttons stay persistent.

class LevelChoice(ui.View):
    """The host's private choice of a computer's level, after "Add computer" in a lobby."""

    def __init__(self, bot: Table, game_id: int, lang: str = "en") -> None:
        super().__init__(timeout=300)
        self.bot, self.game_id = bot, game_id
        for button, level in ((self.easy, "easy"), (self.normal, "normal"), (self.hard, "hard")):
            button.label = t(lang, f"level.{level}")  # the decorators name the callbacks; this is the label

    async def _add(self, interaction: discord.Interaction, level: str) -> None:
        result = accepted(await self.bot.service.computers.add_computer(self.game_id, interaction.user.id, level),
                          self.game_id)
        # The lobby message first, so everyone sees the new player by the time the host is answered.
        [seated] = [event.user_id for event in result.events if isinstance(event, PlayerJoined)]
        name = computer_name(seated)
        await update_lobby_message(self.bot, interaction, result.game, Msg("lobby.joined", name=name),
                                   from_button=False)
        await interaction.response.edit_message(
            content=t(private_language(interaction), "computer.joined_game", name=name), view=None)
        self.stop()

    @ui.button(label="easy", style=discord.ButtonStyle.secondary)
    async def easy(self, interaction: discord.Interaction, button: ui.Button[LevelChoice]) -> None:
        await guarded(interaction, self._add(interaction, "easy"), game_id=self.game_id)

    @ui.button(label="normal", style=discord.ButtonStyle.primary)
    async def normal(self, interaction: discord.Interaction, button: ui.Button[LevelChoice]) -> None:
        await guarded(interaction, self._add(interaction, "normal"), game_id=self.game_id)

    @ui.button(label="hard", style=discord.ButtonStyle.danger)
    async def hard(self, interaction: discord.Interaction, button: ui.Button[LevelChoice]) -> None:
        await guarded(interaction, self._add(interaction, "hard"), game_id=self.game_id)


async def offer_levels(bot: Table, interaction: discord.Interaction, game_id: int) -> None:
    """The "Add computer" button: only the host may, and picks the level privately."""
    game = await game_on_button(bot, interaction, game_id)
    if interaction.user.id != game.host_id:
        raise Refused(Msg("refusal.host_add_computer"), game_id=game_id)
    lang = private_language(interaction)
    levels = "\n".join(f"**{t(lang, f'level.{level}')}**: {t(lang, f'level.{level}.help')}" for level in LEVELS)
    bot.remember_name(interaction.user)
    await send(interaction, t(lang, "computer.which_level", levels=levels), view=LevelChoice(bot, game_id, lang),
               ephemeral=True)


ITEMS: tuple[Any, ...] = (LobbyButton, ConfirmCancel)
