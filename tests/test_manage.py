"""``manage.py``'s usage names every command it runs, and is what a wrong command gets."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_manage() -> ModuleType:
    spec = importlib.util.spec_from_file_location("manage", ROOT / "manage.py")
    assert spec is not None and spec.loader is not None
    manage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(manage)
    return manage


def test_the_usage_lists_every_command() -> None:
    manage = load_manage()
    listed = re.findall(r"^\s+python3 manage\.py (\w+)", manage.__doc__, re.MULTILINE)
    assert sorted(listed) == sorted(manage.COMMANDS)
    assert "demo" in listed


@pytest.mark.parametrize("argv", [[], ["serve"]])
def test_no_command_or_an_unknown_one_prints_the_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    manage = load_manage()
    assert manage.main(argv) == 2
    printed = capsys.readouterr().out
    assert all(f"python3 manage.py {command}" in printed for command in manage.COMMANDS)
