"""The game service's play path (validate, apply, commit) on a file database, or on PostgreSQL.

Plays random games of both kinds through ``GameService.play`` and times each
call; in the same run, times a bare insert + commit of the same number of
bytes as one move writes (log line + snapshot), on its own connection with the
store's settings (SQLite: WAL, synchronous FULL). Budget: ``play_ms_median``
under 3× the bare commit's median (``sqlite_commit_ms_median``, or
``postgres_commit_ms_median`` with ``--database-url``, on the same server).

It also counts what a move asks of the database, figures that do not depend
on the machine: ``statements_per_move`` (the SQL statements the store's
repositories send, one per row of a batch) and ``round_trips_per_move``
(PostgreSQL: each exchange with the server, BEGIN, COMMIT and the pool's check
of a connection included, in pipeline mode each Sync; SQLite: each call into aiosqlite's thread, fetches
and the commit included), with the bare commit's round trips beside them.

    .venv/bin/python bench/pipeline.py [--moves 1500] [--dir PATH]
    .venv/bin/python bench/pipeline.py --database-url postgresql://…   # in a schema of its own, dropped after

The last line printed is one JSON object with the figures.

The server's ``fsync`` setting (printed as ``server_fsync``) changes what the
ratio means. With fsync on, PostgreSQL's default and what a host runs, every
COMMIT waits for the WAL to reach the disk: the bare commit and the move pay that
wait once each, so the ratio is lower and depends on the disk. With fsync off
(CI's throwaway server, ``.ci/postgres.sh``) a COMMIT costs only its exchange,
and the ratio weighs the play path's own work (the engine, the service, the
round trips): the harsher figure, and the one to compare between commits. Quote
the ratio with the setting it was measured on; the statements and round trips
per move do not depend on it.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosqlite

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games import get_game  # noqa: E402
from bot.service import Accepted, FakeClock, GameService, MovePlayed  # noqa: E402
from bot.store import EntryKind, open_store  # noqa: E402
from bot.store.db import SqliteDb  # noqa: E402
from bot.store.postgres import (  # noqa: E402
    PipelinedDb, PostgresDb, placeholders, postgres_ddl, throwaway_schema,
)

BUDGET_RATIO = 3.0


class RandomGame:
    """A started game and a shadow engine state that picks its random moves."""

    def __init__(self, kind: str, started: Accepted, seed: int) -> None:
        self.kind = kind
        self.engine = get_game(kind)
        self.last = Accepted(started.game)
        self.state = self.engine.new_game(players=len(started.game.players), seed=seed,
                                          options=dict(started.game.settings.options))
        self.rng = random.Random(seed)
        self.follow(started)

    def follow(self, result: Accepted) -> None:
        for event in result.events:
            if isinstance(event, MovePlayed) and event.kind is EntryKind.MOVE:
                self.state = self.engine.play(self.state, event.notation)
        # The game alone: the result's board and hands (the engine's views) are the bench's to drop,
        # or bench/load.py would count them in the bot's footprint as if its cache held them.
        self.last = Accepted(result.game)

    def pick(self) -> str:
        return str(self.rng.choice(self.engine.legal_moves(self.state)))


async def start_game(service: GameService, kind: str, players: int, channel: int, seed: int) -> RandomGame:
    lobby = await service.lobby.create_lobby(1, channel, 1000, kind, seed=seed)
    assert isinstance(lobby, Accepted), lobby
    for user in range(1001, 1000 + players):
        await service.lobby.join(lobby.game.id, user)
    started = await service.lobby.start(lobby.game.id, 1000)
    assert isinstance(started, Accepted), started
    return RandomGame(kind, started, seed)


class Counter:
    """Counts the statements and round trips made while ``counting`` is on (one move at a time)."""

    def __init__(self) -> None:
        self.counting = False
        self.statements = 0
        self.round_trips = 0
        self._in_batch = False
        self._undo: list[tuple[Any, str, Any]] = []

    def install(self) -> None:
        import psycopg
        from psycopg._pipeline_base import BasePipeline

        def statements(method: Any, rows: bool) -> Any:
            async def counted(db: Any, sql: str, params: Any = (), **kwargs: Any) -> Any:
                if not self.counting or self._in_batch:
                    return await method(db, sql, params, **kwargs)
                if rows:
                    params = list(params)
                self.statements += len(params) if rows else 1
                self._in_batch = True      # what the call runs inside (a batch of one row as one statement) is not counted again
                try:
                    return await method(db, sql, params, **kwargs)
                finally:
                    self._in_batch = False
            return counted

        def thread_calls(method: Any) -> Any:
            async def counted(conn: Any, *args: Any, **kwargs: Any) -> Any:
                if self.counting:
                    self.round_trips += 1
                return await method(conn, *args, **kwargs)
            return counted

        def server_answers(method: Any) -> Any:
            async def counted(conn: Any, gen: Any, *args: Any, **kwargs: Any) -> Any:
                # In pipeline mode answers are read while sending too: each Sync counts instead.
                counts = self.counting and conn._pipeline is None
                return await method(conn, self._reads_of(gen) if counts else gen, *args, **kwargs)
            return counted

        def pipeline_exchanges(method: Any) -> Any:
            def counted(pipeline: Any, *args: Any, **kwargs: Any) -> Any:
                if self.counting:
                    self.round_trips += 1
                return method(pipeline, *args, **kwargs)
            return counted

        sending = [(db, name, statements(getattr(db, name), name in ("executemany", "send_many")))
                   for db in (SqliteDb, PostgresDb, PipelinedDb)
                   for name in ("execute", "executemany", "send", "send_many", "ask")]
        for owner, name, wrap in (*sending,
                                  (psycopg.AsyncConnection, "wait", server_answers(psycopg.AsyncConnection.wait)),
                                  *((BasePipeline, name, pipeline_exchanges(getattr(BasePipeline, name)))
                                    for name in ("_sync_gen", "_exit_gen")),
                                  (aiosqlite.Connection, "_execute", thread_calls(aiosqlite.Connection._execute))):
            self._undo.append((owner, name, getattr(owner, name)))
            setattr(owner, name, wrap)

    def _reads_of(self, gen: Any) -> Any:
        """psycopg's generator for one exchange, counting each time it waits for the server's answer
        (one wait to read per statement sent; BEGIN sent before a statement is a wait of its own)."""
        from psycopg.waiting import Wait

        try:
            item = gen.send(None)
        except StopIteration as stop:
            return stop.value
        while True:
            if item == Wait.R:
                self.round_trips += 1
            ready = yield item
            try:
                item = gen.send(ready)
            except StopIteration as stop:
                return stop.value

    def uninstall(self) -> None:
        for owner, name, original in reversed(self._undo):
            setattr(owner, name, original)
        self._undo.clear()


class Bare:
    """A bare insert + commit of ``payload`` on a connection of its own, one transaction each."""

    TABLE = "CREATE TABLE bare (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)"
    INSERT = "INSERT INTO bare (payload) VALUES (?)"

    def __init__(self, name: str, conn: Any, insert: str, fsync: str | None = None) -> None:
        self.name, self.conn, self.insert = name, conn, insert
        self.fsync = fsync      # the PostgreSQL server's setting

    @classmethod
    async def sqlite(cls, folder: Path) -> Bare:
        """On a SQLite file with the store's settings (WAL, synchronous FULL)."""
        conn = await aiosqlite.connect(folder / "bare.sqlite3")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = FULL")
        await conn.execute(cls.TABLE)
        await conn.commit()
        return cls("sqlite", conn, cls.INSERT)

    @classmethod
    async def postgres(cls, url: str) -> Bare:
        """On the PostgreSQL server of ``url``, the schema in the store's types."""
        import psycopg

        conn = await psycopg.AsyncConnection.connect(url)
        fsync = await (await conn.execute("SHOW fsync")).fetchone()
        await conn.execute(postgres_ddl(cls.TABLE))
        await conn.commit()
        return cls("postgres", conn, placeholders(cls.INSERT), None if fsync is None else str(fsync[0]))

    async def commit(self, payload: str) -> float:
        began = time.perf_counter()
        await self.conn.execute(self.insert, (payload,))
        await self.conn.commit()
        return time.perf_counter() - began

    async def close(self) -> None:
        await self.conn.close()


