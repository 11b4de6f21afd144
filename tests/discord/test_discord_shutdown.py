"""SIGTERM and Ctrl-C stop the real bot (a subprocess) within seconds, cleanly.

After a move, the signal closes the gateway, the database (no ``-wal`` file is
left beside the SQLite file: the last connection to close checkpoints it) and
the image workers, and the process exits with status 0.
"""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_discord import FakeDiscord
from process_checks import alive

from bot.service import GameService
from bot.store import open_store

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).with_name("bot_process.py")
#: How long the bot may take to stop after the signal.
STOP_SECONDS = 5.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def children_of(pid: int) -> list[int]:
    """Every process whose parent is ``pid``, and theirs (the fork server and the image workers)."""
    found: list[int] = []
    parents = {pid}
    for _ in range(3):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent in parents and int(entry.name) not in found:
                found.append(int(entry.name))
        parents |= set(found)
    return found


async def start_bot(fake: FakeDiscord, database_path: Path, tmp_path: Path) -> subprocess.Popen[bytes]:
    (tmp_path / "clock").write_text("1764547200.0")
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": fake.token,
                   "DISCORD_API_BASE_URL": fake.api_base, "DISCORD_GATEWAY_URL": fake.gateway_url,
                   "DATABASE_PATH": str(database_path), "DEV_GUILD_ID": str(fake.guild.id),
                   "IMAGE_WORKERS": "1", "ALCAZAR_TEST_CLOCK": str(tmp_path / "clock")}
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "METRICS_PORT"):
        environment.pop(name, None)
    with open(tmp_path / "bot.log", "wb") as log:
        process = subprocess.Popen([sys.executable, str(LAUNCHER)], cwd=ROOT, env=environment, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        await fake.wait_identified(timeout=90)
    except TimeoutError:
        process.kill()
        raise AssertionError((tmp_path / "bot.log").read_text(errors="replace"))
    return process


async def play_a_move(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = await alice.slash("new", game="alcazar1978")
    await bob.click(lobby.message, "Join")
    await alice.click(lobby.message, "Start")
    # The bot runs in another process: its first answer (the board, a follow-up) may come before
    # the lobby closes, so wait for it to go quiet.
    await fake.settle()
    closed = fake.messages[int(lobby.message["id"])]
    assert [c for row in closed["components"] for c in row["components"]] == [], closed
    store = await open_store(database_path)
    try:
        service = GameService(store)
        game = await service.records.game_in_channel(fake.general.id)
        assert game is not None and game.to_move_id is not None
        [choice] = await service.records.legal_moves_for(game.id, game.to_move_id, limit=1)
    finally:
        await store.close()
    mover = fake.users[game.to_move_id]
    reply = await mover.slash("move", notation=choice.notation)
    assert "Played" in reply.text, reply
    await fake.settle()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_the_bot_within_seconds_leaving_nothing_behind(
        fake: FakeDiscord, tmp_path: Path, signum: int) -> None:
    database_path = tmp_path / "alcazar.sqlite3"
    process = await start_bot(fake, database_path, tmp_path)
    try:
        await play_a_move(fake, database_path)
        workers = children_of(process.pid)
        assert workers, "the image workers run beside the bot"
        assert database_path.with_name(database_path.name + "-wal").exists(), "the bot writes through the WAL"
        sent = time.monotonic()
        process.send_signal(signum)
        loop = asyncio.get_running_loop()
        # waited for in a thread: the fake Discord in this loop must go on answering while the bot closes
        code = await loop.run_in_executor(None, process.wait, STOP_SECONDS + 15)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    log = (tmp_path / "bot.log").read_text(errors="replace")
    print(f"\n{signal.Signals(signum).name}: stopped in {took:.2f} s")
    assert took < STOP_SECONDS, f"the bot took {took:.1f} s to stop\n{log[-3000:]}"
    assert code == 0, log[-3000:]
    assert not database_path.with_name(database_path.name + "-wal").exists(), "the database was closed cleanly"
    deadline = time.monotonic() + 2
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not any(alive(pid) for pid in workers), "no image worker is left"
    assert fake.sessions == [], "the gateway connection was closed"
