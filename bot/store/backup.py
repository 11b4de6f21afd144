"""Backups of the SQLite file and putting one back in place.

A backup is SQLite's online backup (``sqlite3.Connection.backup``), never a
copy of the file: a live WAL database is the main file *and* its ``-wal``,
and a file copy catches them at different moments. The copy is read inside
one read transaction of its own, so it holds exactly what was committed when
it began, and WAL lets the bot go on writing meanwhile. It is taken in steps
with a pause between them, so a large file does not hog the disk, and is
checked (``PRAGMA integrity_check``, the schema version, the games and the
newest move) before it gets its final name. Names carry the UTC time, so they
sort by time; the newest ``keep`` are kept.

A restore refuses while a bot holds the file (``bot.store.lockfile``), checks
the backup the same way, keeps the replaced file aside and says what it put
in place. Everything here is synchronous: the bot runs it in a thread.
"""
from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from bot.store.lockfile import take_exclusive
from bot.store.schema import SCHEMA_VERSION

#: Pages copied per step (4 MB with SQLite's default 4 KiB pages), and the pause after each.
STEP_PAGES = 1024
STEP_PAUSE_SECONDS = 0.005
SQLITE_SUFFIX = ".sqlite3"
#: The files SQLite keeps beside a database that belong to it.
SIDE_FILES = ("-wal", "-journal", "-shm")


class BackupError(Exception):
    """A backup or restore that could not be done; the message says why, in plain words."""


@dataclass(frozen=True)
class BackupSummary:
    """What a checked copy holds."""

    path: Path
    schema_version: int
    games: int
    moves: int
    last_move_at: float | None   # the newest move's time (seconds since the epoch), None without moves

    def describe(self) -> str:
        """One line for people and logs: games, moves and the last move's time."""
        last = "no moves yet" if self.last_move_at is None else f"last move {utc_text(self.last_move_at)}"
        return f"{self.games} game(s), {self.moves} move(s), {last}, schema version {self.schema_version}"


@dataclass(frozen=True)
class Restored:
    """A restore done: what was put in place, and where the replaced file went (None if there was none)."""

    summary: BackupSummary
    replaced: Path | None


