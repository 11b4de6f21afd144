"""A draw by agreement, which only the rules of Alcazar (1978) allow."""
from __future__ import annotations

from bot.service import Accepted, DrawDeclined, DrawOffered, GameOver, GameService, Reason, UndoDeclined
from bot.store import GameStatus

from .helpers import open_table, refused


async def test_an_accepted_offer_ends_the_game_drawn(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    offered = await service.questions.ask("draw", game.id, green)         # either player, on any turn
    assert offered.events == (DrawOffered(game.id, green, red),)
    refused(await service.questions.answer("draw", game.id, green, True), Reason.NOT_YOUR_VOTE)
    accepted = await service.questions.answer("draw", game.id, red, True)
    [over] = accepted.of_type(GameOver)
    assert over.winner_ids == () and over.outcome.is_draw and str(over.outcome.reason) == "drawn by agreement"
    assert accepted.game.status is GameStatus.FINISHED
    result = await service.records.result(game.id)
    assert (result.winners, str(result.reason)) == ((), "drawn by agreement")
    refused(await service.questions.ask("draw", game.id, red), Reason.GAME_OVER)


async def test_a_declined_or_outdated_offer_changes_nothing(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    refused(await service.questions.answer("draw", game.id, green, True), Reason.NO_DRAW_OFFER)
    await service.questions.ask("draw", game.id, red)
    declined = await service.questions.answer("draw", game.id, green, False)
    assert declined.events == (DrawDeclined(game.id, green),)
    refused(await service.questions.answer("draw", game.id, green, True), Reason.NO_DRAW_OFFER)
    await service.questions.ask("draw", game.id, red)
    await table.play()                                         # a move voids the offer
    refused(await service.questions.answer("draw", game.id, green, True), Reason.NO_DRAW_OFFER)
    assert (await service.records.game(game.id)).status is GameStatus.ACTIVE
    refused(await service.questions.ask("draw", game.id, 999), Reason.NOT_IN_GAME)


async def test_the_offer_is_answered_by_the_opponent_and_the_undo_request_may_be_withdrawn(
        service: GameService) -> None:
    """Answering is the others' part: the one who offered a draw cannot decline it either, while
    the one who asked to take a move back may withdraw the request with a no."""
    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    await service.questions.ask("draw", game.id, red)
    refused(await service.questions.answer("draw", game.id, red, False), Reason.NOT_YOUR_VOTE)
    refused(await service.questions.answer("undo", game.id, green, True), Reason.NO_UNDO_REQUEST)   # not that question
    await service.questions.answer("draw", game.id, green, False)
    await table.play()
    mover = red if table.last.game.to_move_id == green else green
    await service.questions.ask("undo", game.id, mover)
    withdrawn = await service.questions.answer("undo", game.id, mover, False)
    assert withdrawn.events == (UndoDeclined(game.id, mover),)
    assert isinstance(await service.questions.ask("draw", game.id, mover), Accepted)   # the table is free again


async def test_alcazar_has_no_draw_by_agreement(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    result = refused(await service.questions.ask("draw", table.game_id, table.to_move_id), Reason.NO_DRAWS)
    assert "Alcazar has no draw by agreement" in str(result.message)


async def test_undo_and_draw_are_one_question_to_the_table(service: GameService) -> None:
    from bot.service import answerers

    table = await open_table(service, "alcazar1978", 2)
    game = table.last.game
    red, green = game.players
    offered = await service.questions.ask("draw", game.id, green)
    assert answerers(offered) == (red,), "the opponent answers a draw offer"
    declined = await service.questions.answer("draw", game.id, red, False)
    assert declined.events == (DrawDeclined(game.id, red),)
    moved = await service.turns.play(game.id, red, (await service.records.legal_moves_for(game.id, red))[0].notation)
    asked = await service.questions.ask("undo", game.id, red)
    assert answerers(asked) == (green,), "every other player answers an undo request"
    refused(await service.questions.ask("undo", game.id, red), Reason.ALREADY_ASKED)
    taken_back = await service.questions.answer("undo", game.id, green, True)
    assert taken_back.game.version > moved.game.version and taken_back.game.to_move_id == red
