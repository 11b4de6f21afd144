"""A history's words go on from where the game's last history stopped: the same words as a replay from the
opening, for the cost of the lines played since; a log that changed under it (a move taken back and
another played) is replayed from the opening."""
from __future__ import annotations

import gc
import pickle
from dataclasses import replace
from typing import Any

from bot.games import get_game
from bot.service import FakeClock, GameService
from bot.service.live import history_words, opening, replay_log
from bot.service.queries import RECENT_LINES
from bot.store import LogEntry, Store

from .helpers import open_table, stored_log

PLAYERS = 3


class CountingEngine:
    """The engine, counting the moves it plays (a replay plays every line it walks)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.played = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def play(self, state: Any, move: Any) -> Any:
        self.played += 1
        return self.engine.play(state, move)


async def test_the_history_after_a_move_replays_that_move_alone(store: Store, clock: FakeClock) -> None:
    row, entries = await played_log(store, clock, moves=14)
    engine = get_game("alcazar")
    options = row.settings["options"]
    wanted = {e.ply for e in entries[-5:]}
    _, stop = history_words(engine, PLAYERS, row.seed, options, entries[:-1], wanted - {entries[-1].ply},
                            RECENT_LINES)
    counting = CountingEngine(engine)
    words, after = history_words(counting, PLAYERS, row.seed, options, entries, wanted, RECENT_LINES, stop)
    assert counting.played == 1, "the new line alone"
    assert words == from_the_opening(engine, row.seed, options, entries, wanted)
    walked, _, _, recent_words = after
    assert walked == len(entries)
    assert set(pickle.loads(recent_words)) == {e.ply for e in entries[-RECENT_LINES:]}
    gc.collect()
    assert not gc.is_tracked(after), "atoms only: the collector does not walk the kept replays"
    # Asked again with nothing new, it plays nothing at all.
    counting.played = 0
    again, stop_again = history_words(counting, PLAYERS, row.seed, options, entries, wanted, RECENT_LINES, after)
    assert counting.played == 0 and again == words
    assert stop_again == after, "it stops where it stood, without taking the snapshot apart and writing it again"


async def test_a_log_that_changed_under_the_last_history_is_replayed_from_the_opening(
    store: Store, clock: FakeClock
) -> None:
    row, entries = await played_log(store, clock, moves=10)
    engine = get_game("alcazar")
    options = row.settings["options"]
    _, stop = history_words(engine, PLAYERS, row.seed, options, entries, {entries[-1].ply}, RECENT_LINES)
    # The last move taken back and another played in its place.
    before_last = list(replay_log(engine, opening(engine, PLAYERS, row.seed, options), entries[:-1]))[-1].after
    other = next(str(m) for m in engine.legal_moves(before_last) if str(m) != entries[-1].notation)
    changed = entries[:-1] + [replace(entries[-1], notation=other)]
    counting = CountingEngine(engine)
    wanted = {e.ply for e in changed[-3:]}
    words, _ = history_words(counting, PLAYERS, row.seed, options, changed, wanted, RECENT_LINES, stop)
    assert counting.played == len(changed), "from the opening"
    assert words == from_the_opening(engine, row.seed, options, changed, wanted)
    assert words[changed[-1].ply] != from_the_opening(engine, row.seed, options, entries, wanted)[entries[-1].ply]


async def test_lines_older_than_the_kept_words_are_replayed_from_the_opening(store: Store, clock: FakeClock) -> None:
    row, entries = await played_log(store, clock, moves=12)
    engine = get_game("alcazar")
    options = row.settings["options"]
    _, stop = history_words(engine, PLAYERS, row.seed, options, entries, {entries[-1].ply}, recent=3)
    counting = CountingEngine(engine)
    every = {e.ply for e in entries}
    words, _ = history_words(counting, PLAYERS, row.seed, options, entries, every, 3, stop)
    assert counting.played == len(entries)
    assert words == from_the_opening(engine, row.seed, options, entries, every)


async def test_records_word_each_history_as_a_replay_from_the_opening_would(
    store: Store, clock: FakeClock
) -> None:
    """Through the service as the edges ask: after each move the channel's last line, and a page's forty."""
    service = GameService(store, clock)
    table = await open_table(service, "alcazar", PLAYERS, seed=41)
    engine = get_game("alcazar")
    for _ in range(12):
        await table.play()
        for limit in (1, RECENT_LINES):
            lines = await service.records.history(table.game_id, limit=limit)
            assert isinstance(lines, list)
            row, entries = await stored_log(store, table.game_id)
            wanted = {e.ply for e in entries[-limit:]}
            expected = from_the_opening(engine, row.seed, row.settings["options"], entries, wanted)
            assert {line.ply: line.words for line in lines} == expected


def from_the_opening(engine: Any, seed: int, options: dict[str, Any], entries: list[LogEntry],
                     wanted: set[int]) -> dict[int, Any]:
    start = opening(engine, PLAYERS, seed, options)
    return {step.entry.ply: step.words for step in replay_log(engine, start, entries, words_for=wanted)
            if step.entry.ply in wanted}


async def played_log(store: Store, clock: FakeClock, moves: int) -> tuple[Any, list[LogEntry]]:
    table = await open_table(GameService(store, clock), "alcazar", PLAYERS, seed=33)
    for _ in range(moves):
        await table.play()
    return await stored_log(store, table.game_id)
