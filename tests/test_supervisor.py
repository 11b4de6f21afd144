"""``--processes N``: the shards each process gets, what the supervisor refuses, and restarting a process that died."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from bot.config import Settings
from bot.supervisor import CONFIG_ERROR, Supervisor, SupervisorError, plan, shard_slices

POSTGRES = Settings(discord_token="t", database_url="postgresql://db/alcazar")


def test_shard_i_runs_in_process_i_mod_n_and_process_0_has_shard_0() -> None:
    assert shard_slices(4, 2) == [(0, 2), (1, 3)]
    assert shard_slices(5, 3) == [(0, 3), (1, 4), (2,)]
    assert shard_slices(1, 1) == [(0,)]


def test_the_shard_count_defaults_to_the_number_of_processes() -> None:
    assert plan(POSTGRES, 3) == [(0,), (1,), (2,)]
    assert plan(replace(POSTGRES, shard_count=6), 2) == [(0, 2, 4), (1, 3, 5)]


@pytest.mark.parametrize("settings, processes, message", [
    (Settings(discord_token="t"), 2, "DATABASE_URL"),
    (replace(POSTGRES, shard_count=2), 3, "fewer than the 3 processes"),
    (replace(POSTGRES, shard_count=2, shard_ids=(0,)), 2, "Leave SHARD_IDS unset"),
    (POSTGRES, 0, "1 or more"),
])
def test_what_cannot_run_as_several_processes_is_refused(settings: Settings, processes: int, message: str) -> None:
    with pytest.raises(SupervisorError, match=message):
        plan(settings, processes)


def test_one_process_on_sqlite_is_allowed() -> None:
    assert plan(Settings(discord_token="t"), 1) == [(0,)]


CHILD = """
import json, os, sys
path = sys.argv[1]
with open(path, "a") as out:
    out.write(json.dumps([os.environ["SHARD_COUNT"], os.environ["SHARD_IDS"], os.getpid()]) + "\\n")
sys.exit(int(sys.argv[2]))
"""


def _starts(path: Path) -> list[list[object]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_a_process_that_dies_is_started_again_with_its_shards(tmp_path: Path) -> None:
    log = tmp_path / "starts.jsonl"
    now = [1000.0]
    supervisor = Supervisor([(0, 2), (1, 3)], [sys.executable, "-c", CHILD, str(log), "1"], clock=lambda: now[0])
    try:
        for child in supervisor.children:
            supervisor.start(child)
        for child in supervisor.children:
            assert child.process is not None and child.process.wait(30) == 1
        assert supervisor.check() is None                   # both died young: a pause of 1 s
        assert all(c.process is None and c.restart_at == 1001.0 for c in supervisor.children)
        now[0] = 1001.0
        assert supervisor.check() is None                   # started again
        for child in supervisor.children:
            assert child.process is not None and child.process.wait(30) == 1
        starts = _starts(log)
        assert sorted((count, ids) for count, ids, _ in starts) == \
            [("4", "0,2"), ("4", "0,2"), ("4", "1,3"), ("4", "1,3")]
        now[0] = 1001.5
        supervisor.check()
        assert [c.pause for c in supervisor.children] == [2.0, 2.0], "dying young again: a longer pause"
        assert all(c.process is None for c in supervisor.children)
        now[0] = 1003.5
        supervisor.check()
        steady = supervisor.children[0]
        assert steady.process is not None and steady.process.wait(30) == 1
        now[0] = steady.started_at + 120                    # it had run for two minutes: at once
        supervisor.check()
        assert steady.pause == 0.0 and steady.process is not None and steady.restarts == 3
    finally:
        supervisor.stop()


def test_a_process_stopped_by_its_settings_stops_them_all(tmp_path: Path) -> None:
    supervisor = Supervisor([(0,), (1,)], [sys.executable, "-c", CHILD, str(tmp_path / "s.jsonl"), "2"])
    try:
        for child in supervisor.children:
            supervisor.start(child)
            assert child.process is not None and child.process.wait(30) == CONFIG_ERROR
        assert supervisor.check() == CONFIG_ERROR
    finally:
        supervisor.stop()


def test_sigterm_stops_the_supervisor_and_its_processes(tmp_path: Path) -> None:
    """The real entry point: ``python -m bot --processes 2`` refuses SQLite, and with PostgreSQL
    settings supervises until SIGTERM (children here are stand-ins that never log in)."""
    refused = subprocess.run([sys.executable, "-m", "bot", "--processes", "2"], capture_output=True, text=True,
                             env={"DISCORD_TOKEN": "t", "PATH": "/usr/bin:/bin"}, cwd=Path(__file__).parents[1],
                             timeout=60)
    assert refused.returncode == CONFIG_ERROR and "DATABASE_URL" in refused.stderr
    sleeper = [sys.executable, "-c", "import time\nwhile True: time.sleep(0.1)"]
    supervisor = Supervisor([(0,), (1,)], sleeper, poll_seconds=0.05)
    started = time.monotonic()
    for child in supervisor.children:
        supervisor.start(child)
    processes = [c.process for c in supervisor.children]
    supervisor.stop()
    assert all(p is not None and p.poll() is not None for p in processes)
    assert time.monotonic() - started < 15
