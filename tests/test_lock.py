"""``requirements.lock`` pins every dependency of ``pyproject.toml``, test tools included, with hashes.

``manage.py`` installs from the lock with ``--require-hashes`` and the project
with ``--no-deps``, so a dependency missing from the lock would be missing
from every fresh install. README.md, "Refreshing the lock file", says how to
make the lock again after a change to the dependencies.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"

#: ``name==version \`` followed by its ``--hash=sha256:…`` lines.
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)((?:\s*\\\s*--hash=sha256:[0-9a-f]{64})*)", re.MULTILINE)


def locked() -> dict[str, tuple[Version, int]]:
    """Each pinned distribution (canonical name): its version and how many hashes it has."""
    return {canonicalize_name(name): (Version(version), hashes.count("--hash="))
            for name, version, hashes in PIN.findall(LOCK.read_text(encoding="utf-8"))}


def declared() -> list[Requirement]:
    """The dependencies of ``pyproject.toml``: the project's and its ``test`` extra's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(line) for line in [*project["dependencies"], *project["optional-dependencies"]["test"]]]


def extras_requirements(requirement: Requirement) -> list[Requirement]:
    """What the extras of ``requirement`` (``psycopg[binary,pool]``) bring in on this Python."""
    brought = []
    for line in importlib.metadata.requires(requirement.name) or []:
        needed = Requirement(line)
        if needed.marker is not None and any(
                needed.marker.evaluate({"extra": extra}) for extra in requirement.extras):
            brought.append(needed)
    return brought


def test_every_dependency_is_pinned_within_its_range() -> None:
    pins = locked()
    for requirement in declared():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is not in requirements.lock"
        version, _ = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), \
            f"requirements.lock pins {name}=={version}, outside {requirement}"


def test_what_extras_bring_in_is_pinned_too() -> None:
    pins = locked()
    with_extras = [requirement for requirement in declared() if requirement.extras]
    assert with_extras, "pyproject.toml names no dependency with extras any more: drop this test"
    for requirement in with_extras:
        brought = extras_requirements(requirement)
        assert brought, f"{requirement}: its extras bring in nothing here"
        for needed in brought:
            assert canonicalize_name(needed.name) in pins, f"{needed.name} (from {requirement}) is not locked"


def test_every_pin_has_a_hash_and_nothing_is_loose() -> None:
    pins = locked()
    assert len(pins) >= len(declared())
    assert all(hashes >= 1 for _, hashes in pins.values()), [name for name, (_, h) in pins.items() if h == 0]
    requirement_lines = [line for line in LOCK.read_text(encoding="utf-8").splitlines()
                         if line and not line.startswith((" ", "#"))]
    assert len(requirement_lines) == len(pins), "a line of requirements.lock is not an exact pin"


def test_the_lock_is_what_this_environment_runs() -> None:
    """The tests pass with the locked versions: the ones installed here."""
    for name, (version, _) in locked().items():
        assert Version(importlib.metadata.version(name)) == version, name


def test_a_changed_lock_or_pyproject_reinstalls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``manage.py``'s install stamp is made from both files: either one changing means a new install."""
    spec = importlib.util.spec_from_file_location("manage", ROOT / "manage.py")
    assert spec is not None and spec.loader is not None
    manage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(manage)
    for name in ("pyproject.toml", "requirements.lock"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    monkeypatch.setattr(manage, "ROOT", tmp_path)
    monkeypatch.setattr(manage, "LOCK", tmp_path / "requirements.lock")
    stamps = {manage.installed_from()}
    with (tmp_path / "requirements.lock").open("a") as lock:
        lock.write("# refreshed\n")
    stamps.add(manage.installed_from())
    with (tmp_path / "pyproject.toml").open("a") as pyproject:
        pyproject.write("# edited\n")
    stamps.add(manage.installed_from())
    assert len(stamps) == 3
