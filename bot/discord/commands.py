"""The ``/alcazar`` command group: each command parses its options and hands over."""
from __future__ import annotations

from typing import Awaitable, TypeVar

import discord
from discord import app_commands

from bot.discord import archive, lobby, players, stats, tournaments, turns, votes, weblinks
from bot.discord.replies import private_language, send
from bot.discord.rules_text import rules_messages
from bot.discord.table import Table
from bot.discord.texts import help_embed
from bot.discord.translator import described
from bot.i18n import LANGUAGES, Msg
from bot.service import StoreUnavailable

T = TypeVar("T")


async def while_store_answers(choices: Awaitable[list[T]]) -> list[T]:
    """Autocomplete offers nothing while the game store is unavailable: the command itself then
    says why, and a keystroke is not worth a line in the log."""
    try:
        return await choices
    except StoreUnavailable:
        return []


GAME_CHOICES = [
    app_commands.Choice(name=described("choice.alcazar"), value="alcazar"),
    app_commands.Choice(name=described("choice.alcazar1978"), value="alcazar1978"),
]
LANGUAGE_CHOICES = [app_commands.Choice(name=described(f"language.{code}"), value=code) for code in LANGUAGES]
LEVEL_CHOICES = [app_commands.Choice(name=described(f"choice.level.{level}"), value=level)
                 for level in ("easy", "normal", "hard")]


