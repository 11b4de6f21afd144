"""Playing moves, the events they return, resigning, queries, and every refusal."""
from __future__ import annotations

import json
from dataclasses import fields

from bot.games import get_game
from bot.service import (
    Accepted, BoardChanged, GameOver, GameService, HandsChanged, MovePlayed, PlayerResigned,
    Reason, TurnChanged,
)
from bot.store import EntryKind, GameStatus, Snapshot, Store

from .helpers import HOST, open_table, refused


async def test_a_move_returns_its_events_and_is_logged_in_words(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    mover, other = game.players
    text = table.pick(win=False)
    words = get_game("alcazar1978").describe_move(table.shadow, table.engine.parse_move(table.shadow, text))
    result = await table.play(text)
    assert result.events == (
        MovePlayed(game.id, 1, 0, mover, EntryKind.MOVE, text, words, False),
        BoardChanged(game.id, 2),
        TurnChanged(game.id, 1, other),
    )
    assert (result.game.version, result.game.to_move_id) == (2, other)
    [line] = await service.records.history(game.id)
    assert (line.ply, line.user_id, line.notation, line.words) == (1, mover, text, words)


async def test_play_refusals(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    mover, other = game.players
    refused(await service.turns.play(game.id, 999, "a4-b4", game.version), Reason.NOT_IN_GAME)
    refused(await service.turns.play(game.id, other, "d1-d2", game.version), Reason.NOT_YOUR_TURN)
    malformed = refused(await service.turns.play(game.id, mover, "castle the king", game.version),
                        Reason.MALFORMED_MOVE)
    assert "castle the king" in str(malformed.message)
    illegal_text = "a4-c4"
    try:
        table.engine.parse_move(table.shadow, illegal_text)
        raise AssertionError("a4-c4 should be illegal")
    except table.engine.IllegalMove as error:
        reason = str(error)
    illegal = refused(await service.turns.play(game.id, mover, illegal_text, game.version), Reason.ILLEGAL_MOVE)
    assert str(illegal.message) == reason                           # the engine's own words
    refused(await service.turns.play(game.id, mover, table.pick(win=False), game.version - 1),
            Reason.STALE_VERSION)
    refused(await service.turns.play(999, mover, "a4-b4"), Reason.NO_SUCH_GAME)
    assert (await service.records.game(game.id)).version == game.version    # nothing changed


async def test_play_before_the_start_and_after_the_end(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 501, HOST, "alcazar1978")
    refused(await service.turns.play(lobby.game.id, HOST, "a4-b4"), Reason.NOT_STARTED)
    refused(await service.records.board_view(lobby.game.id), Reason.NOT_STARTED)
    table = await open_table(service, "alcazar1978", 2)
    end = await table.play_to_end()
    over = end.of_type(GameOver)[0]
    assert end.game.status is GameStatus.FINISHED and end.game.to_move_id is None
    assert end.game.result.outcome == over.outcome == table.engine.outcome(table.shadow)
    assert end.game.result.winner_ids == over.winner_ids
    loser = next(u for u in end.game.players if u not in over.winner_ids)
    refused(await service.turns.play(table.game_id, loser, "pass"), Reason.GAME_OVER)
    refused(await service.turns.resign(table.game_id, loser), Reason.GAME_OVER)
    assert await service.records.legal_moves_for(table.game_id, loser) == []


async def test_hands_changed_names_seats_only_and_only_changed_ones(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.last.game
    before = {s: table.engine.view(table.shadow, s)["hand"] for s in range(3)}
    result = await table.play()
    after = {s: table.engine.view(table.shadow, s)["hand"] for s in range(3)}
    changed = tuple(s for s in range(3) if before[s] != after[s])
    events = result.of_type(HandsChanged)
    assert changed and events == [HandsChanged(game.id, changed, tuple(game.players[s] for s in changed))]
    for event in result.events:                     # ids and words, never a card list
        for field in fields(event):
            value = getattr(event, field.name)
            assert not isinstance(value, list), (event, field.name)


async def test_views_public_and_private(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.last.game
    public = await service.records.board_view(game.id)
    assert public.seat is None and "hand" not in public.view
    assert public.view == table.engine.view(table.shadow, None)
    mine = await service.records.private_view(game.id, game.players[2])
    assert mine.seat == 2 and mine.view["hand"] == table.engine.view(table.shadow, 2)["hand"]
    refused(await service.records.private_view(game.id, 999), Reason.NOT_IN_GAME)
    refused(await service.records.board_view(999), Reason.NO_SUCH_GAME)


async def test_legal_moves_for_the_player_to_move_only(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    everything = await service.records.legal_moves_for(game.id, game.players[0], limit=None)
    assert {c.notation for c in everything} == {str(m) for m in table.engine.legal_moves(table.shadow)}
    first = everything[0]
    move = table.engine.parse_move(table.shadow, first.notation)
    assert first.words == table.engine.describe_move(table.shadow, move)
    assert await service.records.legal_moves_for(game.id, game.players[1]) == []
    assert await service.records.legal_moves_for(game.id, 999) == []
    assert await service.records.legal_moves_for(999, game.players[0]) == []
    assert len(await service.records.legal_moves_for(game.id, game.players[0])) == min(25, len(everything))
    buys = await service.records.legal_moves_for(game.id, game.players[0], prefix="Buy D", limit=None)
    assert [c.notation for c in buys] == ["buy deck"]
    # Plain actions come before the same actions with a noble step, so 25 suggestions show many actions.
    steps = [" + " in c.notation for c in everything]
    assert steps == sorted(steps) and True in steps
    castles = await service.records.legal_moves_for(game.id, game.players[0], prefix="castle")
    assert castles and all(" + " not in c.notation for c in castles)


async def test_resigning_alcazar_1978_ends_the_game_for_the_opponent(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await table.play()
    game = table.last.game
    red, green = game.players
    result = await service.turns.resign(game.id, red)
    assert PlayerResigned(game.id, 0, red) in result.events
    [over] = result.of_type(GameOver)
    assert over.winner_ids == (green,) and str(over.outcome.reason) == "Red resigned"
    assert result.game.status is GameStatus.FINISHED
    stored = await service.records.result(game.id)
    assert (stored.winners, stored.winner_ids, str(stored.reason)) == ((1,), (green,), "Red resigned")
    assert result.game.resigned == frozenset({red})
    assert await service.records.game_in_channel(500) is None


async def test_resigning_alcazar_keeps_the_game_going_without_the_player(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.last.game
    first, second, third = game.players
    result = await service.turns.resign(game.id, second)     # not their turn: their turns will be skipped
    assert isinstance(result, Accepted)
    table.follow(result)
    assert [(e.kind, e.notation, e.seat) for e in result.of_type(MovePlayed)] == \
        [(EntryKind.RETIRE, "retire", 1)]
    assert result.game.status is GameStatus.ACTIVE and result.game.to_move_id == first
    refused(await service.turns.play(game.id, second, "buy deck"), Reason.NOT_IN_GAME)
    refused(await service.turns.resign(game.id, second), Reason.NOT_IN_GAME)
    await table.play()
    assert table.last.game.to_move_id == third          # the retired seat is passed over
    end = await table.play_to_end()
    assert end.game.result.outcome == table.engine.outcome(table.shadow)


async def test_resigning_the_second_last_alcazar_player_ends_the_game(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    result = await service.turns.resign(game.id, game.players[0])
    [over] = result.of_type(GameOver)
    assert over.winner_ids == (game.players[1],)
    assert result.game.status is GameStatus.FINISHED


async def test_a_forced_pass_is_played_by_the_service(store: Store, service: GameService) -> None:
    """Seat 1 holds no card and no money (set up through the snapshot): after seat 0's
    move, `pass` is its only move and the service plays and logs it."""
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    engine = table.engine
    poor = engine.to_dict(table.shadow)
    poor["players"][1].update(hand=[], money=0)
    table.shadow = engine.from_dict(poor)
    async with store.write() as tx:
        await tx.snapshots.put(Snapshot(game.id, game.version, 0, json.dumps(poor)))
    fresh = GameService(store, service.clock)          # loads the snapshot, not the cache
    table.service = fresh
    text = next(m for m in map(str, engine.legal_moves(table.shadow)) if m.startswith("mansion"))
    after_mansion = engine.play(table.shadow, text)
    assert [str(m) for m in engine.legal_moves(after_mansion)] == ["pass"]
    result = await table.play(text)
    played = result.of_type(MovePlayed)
    assert [(e.seat, e.notation, e.forced) for e in played] == [(0, text, False), (1, "pass", True)]
    assert played[1].words == engine.describe_move(after_mansion, engine.legal_moves(after_mansion)[0])
    assert result.game.to_move_id == game.players[0]
    history = await fresh.records.history(game.id)
    assert [(h.notation, h.forced) for h in history] == [(text, False), ("pass", True)]


async def test_store_keeps_the_move_log_in_words(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    for _ in range(6):
        await table.play()
    async with service.store.read() as tx:
        rows = await (await tx.db.execute("SELECT ply, notation, words FROM moves ORDER BY ply")).fetchall()
    assert [r[0] for r in rows] == list(range(1, 7))
    assert all(words and words != notation for _, notation, words in rows)


async def test_legal_moves_carry_the_engines_parts_and_move_parts_reads_a_typed_move(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    mover, other = game.players[0], game.players[1]
    everything = await service.records.legal_moves_for(game.id, mover, limit=None)
    for choice in everything[::11]:
        move = table.engine.parse_move(table.shadow, choice.notation)
        assert choice.parts == table.engine.describe(table.shadow, move)
        assert choice.words_by_part == table.engine.describe_move_by_part(table.shadow, move).parts
    deck = await service.records.move_parts(game.id, mover, "  Buy   DECK ")
    assert deck is not None and deck.draws_from_deck and deck.notation == "buy deck"
    assert await service.records.move_parts(game.id, mover, "castle 99 1-3") is None, "not a legal move"
    assert await service.records.move_parts(game.id, mover, "nonsense") is None
    assert await service.records.move_parts(game.id, other, "buy deck") is None, "not their turn"
    assert await service.records.move_parts(999, mover, "buy deck") is None
    assert (await service.records.game(game.id)).version == game.version, "asking changes nothing"
