"""The Discord Activity's script: its packages pinned exactly from the npm registry, and built again exactly
when what it is made from changes (``bot/web/bundle.py``, which ``manage.py run`` and ``test`` call)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.web import bundle

PINNED = {"@discord/embedded-app-sdk": "2.5.0", "esbuild": "0.28.2"}


def test_the_sdk_and_esbuild_are_pinned_exactly_by_the_lock() -> None:
    package = json.loads((bundle.ACTIVITY / "package.json").read_text())
    assert {**package["dependencies"], **package["devDependencies"]} == PINNED
    lock = json.loads((bundle.ACTIVITY / "package-lock.json").read_text())
    assert lock["packages"][""]["dependencies"] | lock["packages"][""]["devDependencies"] == PINNED
    for name, version in PINNED.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    for path, entry in lock["packages"].items():
        if path:
            assert entry["integrity"].startswith("sha512-"), path       # npm checks every download against it
            assert entry.get("resolved", "https://registry.npmjs.org/").startswith("https://registry.npmjs.org/")


@pytest.fixture
def copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Activity's package copied aside, with the bundle's paths pointing at the copy."""
    folder = tmp_path / "activity"
    folder.mkdir()
    for name in bundle.INPUTS:
        shutil.copy(bundle.ACTIVITY / name, folder / name)
    shutil.copytree(bundle.SOURCE, folder / "src")
    monkeypatch.setattr(bundle, "ACTIVITY", folder)
    monkeypatch.setattr(bundle, "SOURCE", folder / "src")
    monkeypatch.setattr(bundle, "BUNDLE", folder / "dist" / "activity.js")
    monkeypatch.setattr(bundle, "STAMP", folder / "dist" / ".built-from")
    return folder


def test_a_bundle_is_current_only_while_its_sources_are_unchanged(copied: Path) -> None:
    assert not bundle.is_built(), "never built"
    made_from = bundle.built_from()
    bundle.BUNDLE.parent.mkdir()
    bundle.BUNDLE.write_text("(()=>{})();")
    bundle.STAMP.write_text(made_from)
    assert bundle.is_built()
    assert bundle.build(tell=lambda line: pytest.fail(f"built again: {line}")) is False
    for changed in (copied / "src" / "activity.js", copied / "package-lock.json"):
        original = changed.read_bytes()
        changed.write_bytes(original + b"\n")
        assert bundle.built_from() != made_from and not bundle.is_built(), changed.name
        changed.write_bytes(original)
        assert bundle.is_built()
    (copied / "src" / "more.js").write_text("export const more = 1;\n")
    assert not bundle.is_built(), "a new source file counts too"


def test_node_is_the_machines_only_when_new_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle.shutil, "which", lambda name: f"/opt/{name}")
    monkeypatch.setattr(bundle, "node_version", lambda node: 16)
    assert bundle.machine_node() is None, "Node.js 16 is too old: the one from PyPI is used"
    monkeypatch.setattr(bundle, "node_version", lambda node: 20)
    assert bundle.machine_node() == bundle.NodeJs("/opt/node", ("/opt/npm",))
    monkeypatch.setattr(bundle.shutil, "which", lambda name: None if name == "npm" else f"/opt/{name}")
    assert bundle.machine_node() is None


def test_the_built_script_is_what_the_board_serves() -> None:
    """``manage.py test`` built it before the tests ran: current, and Discord's SDK inside."""
    if not bundle.BUNDLE.is_file():
        pytest.skip("the Activity's script is not built here (python3 manage.py test builds it)")
    assert bundle.is_built()
    script = bundle.BUNDLE.read_text()
    assert "window.alcazarActivity" in script and "frame_id query param is not defined" in script
