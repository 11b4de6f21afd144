"""Racing plays: exactly one wins, the other is stale; nothing lost, nothing doubled."""
from __future__ import annotations

import asyncio

from bot.service import Accepted, FakeClock, GameService, Reason, Refusal
from bot.store import Store, open_store

from .helpers import open_table


async def logged_plies(service: GameService, game_id: int) -> list[int]:
    async with service.store.read() as tx:
        cursor = await tx.db.execute(
            "SELECT ply FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY ply", (game_id,))
        return [r[0] for r in await cursor.fetchall()]


async def test_two_clicks_on_the_same_board_one_wins(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    moves = [str(m) for m in table.engine.legal_moves(table.shadow)][:2]
    first, second = await asyncio.gather(*(
        service.turns.play(game.id, game.to_move_id, text, game.version) for text in moves
    ))
    assert isinstance(first, Accepted)
    assert isinstance(second, Refusal) and second.reason is Reason.STALE_VERSION
    assert await logged_plies(service, game.id) == [1]
    assert (await service.records.game(game.id)).version == game.version + 1


async def test_the_same_move_twice_is_played_once(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    text = table.pick(win=False)
    results = await asyncio.gather(*(
        service.turns.play(game.id, game.to_move_id, text, game.version) for _ in range(5)
    ))
    assert sum(isinstance(r, Accepted) for r in results) == 1
    assert all(r.reason is Reason.STALE_VERSION for r in results if isinstance(r, Refusal))
    assert await logged_plies(service, game.id) == [1]


async def test_two_processes_on_one_file_the_version_check_decides(
    store: Store, service: GameService, db_path, clock: FakeClock
) -> None:
    """A second service with its own cache (another process) plays on the same game:
    the database's ``UPDATE … WHERE version = ?`` refuses the one that is late."""
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    other_store = await open_store(db_path)
    try:
        other = GameService(other_store, clock)
        assert (await other.records.board_view(game.id)).game.version == game.version   # warm its cache
        text = table.pick(win=False)
        assert isinstance(await service.turns.play(game.id, game.to_move_id, text, game.version), Accepted)
        late = await other.turns.play(game.id, game.to_move_id, text, game.version)
        assert isinstance(late, Refusal) and late.reason is Reason.STALE_VERSION
        assert await logged_plies(service, game.id) == [1]
        # The late process dropped its stale copy and now sees the move.
        fresh = await other.records.board_view(game.id)
        assert fresh.game.version == game.version + 1 and fresh.view["ply"] == 1
    finally:
        await other_store.close()


async def test_different_games_move_concurrently(service: GameService) -> None:
    tables = [await open_table(service, kind, 2, channel_id=600 + i)
              for i, kind in enumerate(["alcazar", "alcazar1978", "alcazar", "alcazar1978"])]
    for _ in range(3):
        results = await asyncio.gather(*(
            service.turns.play(t.game_id, t.to_move_id, t.pick(win=False), t.last.game.version)
            for t in tables
        ))
        for table, result in zip(tables, results):
            assert isinstance(result, Accepted), result
            table.follow(result)
    for table in tables:
        assert await logged_plies(service, table.game_id) == [1, 2, 3]


async def test_two_processes_playing_one_game_alternately_are_never_refused_as_stale(
        service: GameService, db_path) -> None:
    """Each service caches the game; the other one's moves make that copy old, not the player's board."""
    other_store = await open_store(db_path)
    try:
        other = GameService(other_store, FakeClock())
        table = await open_table(service, "alcazar", 2)
        services = [service, other]
        for turn in range(16):
            game = table.last.game
            if game.to_move_id is None:
                break
            here = services[turn % 2]
            # A typed move (no version) and a button (the version the player saw) alike.
            version = None if turn % 4 == 3 else game.version
            result = await here.turns.play(game.id, game.to_move_id, table.pick(win=False), version)
            assert isinstance(result, Accepted), (turn, result)
            table.follow(result)
        game = table.last.game
        truly_stale = await other.turns.play(game.id, game.to_move_id, table.pick(win=False), game.version - 1)
        assert isinstance(truly_stale, Refusal) and truly_stale.reason is Reason.STALE_VERSION
        plies = await logged_plies(service, game.id)
        assert plies == list(range(1, len(plies) + 1))
    finally:
        await other_store.close()
