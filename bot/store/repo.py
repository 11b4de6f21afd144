"""What every repository shares: the connection of its transaction, and the SQL shapes they all write."""
from __future__ import annotations

from typing import Any, Collection, Sequence

from bot.store.db import Db


class Repo:
    """A table's repository, bound to the connection of one read or transaction."""

    def __init__(self, conn: Db) -> None:
        self._conn = conn

    async def _row(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The statement's first row, or None when it has none."""
        cursor = await self._conn.execute(sql, params)
        return await cursor.fetchone()

    async def _insert_new(self, table: str, key: Sequence[str], row: dict[str, Any]) -> bool:
        """Insert ``row`` (column: value) unless one with the same ``key`` exists; whether it did."""
        cursor = await self._conn.execute(
            f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks(row)})"
            f" ON CONFLICT ({', '.join(key)}) DO NOTHING", tuple(row.values()),
        )
        return cursor.rowcount == 1

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every row of the statement."""
        cursor = await self._conn.execute(sql, params)
        return list(await cursor.fetchall())


def marks(values: Collection[Any]) -> str:
    """``?, ?, …``: one placeholder for each of ``values`` (for ``IN (…)`` and ``VALUES (…)``)."""
    return ", ".join("?" * len(values))


def upsert(table: str, key: Sequence[str], columns: Sequence[str]) -> str:
    """Insert a row; where one with the same ``key`` exists, set its other ``columns`` instead.

    The values follow the key's columns, then the others, in the order given.
    """
    names = (*key, *columns)
    return (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks(names)})"
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET "
        + ", ".join(f"{column} = excluded.{column}" for column in columns)
    )
