"""The releases' fixtures as today's code meets them: the database on either backend, and a fake
Discord that already holds the old messages, with the same guild, channels, people and ids."""
from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from fake_discord import Channel, FakeDiscord, FakeUser, logged_in
from fake_discord.model import DM_CHANNEL, message_payload

from bot.config import Settings
from bot.discord import AlcazarBot
from bot.store.postgres import postgres_ddl, throwaway_schema
from bot.store.schema import MIGRATIONS, split_statements

HERE = Path(__file__).resolve().parent
RELEASES = sorted((p for p in (HERE / "releases").iterdir() if (p / "games.sqlite3").is_file()),
                  key=lambda p: tuple(int(n) for n in p.name.split(".")))
#: Tables with an identity key on PostgreSQL, whose sequence must move past the copied ids.
IDENTITY_TABLES = ("games", "moves", "away_periods")


@dataclass(frozen=True)
class Release:
    """One release's fixture folder: what its code wrote."""

    folder: Path

    @property
    def version(self) -> str:
        return self.folder.name

    @property
    def database(self) -> Path:
        return self.folder / "games.sqlite3"

    @property
    def expected(self) -> dict[str, Any]:
        return _json(self.folder / "expected.json")

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return _json(self.folder / "buttons.json")["buttons"]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return _json(self.folder / "buttons.json")["messages"]

    @property
    def schema_version(self) -> int:
        with closing(sqlite3.connect(self.database)) as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def sqlite_copy(release: Release, folder: Path) -> Path:
    """The fixture's file copied to ``folder``: today's store migrates the copy, never the fixture."""
    target = folder / "games.sqlite3"
    shutil.copyfile(release.database, target)
    return target


async def postgres_copy(release: Release, url: str) -> None:
    """The fixture's rows on PostgreSQL at the fixture's schema version (today's migrations up to
    it, through the PostgreSQL path), so that today's store runs the remaining ones there."""
    version = release.schema_version
    with closing(sqlite3.connect(release.database)) as source:
        tables = [name for (name,) in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        tables.sort(key=lambda name: name != "games")    # the others refer to games
        rows = {name: (_columns(source, name), source.execute(f"SELECT * FROM {name}").fetchall())
                for name in tables}
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        async with conn.transaction():
            await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            await conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
            for migration in MIGRATIONS[:version]:
                for statement in split_statements(postgres_ddl(migration)):
                    await conn.execute(statement)
            for name, (columns, values) in rows.items():
                if not values:
                    continue
                marks = ", ".join(["%s"] * len(columns))
                async with conn.cursor() as cursor:
                    await cursor.executemany(f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})", values)
            for name in IDENTITY_TABLES:
                if name in rows and rows[name][1]:
                    await conn.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                       f"(SELECT max(id) FROM {name}))")


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


@contextlib.asynccontextmanager
async def database_of(release: Release, backend: str, folder: Path, server_url: str | None
                      ) -> AsyncIterator[str | Path]:
    """Where today's code finds the release's database on ``backend``: a file path, or a URL."""
    if backend == "sqlite":
        yield sqlite_copy(release, folder)
        return
    assert server_url is not None
    async with throwaway_schema(server_url, "upgrade_") as url:
        await postgres_copy(release, url)
        yield url


def seeded_fake(release: Release) -> tuple[FakeDiscord, dict[int, FakeUser]]:
    """Today's fake Discord, holding the release's guild, channels, people and the messages with components."""
    facts = release.expected
    fake = FakeDiscord()
    guild = fake.guild
    guild.id = int(facts["guild_id"])
    guild.channels = []
    fake.guilds = {guild.id: guild}
    people = {int(user_id): FakeUser(int(user_id), name, fake) for name, user_id in facts["users"].items()}
    fake.users.update(people)
    fake.channels = {}
    for number, channel in enumerate(facts["channels"]):
        if channel["dm"]:
            made = Channel(int(channel["id"]), channel["name"], type=DM_CHANNEL,
                           recipient=people[int(channel["recipient"])])
        else:
            made = Channel(int(channel["id"]), channel["name"], guild_id=guild.id, position=number)
            guild.channels.append(made)
        fake.channels[made.id] = made
    fake.general = next(c for c in fake.channels.values() if c.name == "general")
    for message in release.messages:
        channel = fake.channels[int(message["channel_id"])]
        body = {"content": message["content"], "embeds": message["embeds"], "components": message["components"]}
        fake.messages[int(message["id"])] = message_payload(
            message_id=int(message["id"]), channel=channel, author=fake.bot_user, body=body, attachments=[],
            flags=int(message["flags"]))
        fake.message_audience[int(message["id"])] = message["audience"]
    return fake, people


@contextlib.asynccontextmanager
async def todays_bot(fake: FakeDiscord, database: str | Path, **options: Any) -> AsyncIterator[AlcazarBot]:
    """Today's bot on ``database`` (a SQLite file or a PostgreSQL URL), logged into ``fake``."""
    where = {"database_url": database} if isinstance(database, str) else {"database_path": database}
    settings = Settings(discord_token=fake.token, dev_guild_id=fake.guild.id, api_base_url=fake.api_base,
                        gateway_url=fake.gateway_url, **where)
    bot = AlcazarBot(settings, guild_ready_timeout=0.05, **options)
    async with logged_in(bot, fake.token, ready_within=30):
        yield bot
