"""The ``/alcazar`` command group: each command parses its options and hands over."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import lobby, turns, votes
from bot.discord.replies import send
from bot.discord.rules_text import rules_embeds
from bot.discord.texts import help_embed

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

GAME_CHOICES = [
    app_commands.Choice(name="Alcazar (2009, 2–5 players)", value="alcazar"),
    app_commands.Choice(name="Alcazar (1978, 2 players)", value="alcazar1978"),
]


LEVEL_CHOICES = [
    app_commands.Choice(name="Easy: plays the best move it sees at once", value="easy"),
    app_commands.Choice(name="Normal: thinks a second or two ahead", value="normal"),
    app_commands.Choice(name="Hard: thinks longest and plays strongest", value="hard"),
]
STAND_IN_DEADLINE_HELP = "A computer plays the turn of a player who misses the deadline (instead of skip or loss)"
STAND_IN_RESIGN_HELP = "Alcazar: a computer takes over the seat of a player who resigns"

THREEFOLD_HELP = "Alcazar (1978) house rule: a position repeated three times is a draw (default on)"


class AlcazarCommands(app_commands.Group):
    """Play Alcazar (2009) or Alcazar (1978) in this channel."""

    def __init__(self, bot: AlcazarBot) -> None:
        # Games live in server channels: the commands are not offered in DMs.
        super().__init__(name="alcazar", description="Play Alcazar (2009) or Alcazar (1978) in this channel",
                         guild_only=True)
        self.bot = bot

    @app_commands.command(name="new", description="Open a new game in this channel; others join with the button")
    @app_commands.describe(game="Which game", reminder_hours="Remind the player to move after this many hours",
                           deadline_hours="Skip (Alcazar) or lose (1978) a turn not played within this many hours",
                           thread="Open the game in a new thread",
                           threefold=THREEFOLD_HELP,
                           computers="How many computer players sit at the table (0–4)",
                           level="How well the computer players play (default normal)",
                           stand_in_deadline=STAND_IN_DEADLINE_HELP, stand_in_resign=STAND_IN_RESIGN_HELP)
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

    @app_commands.command(name="join", description="Join the game waiting for players in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "join")

    @app_commands.command(name="leave", description="Leave the game waiting for players in this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "leave")

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "start")

    @app_commands.command(name="cancel", description="Cancel the game in this channel (host only)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await lobby.lobby_action(interaction, "cancel")

    @app_commands.command(name="move", description="Play your move: pick a suggestion or type it in notation")
    @app_commands.describe(notation="Start typing: your legal moves are suggested")
    async def move(self, interaction: discord.Interaction, notation: app_commands.Range[str, 1, 200]) -> None:
        await turns.move_command(interaction, notation)

    @move.autocomplete("notation")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await turns.move_choices(interaction, current)

    @app_commands.command(name="hand", description="Your hand, money and nobles, and what you can do now (private)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await turns.show_hand(interaction)

    @app_commands.command(name="board", description="See the current board and whose turn it is (only you see it)")
    @app_commands.describe(for_table="Post it in the channel for everyone to see (nobody is pinged)")
    async def board(self, interaction: discord.Interaction, for_table: bool = False) -> None:
        await turns.show_board(interaction, for_table)

    @app_commands.command(name="history", description="The last moves of the game in this channel, in words")
    async def history(self, interaction: discord.Interaction) -> None:
        await turns.show_history(interaction)

    @app_commands.command(name="resign", description="Resign from the game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await turns.resign(interaction)

    @app_commands.command(name="undo", description="Ask the other players to take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        await votes.ask(interaction, "undo")

    @app_commands.command(name="draw", description="Offer your opponent a draw (Alcazar 1978)")
    async def draw(self, interaction: discord.Interaction) -> None:
        await votes.ask(interaction, "draw")

    @app_commands.command(name="settings", description="Reminders and deadline of the game here (host only)")
    @app_commands.describe(reminder_hours="Hours before a reminder, and between reminders",
                           reminders="Send reminders at all", deadline_hours="Hours per turn; 0 for no deadline",
                           threefold=THREEFOLD_HELP.replace("(default on)", "(lobby only)"),
                           stand_in_deadline=STAND_IN_DEADLINE_HELP, stand_in_resign=STAND_IN_RESIGN_HELP)
    async def settings(self, interaction: discord.Interaction,
                       reminder_hours: app_commands.Range[float, 0.5, 720.0] | None = None,
                       reminders: bool | None = None,
                       deadline_hours: app_commands.Range[float, 0.0, 2160.0] | None = None,
                       threefold: bool | None = None,
                       stand_in_deadline: bool | None = None, stand_in_resign: bool | None = None) -> None:
        changes = lobby.settings_changes(reminder_hours, deadline_hours, stand_in_deadline, stand_in_resign)
        if reminders is not None:
            changes["reminder_max"] = 3 if reminders else 0
        await lobby.change_settings(interaction, changes, threefold)

    @app_commands.command(name="help", description="How to play Alcazar here: the commands in brief")
    async def help(self, interaction: discord.Interaction) -> None:
        await send(interaction, embed=help_embed(), ephemeral=True)

    @app_commands.command(name="rules", description="A short summary of the rules of the game in this channel")
    @app_commands.describe(game="Which game's rules (default: the game in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        kind = game.value if game is not None else await self._kind_in_channel(interaction)
        if kind is not None:
            await send(interaction, embeds=rules_embeds(kind), ephemeral=True)
            return
        # One message per game keeps each within Discord's 6000 characters of embeds per message.
        await send(interaction, "No game is in play here, so here are both games.",
                   embeds=rules_embeds("alcazar"), ephemeral=True)
        await send(interaction, embeds=rules_embeds("alcazar1978"), ephemeral=True)

    async def _kind_in_channel(self, interaction: discord.Interaction) -> str | None:
        if interaction.channel_id is None:
            return None
        game = await self.bot.service.game_in_channel(interaction.channel_id)
        return None if game is None else game.kind