class AlcazarCommands(app_commands.Group):
    """Play Alcazar (2009) or Alcazar (1978) in this channel."""

    #: What works in a DM with the bot: nothing there belongs to one channel's game.
    IN_DMS = frozenset({"games", "away", "quiet", "stats", "help", "rules"})

    def __init__(self, table: Table) -> None:
        # Games live in server channels, but a player's own commands (their games, time away,
        # ratings) work in a DM with the bot too. Discord sets where a command may be used per
        # top-level command only, so the group is offered in DMs and the rest refuse there.
        super().__init__(name="alcazar", description=described("cmd.alcazar"),
                         allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                         private_channel=False))
        self.table = table
        self.add_command(tournaments.TournamentCommands(table))
        # A subgroup's commands are checked by their own group: ``/alcazar links end`` works in DMs too.
        self.add_command(weblinks.LinksCommands(table))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command
        if interaction.guild_id is None and command is not None and command.name not in self.IN_DMS:
            if interaction.type is discord.InteractionType.autocomplete:
                return False
            raise app_commands.NoPrivateMessage()   # answered by the tree's error handler
        return True

    @app_commands.command(name="new", description=described("cmd.new"))
    @app_commands.describe(game=described("cmd.new.game"), reminder_hours=described("cmd.new.reminder_hours"),
                           deadline_hours=described("cmd.new.deadline_hours"), thread=described("cmd.new.thread"),
                           threefold=described("cmd.new.threefold"), computers=described("cmd.new.computers"),
                           level=described("cmd.new.level"), stand_in_deadline=described("cmd.stand_in_deadline"),
                           stand_in_resign=described("cmd.stand_in_resign"), bank_days=described("cmd.bank_days"),
                           increment_days=described("cmd.increment_days"))
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
                  deadline_hours: app_commands.Range[float, 1.0, 2160.0] | None = None,
                  thread: bool = False, threefold: bool | None = None,
                  computers: app_commands.Range[int, 0, 4] = 0,
                  level: app_commands.Choice[str] | None = None,
                  stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None,
                  bank_days: app_commands.Range[float, 0.0, 90.0] | None = None,
                  increment_days: app_commands.Range[float, 0.0, 30.0] | None = None) -> None:
        changes = lobby.with_house_rules(
            game.value, lobby.settings_changes(reminder_hours, deadline_hours, stand_in_deadline, stand_in_resign,
                                               bank_days, increment_days),
            threefold)
        chosen = "normal" if level is None else level.value
        await lobby.open_lobby(self.table, interaction, game.value, changes, thread, (chosen,) * computers)

    @app_commands.command(name="join", description=described("cmd.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(self.table, interaction, "join")

    @app_commands.command(name="leave", description=described("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(self.table, interaction, "leave")

    @app_commands.command(name="start", description=described("cmd.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(self.table, interaction, "start")

    @app_commands.command(name="cancel", description=described("cmd.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(self.table, interaction, "cancel")

    @app_commands.command(name="move", description=described("cmd.move"))
    @app_commands.describe(notation=described("cmd.move.notation"))
    async def move(self, interaction: discord.Interaction, notation: app_commands.Range[str, 1, 200]) -> None:
        await turns.move_command(self.table, interaction, notation)

    @move.autocomplete("notation")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await while_store_answers(turns.move_choices(self.table, interaction, current))

    @app_commands.command(name="hand", description=described("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await turns.show_hand(self.table, interaction)

    @app_commands.command(name="board", description=described("cmd.board"))
    @app_commands.describe(for_table=described("cmd.board.for_table"))
    async def board(self, interaction: discord.Interaction, for_table: bool = False) -> None:
        await turns.show_board(self.table, interaction, for_table)

    @app_commands.command(name="history", description=described("cmd.history"))
    @app_commands.describe(page=described("cmd.history.page"), game=described("cmd.game_of_channel"))
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None,
                      game: int | None = None) -> None:
        await archive.history(self.table, interaction, page, game)

    @history.autocomplete("game")
    async def history_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await while_store_answers(archive.game_choices(self.table, interaction, current))

    @app_commands.command(name="record", description=described("cmd.record"))
    @app_commands.describe(game=described("cmd.game_of_channel"))
    async def record(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await archive.record(self.table, interaction, game)

    @record.autocomplete("game")
    async def record_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await while_store_answers(archive.game_choices(self.table, interaction, current))

    @app_commands.command(name="replay", description=described("cmd.replay"))
    @app_commands.describe(game=described("cmd.game_of_channel"), public=described("cmd.public"))
    async def replay(self, interaction: discord.Interaction, game: int | None = None, public: bool = False) -> None:
        await archive.replay(self.table, interaction, game, public)

    @replay.autocomplete("game")
    async def replay_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return await while_store_answers(archive.game_choices(self.table, interaction, current))

    @app_commands.command(name="games", description=described("cmd.games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await players.list_games(self.table, interaction)

    @app_commands.command(name="away", description=described("cmd.away"))
    @app_commands.describe(duration=described("cmd.away.duration"))
    async def away(self, interaction: discord.Interaction,
                   duration: app_commands.Range[str, 1, 40] | None = None) -> None:
        await players.away(self.table, interaction, duration)

    @app_commands.command(name="quiet", description=described("cmd.quiet"))
    @app_commands.describe(start=described("cmd.quiet.start"), end=described("cmd.quiet.end"),
                           time_zone=described("cmd.quiet.time_zone"), off=described("cmd.quiet.off"))
    async def quiet(self, interaction: discord.Interaction, start: app_commands.Range[int, 0, 23] | None = None,
                    end: app_commands.Range[int, 0, 23] | None = None,
                    time_zone: app_commands.Range[str, 1, 64] | None = None, off: bool = False) -> None:
        await players.quiet(self.table, interaction, start, end, time_zone, off)

    @quiet.autocomplete("time_zone")
    async def quiet_zone(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await players.time_zone_choices(interaction, current)

    @app_commands.command(name="stats", description=described("cmd.stats"))
    @app_commands.describe(game=described("cmd.stats.game"), player=described("cmd.stats.player"),
                           public=described("cmd.public"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    player: discord.User | None = None, public: bool = False) -> None:
        await stats.show_stats(self.table, interaction, None if game is None else game.value, player, public)

    @app_commands.command(name="resign", description=described("cmd.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await turns.resign(self.table, interaction)

    @app_commands.command(name="undo", description=described("cmd.undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await votes.ask(self.table, interaction, "undo")

    @app_commands.command(name="draw", description=described("cmd.draw"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await votes.ask(self.table, interaction, "draw")

    @app_commands.command(name="settings", description=described("cmd.settings"))
    @app_commands.describe(reminder_hours=described("cmd.settings.reminder_hours"),
                           reminders=described("cmd.settings.reminders"),
                           deadline_hours=described("cmd.settings.deadline_hours"),
                           threefold=described("cmd.settings.threefold"), language=described("cmd.settings.language"),
                           stand_in_deadline=described("cmd.stand_in_deadline"),
                           stand_in_resign=described("cmd.stand_in_resign"), bank_days=described("cmd.bank_days"),
                           increment_days=described("cmd.increment_days"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(self, interaction: discord.Interaction,
                       reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
                       reminders: bool | None = None,
                       deadline_hours: app_commands.Range[float, 0.0, 2160.0] | None = None,
                       threefold: bool | None = None,
                       stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None,
                       language: app_commands.Choice[str] | None = None,
                       bank_days: app_commands.Range[float, 0.0, 90.0] | None = None,
                       increment_days: app_commands.Range[float, 0.0, 30.0] | None = None) -> None:
        changes = lobby.settings_changes(reminder_hours, deadline_hours, stand_in_deadline, stand_in_resign,
                                         bank_days, increment_days)
        if reminders is not None:
            changes["reminder_max"] = 3 if reminders else 0
        if language is not None:
            changes["language"] = language.value
        await lobby.change_settings(self.table, interaction, changes, threefold)

    @app_commands.command(name="help", description=described("cmd.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await send(interaction, embed=help_embed(private_language(interaction)), ephemeral=True)

    @app_commands.command(name="rules", description=described("cmd.rules"))
    @app_commands.describe(game=described("cmd.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        kind = game.value if game is not None else await self._kind_in_channel(interaction)
        lang = private_language(interaction)
        # Each message within Discord's 6000 characters of embeds per message.
        messages = rules_messages(kind, lang) if kind is not None else \
            rules_messages("alcazar", lang) + rules_messages("alcazar1978", lang)
        for number, embeds in enumerate(messages):
            if kind is None and number == 0:
                await send(interaction, Msg("rules.both_games"), embeds=embeds, ephemeral=True)
            else:
                await send(interaction, embeds=embeds, ephemeral=True)

    async def _kind_in_channel(self, interaction: discord.Interaction) -> str | None:
        if interaction.channel_id is None:
            return None
        game = await self.table.service.records.game_in_channel(interaction.channel_id)
        return None if game is None else game.kind
