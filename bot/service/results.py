"""What the service answers: ``Accepted`` with events, or a ``Refusal`` with a reason.

A refusal is an ordinary value, never an exception: the Discord layer shows
``refusal.message`` to the user (ephemerally) and may branch on
``refusal.reason``.

The one failure that is an exception: ``StoreUnavailable`` (its ``problem`` a
``StoreProblem``: unreachable, disk full, read-only, disk error), when the
game store cannot take the work now. It is the host's to fix, not the
player's; nothing of the operation was kept, and the same call succeeds once
the store is back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from bot.games.common import MoveDescription, Outcome
from bot.i18n.message import Msg
from bot.service.clocks import TurnClock
from bot.service.events import Event
from bot.service.settings import GameSettings
from bot.store import Problem as StoreProblem  # re-exported, like StoreUnavailable: the service's words for them
from bot.store import StoreUnavailable as StoreUnavailable
from bot.store import PostedMessageRow
from bot.store.records import EntryKind, GameStatus


class Reason(str, Enum):
    """Why the service refused an operation."""

    NO_SUCH_GAME = "no such game"
    CHANNEL_BUSY = "a game is already running in this channel"
    UNKNOWN_GAME_KIND = "unknown game"
    BAD_SETTINGS = "setting not allowed"
    NOT_HOST = "not the host"
    NOT_IN_GAME = "not in this game"
    ALREADY_JOINED = "already joined"
    LOBBY_FULL = "lobby full"
    WRONG_PLAYER_COUNT = "wrong player count"
    ALREADY_STARTED = "game already started"
    NOT_STARTED = "game not started"
    GAME_OVER = "game over"
    NOT_YOUR_TURN = "not your turn"
    MALFORMED_MOVE = "malformed move"
    ILLEGAL_MOVE = "illegal move"
    STALE_VERSION = "stale version"
    NOTHING_TO_UNDO = "nothing to undo"
    NO_UNDO_REQUEST = "no undo request"
    NOT_YOUR_VOTE = "not yours to approve"
    NO_DRAWS = "no draw by agreement in this game"
    NO_DRAW_OFFER = "no draw offer"
    ALREADY_ASKED = "already asked"
    AWAY_LIMIT = "away too long"
    NOT_AWAY = "not away"
    LINK_BROKEN = "link broken"
    LINK_EXPIRED = "link expired"
    LINK_ENDED = "link ended"


@dataclass(frozen=True)
class Refusal:
    """The operation was refused and nothing changed; ``message`` says why (a ``Msg``, worded for the reader)."""

    reason: Reason
    message: Msg

    ok = False


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended, with the winners as seats and as user ids."""

    winners: tuple[int, ...]
    winner_ids: tuple[int, ...]
    reason: Msg | str       # a message; results stored before messages keep an English sentence
    outcome: Outcome
    finished_at: float
    stand_in_seats: tuple[int, ...] = ()   # seats the stand-in played at least one move for


@dataclass(frozen=True)
class GameInfo:
    """A game as the Discord layer shows it (no secrets)."""

    id: int
    guild_id: int
    channel_id: int
    kind: str
    title: str
    status: GameStatus
    host_id: int
    settings: GameSettings
    version: int
    players: tuple[int, ...]           # user ids: seat order once started, joining order before
    resigned: frozenset[int]           # user ids of players who resigned
    to_move_seat: int | None
    to_move_id: int | None             # user id of the player to act
    turn_since: float | None
    result: GameResult | None = None
    stood_in: frozenset[int] = frozenset()   # user ids who resigned and whose seat the stand-in plays

    def seat_of(self, user_id: int) -> int | None:
        return self.players.index(user_id) if user_id in self.players else None

    @property
    def computers(self) -> tuple[int, ...]:
        """The computer players' user ids (negative), in seat (or joining) order."""
        return tuple(u for u in self.players if u < 0)

    def played_by_computer(self, seat: int) -> bool:
        """Whether a computer plays this seat now: a computer player, or the stand-in of one who resigned."""
        user_id = self.players[seat]
        return user_id < 0 or user_id in self.stood_in

    @property
    def computer_to_move(self) -> bool:
        """The table waits for a computer (it moves by itself within seconds)."""
        return self.to_move_seat is not None and self.played_by_computer(self.to_move_seat)


