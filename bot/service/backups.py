"""The bot's own backups: a checked copy of the database every few hours (``BACKUP_EVERY_HOURS``).

The first copy is due ``every`` hours after the newest one already in the
folder (at once when that one is older), or ``every`` hours after the start
when there is none, so restarts neither skip nor pile up backups. The copy
itself runs in a thread, in steps (``Store.backup``); a failure is logged with
its reason and tried again later, and never stops the bot.
"""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from bot.service.clock import HOUR, Clock, cancelled
from bot.store import BackupSummary, Store

log = logging.getLogger(__name__)

#: How often the schedule looks at the clock; a backup is at most this late.
CHECK_SECONDS = 60.0
#: After a failure, the next try comes this soon (or at the next regular time, if sooner).
RETRY_SECONDS = HOUR


class BackupSchedule:
    """Backs up ``store`` into ``folder`` every ``every_hours``, keeping the newest ``keep``."""

    def __init__(self, store: Store, clock: Clock, folder: Path, *, every_hours: float, keep: int,
                 check_seconds: float | None = None) -> None:
        self.store = store
        self.clock = clock
        self.folder = folder
        self.every = every_hours * HOUR
        self.keep = keep
        self.check_seconds = CHECK_SECONDS if check_seconds is None else check_seconds
        newest = store.newest_backup_time(folder)
        self.due = (newest if newest is not None else clock.now()) + self.every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="alcazar-backups")

    async def stop(self) -> None:
        await cancelled(self._task)
        self._task = None

    async def _run(self) -> None:
        while True:
            await self.run_once()
            await asyncio.sleep(self.check_seconds)

    async def run_once(self) -> BackupSummary | None:
        """Back up if one is due; the copy made, or None. Never raises for a failed backup."""
        now = self.clock.now()
        if now < self.due:
            return None
        try:
            summary = await self.store.backup(self.folder, keep=self.keep, now=now)
        except Exception as error:  # noqa: BLE001 - a failed backup (full disk, damaged copy) must not stop the bot
            self.due = now + min(self.every, RETRY_SECONDS)
            log.error("Backup into %s failed: %s", self.folder, str(error) or type(error).__name__)
            return None
        self.due = now + self.every
        log.info("Backup %s: %s", summary.path, summary.describe())
        return summary
