"""The rows the store reads and writes, as small immutable values.

Times are seconds since the epoch (floats), as given by the service's clock.
JSON columns are decoded here, so callers never see SQL text or JSON strings.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class GameStatus(str, Enum):
    """Where a game is in its life: a lobby becomes active, then finished or cancelled."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_live(self) -> bool:
        """A live game (lobby or active) occupies its channel."""
        return self in (GameStatus.LOBBY, GameStatus.ACTIVE)


class EntryKind(str, Enum):
    """What a line of the move log records."""

    MOVE = "move"      # a move of the engine's move list (a forced pass included)
    SKIP = "skip"      # the player to act missed the deadline and forfeits the turn (2009)
    RETIRE = "retire"  # the seat resigned and leaves a game that goes on (2009)


@dataclass(frozen=True)
class GameRow:
    """One game: a lobby, a game in play, or a game that has ended."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    status: GameStatus
    host_id: int
    settings: dict[str, Any]
    seed: int
    version: int
    created_at: float
    updated_at: float
    turn_seat: int | None
    turn_since: float | None


@dataclass(frozen=True)
class SeatRow:
    """A player of a game; ``seat`` is ``None`` until the game starts."""

    game_id: int
    user_id: int
    joined_at: float
    seat: int | None
    resigned: bool
    stand_in: bool = False     # resigned, and the stand-in (a computer) plays the seat on

    @property
    def is_computer(self) -> bool:
        """A computer player's seat (computer players have negative user ids)."""
        return self.user_id < 0

    @property
    def computer_plays(self) -> bool:
        """A computer plays this seat: a computer player, or the stand-in for one who resigned."""
        return self.is_computer or self.stand_in


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's move log, as it is appended."""

    ply: int          # 1-based position in the game's log (skips and retirements count)
    seat: int
    kind: EntryKind
    notation: str     # the engine's canonical notation; "skip" / "retire" for those kinds
    words: str        # the move in plain words, safe to show in the channel
    forced: bool      # played by the service itself (the only legal move was `pass`)
    played_at: float
    stand_in: bool = False   # a computer played it for an absent (late or resigned) player


@dataclass(frozen=True)
class Snapshot:
    """The engine state after the game's log up to ``ply``, at game ``version``."""

    game_id: int
    version: int
    ply: int
    state: str        # compact JSON of the engine's ``to_dict``


@dataclass(frozen=True)
class ResultRow:
    """How a finished game ended."""

    game_id: int
    winners: tuple[int, ...]   # seats; empty on a draw
    reason: str
    outcome: dict[str, Any]    # ``Outcome.to_dict()``
    finished_at: float


@dataclass(frozen=True)
class ReminderRow:
    """Reminders already sent for the turn that began at game ``version``."""

    game_id: int
    version: int
    sent: int
    last_sent_at: float


@dataclass(frozen=True)
class QuestionRow:
    """A question put to the table at game ``version``: ``"undo"`` (take back the asker's
    last move) or ``"draw"`` (a draw by agreement), with who has said yes so far."""

    game_id: int
    question: str
    asked_by: int
    version: int
    asked_at: float
    agreed_by: tuple[int, ...] = ()


@dataclass(frozen=True)
class PostedMessageRow:
    """A message of the bot that it edits later (``role``: lobby, board, hand or question)."""

    game_id: int
    role: str
    user_id: int            # a hand's owner; 0 for the channel's messages
    channel_id: int
    message_id: int
    version: int            # the game version the message shows
    detail: Any = None      # what it showed, for saying what changed (a hand's cards)
