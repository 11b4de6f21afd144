"""Two bot processes (real subprocesses) on different shards against one PostgreSQL.

Games in guilds on both shards; a game whose interactions alternate between
the processes; DM buttons, which Discord delivers on shard 0, for a game on
shard 1; one process killed (SIGKILL) mid-game and started again with nothing
lost; and every due reminder sent exactly once, by whichever process claims it.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from db_backends import postgres_database  # noqa: F401  (fixture)
from fake_discord import Channel, FakeDiscord, FakeUser
from fake_discord.gateway import GatewaySession
from process_checks import alive

from bot.service import GameService, Refusal
from bot.store import open_store

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = Path(__file__).with_name("bot_process.py")
START = 1_764_547_200.0
HOUR = 3600.0

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


class SharedClock:
    """The time every bot process reads from one file; only the test moves it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._now = START
        self._write()

    def now(self) -> float:
        return self._now

    def advance(self, *, hours: float) -> None:
        self._now += hours * HOUR
        self._write()

    def _write(self) -> None:
        staged = self.path.with_suffix(".new")
        staged.write_text(repr(self._now))
        os.replace(staged, self.path)     # a reader never sees half a number


class BotProcess:
    """``python tests/discord/bot_process.py`` running the given shards of the fake Discord."""

    def __init__(self, fake: FakeDiscord, database_url: str, shard: int, clock: SharedClock, logs: Path) -> None:
        self.fake, self.shard, self.logs = fake, shard, logs
        self.environment = {
            **os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": fake.token,
            "DISCORD_API_BASE_URL": fake.api_base, "DISCORD_GATEWAY_URL": fake.gateway_url,
            "DATABASE_URL": database_url, "SHARD_COUNT": str(fake.shard_count), "SHARD_IDS": str(shard),
            "ALCAZAR_TEST_CLOCK": str(clock.path), "ALCAZAR_TEST_REMINDER_INTERVAL": "0.2",
        }
        self.environment.pop("DEV_GUILD_ID", None)
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    async def start(self) -> GatewaySession:
        """Start the process; returns its gateway session once it has identified."""
        before = set(map(id, self.fake.sessions))
        self.starts += 1
        log = open(self.logs / f"shard{self.shard}-{self.starts}.log", "wb")
        # A process group of its own, with the image workers it starts, so that a kill takes them too.
        self.process = subprocess.Popen([sys.executable, str(LAUNCHER)], cwd=ROOT, env=self.environment,
                                        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log_text()
            for session in self.fake.sessions:
                if id(session) not in before and session.identified.is_set() and session.shard_id == self.shard:
                    assert session.shard_count == self.fake.shard_count
                    return session
            await asyncio.sleep(0.05)
        raise AssertionError(f"shard {self.shard} did not identify:\n{self.log_text()}")

    def kill(self) -> None:
        """SIGKILL, as a crash or an out-of-memory kill: the bot process and its workers at once."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        assert self.process.wait(30) == -signal.SIGKILL

    def stop(self) -> int | None:
        """SIGTERM and wait; the exit status (None when never started). Nothing of the group is left."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.returncode

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-4000:] for p in sorted(self.logs.glob(f"shard{self.shard}-*")))


class Tables:
    """The test's own view of the games, read from the shared database as a third process would."""

    def __init__(self, fake: FakeDiscord, service: GameService) -> None:
        self.fake, self.service = fake, service
        self.played: dict[int, list[str]] = {}

    async def open(self, channel: Channel, host: FakeUser, guest: FakeUser) -> int:
        lobby = await host.slash("new", channel=channel, game="alcazar")
        assert not lobby.ephemeral, lobby
        joined = await guest.click(lobby.message, "Join")
        assert not joined.ephemeral, joined
        started = await host.click(lobby.message, "Start")
        assert started.buttons == [], started
        game = await self.service.records.game_in_channel(channel.id)
        assert game is not None and game.version == 1
        self.played[game.id] = []
        return game.id

    async def play(self, game_id: int, channel: Channel) -> None:
        """The player to move types their first legal move; it must be committed before the reply."""
        game = await self.service.records.game(game_id)
        assert not isinstance(game, Refusal) and game.to_move_id is not None
        [choice] = await self.service.records.legal_moves_for(game_id, game.to_move_id, limit=1)
        reply = await self.fake.users[game.to_move_id].slash("move", channel=channel, notation=choice.notation)
        self.played[game_id].append(choice.notation)
        after = await self.service.records.game(game_id)
        assert not isinstance(after, Refusal) and after.version == game.version + 1, (reply, after)

    async def assert_nothing_lost(self, game_id: int) -> None:
        history = await self.service.records.history(game_id, limit=500)
        assert not isinstance(history, Refusal)
        assert [h.notation for h in history if not h.forced] == self.played[game_id]


