"""Real outages for the tests: a small disk filled to the last byte, a PostgreSQL server of one's own to stop.

``small_disk``: a 16 MB tmpfs mounted for the test (root only; unmounted in
teardown), or a plain folder (``mounted`` False) where the test makes SQLite
itself refuse to grow the file (``PRAGMA max_page_count``) instead.
``private_postgres``: a throwaway cluster (``initdb``/``pg_ctl`` found as
``.ci/postgres.sh`` finds them, run as the ``postgres`` user, listening only
on a socket in a temporary folder) that the test may stop and start without
disturbing any other; skipped without root or the binaries, failed with
``CI=true``.
"""
from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest


class FullDisk:
    """A folder whose disk can be filled to the last byte, and emptied again."""

    def __init__(self, folder: Path, mounted: bool) -> None:
        self.folder = folder
        self.mounted = mounted
        self._filler = folder / "filler"

    def fill(self) -> None:
        """Write zeros until the disk takes no more: big chunks first, then whatever is left."""
        descriptor = os.open(self._filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            for size in (1 << 20, 4096, 1):
                chunk = b"\0" * size
                while True:
                    try:
                        if os.write(descriptor, chunk) < size:
                            break
                    except OSError as error:
                        assert error.errno == errno.ENOSPC, error
                        break
        finally:
            os.close(descriptor)

    def empty(self) -> None:
        self._filler.unlink()


@pytest.fixture(params=["tmpfs", "max_page_count"])
def small_disk(request: Any, tmp_path: Path) -> Iterator[FullDisk]:
    """A 16 MB tmpfs of its own (as root), unmounted afterwards; or a plain folder whose database
    SQLite itself keeps from growing (``max_page_count``), which needs no root."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if request.param == "max_page_count":
        yield FullDisk(folder, mounted=False)
        return
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root; the max_page_count case stands in for it")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)], check=True)
    try:
        yield FullDisk(folder, mounted=True)
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill_file(path: Path) -> int:
    """Fill the free room inside a SQLite file (free pages, room left in pages) with a table of
    its own, on a connection of its own kept at the file's size; returns that size in pages."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS filler (stuff BLOB)")
        conn.commit()
        pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
        conn.execute(f"PRAGMA max_page_count = {pages}")
        for size in (4000, 1000, 100, 10, 1):
            try:
                while True:
                    conn.execute("INSERT INTO filler VALUES (randomblob(?))", (size,))
                    conn.commit()
            except sqlite3.OperationalError as error:
                assert "full" in str(error), error
                conn.rollback()
        return int(conn.execute("PRAGMA page_count").fetchone()[0])
    finally:
        conn.close()


def _postgres_binaries() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` are, found as .ci/postgres.sh finds them."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: [int(n) for n in p.parent.parent.name.split(".") if n.isdigit()])
    return versions[-1].parent if versions else None


class PrivateServer:
    """A throwaway PostgreSQL cluster of this test alone, on a socket in its own folder, run as ``postgres``."""

    def __init__(self, binaries: Path, folder: Path) -> None:
        self.binaries = binaries
        self.folder = folder
        self.url = f"postgresql://postgres@/postgres?host={folder}"

    def _as_postgres(self, *command: str) -> None:
        line = " ".join(f"'{part}'" for part in command)
        subprocess.run(["su", "postgres", "-s", "/bin/sh", "-c", line], check=True, capture_output=True)

    def create(self) -> None:
        self._as_postgres(str(self.binaries / "initdb"), "-D", str(self.folder / "data"), "-U", "postgres",
                          "-A", "trust", "-E", "UTF8", "--no-locale")

    def start(self) -> None:
        options = f"-c listen_addresses= -c unix_socket_directories={self.folder} -c fsync=off"
        self._as_postgres(str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"),
                          "-l", str(self.folder / "server.log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        """A fast shutdown: the server ends every session at once, as on a restart by the host."""
        self._as_postgres(str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")


@pytest.fixture
def private_postgres() -> Iterator[PrivateServer]:
    binaries = _postgres_binaries()
    if binaries is None or os.geteuid() != 0:
        why = "no PostgreSQL binaries (initdb, pg_ctl)" if binaries is None else "not root (initdb runs as postgres)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true, but the PostgreSQL outage test cannot run: {why}", pytrace=False)
        pytest.skip(f"PostgreSQL outage test skipped: {why}")
    # Not under pytest's temporary folder: the postgres user must reach it, and a socket path is short.
    folder = Path(tempfile.mkdtemp(prefix="alcazar-outage-"))
    shutil.chown(folder, "postgres")
    folder.chmod(0o700)
    server = PrivateServer(binaries, folder)
    try:
        server.create()
        server.start()
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
