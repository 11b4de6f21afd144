"""A game is loaded from one moment of the database, whatever another process commits meanwhile.

Loading reads the game's row, its seats, its snapshot and the log lines after it, one statement
each. Here another process (a second service over its own store on the same database) commits the
game's next move right after each of those statements in turn: every interleaving there is. The
copy loaded is then the game at the version before that move or at the one after it, never a row of
one and a board of the other, and the moves it lists for a player are that player's own.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

from bot.games import get_game
from bot.service import FakeClock, GameService
from bot.store import open_store
from bot.store.games import GameRepo, SeatRepo
from bot.store.log import MoveLog, SnapshotRepo

from .helpers import Table, open_table

# The statements of a load, each a point where another process's commit may fall.
STATEMENTS = [(GameRepo, "get"), (SeatRepo, "of_game"), (SnapshotRepo, "get"), (MoveLog, "entries_after"),
              (MoveLog, "entries")]


def commit_after(repo: type, name: str, monkeypatch: pytest.MonkeyPatch,
                 other_process_moves: Callable[[], Awaitable[None]]) -> list[str]:
    """Make the next call of ``repo.name`` be followed at once by the other process's move; the list
    returned notes when that happened."""
    original = getattr(repo, name)
    fired: list[str] = []

    async def followed_by_a_commit(self: Any, *args: Any, **kwargs: Any) -> Any:
        answer = await original(self, *args, **kwargs)
        if not fired:
            fired.append(name)
            await other_process_moves()
        return answer

    monkeypatch.setattr(repo, name, followed_by_a_commit)
    return fired


async def played_on(table: Table, moves: int) -> None:
    for _ in range(moves):
        await table.play()


@pytest.mark.parametrize("repo, name", STATEMENTS, ids=[f"{r.__name__}.{n}" for r, n in STATEMENTS])
async def test_a_commit_between_the_statements_of_a_load_is_seen_whole_or_not_at_all(
        db_path: str | Path, service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        repo: type, name: str) -> None:
    table = await open_table(service, "alcazar", 3, seed=8)
    # Past a snapshot, so that the load reads lines after it (the snapshot is written every few plies).
    await played_on(table, 7)
    engine = get_game("alcazar")
    before_version, before_state = table.last.game.version, table.shadow
    user = table.to_move_id
    assert user is not None
    other = await open_store(db_path)
    try:
        late = GameService(other, clock)
        if name == "entries":     # read only when the snapshot cannot be taken up: make it so
            monkeypatch.setattr(type(late.core), "_resumed", _cannot_resume)
        fired = commit_after(repo, name, monkeypatch, lambda: played_on(table, 1))
        listed = await late.records.legal_moves_for(table.game_id, user, limit=None)
        assert fired == [name]
        assert table.last.game.version == before_version + 1        # the move was committed meanwhile
        loaded = late.core.live.get(table.game_id)
        assert loaded is not None
        if loaded.version == before_version:
            assert engine.view(loaded.state, None) == engine.view(before_state, None)
            assert {m.notation for m in listed} == {str(m) for m in engine.legal_moves(before_state)}
        else:
            assert loaded.version == before_version + 1
            assert engine.view(loaded.state, None) == engine.view(table.shadow, None)
            assert listed == []          # no longer their turn: nobody else's moves are listed
        assert loaded.row.turn_seat == engine.to_move(loaded.state)
    finally:
        await other.close()


async def _cannot_resume(*args: Any, **kwargs: Any) -> None:
    return None
