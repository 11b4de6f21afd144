"""Computer players in Discord: adding them in the lobby, and running their turns.

``ComputerTurns`` runs each computer turn the service announces
(``ComputerToMove``) as a background task: the service thinks in a worker
process, commits the move under the version check, and the board is posted
in words like anyone's move. Turns still waiting after a restart are resumed
once the bot is ready, and again on every reminder round, so none is lost.

The lobby's "Add computer" button opens a small private menu of levels; that
menu is an ordinary ``discord.ui.View`` owning its callbacks (it lives only a
few minutes), while the lobby's buttons stay persistent.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import ui

from bot.ai import LEVELS
from bot.discord.replies import guarded, private_language, send
from bot.i18n import Msg, t
from bot.service import Accepted, ComputerToMove

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

log = logging.getLogger(__name__)



class ComputerTurns:
    """Background tasks playing computer turns, one per (game, version)."""

    def __init__(self, bot: AlcazarBot) -> None:
        self.bot = bot
        self._running: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._resumer: asyncio.Task[None] | None = None

    def notice(self, accepted: Accepted) -> None:
        """Start the computer turns an accepted change announces."""
        for event in accepted.of_type(ComputerToMove):
            assert isinstance(event, ComputerToMove)
            self.schedule(event.game_id, event.version)

    def schedule(self, game_id: int, version: int) -> None:
        key = (game_id, version)
        if key in self._running:
            return
        task = asyncio.create_task(self._play(game_id, version), name=f"alcazar-computer-{game_id}-{version}")
        self._running[key] = task
        task.add_done_callback(lambda _: self._running.pop(key, None))

    async def _play(self, game_id: int, version: int) -> None:
        from bot.discord.announce import publish
        try:
            result = await self.bot.service.play_computer_turn(game_id, version)
            if result is not None:
                await publish(self.bot, result)
        except Exception:  # noqa: BLE001 - a failed turn is retried by the next resume round
            log.exception("Computer turn of game %s at version %s failed", game_id, version)

    async def resume(self) -> None:
        """Schedule every computer turn waiting in the database (after a restart, and each round)."""
        for due in await self.bot.service.computer_turns_due():
            self.schedule(due.game_id, due.version)

    def resume_when_ready(self) -> None:
        async def run() -> None:
            await self.bot.wait_until_ready()
            try:
                await self.resume()
            except Exception:  # noqa: BLE001 - the reminder rounds resume them later
                log.exception("Resuming computer turns failed")
        self._resumer = asyncio.create_task(run(), name="alcazar-computer-resume")

    async def idle(self) -> None:
        """Wait until the turns waiting at start-up are scheduled and no computer turn is running (tests)."""
        if self._resumer is not None:
            await asyncio.gather(self._resumer, return_exceptions=True)
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    async def stop(self) -> None:
        tasks = list(self._running.values()) + ([self._resumer] if self._resumer else [])
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()


class LevelChoice(ui.View):
    """The host's private choice of a computer's level, after "Add computer" in a lobby."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(timeout=300)
        self.game_id = game_id
        for button, level in ((self.easy, "easy"), (self.normal, "normal"), (self.hard, "hard")):
            button.label = t(lang, f"level.{level}")  # the decorators name the callbacks; this is the label

    async def _add(self, interaction: discord.Interaction, level: str) -> None:
        from bot.discord.context import accepted, bot_of
        from bot.discord.lobby import update_lobby_message
        result = accepted(await bot_of(interaction).service.add_computer(self.game_id, interaction.user.id, level),
                          self.game_id)
        # The lobby message first, so everyone sees the new player by the time the host is answered.
        name = Msg("computer.name", level=Msg(f"level.{level}.lower"))
        await update_lobby_message(interaction, result.game, Msg("lobby.joined", name=name), from_button=False)
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


async def offer_levels(interaction: discord.Interaction, game_id: int) -> None:
    """The "Add computer" button: only the host may, and picks the level privately."""
    from bot.discord.context import bot_of, game_on_button
    from bot.discord.replies import Refused
    game = await game_on_button(interaction, game_id)
    if interaction.user.id != game.host_id:
        raise Refused(Msg("refusal.host_add_computer"), game_id=game_id)
    lang = private_language(interaction)
    levels = "\n".join(f"**{t(lang, f'level.{level}')}**: {t(lang, f'level.{level}.help')}" for level in LEVELS)
    bot_of(interaction).remember_name(interaction.user)
    await send(interaction, t(lang, "computer.which_level", levels=levels), view=LevelChoice(game_id, lang),
               ephemeral=True)
