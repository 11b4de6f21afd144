"""``manage.py backup`` and ``restore`` (``python -m bot.maintenance``), run as the commands they are."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from db_backends import postgres_database  # noqa: F401  (fixture)
from service.helpers import open_table

from bot.config import load_settings
from bot.maintenance import backup
from bot.service import FakeClock, GameService
from bot.store import open_store
from bot.store.pg_backup import find_tool

ROOT = Path(__file__).resolve().parent.parent


def maintenance(cwd: Path, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """The command as the venv runs it, in ``cwd``, with no Discord token and no .env."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **environment}
    return subprocess.run([sys.executable, "-m", "bot.maintenance", *arguments], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


async def test_backup_and_restore_as_commands_say_what_they_did(tmp_path: Path) -> None:
    database = tmp_path / "data" / "alcazar.sqlite3"
    store = await open_store(database)
    table = await open_table(GameService(store, FakeClock()), "alcazar1978", 2)
    await table.play()

    made = maintenance(tmp_path, "backup", "copies", DATABASE_PATH=str(database))
    assert made.returncode == 0, made.stderr
    assert "Backed up" in made.stdout and "1 game(s), 1 move(s), last move" in made.stdout
    copies = sorted((tmp_path / "copies").glob("alcazar-*.sqlite3"))
    assert len(copies) == 1 and str(copies[0].name) in made.stdout

    refused = maintenance(tmp_path, "restore", str(copies[0]), DATABASE_PATH=str(database))
    assert refused.returncode == 1
    assert "A bot process is using" in refused.stderr and "Stop the bot first" in refused.stderr
    assert "Traceback" not in refused.stderr
    await table.play()
    await store.close()

    restored = maintenance(tmp_path, "restore", str(copies[0]), DATABASE_PATH=str(database))
    assert restored.returncode == 0, restored.stderr
    assert "Restored" in restored.stdout and "1 game(s), 1 move(s)" in restored.stdout
    assert "The database it replaced is kept as" in restored.stdout and ".replaced-" in restored.stdout

    (tmp_path / "junk.sqlite3").write_text("junk " * 1000)
    junk = maintenance(tmp_path, "restore", "junk.sqlite3", DATABASE_PATH=str(database))
    assert junk.returncode == 1 and "not a readable SQLite database" in junk.stderr
    assert "Traceback" not in junk.stderr


def test_the_default_folder_and_bad_settings(tmp_path: Path) -> None:
    nothing = maintenance(tmp_path, "backup")
    assert nothing.returncode == 1
    assert "There is no database at local/alcazar.sqlite3" in nothing.stderr and "Traceback" not in nothing.stderr
    wrong = maintenance(tmp_path, "backup", BACKUP_KEEP="none")
    assert wrong.returncode == 2 and "BACKUP_KEEP must be" in wrong.stderr
    usage = maintenance(tmp_path, "restore")
    assert usage.returncode == 2 and "FILE" in usage.stderr


def test_restore_with_postgresql_says_what_to_run_and_never_shows_the_password(tmp_path: Path) -> None:
    done = maintenance(tmp_path, "restore", "alcazar.dump",
                       DATABASE_URL="postgresql://alcazar:s3cret@db-host/alcazar")
    assert done.returncode == 1
    assert "Stop every bot process" in done.stderr
    assert "pg_restore --clean --if-exists --no-owner --dbname=postgresql://alcazar@db-host/alcazar alcazar.dump" \
        in done.stderr
    assert "s3cret" not in done.stderr + done.stdout


def test_without_pg_dump_backup_prints_the_command_to_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = load_settings({"DATABASE_URL": "postgresql://alcazar:s3cret@db-host/alcazar"}, env_file=None,
                             need_token=False)
    code = backup(settings, tmp_path / "dumps", tool_path="", tool_folders=str(tmp_path / "nowhere"))
    said = capsys.readouterr()
    assert code == 1
    assert "pg_dump is not installed here" in said.err
    assert f"PGPASSWORD=… pg_dump --format=custom --file={tmp_path}/dumps/alcazar-" in said.err
    assert ".dump --dbname=postgresql://alcazar@db-host/alcazar" in said.err
    assert "s3cret" not in said.err + said.out
    assert not (tmp_path / "dumps").exists()


async def test_with_postgresql_backup_runs_pg_dump_into_a_file_pg_restore_reads(
        tmp_path: Path, postgres_database: str) -> None:  # noqa: F811
    store = await open_store(postgres_database)
    try:
        await open_table(GameService(store, FakeClock()), "alcazar1978", 2)
    finally:
        await store.close()
    pg_restore = find_tool("pg_restore")
    assert pg_restore is not None, "the server's tools are installed with it"
    done = maintenance(tmp_path, "backup", "dumps", DATABASE_URL=postgres_database)
    assert done.returncode == 0, done.stderr
    dumps = list((tmp_path / "dumps").glob("*.dump"))
    assert len(dumps) == 1 and "Dumped the PostgreSQL database" in done.stdout
    listing = subprocess.run([pg_restore, "--list", str(dumps[0])], capture_output=True, text=True, timeout=60)
    assert listing.returncode == 0, listing.stderr
    assert " TABLE " in listing.stdout and " games " in listing.stdout and " moves " in listing.stdout
    assert "TABLE DATA" in listing.stdout
