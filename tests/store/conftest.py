"""The store tests run against both backends (``database``: SQLite, then PostgreSQL)."""
from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest
from db_backends import database, postgres_database, summarise_skipped_postgres  # noqa: F401  (fixtures)

from bot.store import Store, open_store


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:  # noqa: F811
    opened = await open_store(database)
    yield opened
    await opened.close()


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    summarise_skipped_postgres(terminalreporter)
