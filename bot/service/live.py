"""A game in play as the service holds it in memory, and the engine work on it.

The functions here are synchronous and pure apart from the engine calls; the
service runs them in a worker thread (one hop per operation) so the event
loop never waits for the engine.
"""
from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from typing import Any, Container, Iterable, Iterator, Mapping, Sequence

from bot.games import AnyEngine
from bot.games.common import GameError, MoveDescription, Outcome
from bot.i18n.message import Msg, message_of
from bot.service.results import MoveChoice
from bot.store.records import EntryKind, GameRow, LogEntry, SeatRow

#: A move writes the game's snapshot when this many log lines have been added since the last one
#: (and always when the game ends). Loading replays the lines after the snapshot, fewer than
#: this many; every move in between saves a statement and the state's JSON encoding.
SNAPSHOT_EVERY = 10


@dataclass(frozen=True)
class LiveGame:
    """An active or finished game at one version: the row, the seats and the engine state.

    ``hands`` holds each seat's hand (``None`` for a game without hands), so
    the next move can tell whose hand changed without asking the engine about
    the old state again.
    """

    row: GameRow
    seats: tuple[SeatRow, ...]
    engine: AnyEngine
    state: Any
    ply: int
    hands: tuple[Any, ...]
    #: The ply of the stored snapshot; ``None``: it is at ``ply`` (the step that made this copy wrote it).
    snapshot_ply: int | None = None

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def stored_snapshot_ply(self) -> int:
        return self.ply if self.snapshot_ply is None else self.snapshot_ply

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int:
        return self.seats[seat].user_id

    def is_to_act(self, seat: int) -> bool:
        """Whether ``seat`` acts now, by the row and by the board alike. A copy read at one moment
        always has them agree; asking both means no copy could hand one player the moves (and with
        them the hand) of another."""
        return seat == self.row.turn_seat and seat == self.engine.to_move(self.state)


@dataclass(frozen=True)
class Step:
    """What one action did: the new state and everything the commit, the events and the posting need,
    worked out in one hop to the worker thread."""

    state: Any
    entries: tuple[LogEntry, ...]
    hands: tuple[Any, ...]
    hands_changed: tuple[int, ...]
    outcome: Outcome | None
    snapshot: str | None          # the new state's snapshot when one is due (``snapshot_due``)
    ply: int                      # log length after the step
    #: The engine's views of the new state that posting it shows: the public one (None) and each changed hand's.
    views: Mapping[int | None, Mapping[str, Any]]
    #: The parts of the move played (what it took, whether it drew from the deck); None for a skip or a retirement.
    parts: MoveDescription | None = None


@dataclass(frozen=True)
class Action:
    """What a player (or the deadline) does: a move by text, a skip or a retirement."""

    kind: EntryKind
    seat: int
    text: str = ""


def seat_name(engine: AnyEngine, seat: int) -> Msg:
    """The seat's colour as players know it ("Blue", "Red")."""
    return Msg(f"colour.{engine.COLORS[seat]}")


def stored_words(words: Msg) -> str:
    """A move's words as the log keeps them: the message as JSON, in no language."""
    return json.dumps(words.to_json(), ensure_ascii=False, separators=(",", ":"))


def words_of(entry: LogEntry) -> Msg | str:
    """The words of a log line: a message, or the English sentence of a line logged before messages."""
    if entry.words.startswith("{"):
        return message_of(json.loads(entry.words))
    return entry.words


def skip_words(engine: AnyEngine, seat: int) -> Msg:
    return Msg("move.missed_deadline", colour=seat_name(engine, seat))


def retire_words(engine: AnyEngine, seat: int) -> Msg:
    return Msg("move.resigns", colour=seat_name(engine, seat))


def advance(engine: AnyEngine, live: LiveGame, action: Action, now: float, stand_in: bool = False) -> Step:
    """Apply ``action`` and then every forced pass after it (``stand_in``: a computer played it
    for an absent player, which the log keeps).

    Raises the engine's ``MoveError`` / ``IllegalMove`` for a bad move; then
    nothing has changed.
    """
    state = live.state
    ply = live.ply + 1
    words: Msg
    parts = None
    if action.kind is EntryKind.MOVE:
        move = engine.parse_move(state, action.text)
        words = engine.describe_move(state, move)
        parts = engine.describe(state, move)
        notation = str(move)
        state = engine.play(state, move)
    elif action.kind is EntryKind.SKIP:
        words = skip_words(engine, action.seat)
        notation = "skip"
        state = engine.skip(state)
    else:
        words = retire_words(engine, action.seat)
        notation = "retire"
        state = engine.retire(state, action.seat)
    entries = [LogEntry(ply, action.seat, action.kind, notation, stored_words(words), False, now, stand_in)]
    state = _play_forced_passes(engine, state, entries, now)
    hands = hands_of(engine, state, len(live.seats))
    outcome = engine.outcome(state)
    ply = entries[-1].ply
    hands_changed = tuple(s for s, (a, b) in enumerate(zip(live.hands, hands)) if a != b)
    return Step(
        state=state,
        entries=tuple(entries),
        hands=hands,
        hands_changed=hands_changed,
        outcome=outcome,
        snapshot=snapshot_of(engine, state) if snapshot_due(live, ply, outcome is not None) else None,
        ply=ply,
        views=views_of(engine, state, (None, *hands_changed)),
        parts=parts,
    )


