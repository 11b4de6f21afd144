"""``python3 manage.py run --processes N``: N bot processes, each with its slice of the shards.

The supervisor starts ``python -m bot`` N times with ``SHARD_COUNT`` and
``SHARD_IDS`` set for each (shard i goes to process i mod N, so process 0
runs shard 0, syncs the commands and, with ``WEB_URL`` set, serves the web
board on ``WEB_PORT``; the others hand out links to it), watches them, and
starts again any that exits: at once after a long run, after a growing pause
(up to a minute) when it keeps dying young. A process that exits with status 2 has a
setting to fix, so the supervisor stops everything and says so. SIGINT or
SIGTERM stop the processes (SIGTERM, then SIGKILL after a grace period) and
then the supervisor.

Each bot process runs in a process group of its own, with the image workers
it starts: when a bot process dies (even by SIGKILL, which leaves it no time
to stop its workers) the supervisor kills what is left of its group, so no
orphaned workers pile up across restarts.

Several processes need a database they can share: ``DATABASE_URL``
(PostgreSQL). ``SHARD_COUNT`` defaults to N.
"""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from bot.config import Settings

log = logging.getLogger("bot.supervisor")

#: A process that ran this long before it died is restarted at once.
STEADY_SECONDS = 60.0
MAX_PAUSE_SECONDS = 60.0
GRACE_SECONDS = 10.0
CONFIG_ERROR = 2


class SupervisorError(Exception):
    """The processes cannot be started as asked; the message says why."""


def shard_slices(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """The shards of each process: shard i runs in process i mod ``processes``."""
    return [tuple(range(first, shard_count, processes)) for first in range(processes)]


def plan(settings: Settings, processes: int) -> list[tuple[int, ...]]:
    """Each process's shards, or ``SupervisorError`` when the settings do not allow N processes."""
    if processes < 1:
        raise SupervisorError("--processes must be 1 or more.")
    if processes > 1 and settings.database_url is None:
        raise SupervisorError(
            "Several bot processes need a database they can share: set DATABASE_URL=postgresql://… "
            "(see \"Running for many servers\" in the README). A SQLite file serves one process.")
    if settings.shard_ids is not None:
        raise SupervisorError("Leave SHARD_IDS unset with --processes: the supervisor gives each process its shards.")
    shard_count = settings.shard_count or processes
    if shard_count < processes:
        raise SupervisorError(f"SHARD_COUNT={shard_count} is fewer than the {processes} processes: "
                              "each process needs at least one shard.")
    return shard_slices(shard_count, processes)


@dataclass
class Child:
    """One bot process and its shards."""

    number: int
    shards: tuple[int, ...]
    shard_count: int
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    pause: float = 0.0          # the last pause before a restart; grows while it dies young
    restart_at: float | None = None
    restarts: int = field(default=0)

    def environment(self) -> dict[str, str]:
        return {**os.environ, "SHARD_COUNT": str(self.shard_count),
                "SHARD_IDS": ",".join(map(str, self.shards))}


class Supervisor:
    """Starts the children, restarts those that die, stops them all on a signal."""

    def __init__(self, slices: Sequence[tuple[int, ...]], command: Sequence[str], *,
                 clock: Callable[[], float] = time.monotonic, poll_seconds: float = 0.5) -> None:
        shard_count = sum(len(s) for s in slices)
        self.children = [Child(i, shards, shard_count) for i, shards in enumerate(slices)]
        self.command = list(command)
        self.clock = clock
        self.poll_seconds = poll_seconds
        self.stopping = False

    def start(self, child: Child) -> None:
        # A session (and process group) of its own: see the module docstring.
        child.process = subprocess.Popen(self.command, env=child.environment(), start_new_session=True)
        child.started_at = self.clock()
        child.restart_at = None
        log.info("Bot process %d (shards %s) started, pid %d", child.number,
                 ",".join(map(str, child.shards)), child.process.pid)

    def check(self) -> int | None:
        """One round: restart what died; the exit status to stop with, if one must stop everything."""
        now = self.clock()
        for child in self.children:
            if child.process is not None and (status := child.process.poll()) is not None:
                _kill_group(child.process.pid)
                child.process = None
                if status == CONFIG_ERROR:
                    log.error("Bot process %d stopped over its settings (status 2); stopping all.", child.number)
                    return CONFIG_ERROR
                ran = now - child.started_at
                child.pause = 0.0 if ran >= STEADY_SECONDS else min(max(child.pause * 2, 1.0), MAX_PAUSE_SECONDS)
                child.restart_at = now + child.pause
                log.warning("Bot process %d (shards %s) exited with status %s after %.0f s; restarting in %.0f s",
                            child.number, ",".join(map(str, child.shards)), status, ran, child.pause)
            if child.process is None and child.restart_at is not None and now >= child.restart_at:
                child.restarts += 1
                self.start(child)
        return None

    def stop(self) -> None:
        """SIGTERM to every child, SIGKILL to those still there after the grace period."""
        self.stopping = True
        running = [c.process for c in self.children if c.process is not None and c.process.poll() is None]
        for process in running:
            process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + GRACE_SECONDS
        for process in running:
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for child in self.children:
            if child.process is not None:
                _kill_group(child.process.pid)

    def run(self) -> int:
        """Run until a signal (status 0) or a child's settings error (status 2)."""
        def on_signal(signum: int, _frame: object) -> None:
            self.stopping = True

        previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            for child in self.children:
                self.start(child)
            status = 0
            while not self.stopping:
                result = self.check()
                if result is not None:
                    status = result
                    break
                time.sleep(self.poll_seconds)
            return status
        finally:
            self.stop()
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def _kill_group(leader: int) -> None:
    """SIGKILL whatever is left of a bot process's group (its image workers), if anything."""
    try:
        os.killpg(leader, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def supervise(settings: Settings, processes: int) -> int:
    """``python -m bot --processes N``: run N bot processes until stopped."""
    try:
        slices = plan(settings, processes)
    except SupervisorError as error:
        print(error, file=sys.stderr)
        return CONFIG_ERROR
    log.info("Starting %d bot processes for %d shards", processes, sum(len(s) for s in slices))
    return Supervisor(slices, [sys.executable, "-m", "bot"]).run()