def reminders_of(fake: FakeDiscord, game_id: int) -> tuple[int, int]:
    """How many reminders went out for a game: (channel mentions, DMs), told apart by their mute button."""
    custom_id = f"az:mute:{game_id}"
    channel = dm = 0
    for message_id, message in fake.messages.items():
        ids = [c.get("custom_id") for row in message.get("components", []) for c in row["components"]]
        if custom_id in ids:
            if fake.channels[int(message["channel_id"])].is_dm:
                dm += 1
            else:
                channel += 1
    return channel, dm


async def until(condition: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def test_two_processes_on_two_shards_share_the_games(
        fake_two_shards: FakeDiscord, postgres_database: str, tmp_path: Path) -> None:  # noqa: F811
    fake = fake_two_shards
    north, south = fake.add_guild("North", shard=0), fake.add_guild("South", shard=1)
    north_hall, south_hall = fake.add_channel("hall", guild=north), fake.add_channel("hall", guild=south)
    alice, bob, carol, dave = (fake.add_user(name) for name in ("alice", "bob", "carol", "dave"))
    clock = SharedClock(tmp_path / "clock")
    first = BotProcess(fake, postgres_database, 0, clock, tmp_path)
    second = BotProcess(fake, postgres_database, 1, clock, tmp_path)
    store = await open_store(postgres_database)
    try:
        sessions = await asyncio.gather(first.start(), second.start())
        assert [s.shard_id for s in sessions] == [0, 1]
        # Each session was told only about the guilds of its own shard.
        assert north.id in sessions[0].guild_ids and north.id not in sessions[1].guild_ids
        assert south.id in sessions[1].guild_ids and south.id not in sessions[0].guild_ids
        command_syncs = [r for r in fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
        assert len(command_syncs) == 1, "only the process of shard 0 syncs the commands"

        tables = Tables(fake, GameService(store, clock))
        north_game = await tables.open(north_hall, alice, bob)
        south_game = await tables.open(south_hall, carol, dave)
        for _ in range(2):
            await tables.play(north_game, north_hall)
            await tables.play(south_game, south_hall)

        # The South game's interactions alternate between the two processes: each finds the
        # game as the other left it (its cached copy is reloaded, never refused as stale).
        for turn in range(4):
            with fake.delivering_on(turn % 2):
                await tables.play(south_game, south_hall)
        await tables.assert_nothing_lost(south_game)

        # The process of shard 1 is killed mid-game. The North game goes on meanwhile, and
        # the reminders that fall due are all sent by the process still running.
        second.kill()
        await tables.play(north_game, north_hall)
        clock.advance(hours=12)
        await until(lambda: reminders_of(fake, north_game) == (0, 1) and reminders_of(fake, south_game) == (0, 1),
                    "the first reminders of both games, from the process of shard 0")

        # Started again, it sends none of them a second time, and the South game goes on.
        await second.start()
        await tables.assert_nothing_lost(south_game)
        await tables.play(south_game, south_hall)
        await tables.assert_nothing_lost(south_game)

        # A DM's button comes to shard 0's process, here for the game on shard 1: the South
        # player reminded before their move mutes that game's reminders.
        reminded = next(p for p in (carol, dave) if any(reminders_of_message(m, south_game) for m in fake.dms_to(p)))
        assert reminded.id != (await tables.service.records.game(south_game)).to_move_id
        dm = next(m for m in fake.dms_to(reminded) if reminders_of_message(m, south_game))
        muted = await reminded.click(dm, "Mute reminders for this game")
        assert muted.ephemeral and "muted" in muted.text.lower(), muted

        # A day later: the South game's new turn is due its first reminder (to the player who
        # did not mute), the North game its second. Both processes poll; each goes out once.
        clock.advance(hours=24)
        await until(lambda: reminders_of(fake, south_game) == (0, 2) and reminders_of(fake, north_game) == (0, 2),
                    "the South game's new turn's reminder and the North game's second")
        await fake.settle(quiet=1.5, timeout=30)   # several rounds of both reminder loops
        assert reminders_of(fake, south_game) == (0, 2) and reminders_of(fake, north_game) == (0, 2)
        async with store.read() as tx:
            assert await tx.mutes.is_muted(south_game, reminded.id), "muted by the process of shard 0"
        await tables.assert_nothing_lost(north_game)
        assert fake.problems == [], fake.problems
    finally:
        await store.close()
        codes = [first.stop(), second.stop()]
    assert codes == [0, 0], f"the processes stop cleanly on SIGTERM\n{first.log_text()}\n{second.log_text()}"


def reminders_of_message(message: dict[str, Any], game_id: int) -> bool:
    return any(c.get("custom_id") == f"az:mute:{game_id}" for row in message.get("components", [])
               for c in row["components"])


async def test_manage_run_processes_supervises_one_process_per_shard_slice(
        fake_two_shards: FakeDiscord, postgres_database: str, tmp_path: Path) -> None:  # noqa: F811
    """``python -m bot --processes 2`` (what ``manage.py run --processes 2`` runs): a process per shard,
    one killed is started again with the same shard, and SIGTERM stops them all."""
    fake = fake_two_shards
    environment = {
        **os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE_URL": fake.api_base, "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATABASE_URL": postgres_database, "LOG_LEVEL": "INFO",
    }
    for name in ("SHARD_COUNT", "SHARD_IDS", "DEV_GUILD_ID", "DATABASE_PATH"):
        environment.pop(name, None)
    log_path = tmp_path / "supervisor.log"
    with open(log_path, "wb") as log:
        supervisor = subprocess.Popen([sys.executable, "-m", "bot", "--processes", "2"], cwd=tmp_path,
                                      env=environment, stdout=log, stderr=subprocess.STDOUT)

    def pids() -> dict[int, int]:
        """Shard → pid of the process last started for it, from the supervisor's log."""
        found: dict[int, int] = {}
        for line in log_path.read_text(errors="replace").splitlines():
            if "Bot process" in line and "started, pid" in line:
                shards = line.split("(shards ")[1].split(")")[0]
                found[int(shards)] = int(line.rsplit("pid ", 1)[1])
        return found

    try:
        await until(lambda: sorted(s.shard_id for s in fake.sessions if s.identified.is_set()) == [0, 1],
                    f"both shards identified\n{log_path.read_text(errors='replace')}", timeout=90)
        assert all(s.shard_count == 2 for s in fake.sessions)
        first_pids = pids()
        assert sorted(first_pids) == [0, 1] and len(set(first_pids.values())) == 2
        old_session = next(s for s in fake.sessions if s.shard_id == 1)
        os.kill(first_pids[1], signal.SIGKILL)
        await until(lambda: pids().get(1, first_pids[1]) != first_pids[1], "shard 1's process started again",
                    timeout=60)
        await until(lambda: any(s.shard_id == 1 and s is not old_session and s.identified.is_set()
                                for s in fake.sessions), "shard 1 identified again", timeout=90)
        assert pids()[0] == first_pids[0], "the other process ran on"
        syncs = [r for r in fake.requests if r.method == "PUT" and r.path.endswith("/commands")]
        assert len(syncs) == 1, "only shard 0's process syncs, and it was not restarted"
    finally:
        supervisor.send_signal(signal.SIGTERM)
        try:
            code = supervisor.wait(30)
        except subprocess.TimeoutExpired:
            supervisor.kill()
            raise
    assert code == 0, log_path.read_text(errors="replace")

    # Neither a bot process nor any of its image workers is left (killed ones are reaped by init).
    await until(lambda: not any(alive(pid, group=True) for pid in [*pids().values(), *first_pids.values()]),
                "the processes' groups to be gone", timeout=10)
