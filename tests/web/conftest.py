"""The web board under test: a real service on a SQLite file, the real aiohttp application, and aiohttp's
test client speaking HTTP and WebSockets to it over 127.0.0.1."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator, Sequence

import pytest
from aiohttp.test_utils import TestClient, TestServer
from db_backends import postgres_database, summarise_skipped_postgres  # noqa: F401  (fixtures)

from bot.config import Settings, load_settings
from bot.service import Accepted, FakeClock, GameService
from bot.store import Store, open_store
from bot.web import WebHooks, WebLimits, web_app

WEB_URL = "https://board.example.org"
ORIGIN = WEB_URL


@dataclass
class Hooks:
    """What the Discord layer would give the board: names it knows, and the posts of moves made on pages."""

    names: dict[int, str] = field(default_factory=dict)
    published: list[Accepted] = field(default_factory=list)

    async def names_of(self, user_ids: Sequence[int]) -> list[str]:
        return [self.names.get(user_id, f"Player {user_id}") for user_id in user_ids]

    async def publish(self, accepted: Accepted) -> None:
        self.published.append(accepted)

    def web_hooks(self) -> WebHooks:
        return WebHooks(names_of=self.names_of, publish=self.publish)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_file: Path) -> AsyncIterator[Store]:
    opened = await open_store(db_file)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> GameService:
    return GameService(store, clock)


@pytest.fixture
def settings() -> Settings:
    return load_settings({"WEB_URL": WEB_URL}, env_file=None, need_token=False)


@pytest.fixture
def hooks() -> Hooks:
    return Hooks()


#: Generous limits for the tests that are not about them (a test makes many requests in a blink).
ROOMY = WebLimits(per_session=1000.0, session_burst=1000, per_address=1000.0, address_burst=1000)


@pytest.fixture
def limits() -> WebLimits:
    return ROOMY


@pytest.fixture
async def client(service: GameService, settings: Settings, hooks: Hooks,
                 limits: WebLimits) -> AsyncIterator[TestClient]:
    app = web_app(service, settings, hooks.web_hooks(), limits=limits)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


def bearer(session: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {session}"}


async def open_session(client: TestClient, service: GameService, game_id: int, user_id: int) -> str:
    """What a page does with a link from Discord: swaps it for a session."""
    link = await service.links.link_for(game_id, user_id)
    answer = await client.post("/api/session", json={"link": link.token})
    assert answer.status == 200, await answer.text()
    body = await answer.json()
    assert body["game_id"] == game_id
    return str(body["session"])


def store_rows(db_file: Path) -> dict[str, list[Any]]:
    """Every row of every table of the game store, to compare before and after."""
    with sqlite3.connect(db_file) as connection:
        tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: sorted(map(repr, connection.execute(f'SELECT * FROM "{name}"').fetchall()))
                for name in tables}


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    summarise_skipped_postgres(terminalreporter)
