"""The ``/alcazar`` command group: each command parses its options and hands over."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import lobby, turns, votes
from bot.discord.replies import private_language, send
from bot.discord.rules_text import rules_embeds
from bot.discord.texts import help_embed
from bot.discord.translator import described
from bot.i18n import LANGUAGES, Msg

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

GAME_CHOICES = [
    app_commands.Choice(name=described("choice.alcazar"), value="alcazar"),
    app_commands.Choice(name=described("choice.alcazar1978"), value="alcazar1978"),
]
LANGUAGE_CHOICES = [app_commands.Choice(name=described(f"language.{code}"), value=code) for code in LANGUAGES]
LEVEL_CHOICES = [app_commands.Choice(name=described(f"choice.level.{level}"), value=level)
                 for level in ("easy", "normal", "hard")]


class AlcazarCommands(app_commands.Group):
    """Play Alcazar (2009) or Alcazar (1978) in this channel."""

    def __init__(self, bot: AlcazarBot) -> None:
        # Games live in server channels: the commands are not offered in DMs.
        super().__init__(name="alcazar", description=described("cmd.alcazar"),
                         guild_only=True)
        self.bot = bot

    @app_commands.command(name="new", description=described("cmd.new"))
    @app_commands.describe(game=described("cmd.new.game"), reminder_hours=described("cmd.new.reminder_hours"),
                           deadline_hours=described("cmd.new.deadline_hours"), thread=described("cmd.new.thread"),
                           threefold=described("cmd.new.threefold"), computers=described("cmd.new.computers"),
                           level=described("cmd.new.level"), stand_in_deadline=described("cmd.stand_in_deadline"),
                           stand_in_resign=described("cmd.stand_in_resign"))
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
                  deadline_hours: app_commands.Range[float, 1.0, 2160.0] | None = None,
                  thread: bool = False, threefold: bool | None = None,
                  computers: app_commands.Range[int, 0, 4] = 0,
                  level: app_commands.Choice[str] | None = None,
                  stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None) -> None:
        changes = lobby.with_house_rules(
            game.value, lobby.settings_changes(reminder_hours, deadline_hours, stand_in_deadline, stand_in_resign),
            threefold)
        chosen = "normal" if level is None else level.value
        await lobby.open_lobby(interaction, game.value, changes, thread, (chosen,) * computers)

    @app_commands.command(name="join", description=described("cmd.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "join")

    @app_commands.command(name="leave", description=described("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "leave")

    @app_commands.command(name="start", description=described("cmd.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "start")

    @app_commands.command(name="cancel", description=described("cmd.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "cancel")

    @app_commands.command(name="move", description=described("cmd.move"))
    @app_commands.describe(notation=described("cmd.move.notation"))
    async def move(self, interaction: discord.Interaction, notation: app_commands.Range[str, 1, 200]) -> None:
        await turns.move_command(interaction, notation)

    @move.autocomplete("notation")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await turns.move_choices(interaction, current)

    @app_commands.command(name="hand", description=described("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await turns.show_hand(interaction)

    @app_commands.command(name="board", description=described("cmd.board"))
    @app_commands.describe(for_table=described("cmd.board.for_table"))
    async def board(self, interaction: discord.Interaction, for_table: bool = False) -> None:
        await turns.show_board(interaction, for_table)

    @app_commands.command(name="history", description=described("cmd.history"))
    async def history(self, interaction: discord.Interaction) -> None:
        await turns.show_history(interaction)

    @app_commands.command(name="resign", description=described("cmd.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await turns.resign(interaction)

    @app_commands.command(name="undo", description=described("cmd.undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await votes.ask(interaction, "undo")

    @app_commands.command(name="draw", description=described("cmd.draw"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await votes.ask(interaction, "draw")

    @app_commands.command(name="settings", description=described("cmd.settings"))
    @app_commands.describe(reminder_hours=described("cmd.settings.reminder_hours"),
                           reminders=described("cmd.settings.reminders"),
                           deadline_hours=described("cmd.settings.deadline_hours"),
                           threefold=described("cmd.settings.threefold"), language=described("cmd.settings.language"),
                           stand_in_deadline=described("cmd.stand_in_deadline"),
                           stand_in_resign=described("cmd.stand_in_resign"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(self, interaction: discord.Interaction,
                       reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
                       reminders: bool | None = None,
                       deadline_hours: app_commands.Range[float, 0.0, 2160.0] | None = None,
                       threefold: bool | None = None,
                       stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None,
                       language: app_commands.Choice[str] | None = None) -> None:
        changes = lobby.settings_changes(reminder_hours, deadline_hours, stand_in_deadline, stand_in_resign)
        if reminders is not None:
            changes["reminder_max"] = 3 if reminders else 0
        if language is not None:
            changes["language"] = language.value
        await lobby.change_settings(interaction, changes, threefold)

    @app_commands.command(name="help", description=described("cmd.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await send(interaction, embed=help_embed(private_language(interaction)), ephemeral=True)

    @app_commands.command(name="rules", description=described("cmd.rules"))
    @app_commands.describe(game=described("cmd.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        kind = game.value if game is not None else await self._kind_in_channel(interaction)
        lang = private_language(interaction)
        if kind is not None:
            await send(interaction, embeds=rules_embeds(kind, lang), ephemeral=True)
            return
        # One message per game keeps each within Discord's 6000 characters of embeds per message.
        await send(interaction, Msg("rules.both_games"),
                   embeds=rules_embeds("alcazar", lang), ephemeral=True)
        await send(interaction, embeds=rules_embeds("alcazar1978", lang), ephemeral=True)

    async def _kind_in_channel(self, interaction: discord.Interaction) -> str | None:
        if interaction.channel_id is None:
            return None
        game = await self.bot.service.game_in_channel(interaction.channel_id)
        return None if game is None else game.kind
