"""Undo of the last move: asked by its player, approved by every other player."""
from __future__ import annotations


from bot.service import (
    Accepted, BoardChanged, GameService, MovesUndone, Reason, TurnChanged, UndoApproved,
    UndoDeclined, UndoRequested,
)

from .helpers import open_table, refused


async def test_undo_with_approval_restores_the_board(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    before = table.shadow
    game = table.last.game
    red, green = game.players
    await table.play()
    refused(await service.questions.ask("undo", game.id, green), Reason.NOTHING_TO_UNDO)   # not green's move
    requested = await service.questions.ask("undo", game.id, red)
    assert requested.events == (UndoRequested(game.id, red, (green,)),)
    refused(await service.questions.answer("undo", game.id, red, True), Reason.NOT_YOUR_VOTE)
    result = await service.questions.answer("undo", game.id, green, True)
    assert isinstance(result, Accepted)
    assert result.events == (
        UndoApproved(game.id, green, ()),
        MovesUndone(game.id, (1,)),
        BoardChanged(game.id, 3),
        TurnChanged(game.id, 0, red),
    )
    board = await service.records.board_view(game.id)
    assert board.view == table.engine.view(before, None)
    assert await service.records.history(game.id) == []
    async with service.store.read() as tx:
        cursor = await tx.db.execute("SELECT COUNT(*) FROM moves WHERE undone_at IS NOT NULL")
        assert (await cursor.fetchone())[0] == 1
    table.shadow, table.last = before, result
    await table.play()                                  # play goes on from the restored board
    assert [h.ply for h in await service.records.history(game.id)] == [1]


async def test_every_other_player_must_approve(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    game = table.last.game
    first, second, third = game.players
    await table.play()
    await service.questions.ask("undo", game.id, first)
    partly = await service.questions.answer("undo", game.id, second, True)
    assert partly.events == (UndoApproved(game.id, second, (third,)),)
    assert (await service.records.game(game.id)).version == table.last.game.version   # not undone yet
    done = await service.questions.answer("undo", game.id, third, True)
    assert done.of_type(MovesUndone) == [MovesUndone(game.id, (1,))]
    assert done.game.to_move_id == first


async def test_decline_keeps_the_move(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    refused(await service.questions.answer("undo", game.id, green, True), Reason.NO_UNDO_REQUEST)
    await table.play()
    await service.questions.ask("undo", game.id, red)
    declined = await service.questions.answer("undo", game.id, green, False)
    assert declined.events == (UndoDeclined(game.id, green),)
    refused(await service.questions.answer("undo", game.id, green, True), Reason.NO_UNDO_REQUEST)
    assert [h.ply for h in await service.records.history(game.id)] == [1]


async def test_a_move_after_the_request_voids_it(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    await table.play()
    await service.questions.ask("undo", game.id, red)
    await table.play()                                  # green moves instead of answering
    refused(await service.questions.answer("undo", game.id, green, True), Reason.NO_UNDO_REQUEST)
    refused(await service.questions.ask("undo", game.id, red), Reason.NOTHING_TO_UNDO)  # no longer the last


async def test_nothing_to_undo_at_the_start_and_never_after_the_end(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    refused(await service.questions.ask("undo", game.id, game.players[0]), Reason.NOTHING_TO_UNDO)
    end = await table.play_to_end()
    winner = end.game.result.winner_ids[0]
    refused(await service.questions.ask("undo", game.id, winner), Reason.GAME_OVER)
    refused(await service.questions.ask("undo", game.id, 999), Reason.GAME_OVER)


async def test_buying_a_building_card_cannot_be_taken_back(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    game = table.last.game
    first, second = game.players
    await table.play("buy deck")
    secret = refused(await service.questions.ask("undo", game.id, first), Reason.NOTHING_TO_UNDO)
    assert "showed a card from the face-down deck" in str(secret.message)
    face_up = table.engine.view(table.shadow, None)["face_up"][0]
    await table.play(f"buy {face_up}")
    refused(await service.questions.ask("undo", game.id, second), Reason.NOTHING_TO_UNDO)
    await table.play("buy tower")                       # tower cards are all alike: nothing was shown
    assert isinstance(await service.questions.ask("undo", game.id, first), Accepted)


async def test_asking_twice_in_one_position_is_refused(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    await table.play()
    assert isinstance(await service.questions.ask("undo", game.id, red), Accepted)
    again = refused(await service.questions.ask("undo", game.id, red), Reason.ALREADY_ASKED)
    assert "already asked" in str(again.message)
    # One question at a time: the draw waits until the undo request is answered.
    blocked = refused(await service.questions.ask("draw", game.id, green), Reason.ALREADY_ASKED)
    assert "take back the last move is open" in str(blocked.message)
    await service.questions.answer("undo", game.id, green, False)
    assert isinstance(await service.questions.ask("draw", game.id, green), Accepted)
    again = refused(await service.questions.ask("draw", game.id, green), Reason.ALREADY_ASKED)
    assert "already been offered" in str(again.message)
    refused(await service.questions.ask("draw", game.id, red), Reason.ALREADY_ASKED)
    blocked = refused(await service.questions.ask("undo", game.id, red), Reason.ALREADY_ASKED)
    assert "draw offer is open" in str(blocked.message)
