"""``manage.py check`` against the fake Discord and a real SQLite file: what it says, and its exit code."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from fake_discord import Channel, FakeDiscord
from fake_discord.model import ATTACH_FILES, PUBLIC_THREAD, SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL

from bot.check.__main__ import main
from bot.check.findings import Finding, exit_code, report
from bot.check.run import check
from bot.config import SETUP_HELP, Settings
from bot.store import SCHEMA_VERSION, GameStatus, open_store
from bot.store.schema import MIGRATIONS, split_statements


def settings_for(fake: FakeDiscord, database_path: Path, token: str | None = None) -> Settings:
    return Settings(discord_token=token or fake.token, database_path=database_path, api_base_url=fake.api_base)


async def live_game(database_path: Path, channel: Channel, *, status: str = "active") -> int:
    """A game in ``channel``, a lobby or (started) active, as the service leaves it in the database."""
    store = await open_store(database_path)
    try:
        async with store.write() as tx:
            assert channel.guild_id is not None
            game = await tx.games.create_lobby(guild_id=channel.guild_id, channel_id=channel.id, kind="alcazar1978",
                                               host_id=1, settings={}, seed=7, now=1.0)
            if status == "active":
                await tx.games.set_status(game.id, GameStatus.ACTIVE, 2.0)
        return game.id
    finally:
        await store.close()


async def run_check(fake: FakeDiscord, database_path: Path, token: str | None = None) -> tuple[str, int]:
    findings = await check(settings_for(fake, database_path, token))
    return report(findings), exit_code(findings)


async def failing_check(fake: FakeDiscord, database_path: Path, token: str | None = None) -> str:
    """The report of a check that finds something to fix (it exits 1)."""
    text, code = await run_check(fake, database_path, token)
    assert code == 1, text
    return text


def line_with(text: str, words: str) -> str:
    """The (first) line of the report that has ``words``, with its fix line when it has one."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if words in line:
            fix = lines[index + 1] if index + 1 < len(lines) and lines[index + 1].startswith("    fix:") else ""
            return f"{line}\n{fix}".strip()
    raise AssertionError(f"no line with {words!r} in:\n{text}")


async def test_all_well_exits_0_and_every_line_says_so(fake: FakeDiscord, database_path: Path) -> None:
    await live_game(database_path, fake.general)
    await live_game(database_path, fake.add_channel("lobby-here"), status="lobby")
    text, code = await run_check(fake, database_path)
    assert code == 0, text
    assert line_with(text, "Token").startswith(f"✓ Token: valid; the bot is Alcazar (id {fake.bot_user.id})")
    assert (f"https://discord.com/oauth2/authorize?client_id={fake.application_id}"
            "&scope=bot+applications.commands&permissions=311385246720") in line_with(text, "Invite link")
    assert line_with(text, "Servers") == f"✓ Servers: the bot is in 1 server: Board game club (id {fake.guild.id})."
    assert line_with(text, "Channels") == "✓ Channels: the bot may do all a game needs in 2 channels and threads " \
                                          "with a live game."
    assert line_with(text, "Database").startswith(f"✓ Database {database_path} opens, at the current schema version "
                                                  f"({SCHEMA_VERSION}); 2 live games (1 running, 1 in the lobby)")
    assert "✗" not in text and text.endswith("All well: nothing to fix.")
    assert fake.token not in text
    assert fake.problems == []
    assert not any(r.method != "GET" for r in fake.requests), "the check changed something on Discord"


async def test_a_refused_token_says_how_to_get_a_new_one(fake: FakeDiscord, database_path: Path) -> None:
    text = await failing_check(fake, database_path, token="an-old-token")
    token_line = line_with(text, "Token")
    assert token_line.startswith("✗ Token: Discord refused DISCORD_TOKEN")
    assert "Reset Token" in token_line and "DISCORD_TOKEN=" in token_line
    assert "an-old-token" not in text
    assert "✓ Database" in text   # the database is looked at all the same


async def test_a_channel_denying_attach_files_is_named_with_the_fix(fake: FakeDiscord, database_path: Path) -> None:
    boards = fake.add_channel("boards")
    game_id = await live_game(database_path, boards)
    await live_game(database_path, fake.general)
    fake.deny_bot(boards, ATTACH_FILES)
    text = await failing_check(fake, database_path)
    problem = line_with(text, "#boards")
    assert problem.startswith(f"✗ #boards in Board game club (channel {boards.id}, game {game_id}): "
                              "the bot lacks Attach Files.\n")
    assert problem.endswith('fix: in the settings of #boards (Edit Channel -> Permissions), allow Attach Files '
                            'for the bot\'s role "Alcazar": an overwrite there denies it.')
    assert "#general" not in text          # the other channel is fine: counted, not listed
    assert "in 1 channel or thread with a live game" in line_with(text, "✓ Channels")
    assert text.endswith("1 thing to fix (the ✗ lines above).")


async def test_a_thread_whose_parent_denies_sending_in_threads(fake: FakeDiscord, database_path: Path) -> None:
    thread = fake.add_channel("Alcazar game", type=PUBLIC_THREAD, parent_id=fake.general.id)
    game_id = await live_game(database_path, thread, status="lobby")
    fake.deny_bot(fake.general, SEND_MESSAGES_IN_THREADS)
    problem = line_with(await failing_check(fake, database_path), "Thread")
    assert problem.startswith(f'✗ Thread "Alcazar game" in #general in Board game club (thread {thread.id}, '
                              f"the lobby of game {game_id}): the bot lacks Send Messages in Threads.\n")
    assert "in the settings of #general" in problem