def utc_text(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


# -- names ---------------------------------------------------------------------------------

def _stamp(millis: int) -> str:
    moment = datetime.fromtimestamp(millis / 1000, timezone.utc)
    return f"{moment:%Y%m%dT%H%M%S}.{millis % 1000:03d}Z"


def _stamp_pattern(prefix: str, suffix: str) -> re.Pattern[str]:
    return re.compile(re.escape(prefix) + r"-(\d{8}T\d{6})\.(\d{3})Z" + re.escape(suffix))


def stamped_path(folder: Path, prefix: str, suffix: str, now: float) -> Path:
    """``folder/<prefix>-20261201T201300.123Z<suffix>``: a free name that sorts by UTC time.

    Two backups in the same millisecond get consecutive milliseconds, so names never clash
    and still sort in the order they were made.
    """
    millis = int(now * 1000)
    while True:
        path = folder / f"{prefix}-{_stamp(millis)}{suffix}"
        if not path.exists() and not path.with_name(path.name + ".partial").exists():
            return path
        millis += 1


def stamped_files(folder: Path, prefix: str, suffix: str) -> list[Path]:
    """The backups of ``prefix`` in ``folder``, oldest first (other files are left alone)."""
    if not folder.is_dir():
        return []
    pattern = _stamp_pattern(prefix, suffix)
    return sorted(path for path in folder.iterdir() if pattern.fullmatch(path.name) and path.is_file())


def stamp_time(path: Path, prefix: str, suffix: str) -> float | None:
    """The time in a backup's name, or None for a name that is not a backup's."""
    found = _stamp_pattern(prefix, suffix).fullmatch(path.name)
    if found is None:
        return None
    moment = datetime.strptime(found.group(1), "%Y%m%dT%H%M%S").replace(tzinfo=timezone.utc)
    return moment.timestamp() + int(found.group(2)) / 1000


def prune(folder: Path, prefix: str, suffix: str, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups; returns those removed."""
    old = stamped_files(folder, prefix, suffix)[:-keep] if keep > 0 else []
    for path in old:
        path.unlink(missing_ok=True)
    return old


def backup_prefix(database: Path) -> str:
    """Backups of ``local/alcazar.sqlite3`` are called ``alcazar-<time>.sqlite3``."""
    return database.stem


def newest_backup_time(database: Path, folder: Path) -> float | None:
    """When the newest backup of ``database`` in ``folder`` was made, from its name."""
    files = stamped_files(folder, backup_prefix(database), SQLITE_SUFFIX)
    return None if not files else stamp_time(files[-1], backup_prefix(database), SQLITE_SUFFIX)


# -- backup --------------------------------------------------------------------------------

def backup_sqlite(database: Path, folder: Path, *, keep: int, now: float,
                  pages: int = STEP_PAGES, pause: float = STEP_PAUSE_SECONDS) -> BackupSummary:
    """Copy the live database into ``folder`` (online backup, in steps), check it, prune to ``keep``."""
    if not database.is_file():
        raise BackupError(f"There is no database at {database} to back up.")
    folder.mkdir(parents=True, exist_ok=True)
    final = stamped_path(folder, backup_prefix(database), SQLITE_SUFFIX, now)
    partial = final.with_name(final.name + ".partial")
    try:
        _online_copy(database, partial, pages, pause)
        summary = check_copy(partial)
        _fsync(partial)
        os.replace(partial, final)
        _fsync_folder(folder)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    prune(folder, backup_prefix(database), SQLITE_SUFFIX, keep)
    return BackupSummary(final, summary.schema_version, summary.games, summary.moves, summary.last_move_at)


def _online_copy(database: Path, target: Path, pages: int, pause: float) -> None:
    source = sqlite3.connect(database, isolation_level=None)
    copy = sqlite3.connect(target, isolation_level=None)
    try:
        source.execute("PRAGMA busy_timeout = 5000")
        # One read transaction around every step: the copy is the database as committed when it
        # began, and writers elsewhere go on meanwhile (WAL) instead of restarting the copy.
        source.execute("BEGIN")
        source.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        source.backup(copy, pages=pages, progress=lambda *_: time.sleep(pause))
        source.execute("COMMIT")
        # A backup is one self-contained file: no -wal of its own.
        copy.execute("PRAGMA journal_mode = DELETE")
    finally:
        copy.close()
        source.close()


def check_copy(path: Path) -> BackupSummary:
    """Read a copy through: SQLite's integrity check, the schema version, the games and the newest move."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{path} cannot be opened as a database: {error}.") from error
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        if problems != ["ok"]:
            raise BackupError(f"{path} fails SQLite's integrity check: {problems[0]}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise BackupError(f"{path} has schema version {version}, newer than this bot knows "
                              f"({SCHEMA_VERSION}): it was written by a newer release.")
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        if version < 1 or not {"games", "moves"} <= tables:
            raise BackupError(f"{path} is an SQLite file but not an Alcazar game database.")
        games = int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
        moves, last = conn.execute("SELECT count(*), max(played_at) FROM moves").fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a readable SQLite database: {error}.") from error
    finally:
        conn.close()
    return BackupSummary(path, version, games, int(moves), None if last is None else float(last))


# -- restore -------------------------------------------------------------------------------

def restore_sqlite(backup: Path, database: Path, *, now: float) -> Restored:
    """Put ``backup`` in place of ``database``: refused while a bot holds it or when the backup fails its checks."""
    if not backup.is_file():
        raise BackupError(f"There is no file {backup} to restore.")
    if database.exists() and backup.resolve() == database.resolve():
        raise BackupError(f"{backup} is the database itself; name a backup of it.")
    database.parent.mkdir(parents=True, exist_ok=True)
    lock = take_exclusive(database)
    try:
        staged = database.with_name(database.name + ".restoring")
        try:
            shutil.copyfile(backup, staged)
            _settle(staged)
            summary = check_copy(staged)
            _fsync(staged)
        except BaseException:
            _remove_with_side_files(staged)
            raise
        replaced = _put_aside(database, now) if database.exists() else None
        os.replace(staged, database)
        _fsync_folder(database.parent)
    finally:
        lock.release()
    return Restored(BackupSummary(database, summary.schema_version, summary.games, summary.moves,
                                  summary.last_move_at), replaced)


def _fold_journal(path: Path) -> None:
    """Fold the file's WAL into it and leave it in rollback-journal mode, with nothing beside it to need."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()


def _settle(path: Path) -> None:
    """Make a staged file self-contained (a backup copied from a WAL database is still marked WAL)."""
    try:
        _fold_journal(path)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a readable SQLite database: {error}.") from error


def _put_aside(database: Path, now: float) -> Path:
    """Move the replaced database to ``<name>.replaced-<time>``, with any journal of it beside it.

    Its WAL is first folded into the file (nobody else has it open: the lock is ours); should
    that fail, the ``-wal`` moves along with the file, so nothing it held is lost. Only the
    ``-shm`` index, which SQLite rebuilds, is removed, and only once the file is aside.
    """
    try:
        _fold_journal(database)
    except sqlite3.Error:
        pass   # a damaged file is still kept aside as it is, journals and all
    aside = stamped_path(database.parent, database.name + ".replaced", "", now)
    os.replace(database, aside)
    _fsync_folder(database.parent)
    for side in SIDE_FILES:
        leftover = Path(f"{database}{side}")
        if not leftover.exists():
            continue
        if side == "-shm":
            leftover.unlink()
        else:
            os.replace(leftover, Path(f"{aside}{side}"))
    return aside


def _remove_with_side_files(path: Path) -> None:
    for candidate in (path, *(Path(f"{path}{side}") for side in SIDE_FILES)):
        candidate.unlink(missing_ok=True)


def _fsync(path: Path) -> None:
    with open(path, "rb") as file:
        os.fsync(file.fileno())


def _fsync_folder(folder: Path) -> None:
    """A rename is durable once the folder is synced (POSIX; not possible on Windows)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
