"""Events: what changed in a game, for the Discord layer to turn into messages.

Events carry ids and public words only. ``HandsChanged`` names the seats whose
hand changed, never the cards: the Discord layer asks ``private_view`` for the
hand and sends it to that player alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.common import Outcome
from bot.i18n.message import Msg
from bot.store.records import EntryKind


@dataclass(frozen=True)
class LobbyOpened:
    game_id: int
    host_id: int
    kind: str


@dataclass(frozen=True)
class PlayerJoined:
    game_id: int
    user_id: int
    players: tuple[int, ...]     # everyone in the lobby now, in joining order


@dataclass(frozen=True)
class PlayerLeft:
    game_id: int
    user_id: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class SettingsChanged:
    game_id: int
    settings: dict[str, object]


@dataclass(frozen=True)
class GameStarted:
    game_id: int
    players: tuple[int, ...]     # user ids in seat order; seat 0 moves first


@dataclass(frozen=True)
class MovePlayed:
    """One line added to the log: a move (a forced pass too), a skip or a retirement."""

    game_id: int
    ply: int
    seat: int
    user_id: int
    kind: EntryKind
    notation: str
    words: Msg | str   # a message (a line logged before messages: its English sentence)
    forced: bool
    stand_in: bool = False       # the stand-in (a computer) played it for an absent player
    out_of_time: bool = False    # a retirement because the player's time bank ran out


@dataclass(frozen=True)
class ComputerToMove:
    """A computer is to play this turn (a computer player, or the stand-in): call
    ``play_computer_turn(game_id, version)``; it thinks in a worker process."""

    game_id: int
    version: int
    seat: int


@dataclass(frozen=True)
class BoardChanged:
    """The board is now at ``version``: redraw it (and its buttons carry this version)."""

    game_id: int
    version: int


@dataclass(frozen=True)
class HandsChanged:
    """These players' hands changed: send each their private view again."""

    game_id: int
    seats: tuple[int, ...]
    user_ids: tuple[int, ...]


@dataclass(frozen=True)
class TurnChanged:
    """Whose turn it is now."""

    game_id: int
    seat: int
    user_id: int


@dataclass(frozen=True)
class PlayerResigned:
    game_id: int
    seat: int
    user_id: int


@dataclass(frozen=True)
class GameOver:
    game_id: int
    outcome: Outcome
    winner_ids: tuple[int, ...]  # empty on a draw


@dataclass(frozen=True)
class GameCancelled:
    game_id: int
    by_user_id: int | None       # None: the lobby closed because its host left


@dataclass(frozen=True)
class UndoRequested:
    game_id: int
    requester_id: int
    waiting_for: tuple[int, ...]  # user ids who still have to approve


@dataclass(frozen=True)
class UndoApproved:
    game_id: int
    user_id: int
    waiting_for: tuple[int, ...]


@dataclass(frozen=True)
class UndoDeclined:
    game_id: int
    user_id: int


@dataclass(frozen=True)
class MovesUndone:
    """Log lines taken back (the requested move and any forced passes after it)."""

    game_id: int
    plies: tuple[int, ...]


@dataclass(frozen=True)
class DrawOffered:
    game_id: int
    user_id: int
    to_user_id: int              # the opponent, who may accept or decline


@dataclass(frozen=True)
class DrawDeclined:
    game_id: int
    user_id: int


Event = (
    LobbyOpened | PlayerJoined | PlayerLeft | SettingsChanged | GameStarted | MovePlayed
    | BoardChanged | HandsChanged | TurnChanged | ComputerToMove | PlayerResigned | GameOver | GameCancelled
    | UndoRequested | UndoApproved | UndoDeclined | MovesUndone | DrawOffered | DrawDeclined
)