async def run(moves: int, folder: Path, database_url: str | None = None) -> dict[str, Any]:
    if database_url is None:
        store = await open_store(folder / "bench.sqlite3")
        bare = await Bare.sqlite(folder)
    else:
        store = await open_store(database_url)
        bare = await Bare.postgres(database_url)
    service = GameService(store, FakeClock())
    counter = Counter()
    counter.install()

    plan = [("alcazar", 2), ("alcazar", 3), ("alcazar", 5), ("alcazar1978", 2)]
    play_s: list[float] = []
    commit_s: list[float] = []
    games_played = 0
    channel = 0
    game: RandomGame | None = None
    while len(play_s) < moves:
        if game is None or game.last.game.to_move_id is None or game.last.game.version > 400:
            kind, players = plan[channel % len(plan)]
            channel += 1
            game = await start_game(service, kind, players, channel, seed=channel)
            games_played += 1
            continue
        text = game.pick()
        counter.counting = True
        began = time.perf_counter()
        result = await service.turns.play(game.last.game.id, game.last.game.to_move_id, text,
                                    game.last.game.version)
        play_s.append(time.perf_counter() - began)
        counter.counting = False
        assert isinstance(result, Accepted), result
        game.follow(result)
        size = len(json.dumps(game.engine.to_dict(game.state), separators=(",", ":"))) + 120
        commit_s.append(await bare.commit("x" * size))
    counter.uninstall()
    statements, round_trips = counter.statements, counter.round_trips
    bare_trips = await bare_round_trips(bare, counter)

    await bare.close()
    await store.close()
    play_ms = sorted(s * 1000 for s in play_s)
    commit_ms_median = statistics.median(s * 1000 for s in commit_s)
    play_ms_median = statistics.median(play_ms)
    figures = {
        "backend": bare.name,
        "moves": len(play_ms),
        "games": games_played,
        "play_ms_median": round(play_ms_median, 4),
        "play_ms_p99": round(play_ms[int(0.99 * (len(play_ms) - 1))], 4),
        f"{bare.name}_commit_ms_median": round(commit_ms_median, 4),
        "ratio": round(play_ms_median / commit_ms_median, 3),
        "statements_per_move": round(statements / len(play_ms), 2),
        "round_trips_per_move": round(round_trips / len(play_ms), 2),
        "bare_commit_round_trips": bare_trips,
        "budget_ratio": BUDGET_RATIO,
        "within_budget": play_ms_median < BUDGET_RATIO * commit_ms_median,
    }
    if bare.fsync is not None:
        figures["server_fsync"] = bare.fsync
    return figures


