"""The databases the store and service tests run against: a SQLite file in a
temporary folder, and PostgreSQL when a server is given.

``TEST_DATABASE_URL`` (``postgresql://…``) names a database the tests may
use; each test gets a schema of its own there, dropped afterwards. Without
it the PostgreSQL half of the tests is skipped, with a message saying how to
run it; with ``CI=true`` it fails instead, so CI never passes untested.
``.ci/run`` starts a throwaway server and sets the URL.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from bot.store.postgres import throwaway_schema

BACKENDS = ("sqlite", "postgres")
NO_SERVER = ("PostgreSQL tests skipped: no server given. Set TEST_DATABASE_URL=postgresql://… "
             "(any database the tests may create schemas in), or run .ci/run, which starts a throwaway one.")


def postgres_server_url() -> str:
    """The server the PostgreSQL tests use; skips the test (fails it in CI) when there is none."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        return url
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests must run in CI "
                    "(.ci/run starts a server and sets it).", pytrace=False)
    pytest.skip(NO_SERVER)


_summary_written = False


def summarise_skipped_postgres(terminalreporter: Any) -> None:
    """One line at the end of the run when PostgreSQL tests were skipped (called from conftests)."""
    global _summary_written
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "no server given" in str(r.longrepr)]
    if skipped and not _summary_written:
        _summary_written = True
        terminalreporter.write_line(f"{len(skipped)} {NO_SERVER}", yellow=True)


@pytest.fixture(params=BACKENDS)
async def database(request: Any, tmp_path: Path) -> AsyncIterator[str | Path]:
    """Where a test's database lives: a SQLite file path, or a PostgreSQL URL with its own schema."""
    if request.param == "sqlite":
        yield tmp_path / "games.sqlite3"
        return
    async with throwaway_schema(postgres_server_url(), "test_") as url:
        yield url


@pytest.fixture
async def postgres_database() -> AsyncIterator[str]:
    """A PostgreSQL URL with a schema of its own, for tests that need PostgreSQL itself."""
    async with throwaway_schema(postgres_server_url(), "test_") as url:
        yield url
