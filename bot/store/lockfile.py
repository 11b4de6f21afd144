"""Who holds the SQLite file: a lock on ``<database>.lock`` beside it.

A bot process holds a shared lock for as long as its store is open (several
stores of one process, as the tests open, share it happily); a restore takes
the lock exclusively, without waiting, so that it never swaps the file under
a running bot. The locks are ``flock`` locks: the system drops them when the
process dies, so a crashed bot never leaves the file locked. Where ``fcntl``
is missing (Windows) nothing is locked.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

#: How long a bot that is starting waits for a restore under way to finish.
STARTUP_WAIT_SECONDS = 30.0


class DatabaseInUse(Exception):
    """Someone else holds the database's lock; the message says who and what to do."""


def lock_path(database: Path) -> Path:
    """The lock file of a database: ``alcazar.sqlite3.lock`` beside ``alcazar.sqlite3``."""
    return database.with_name(database.name + ".lock")


class DatabaseLock:
    """An open lock file; ``release`` (or closing the process) lets go of the lock."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)   # closing the file drops its flock
            self._fd = None


def _try_lock(fd: int, exclusive: bool) -> bool:
    if sys.platform == "win32":
        return True
    import fcntl

    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def hold_shared(database: Path, wait: float = STARTUP_WAIT_SECONDS) -> DatabaseLock:
    """The bot's lock while its store is open; waits up to ``wait`` seconds for a restore to end."""
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + wait
    while not _try_lock(fd, exclusive=False):
        if time.monotonic() >= deadline:
            os.close(fd)
            raise DatabaseInUse(f"{database} is being restored (its lock file {lock_path(database)} is held); "
                                "start the bot again when the restore has finished.")
        time.sleep(0.1)
    return DatabaseLock(fd)


def take_exclusive(database: Path) -> DatabaseLock:
    """The lock for replacing the file, taken at once or refused with ``DatabaseInUse``."""
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, 0o644)
    if not _try_lock(fd, exclusive=True):
        os.close(fd)
        raise DatabaseInUse(f"A bot process is using {database}. Stop the bot first, then restore.")
    return DatabaseLock(fd)
