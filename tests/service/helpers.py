"""Shared set-up for the service tests: games started through the service, a shadow
engine state that follows the events, and a move chooser that can finish games."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.games import get_game
from bot.service import Accepted, ComputerToMove, GameService, MovePlayed, Refusal
from bot.store import EntryKind, GameRow, LogEntry, Store

HOST = 100


def player_ids(count: int) -> list[int]:
    return [HOST + i for i in range(count)]


@dataclass
class Table:
    """A started game as a test drives it: the last result and a shadow engine state."""

    service: GameService
    kind: str
    last: Accepted
    shadow: Any
    rng: random.Random = field(default_factory=lambda: random.Random(1))

    @property
    def game_id(self) -> int:
        return self.last.game.id

    @property
    def engine(self) -> Any:
        return get_game(self.kind)

    @property
    def to_move_id(self) -> int | None:
        return self.last.game.to_move_id

    def follow(self, result: Accepted) -> None:
        """Apply the log lines of an accepted result to the shadow state."""
        for event in result.events:
            if isinstance(event, MovePlayed):
                if event.kind is EntryKind.SKIP:
                    self.shadow = self.engine.skip(self.shadow)
                elif event.kind is EntryKind.RETIRE:
                    self.shadow = self.engine.retire(self.shadow, event.seat)
                else:
                    self.shadow = self.engine.play(self.shadow, event.notation)
        self.last = result

    def pick(self, *, win: bool) -> str:
        """A random legal move; with ``win``, a move that ends the game when there is one.

        Alcazar (2009) ends by itself within about a hundred random moves, so only
        Alcazar (1978) looks ahead (its random games can wander for a long time).
        """
        moves = self.engine.legal_moves(self.shadow)
        if self.kind == "alcazar":
            return str(self.rng.choice(moves))
        if win:
            for move in moves:
                if self.engine.outcome(self.engine.play(self.shadow, move)) is not None:
                    return str(move)
        else:
            quiet = [m for m in moves if self.engine.outcome(self.engine.play(self.shadow, m)) is None]
            moves = quiet or moves
        return str(self.rng.choice(moves))

    async def play(self, text: str | None = None, *, win: bool = False) -> Accepted:
        """The player to move plays ``text`` (or a chosen move); fails the test if refused."""
        user = self.to_move_id
        assert user is not None, "the game is over"
        result = await self.service.turns.play(self.game_id, user, text or self.pick(win=win),
                                         self.last.game.version)
        assert isinstance(result, Accepted), result
        self.follow(result)
        return result

    async def resign(self, seat: int) -> Accepted:
        """The player in ``seat`` resigns; fails the test if refused."""
        result = await self.service.turns.resign(self.game_id, self.last.game.players[seat])
        assert isinstance(result, Accepted), result
        self.follow(result)
        return result

    async def play_to_end(self, limit: int = 400) -> Accepted:
        for _ in range(limit):
            if self.last.game.to_move_id is None:
                return self.last
            await self.play(win=True)
        raise AssertionError(f"no end after {limit} moves")


async def open_table(service: GameService, kind: str, players: int, *, seed: int = 7,
                     channel_id: int = 500) -> Table:
    """Create, fill and start a game through the service."""
    users = player_ids(players)
    lobby = await service.lobby.create_lobby(1, channel_id, users[0], kind, seed=seed)
    assert isinstance(lobby, Accepted), lobby
    for user in users[1:]:
        joined = await service.lobby.join(lobby.game.id, user)
        assert isinstance(joined, Accepted), joined
    started = await service.lobby.start(lobby.game.id, users[0])
    assert isinstance(started, Accepted), started
    engine = get_game(kind)
    options = dict(started.game.settings.options)
    table = Table(service, kind, started, engine.new_game(players=players, seed=seed, options=options))
    table.follow(started)
    return table


async def computer_to_move(service: GameService, level: str, *, channel_id: int = 500) -> ComputerToMove:
    """``HOST`` against a computer of ``level`` in Alcazar (1978), ``HOST``'s first move played when
    ``HOST`` sits first: the event that hands the computer its turn."""
    lobby = await service.lobby.create_lobby(1, channel_id, HOST, "alcazar1978", seed=3)
    assert isinstance(lobby, Accepted), lobby
    await service.computers.add_computer(lobby.game.id, HOST, level)
    result = await service.lobby.start(lobby.game.id, HOST)
    assert isinstance(result, Accepted), result
    if not result.game.computer_to_move:
        [choice, *_] = await service.records.legal_moves_for(result.game.id, HOST)
        result = await service.turns.play(result.game.id, HOST, choice.notation, result.game.version)
        assert isinstance(result, Accepted), result
    [turn] = [e for e in result.events if isinstance(e, ComputerToMove)]
    return turn


def refused(result: object, reason: Any) -> Refusal:
    assert isinstance(result, Refusal), result
    assert result.reason is reason, result
    return result


async def finished_in(service: GameService, channel_id: int, host: int, guest: int) -> int:
    """A game of Alcazar (1978) in ``channel_id`` that ended by the guest's resigning; its id."""
    lobby = await service.lobby.create_lobby(1, channel_id, host, "alcazar1978", seed=3)
    assert isinstance(lobby, Accepted), lobby
    for step in (service.lobby.join(lobby.game.id, guest), service.lobby.start(lobby.game.id, host),
                 service.turns.resign(lobby.game.id, guest)):
        assert isinstance(await step, Accepted)
    return lobby.game.id


async def stored_log(store: Store, game_id: int) -> tuple[GameRow, list[LogEntry]]:
    """The game's row and its live log, as the store keeps them."""
    async with store.read() as tx:
        row = await tx.games.get(game_id)
        assert row is not None
        return row, await tx.moves.entries(game_id)