@dataclass(frozen=True)
class TurnFacts:
    """What a board says about the turn: when it runs out, and who is away until when.

    ``deadline_at`` is None without a deadline and while the player to act is away
    (their clock stands still); ``away`` names the players away at that moment."""

    deadline_at: float | None = None
    away: Mapping[int, float] = field(default_factory=dict)
    clock: TurnClock | None = None       # with a time bank: every player's bank, and when it runs out


@dataclass(frozen=True)
class BoardPosting:
    """Everything a board message shows: the public view (no hand of anyone) and the turn's facts."""

    board: BoardView
    turn: TurnFacts


@dataclass(frozen=True)
class HandChange:
    """One player's hand after a change, for that player's eyes only.

    ``drawn`` are the cards the deck gave (a purchase from the deck; nothing else is unseen), and
    ``message`` the hand DM that showed the hand before, if there is one."""

    seat: int
    user_id: int
    private: BoardView = field(repr=False)
    drawn: tuple[int, ...] = field(default=(), repr=False)
    message: PostedMessageRow | None = field(default=None, repr=False)


@dataclass(frozen=True)
class BoardRecorded:
    """What recording a newly posted board replaced, and the facts if they moved on meanwhile.

    ``previous`` is the board before (its buttons go), ``lapsed_question`` an open
    question the change voided, and ``turn`` the turn's facts as they are now when
    they differ from those the board was drawn with (someone went away while it was
    posted): the board is then edited to say so."""

    previous: PostedMessageRow | None = None
    lapsed_question: PostedMessageRow | None = None
    turn: TurnFacts | None = None


@dataclass(frozen=True)
class Accepted:
    """The operation happened; ``events`` say what changed, in order.

    A change of the board also brings what posting it needs: ``posting`` (the public
    view and the turn's facts) and ``hands`` (each changed hand, for its owner only)."""

    game: GameInfo
    events: tuple[Event, ...] = ()
    posting: BoardPosting | None = field(default=None, repr=False)
    hands: tuple[HandChange, ...] = field(default=(), repr=False)

    ok = True

    def of_type(self, kind: type[Event]) -> list[Event]:
        """The events of one type, e.g. ``result.of_type(HandsChanged)``."""
        return [e for e in self.events if isinstance(e, kind)]


@dataclass(frozen=True)
class BoardView:
    """An engine view (public, or one seat's with that seat's hand) of a game."""

    game: GameInfo
    seat: int | None
    view: Mapping[str, Any] = field(repr=False)


@dataclass(frozen=True)
class MoveChoice:
    """A legal move for autocomplete and the chooser: its notation, the same move in words, and its
    parts as the engine describes them (``bot.games.alcazar.AlcazarMoveParts``,
    ``bot.games.alcazar1978.Alcazar1978MoveParts``), so nobody above the engine reads notation, and
    the words of each part (``bot.games.common.MoveWords.parts``) for the chooser's steps."""

    notation: str
    words: Msg
    parts: MoveDescription = field(compare=False, repr=False)
    words_by_part: tuple[Msg | None, ...] = field(default=(), compare=False, repr=False)   # see MoveWords


@dataclass(frozen=True)
class HistoryLine:
    """One line of a game's log, safe to show in the channel."""

    ply: int
    seat: int
    user_id: int
    kind: EntryKind
    notation: str
    words: Msg | str        # made from the notation when asked for, in no language yet
    forced: bool
    played_at: float
    stand_in: bool = False        # the stand-in (a computer) played it for an absent player


BANK_WARNING = "bank_warning"


@dataclass(frozen=True)
class Reminder:
    """A player who should be reminded that it is their turn."""

    game_id: int
    guild_id: int
    channel_id: int
    user_id: int
    seat: int
    number: int                    # 1 for the first reminder of this turn
    version: int                   # the game version the turn belongs to
    waiting_since: float
    #: Set on the one warning that a quarter of the player's time bank is left (``number`` 0): when it runs out.
    runs_out_at: float | None = None

    @property
    def task(self) -> str:
        """The claim this reminder is sent under: a reminder of the turn, or the time bank's warning."""
        return "reminder" if self.runs_out_at is None else BANK_WARNING
    # What sending it needs, so that a reminder asks the service nothing more:
    title: str = ""
    deadline_at: float | None = None     # the player's time away added; None without a deadline
    language: str = "en"                 # the game's (for a reminder in the channel)
    dm_language: str = "en"              # the player's last-used language (for the DM)
    dm_channel_id: int | None = None     # the player's DM channel with the bot, once known
    bank_ends_at: float | None = None    # when the player's time bank runs out; None without one
