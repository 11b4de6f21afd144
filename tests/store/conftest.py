"""The store tests run against both backends (``database``: SQLite, then PostgreSQL)."""
from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest
from db_backends import database, postgres_database  # noqa: F401  (fixtures)

from bot.store import Store


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:  # noqa: F811
    opened = await Store.open(database)
    yield opened
    await opened.close()
