from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import FakeClock, GameService
from bot.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(db_path: Path):
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock)