async def test_a_channel_the_bot_cannot_see_and_a_server_it_left(fake: FakeDiscord, database_path: Path) -> None:
    hidden = fake.add_channel("hidden")
    hidden_game = await live_game(database_path, hidden)
    old_club = fake.add_guild("Old club")
    await live_game(database_path, fake.add_channel("games", guild=old_club))
    await live_game(database_path, fake.add_channel("more-games", guild=old_club), status="lobby")
    fake.leave_guild(old_club)
    fake.deny_bot(hidden, VIEW_CHANNEL)
    text = await failing_check(fake, database_path)
    assert line_with(text, f"Channel {hidden.id}").startswith(
        f"✗ Channel {hidden.id} in Board game club (game {hidden_game}): the bot can no longer see it")
    assert "allow View Channel" in line_with(text, f"Channel {hidden.id}")
    left = line_with(text, f"Server {old_club.id}")
    assert left.startswith(f"✗ Server {old_club.id}: the bot is not in it any more; its 2 live games there")
    assert "invite the bot again with the link above" in left
    assert "Old club" not in line_with(text, "Servers")
    assert text.endswith("2 things to fix (the ✗ lines above).")


async def test_a_deleted_channel_is_said_so(fake: FakeDiscord, database_path: Path) -> None:
    gone = fake.add_channel("gone")
    game_id = await live_game(database_path, gone)
    del fake.channels[gone.id]
    assert line_with(await failing_check(fake, database_path), f"Channel {gone.id}").startswith(
        f"✗ Channel {gone.id} in Board game club (game {game_id}): deleted, so the game cannot go on.")


async def test_no_server_at_all_asks_for_an_invite(fake: FakeDiscord, database_path: Path) -> None:
    fake.leave_guild(fake.guild)
    text = await failing_check(fake, database_path)
    assert line_with(text, "Servers") == "✗ Servers: none.\n    fix: invite the bot with the link above."
    assert line_with(text, "Channels") == "✓ Channels: no live games, so no channel to look at."
    assert line_with(text, "Database").endswith("not there yet; the bot creates it when it starts.")
    assert not database_path.exists(), "the check created the database"


def database_at_version(path: Path, version: int) -> None:
    """A SQLite file as a release with ``version`` migrations left it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for migration in MIGRATIONS[:version]:
            for statement in split_statements(migration):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {int(version)}")
    finally:
        conn.close()


async def test_an_older_database_will_be_migrated_and_is_left_as_it_was(fake: FakeDiscord, tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    database_at_version(path, SCHEMA_VERSION - 1)
    before = path.read_bytes()
    text, code = await run_check(fake, path)
    assert code == 0, text
    assert line_with(text, "Database") == (
        f"✓ Database {path} opens, at schema version {SCHEMA_VERSION - 1}, older than this bot's ({SCHEMA_VERSION}): "
        "the bot migrates it when it starts; no live games.")
    assert path.read_bytes() == before


async def test_a_newer_database_asks_for_an_upgrade(fake: FakeDiscord, database_path: Path) -> None:
    await live_game(database_path, fake.general)
    conn = sqlite3.connect(database_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    line = line_with(await failing_check(fake, database_path), "Database")
    assert line.startswith(f"✗ Database {database_path}: schema version {SCHEMA_VERSION + 1} is newer than this "
                           f"bot's ({SCHEMA_VERSION}); this bot refuses to start on it.")
    assert "upgrade the bot" in line


async def test_a_file_that_is_no_database(fake: FakeDiscord, database_path: Path) -> None:
    database_path.write_bytes(b"these are not the tables you are looking for" * 100)
    text = await failing_check(fake, database_path)
    assert line_with(text, "Database").startswith(f"✗ Database: Cannot read the SQLite file {database_path}")
    assert "not looked at, the database's games could not be read" in line_with(text, "Channels")


async def test_an_unreachable_discord_is_one_line(database_path: Path) -> None:
    settings = Settings(discord_token="token", database_path=database_path, api_base_url="http://127.0.0.1:9/api/v10")
    findings = await check(settings)
    assert [f.ok for f in findings] == [False, True]
    assert findings[0].text.startswith("Discord: cannot reach http://127.0.0.1:9/api/v10")


def test_a_missing_token_exits_2_with_the_setup_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("# DISCORD_TOKEN=\n")
    assert main() == 2
    assert SETUP_HELP.strip() in capsys.readouterr().err


async def test_the_command_line_reads_env_and_exits_1(fake: FakeDiscord, tmp_path: Path) -> None:
    """``python -m bot.check`` as ``manage.py check`` runs it: settings from ``.env`` in the folder it runs in."""
    boards = fake.add_channel("boards")
    await live_game(tmp_path / "games.sqlite3", boards)
    fake.deny_bot(boards, ATTACH_FILES)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={fake.token}\nDISCORD_API_BASE_URL={fake.api_base}\n"
                                   "DATABASE_PATH=games.sqlite3\n")
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("DISCORD_", "DATABASE_"))}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.check", cwd=tmp_path, env=environment,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    text = out.decode("utf-8")
    assert process.returncode == 1, text + err.decode()
    assert "✓ Token: valid" in text and "✓ Database games.sqlite3 opens" in text
    assert "#boards" in line_with(text, "Attach Files")
    assert fake.token not in text + err.decode()


def test_a_report_sums_up() -> None:
    findings = [Finding(True, "Token: valid."), Finding(False, "Servers: none.", "invite the bot.")]
    assert report(findings) == ("✓ Token: valid.\n✗ Servers: none.\n    fix: invite the bot.\n"
                                "1 thing to fix (the ✗ lines above).")
    assert exit_code(findings) == 1 and exit_code(findings[:1]) == 0
