"""The games the service holds in memory, in a form the cyclic garbage collector does not walk.

An engine state is many small objects (an Alcazar board: lists of stacks,
dicts of nobles and flags, players, bridges, its buildings worked out), about
50 that the collector tracks per game. A full collection walks every one of
them, so with thousands of games cached it stopped the event loop for a time
that grew with the cache (94 ms with 1,000 games, 250 ms with 4,000).

So only the games played last are held as they are (``LiveGame``, at most
``UNPACKED`` of them); every other cached game is *packed*: its row and seats
pickled, its state as the engine's snapshot (``to_dict`` as JSON, what the
store keeps), in a plain tuple of a bytes, a str and two ints. A tuple of
such atoms is untracked by the collector from its first young collection on,
so a packed game costs a full collection nothing, whatever the number of games.

A packed game is unpacked when it is asked for, as a game evicted from the
cache is reloaded from its snapshot, minus the read: ``from_dict`` of what
``to_dict`` wrote, the engine's contract that the release fixtures hold. The
game is the same; what the engine works out and caches on a state (its
buildings, its legal moves) is worked out again once. Unpacking takes about
0.2 ms for an Alcazar board of 40 plies, packing about as long: a few per cent
of a move's turn (about 15 ms with its board drawn), paid only by a game that
was not among the last ``UNPACKED`` played.
"""
from __future__ import annotations

import pickle
from collections import OrderedDict
from typing import Iterator

from bot.games import get_game
from bot.service import live as engine_work
from bot.service.live import LiveGame


#: A cached game in atoms only: its row and seats pickled, its state as the engine's snapshot, its ply and
#: the ply of its stored snapshot. A plain tuple: the collector untracks only an exact tuple (not a
#: ``NamedTuple``) whose items are all untracked.
PackedGame = tuple[bytes, str, int, "int | None"]


def pack(game: LiveGame) -> PackedGame:
    return (pickle.dumps((game.row, game.seats), pickle.HIGHEST_PROTOCOL),
            engine_work.snapshot_of(game.engine, game.state), game.ply, game.snapshot_ply)


def unpack(packed: PackedGame) -> LiveGame:
    rows, snapshot, ply, snapshot_ply = packed
    row, seats = pickle.loads(rows)
    engine = get_game(row.kind)
    state, hands = engine_work.restore(engine, snapshot, len(seats))
    return LiveGame(row=row, seats=seats, engine=engine, state=state, ply=ply, hands=hands,
                    snapshot_ply=snapshot_ply)


class GameCache:
    """Up to ``size`` games by id, least recently used first; the last ``unpacked`` used held as they
    are, the others packed.

    ``get`` and iteration do not change the order of use (``move_to_end`` and ``remember`` do); ``get``
    of a packed game unpacks it and holds it unpacked, packing the one unpacked longest ago."""

    #: Games held unpacked: the collector walks these (about 50 objects for an Alcazar game), so this
    #: bounds the cache's share of a full collection, whatever ``size`` (with 5,000 games cached, a full
    #: collection in the running bot takes about 0.6 ms on a 2-core machine).
    UNPACKED = 64

    def __init__(self, size: int, unpacked: int | None = None) -> None:
        if size < 1:
            raise ValueError("the game cache needs room for at least one game")
        self.size = size
        self.unpacked_size = max(1, min(size, self.UNPACKED if unpacked is None else unpacked))
        # Every cached game in order of use; None while the game is in ``_unpacked``.
        self._games: OrderedDict[int, PackedGame | None] = OrderedDict()
        # The games held as they are, in the order they were last asked for.
        self._unpacked: OrderedDict[int, LiveGame] = OrderedDict()

    def get(self, game_id: int) -> LiveGame | None:
        game = self._unpacked.get(game_id)
        if game is not None:
            self._unpacked.move_to_end(game_id)
            return game
        packed = self._games.get(game_id)
        if packed is None:
            return None
        game = unpack(packed)
        self._hold_unpacked(game)
        return game

    def move_to_end(self, game_id: int) -> None:
        """The game was used: the last to be evicted."""
        self._games.move_to_end(game_id)

    def remember(self, game: LiveGame) -> None:
        """Hold ``game`` (the game's latest copy) as the most recently used; the least recently used
        game goes when the cache is full."""
        self._hold_unpacked(game)
        self._games.move_to_end(game.row.id)
        while len(self._games) > self.size:
            oldest, _ = self._games.popitem(last=False)
            self._unpacked.pop(oldest, None)

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)
        self._unpacked.pop(game_id, None)

    def _hold_unpacked(self, game: LiveGame) -> None:
        game_id = game.row.id
        self._games[game_id] = None
        self._unpacked[game_id] = game
        self._unpacked.move_to_end(game_id)
        while len(self._unpacked) > self.unpacked_size:
            oldest_id, oldest = self._unpacked.popitem(last=False)
            self._games[oldest_id] = pack(oldest)

    def unpacked(self) -> list[int]:
        """The ids of the games held unpacked, the one asked for longest ago first."""
        return list(self._unpacked)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def __iter__(self) -> Iterator[int]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)
