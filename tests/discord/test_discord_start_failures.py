"""A start that fails says so in one line, with what to do, and a non-zero exit code.

``python -m bot`` (what ``manage.py run`` starts) runs as a real process, as a host
runs it, against the fake Discord: a refused token, a refused command sync
(Missing Access in the dev server, or a definition Discord will not take), no
network (a closed port on 127.0.0.1), a database it cannot reach or open.
None prints a traceback or discord.py's warnings about voice libraries the bot
never uses; the only other lines are the log's usual INFO lines.
"""
from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (\w+) +[\w.]+: ")
GUILD_COMMANDS = r"/applications/\d+/guilds/\d+/commands"


@dataclass
class Ended:
    exit_code: int
    said: list[str]       # what is not a log line: what the host is told
    logged: list[str]     # log lines, by level and logger


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on: a connection to it is refused, as with no network."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_bot(tmp_path: Path, api_base: str, gateway_url: str, **environment: str) -> Ended:
    """Run ``python -m bot`` with only these settings (no .env) until it ends; what it printed, split."""
    env = {"PATH": os.environ["PATH"], "DISCORD_TOKEN": "fake-bot-token", "DISCORD_API_BASE_URL": api_base,
           "DISCORD_GATEWAY_URL": gateway_url, "DATABASE_PATH": str(tmp_path / "alcazar.sqlite3"),
           "IMAGE_WORKERS": "1", **environment}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    lines = (stdout + stderr).decode().splitlines()
    assert process.returncode is not None
    return Ended(process.returncode, [line for line in lines if not LOG_LINE.match(line)],
                 [line for line in lines if LOG_LINE.match(line)])


def assert_one_line(ended: Ended, exit_code: int, *words: str) -> str:
    """The host is told one line holding ``words``; nothing else but INFO lines; the exit code."""
    assert len(ended.said) == 1, ended.said
    line = ended.said[0]
    print(line)
    assert all(word in line for word in words), line
    assert "Traceback" not in line
    assert [entry for entry in ended.logged if LOG_LINE.match(entry).group(1) != "INFO"] == [], ended.logged
    assert not any("PyNaCl" in entry or "davey" in entry for entry in ended.logged)
    assert ended.exit_code == exit_code
    return line


async def test_a_refused_token(fake: FakeDiscord, tmp_path: Path) -> None:
    ended = await start_bot(tmp_path, fake.api_base, fake.gateway_url, DISCORD_TOKEN="not-the-token")
    assert_one_line(ended, 2, "refused the token in DISCORD_TOKEN", "Reset Token")


async def test_no_network(tmp_path: Path) -> None:
    port = closed_port()
    ended = await start_bot(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway")
    assert_one_line(ended, 1, f"Cannot reach Discord at http://127.0.0.1:{port}/api/v10", "Check the network",
                    "manage.py check")


async def test_a_sync_refused_in_the_dev_server(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.fail("PUT", GUILD_COMMANDS, 403, code=50001, message="Missing Access")
    ended = await start_bot(tmp_path, fake.api_base, fake.gateway_url, DEV_GUILD_ID=str(fake.guild.id))
    assert_one_line(ended, 2, "refused to register /alcazar (403 Missing Access)", f"DEV_GUILD_ID={fake.guild.id}",
                    "applications.commands", "unset DEV_GUILD_ID")


async def test_a_command_definition_discord_will_not_take(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.fail("PUT", r"/applications/\d+/commands", 400, code=50035, message="Invalid Form Body")
    ended = await start_bot(tmp_path, fake.api_base, fake.gateway_url)
    assert_one_line(ended, 2, "refused to register /alcazar (400 Invalid Form Body)", "report it")


async def test_an_unreachable_database(fake: FakeDiscord, tmp_path: Path) -> None:
    url = f"postgresql://alcazar:secret@127.0.0.1:{closed_port()}/alcazar"
    ended = await start_bot(tmp_path, fake.api_base, fake.gateway_url, DATABASE_URL=url)
    line = assert_one_line(ended, 1, "Cannot connect to the PostgreSQL database", "Check DATABASE_URL",
                           "manage.py check")
    assert "secret" not in line


async def test_a_database_file_that_cannot_be_made(fake: FakeDiscord, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the database's folder should be")
    ended = await start_bot(tmp_path, fake.api_base, fake.gateway_url,
                            DATABASE_PATH=str(tmp_path / "taken" / "alcazar.sqlite3"))
    assert_one_line(ended, 2, "Cannot open the database file", "DATABASE_PATH")

