"""``python -m bot.maintenance backup [DIR]`` and ``restore FILE`` (``manage.py backup``/``restore``).

Both read the same settings as the bot (the environment over ``.env``) but
need no Discord token. They answer in plain words and exit 0 when done,
1 when not (the words say why), 2 for a setting to fix.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bot.config import ConfigError, Settings, load_settings
from bot.store.backup import BackupError, backup_sqlite, restore_sqlite
from bot.store.lockfile import DatabaseInUse
from bot.store.pg_backup import (
    PG_TOOL_FOLDERS, dump_arguments, dump_target, find_tool, restore_arguments, run_pg_dump, shown_command,
    split_url,
)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python3 manage.py", description="Back up or restore the game database.")
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser("backup", help="make a checked copy of the database while the bot runs")
    backup.add_argument("folder", nargs="?", type=Path, metavar="DIR",
                        help="where the copy goes (default: BACKUP_DIR, local/backups)")
    restore = commands.add_parser("restore", help="put a backup in place of the database (the bot stopped)")
    restore.add_argument("file", type=Path, metavar="FILE", help="the backup to restore")
    return parser.parse_args(argv)


def backup(settings: Settings, folder: Path, *, tool_path: str | None = None,
           tool_folders: str = PG_TOOL_FOLDERS) -> int:
    """Back up the SQLite file, or dump PostgreSQL with pg_dump; say what was done.

    ``tool_path`` and ``tool_folders`` are where pg_dump is looked for (default: PATH, then the server's folders).
    """
    if settings.database_url is not None:
        return _dump_postgres(settings.database_url, folder, settings.backup_keep,
                              find_tool("pg_dump", path=tool_path, folders=tool_folders))
    summary = backup_sqlite(settings.database_path, folder, keep=settings.backup_keep, now=time.time())
    print(f"Backed up {settings.database_path} to {summary.path}: {summary.describe()}.")
    print(f"The newest {settings.backup_keep} backup(s) in {folder} are kept.")
    return 0


def _dump_postgres(url: str, folder: Path, keep: int, tool: str | None) -> int:
    if tool is None:
        connection = split_url(url)
        command = shown_command("pg_dump", dump_arguments(connection, dump_target(folder, connection, time.time())),
                                connection)
        print(f"pg_dump is not installed here (neither on PATH nor in {PG_TOOL_FOLDERS}). Install PostgreSQL's "
              f"client tools (e.g. apt install postgresql-client), or run this where they are:\n  {command}",
              file=sys.stderr)
        return 1
    dump = run_pg_dump(tool, url, folder, keep=keep, now=time.time())
    print(f"Dumped the PostgreSQL database to {dump} (pg_dump's custom format; pg_restore reads it).")
    print(f"The newest {keep} dump(s) in {folder} are kept.")
    return 0


def restore(settings: Settings, file: Path) -> int:
    """Put a backup of the SQLite file in place; for PostgreSQL, say what to run."""
    if settings.database_url is not None:
        command = shown_command("pg_restore", restore_arguments(settings.database_url, file),
                                split_url(settings.database_url))
        print("The database is PostgreSQL (DATABASE_URL), which this command does not replace by itself: "
              "that would drop the tables of a live database. Stop every bot process, then run:\n"
              f"  {command}", file=sys.stderr)
        return 1
    restored = restore_sqlite(file, settings.database_path, now=time.time())
    print(f"Restored {file} to {settings.database_path}: {restored.summary.describe()}.")
    if restored.replaced is not None:
        print(f"The database it replaced is kept as {restored.replaced}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings(need_token=False)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        if arguments.command == "backup":
            return backup(settings, arguments.folder or settings.backup_dir)
        return restore(settings, arguments.file)
    except (BackupError, DatabaseInUse) as error:
        print(error, file=sys.stderr)
        return 1
    except OSError as error:   # a folder that cannot be written, a disk that is full
        print(f"{arguments.command.capitalize()} failed: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
