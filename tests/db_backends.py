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
import secrets
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import pytest

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


def with_search_path(url: str, schema: str) -> str:
    """``url`` with the connection option that makes ``schema`` the one tables are made in."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    query.append(("options", f"-c search_path={schema}"))
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


@asynccontextmanager
async def postgres_schema(url: str) -> AsyncIterator[str]:
    """A fresh, empty schema on the server of ``url``; yields a URL that uses it."""
    import psycopg

    name = "test_" + secrets.token_hex(6)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute(f"CREATE SCHEMA {name}")
    try:
        yield with_search_path(url, name)
    finally:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            await conn.execute(f"DROP SCHEMA {name} CASCADE")


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
    async with postgres_schema(postgres_server_url()) as url:
        yield url


@pytest.fixture
async def postgres_database() -> AsyncIterator[str]:
    """A PostgreSQL URL with a schema of its own, for tests that need PostgreSQL itself."""
    async with postgres_schema(postgres_server_url()) as url:
        yield url
