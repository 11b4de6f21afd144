"""Make the fixture of a release: its database, buttons and expected facts, written by its own code.

    .venv/bin/python tests/upgrade/make_fixture.py 0.2.0 48e6824

checks the commit out into a temporary worktree, copies this tree's
``tests/upgrade/scenario.py`` beside it and runs it with this ``.venv``'s
Python and ``PYTHONPATH`` pointing at the old tree only (its root,
``tests/`` and ``tests/discord/``, so ``bot`` and ``fake_discord`` are that
release's). The release's dependencies are a subset of today's. The result
goes to ``tests/upgrade/releases/<version>/`` (``games.sqlite3``,
``buttons.json``, ``expected.json``); commit it with the release. CI does
not run this; ``test_release_fixtures.py`` reads what it wrote.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RELEASES = HERE / "releases"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def old_environment(tree: Path) -> dict[str, str]:
    """The environment that makes ``import bot`` and ``import fake_discord`` find the old tree's."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DATABASE_URL")}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (tree, tree / "tests", tree / "tests" / "discord"))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONHASHSEED"] = "0"
    return env


def check_imports_from(tree: Path, env: dict[str, str]) -> None:
    """Refuse to go on unless ``bot`` really comes from the old tree (not an installed copy of today's)."""
    found = subprocess.run([sys.executable, "-c", "import bot, fake_discord; print(bot.__file__); "
                            "print(fake_discord.__file__)"], cwd=tree, env=env, check=True,
                           capture_output=True, text=True).stdout.split()
    for path in found:
        if not Path(path).resolve().is_relative_to(tree.resolve()):
            raise SystemExit(f"{path} is not from the release's tree {tree}: the old code would not run")


def make(version: str, commit: str) -> Path:
    full = git("rev-parse", "--verify", f"{commit}^{{commit}}")
    out = RELEASES / version
    with tempfile.TemporaryDirectory(prefix=f"alcazar-{version}-") as temp:
        tree = Path(temp) / "tree"
        git("worktree", "add", "--detach", str(tree), full)
        try:
            env = old_environment(tree)
            check_imports_from(tree, env)
            shutil.copy(HERE / "scenario.py", tree / "tests" / "upgrade_scenario.py")
            if out.exists():
                shutil.rmtree(out)
            subprocess.run([sys.executable, str(tree / "tests" / "upgrade_scenario.py"), str(out)],
                           cwd=tree, env=env, check=True)
            (out / "release.txt").write_text(f"{version} {full}\n", encoding="utf-8")
        finally:
            git("worktree", "remove", "--force", str(tree))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("version", help="the release's number, e.g. 0.2.0")
    parser.add_argument("commit", help="the release's commit")
    args = parser.parse_args()
    out = make(args.version, args.commit)
    print(f"fixture of {args.version} in {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
