"""Computer players in Discord: running their turns (the lobby adds them, ``lobby.LevelChoice``).

``ComputerTurns`` runs each computer turn the service announces
(``ComputerToMove``) as a background task: the service thinks in a worker
process, commits the move under the version check, and the board is posted
in words like anyone's move. Turns still waiting after a restart are resumed
once the bot is ready, and again on every reminder round, so none is lost.
The turns are given the bot's table when they first resume (``setup_hook``).
"""
from __future__ import annotations

import asyncio
import contextvars
import logging

from bot.discord.announce import publish
from bot.discord.table import Table, laid
from bot.service import Accepted, ComputerToMove, StoreUnavailable
from bot.telemetry import about, background_work, caused_by, note_outcome
from bot.telemetry.causes import COMPUTER_MOVE
from bot.telemetry.work import failed

log = logging.getLogger(__name__)


class ComputerTurns:
    """Background tasks playing computer turns, one per (game, version)."""

    def __init__(self) -> None:
        self._table: Table | None = None
        self._running: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._resumer: asyncio.Task[None] | None = None

    @property
    def bot(self) -> Table:
        """The table the turns are played at, given by ``resume_when_ready``."""
        return laid(self._table, self)

    def notice(self, accepted: Accepted) -> None:
        """Start the computer turns an accepted change announces."""
        for event in accepted.of_type(ComputerToMove):
            assert isinstance(event, ComputerToMove)
            self.schedule(event.game_id, event.version)

    def schedule(self, game_id: int, version: int) -> None:
        key = (game_id, version)
        if key in self._running:
            return
        # A context of its own: the turn is not about the user whose move led to it.
        task = asyncio.create_task(self._play(game_id, version), name=f"alcazar-computer-{game_id}-{version}",
                                   context=contextvars.Context())
        self._running[key] = task
        task.add_done_callback(lambda _: self._running.pop(key, None))

    async def _play(self, game_id: int, version: int) -> None:
        with about(game_id=game_id, command="computer turn"), caused_by(COMPUTER_MOVE), \
                background_work("computer turn"):
            try:
                result = await self.bot.service.computers.play_computer_turn(game_id, version)
                if result is None:
                    note_outcome("not due")      # played already, or the game moved on
                    return
                note_outcome("played")
                await publish(self.bot, result)
            except StoreUnavailable:
                note_outcome("store unavailable")
                # logged by the store, once per outage; the next resume round plays the turn
            except Exception as error:  # noqa: BLE001 - a failed turn is retried by the next resume round
                note_outcome(failed(error))
                log.exception("Computer turn of game %s at version %s failed", game_id, version)

    async def resume(self) -> None:
        """Schedule every computer turn waiting in the database (after a restart, and each round)."""
        for due in await self.bot.service.computers.computer_turns_due():
            self.schedule(due.game_id, due.version)

    def resume_when_ready(self, table: Table) -> None:
        """Play the turns of ``table`` from now on, and resume those waiting once the bot is ready."""
        self._table = table

        async def run() -> None:
            await self.bot.wait_until_ready()
            try:
                await self.resume()
            except StoreUnavailable:
                pass        # the reminder rounds resume them once the store is back
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
