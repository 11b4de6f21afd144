"""Backups of a PostgreSQL database: ``pg_dump`` in its custom format, and what to restore with.

The password never goes on a command line (where ``ps`` shows it) or into a
printed line: it travels in ``PGPASSWORD``, and the URL handed to the tools
has it taken out. A URL whose ``options`` set a ``search_path`` (the bot's
tables in a schema of their own) dumps only that schema.
"""
from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from bot.store.backup import BackupError, prune, stamped_path

DUMP_SUFFIX = ".dump"
#: Where Debian and Ubuntu put the server's tools, one folder per major version.
PG_TOOL_FOLDERS = "/usr/lib/postgresql/*/bin"


@dataclass(frozen=True)
class Connection:
    """A database URL split into what may be shown and the password that may not."""

    url: str                 # without any password
    password: str | None
    schema: str | None       # the first schema of the URL's search_path, if it sets one
    name: str                # the database's name, for the file names

    def environment(self) -> dict[str, str]:
        """The environment for the PostgreSQL tools: the current one, plus the password."""
        env = dict(os.environ)
        if self.password is not None:
            env["PGPASSWORD"] = self.password
        return env


def split_url(url: str) -> Connection:
    """The URL without its password (in the user part or the query), and the password itself."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    password = parts.password
    kept = []
    for key, value in query:
        if key == "password":
            password = value
        else:
            kept.append((key, value))
    netloc = parts.netloc.rpartition("@")[2]
    if parts.username is not None:
        netloc = f"{quote(unquote(parts.username), safe='')}@{netloc}"
    shown = urlunsplit(parts._replace(netloc=netloc, query=urlencode(kept, quote_via=quote)))
    options = dict(kept).get("options", "")
    found = re.search(r"search_path\s*=\s*([^\s,]+)", options)
    name = unquote(parts.path.lstrip("/")) or "postgres"
    return Connection(shown, None if password is None else unquote(password),
                      found.group(1) if found else None, name)


def find_tool(name: str, *, path: str | None = None, folders: str = PG_TOOL_FOLDERS) -> str | None:
    """``pg_dump`` (or another tool) on PATH, else the newest in the server's folders, else None."""
    found = shutil.which(name, path=path)
    if found:
        return found
    candidates = [c for c in glob.glob(os.path.join(folders, name)) if os.access(c, os.X_OK)]
    return max(candidates, key=_version_key) if candidates else None


def _version_key(candidate: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", candidate)) or (0,)


def dump_arguments(connection: Connection, target: Path) -> list[str]:
    """The arguments after ``pg_dump``: custom format into ``target``, the bot's schema only if named."""
    arguments = ["--format=custom", f"--file={target}"]
    if connection.schema is not None:
        arguments.append(f"--schema={connection.schema}")
    return [*arguments, f"--dbname={connection.url}"]


def shown_command(tool: str, arguments: list[str], connection: Connection) -> str:
    """A command line to show (and copy): never with the password."""
    command = shlex.join([tool, *arguments])
    return f"PGPASSWORD=… {command}" if connection.password is not None else command


def dump_target(folder: Path, connection: Connection, now: float) -> Path:
    return stamped_path(folder, connection.name, DUMP_SUFFIX, now)


def run_pg_dump(tool: str, url: str, folder: Path, *, keep: int, now: float) -> Path:
    """Dump the database with ``tool`` into a new file in ``folder``; prune to the newest ``keep``."""
    connection = split_url(url)
    folder.mkdir(parents=True, exist_ok=True)
    final = dump_target(folder, connection, now)
    partial = final.with_name(final.name + ".partial")
    done = subprocess.run([tool, *dump_arguments(connection, partial)], env=connection.environment(),
                          capture_output=True, text=True)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed (exit {done.returncode}): {done.stderr.strip() or 'no message'}")
    os.replace(partial, final)
    prune(folder, connection.name, DUMP_SUFFIX, keep)
    return final


def restore_arguments(url: str, dump: Path) -> list[str]:
    """What to run after ``pg_restore`` to put a dump back (into a database no bot is using)."""
    return ["--clean", "--if-exists", "--no-owner", f"--dbname={split_url(url).url}", str(dump)]
