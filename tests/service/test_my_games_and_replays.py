"""A player's games across servers, and a game's whole log and its animation."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.service import REPLAY_BUDGET, Accepted, FakeClock, GameService, Refusal

from .helpers import HOST, open_table


async def test_my_games_lists_every_server_with_my_turns_first(service: GameService, clock: FakeClock) -> None:
    me = HOST + 1
    waiting = await open_table(service, "alcazar1978", 2, channel_id=601)          # server 1
    if waiting.to_move_id == me:
        await waiting.play()                                       # now the other player's turn
    clock.advance(hours=1)
    other = await service.lobby.create_lobby(2, 701, 900, "alcazar1978", seed=11)      # server 2
    assert isinstance(other, Accepted)
    await service.lobby.join(other.game.id, me)
    started = await service.lobby.start(other.game.id, 900)
    assert isinstance(started, Accepted)
    if started.game.to_move_id != me:
        moved = await service.turns.play(other.game.id, 900,
                                   (await service.records.legal_moves_for(other.game.id, 900))[0].notation)
        assert isinstance(moved, Accepted)
    lobby = await service.lobby.create_lobby(2, 702, 901, "alcazar")
    assert isinstance(lobby, Accepted)
    await service.lobby.join(lobby.game.id, me)
    await service.messages.remember_message(other.game.id, "board", 701, 123456, version=1)

    games = await service.players.my_games(me)
    assert [g.game.id for g in games] == [other.game.id, waiting.game_id, lobby.game.id]
    assert [g.my_turn for g in games] == [True, False, False]
    assert {g.game.guild_id for g in games} == {1, 2}
    assert games[0].board is not None and games[0].board.message_id == 123456
    assert games[1].board is None
    assert await service.players.my_games(12345) == []


async def test_a_game_the_player_resigned_from_is_not_in_their_list(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3, channel_id=605)
    quitter = table.last.game.players[2]
    assert isinstance(await service.turns.resign(table.game_id, quitter), Accepted)
    assert await service.players.my_games(quitter) == []
    assert [g.game.id for g in await service.players.my_games(table.last.game.players[0])] == [table.game_id]


async def test_all_moves_and_the_replay_of_a_finished_game(service: GameService, tmp_path: Path) -> None:
    table = await open_table(service, "alcazar1978", 2, channel_id=602)
    for _ in range(6):
        await table.play()
    await table.play_to_end()
    lines = await service.replays.all_moves(table.game_id)
    assert not isinstance(lines, Refusal)
    assert [line.ply for line in lines] == list(range(1, len(lines) + 1))
    captions = ["start"] + [f"{line.ply}. {line.words}" for line in lines]
    gif = await service.replays.replay_animation(table.game_id, captions, ["Ana", "Ben"])
    assert isinstance(gif, bytes) and len(gif) < REPLAY_BUDGET
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == len(lines) + 1
    assert image.info.get("loop") == 0
    assert [g.id for g in await service.replays.finished_in_channel(602)] == [table.game_id]
    assert await service.replays.finished_in_channel(603) == []


async def test_a_lobby_has_no_replay(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 604, HOST, "alcazar")
    assert isinstance(lobby, Accepted)
    refusal = await service.replays.replay_animation(lobby.game.id, ["start"], ["Ana"])
    assert isinstance(refusal, Refusal) and "not started" in str(refusal.message)


def test_a_replay_too_big_for_the_budget_is_drawn_smaller_keeping_every_frame() -> None:
    from bot.games import alcazar1978
    from bot.service.replays import draw_replay

    state, log = alcazar1978.new_game(players=2, seed=1), []
    for _ in range(3):
        move = alcazar1978.legal_moves(state)[0]
        log.append(("move", alcazar1978.to_move(state), str(move)))
        state = alcazar1978.play(state, move)
    captions = ["start", "1", "2", "3"]
    full = draw_replay("alcazar1978", 2, 1, {}, log, None, captions, ["Ana", "Ben"])
    small = draw_replay("alcazar1978", 2, 1, {}, log, None, captions, ["Ana", "Ben"], budget=len(full) - 1)
    assert len(small) < len(full)
    big, little = Image.open(io.BytesIO(full)), Image.open(io.BytesIO(small))
    assert little.n_frames == big.n_frames == 4 and little.width < big.width
