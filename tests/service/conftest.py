"""The service tests run against both backends (``db_path``: a SQLite file, then a PostgreSQL URL)."""
from __future__ import annotations

from pathlib import Path

import pytest
from db_backends import database, postgres_database, summarise_skipped_postgres  # noqa: F401  (fixtures)

from bot.service import FakeClock, GameService
from bot.store import Store, open_store


@pytest.fixture
def db_path(database: str | Path) -> str | Path:  # noqa: F811
    """Where the test's database lives: a SQLite file path or a PostgreSQL URL."""
    return database


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(db_path: str | Path):
    opened = await open_store(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock)


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    summarise_skipped_postgres(terminalreporter)
