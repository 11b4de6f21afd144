"""The code type-checks: mypy over the bot, the renderer, the benches and manage.py.

A wrong type in a branch the tests seldom take (a refusal's message used as
a string, an id that may be None) is found here rather than by a player.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "bot", "renderer", "bench",
         "manage.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