def standing_still(engine: AnyEngine, live: LiveGame) -> Step:
    """A step that adds no log line and leaves the board as it is (a game ended by the session)."""
    return Step(state=live.state, entries=(), hands=live.hands, hands_changed=(),
                outcome=None, snapshot=None, ply=live.ply, views=views_of(engine, live.state, (None,)))


def views_of(engine: AnyEngine, state: Any, seats: Iterable[int | None]) -> dict[int | None, Mapping[str, Any]]:
    """The engine's views of ``state`` for ``seats`` (None: the public one)."""
    return {seat: engine.view(state, seat) for seat in seats}


def snapshot_due(live: LiveGame, ply: int, finished: bool) -> bool:
    """Whether a step that brings ``live`` to ``ply`` writes the snapshot: every ``SNAPSHOT_EVERY``
    lines, and at the end, so a finished game loads without a replay."""
    return finished or ply - live.stored_snapshot_ply >= SNAPSHOT_EVERY


def start(engine: AnyEngine, players: int, seed: int, options: dict[str, Any], now: float
          ) -> tuple[Any, list[LogEntry], tuple[Any, ...], str]:
    """The opening state (after any forced passes), its log lines, hands and snapshot."""
    state = engine.new_game(players=players, seed=seed, options=options)
    entries: list[LogEntry] = []
    state = _play_forced_passes(engine, state, entries, now)
    return state, entries, hands_of(engine, state, players), snapshot_of(engine, state)


def _play_forced_passes(engine: AnyEngine, state: Any, entries: list[LogEntry], now: float) -> Any:
    """Play `pass` while it is the only legal move; returns the state after them."""
    while engine.forced_pass(state):
        seat = engine.to_move(state)
        assert seat is not None, "a forced pass has a player to make it"
        ply = entries[-1].ply + 1 if entries else engine.ply(state) + 1
        entries.append(LogEntry(ply, seat, EntryKind.MOVE, "pass",
                                stored_words(engine.describe_move(state, "pass")), True, now))
        state = engine.play(state, "pass")
    return state


def hands_of(engine: AnyEngine, state: Any, players: int) -> tuple[Any, ...]:
    """Each seat's hand (``None`` where the game has no hands), to tell whose hand a move changed."""
    return tuple(engine.hand(state, seat) for seat in range(players))


def snapshot_of(engine: AnyEngine, state: Any) -> str:
    return json.dumps(engine.to_dict(state), separators=(",", ":"))


def restore(engine: AnyEngine, snapshot: str, players: int) -> tuple[Any, tuple[Any, ...]]:
    """The state in a snapshot, with its hands."""
    state = engine.from_dict(json.loads(snapshot))
    return state, hands_of(engine, state, players)


def resume(engine: AnyEngine, snapshot: str, later: Sequence[LogEntry], players: int
           ) -> tuple[Any, tuple[Any, ...]]:
    """The state in a snapshot with the log lines played after it, and its hands.

    A snapshot holds the state after the log's first ``ply`` lines (what every
    release wrote: until now always at the game's version), so the lines after
    it bring it to the game's version. ``ValueError`` when the engine cannot read
    the snapshot (another schema): the caller rebuilds the game from its seed.
    """
    state = engine.from_dict(json.loads(snapshot))
    for step in replay_log(engine, state, later):
        state = step.after
    return state, hands_of(engine, state, players)


@dataclass(frozen=True)
class ReplayStep:
    """One line of a game's log as it is replayed: the state before and after it, and its words
    (made afresh from the notation, when they were asked for)."""

    before: Any
    entry: LogEntry
    after: Any
    words: Msg | None = None


def opening(engine: AnyEngine, players: int, seed: int, options: dict[str, Any]) -> Any:
    """The state a game starts from, before its first log line."""
    return engine.new_game(players=players, seed=seed, options=options)


def replay_log(engine: AnyEngine, state: Any, entries: Iterable[LogEntry],
               words_for: Container[int] = frozenset()) -> Iterator[ReplayStep]:
    """Walk the log from ``state`` (a game's ``opening``), one step per line; a line whose ply is in
    ``words_for`` carries its words, described from the state before it."""
    for entry in entries:
        words: Msg | None = None
        if entry.kind is EntryKind.SKIP:
            if entry.ply in words_for:
                words = skip_words(engine, entry.seat)
            after = engine.skip(state)
        elif entry.kind is EntryKind.RETIRE:
            if entry.ply in words_for:
                words = retire_words(engine, entry.seat)
            after = engine.retire(state, entry.seat)
        else:
            if entry.ply in words_for:
                words = engine.describe_move(state, engine.parse_move(state, entry.notation))
            after = engine.play(state, entry.notation)
        yield ReplayStep(state, entry, after, words)
        state = after