async def bare_round_trips(bare: Bare, counter: Counter) -> float:
    """Round trips of one bare insert + commit, counted the same way as a move's."""
    counter.install()
    counter.counting, counter.round_trips = True, 0
    for _ in range(10):
        await bare.commit("x")
    counter.counting = False
    counter.uninstall()
    return counter.round_trips / 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--dir", type=Path, default=None,
                        help="folder for the database files (default: a temporary folder)")
    parser.add_argument("--database-url", default=None, metavar="postgresql://…",
                        help="run on this PostgreSQL server instead (tables in a schema of their own)")
    args = parser.parse_args()
    if args.database_url is not None:
        figures = asyncio.run(run_on_postgres(args.moves, args.database_url))
    elif args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        figures = asyncio.run(run(args.moves, args.dir))
    else:
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(run(args.moves, Path(folder)))
    print(f"{figures['moves']} moves in {figures['games']} games on {figures['backend']}: play median "
          f"{figures['play_ms_median']} ms (p99 {figures['play_ms_p99']} ms), bare commit "
          f"{figures[figures['backend'] + '_commit_ms_median']} ms, ratio {figures['ratio']}; per move "
          f"{figures['statements_per_move']} statements, {figures['round_trips_per_move']} round trips "
          f"(bare commit {figures['bare_commit_round_trips']})"
          + (f"; server fsync {figures['server_fsync']}" if "server_fsync" in figures else ""))
    print(json.dumps(figures))


async def run_on_postgres(moves: int, url: str) -> dict[str, Any]:
    async with throwaway_schema(url, "bench_") as schema_url:
        return await run(moves, Path("."), schema_url)


if __name__ == "__main__":
    main()
