#!/usr/bin/env python3
"""The project's commands, each doing its own set-up on a fresh machine.

    python3 manage.py run     start the Discord bot (reads .env / the environment);
                              run --processes N: N bot processes sharing the shards
    python3 manage.py test    run the whole test suite
    python3 manage.py check   say what the host must fix: the token, the invite link, the
                              bot's permissions where games are played, the database
    python3 manage.py backup [DIR]   a checked copy of the database, while the bot runs
    python3 manage.py restore FILE   put a backup in place (with the bot stopped)
    python3 manage.py demo    draw the images the bot posts, from games played here, into
                              ./demo-output (--out FOLDER), and print a short summary

Each creates ``.venv`` and installs the project into it when it is missing or
when ``pyproject.toml`` or ``requirements.lock`` changed since the last
install; ``run`` and ``test`` also build the board's Discord Activity script
(``bot/web/bundle.py``: npm and esbuild, with Node.js from PyPI when the machine
has none) when it is missing or its sources changed.  Anything after the
command is passed on (``python3 manage.py test -k rules``).
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
#: The exact versions (with hashes) of every dependency and test tool: see "Refreshing the lock file" in README.md.
LOCK = ROOT / "requirements.lock"
#: Every command, each listed in the usage above.
COMMANDS = ("run", "test", "check", "backup", "restore", "demo")


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def installed_from() -> str:
    """What an install is made from: pyproject.toml and the lock file, so a change to either reinstalls."""
    digest = hashlib.sha256()
    for source in (ROOT / "pyproject.toml", LOCK):
        digest.update(hashlib.sha256(source.read_bytes()).digest())
    return digest.hexdigest()


def ensure_environment() -> Path:
    """Create the virtual environment and install the project when needed.

    The dependencies come from the lock file, the exact versions the tests
    passed with, each checked against its hashes; the project itself is then
    installed on top of them without dependencies of its own.
    """
    wanted = installed_from()
    if not venv_python().exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        print("Installing the project and its test tools into .venv …", flush=True)
        pip = [str(venv_python()), "-m", "pip", "--disable-pip-version-check", "-q"]
        subprocess.run(pip + ["install", "--upgrade", "pip"], check=True)
        subprocess.run(pip + ["install", "--require-hashes", "-r", str(LOCK)], check=True)
        subprocess.run(pip + ["install", "--no-deps", "-e", str(ROOT)], check=True)
        STAMP.write_text(wanted)
    return venv_python()


def ensure_activity_script(python: str) -> None:
    """Build the Discord Activity's script when it is missing or out of date (``bot/web/bundle.py``).

    A failure is said and the command goes on: the web board's links and the Discord bot work without
    it, and the bot names what is missing if Activity mode is on."""
    spec = importlib.util.spec_from_file_location("alcazar_bundle", ROOT / "bot" / "web" / "bundle.py")
    assert spec is not None and spec.loader is not None
    bundle = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bundle       # its dataclasses look their module up by name
    spec.loader.exec_module(bundle)
    try:
        bundle.build(python, tell=lambda line: print(line, flush=True))
    except bundle.BuildFailed as failure:
        print(f"The Discord Activity's script was not built ({failure}); the web board's links work without it.",
              file=sys.stderr, flush=True)


def run_until_stopped(command: list[str]) -> int:
    """Run the bot and wait for it, also through Ctrl-C.

    Ctrl-C reaches the bot too (the same process group): it closes cleanly by
    itself, or, with ``--processes``, stops its processes first, so it is not
    killed from here.
    """
    process = subprocess.Popen(command, cwd=ROOT)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            continue


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = str(ensure_environment())
    if command in {"run", "test"}:
        ensure_activity_script(python)
    if command == "run":
        return run_until_stopped([python, "-m", "bot", *rest])
    if command == "check":
        return subprocess.call([python, "-m", "bot.check", *rest], cwd=ROOT)
    if command in {"backup", "restore"}:
        # Run from the project like the bot, so .env and DATABASE_PATH mean the same file;
        # the paths given are the caller's, so they are made absolute first.
        paths = [arg if arg.startswith("-") else str(Path(arg).resolve()) for arg in rest]
        return subprocess.call([python, "-m", "bot.maintenance", command, *paths], cwd=ROOT)
    if command == "demo":
        return subprocess.call([python, "-m", "bot.demo", *rest], cwd=ROOT)
    return subprocess.call([python, "-m", "pytest", *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