def replay(
    engine: AnyEngine, players: int, seed: int, options: dict[str, Any],
    entries: Sequence[LogEntry],
) -> Any:
    """Rebuild a game from its seed and its move log (the snapshot is never needed)."""
    state = opening(engine, players, seed, options)
    for step in replay_log(engine, state, entries):
        state = step.after
    return state


#: Where a replay that worded a game's history stopped: how many lines of the log it walked, a fingerprint
#: of them, the state after them (the engine's snapshot) and the words of the last lines (pickled). The
#: next history of the same game starts from here when its log begins with those same lines. A plain tuple
#: of atoms, which the collector untracks: kept for hundreds of games, it adds nothing to a collection
#: (the words as messages would be some 200 objects a game).
WordedLog = tuple[int, int, str, bytes]


def log_fingerprint(entries: Sequence[LogEntry]) -> int:
    """What tells one log apart from another within this process: a line taken back and another played in
    its place changes it."""
    return hash(tuple((e.ply, e.seat, e.kind, e.notation) for e in entries))


def history_words(
    engine: AnyEngine, players: int, seed: int, options: dict[str, Any],
    entries: Sequence[LogEntry], wanted: set[int], recent: int, since: WordedLog | None = None,
) -> tuple[dict[int, Msg], WordedLog]:
    """The words of the log lines whose ply is in ``wanted``, made afresh from their notation; and where
    this replay stopped, with the words of the last ``recent`` lines, for the next one.

    The log's notation is replayed, so every game (those logged before moves had messages too) reads in
    the reader's language. From the opening, unless ``since`` (the last replay's stop) still holds: its
    lines begin this log, and it has the words of every wanted line it walked.
    """
    last = {e.ply for e in entries[-recent:]} if recent else set()
    keep = wanted | last
    resumed = _resumed(entries, wanted, since)
    if resumed is None:
        state, later = opening(engine, players, seed, options), entries
        words: dict[int, Msg] = {}
    else:
        walked, snapshot, said = resumed
        if walked == len(entries) and last <= said.keys():     # nothing played since: it stops here again
            assert since is not None
            return {ply: said[ply] for ply in wanted if ply in said}, since
        state, later = engine.from_dict(json.loads(snapshot)), entries[walked:]
        words = {ply: line_words for ply, line_words in said.items() if ply in keep}
    for step in replay_log(engine, state, later, words_for=keep - words.keys()):
        state = step.after
        if step.words is not None:
            words[step.entry.ply] = step.words
    recent_words = {ply: said for ply, said in words.items() if ply in last}
    stop = (len(entries), log_fingerprint(entries), snapshot_of(engine, state),
            pickle.dumps(recent_words, pickle.HIGHEST_PROTOCOL))
    return {ply: words[ply] for ply in wanted if ply in words}, stop


def _resumed(entries: Sequence[LogEntry], wanted: set[int], since: WordedLog | None
             ) -> tuple[int, str, dict[int, Msg]] | None:
    """Where ``since`` stopped (the lines walked, the state after them as a snapshot, the words kept), when
    the replay can go on from there: its lines begin this log, and every wanted line is after them or among
    its words; else None."""
    if since is None:
        return None
    walked, fingerprint, snapshot, pickled = since
    if walked > len(entries) or fingerprint != log_fingerprint(entries[:walked]):
        return None
    said: dict[int, Msg] = pickle.loads(pickled)
    if not wanted <= {e.ply for e in entries[walked:]} | said.keys():
        return None
    return walked, snapshot, said


def rebuild(
    engine: AnyEngine, players: int, seed: int, options: dict[str, Any],
    entries: Sequence[LogEntry],
) -> tuple[Any, tuple[Any, ...], str]:
    """``replay`` plus what the service caches: hands and a fresh snapshot."""
    state = replay(engine, players, seed, options, entries)
    return state, hands_of(engine, state, players), snapshot_of(engine, state)


def legal_choices(engine: AnyEngine, state: Any, prefix: str, limit: int | None) -> list[MoveChoice]:
    """The legal moves (notation, words, parts) whose notation starts with ``prefix``, spaces and case aside."""
    if engine.to_move(state) is None:
        return []
    wanted = squeeze(prefix)
    # Plain actions first, then the same with a withdrawal or a noble step: a short list
    # then shows many different actions, not one castle with every way to place nobles.
    moves = sorted(engine.legal_moves(state), key=engine.extras)
    chosen = [m for m in moves if squeeze(str(m)).startswith(wanted)]
    if limit is not None:
        chosen = chosen[:limit]
    return [_choice(engine, state, m) for m in chosen]


def _choice(engine: AnyEngine, state: Any, move: Any) -> MoveChoice:
    words = engine.describe_move_by_part(state, move)
    return MoveChoice(str(move), words.whole, engine.describe(state, move), words.parts)


def parts_of_text(engine: AnyEngine, state: Any, text: str) -> MoveDescription | None:
    """The parts of the legal move ``text`` names; None when it names none."""
    try:
        return engine.describe(state, engine.parse_move(state, text))
    except GameError:
        return None


def squeeze(text: str) -> str:
    """Notation without spaces, in lower case, for matching what a player typed."""
    return "".join(text.split()).lower()
