"""What the table did: one line per interaction and per background action, for a host at DEBUG.

With ``LOG_LEVEL=DEBUG`` each interaction (a command, a button, an
autocomplete) and each piece of background work (a computer's turn, a
reminder, a missed deadline, an errand) ends in one ``bot.table`` line: what
it was, its outcome and how long it took, with the game, guild, user and
command of the log context (the JSON format also gives ``outcome`` and
``seconds`` as fields of their own). At INFO nothing of this is logged, and
nothing is measured: the log stays as quiet as it was.

An outcome is a word and, for a refusal, the message's id; never a message's
text, which may name the cards in a hand.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from bot.telemetry.context import gathered_into, log_context

log = logging.getLogger("bot.table")

ANSWERED = "answered"
DONE = "done"


@dataclass
class Work:
    """One piece of work: what it is, what it is about, how it ended, when it started."""

    what: str
    about: dict[str, int | str] = field(default_factory=dict)
    outcome: str = DONE
    started: float = field(default_factory=time.perf_counter)

    def end(self) -> None:
        """The work's one line."""
        seconds = round(time.perf_counter() - self.started, 3)     # milliseconds, in the line and its field alike
        log.debug("%s: %s in %.3f s", self.what, self.outcome, seconds,
                  extra={"about": dict(self.about), "outcome": self.outcome, "seconds": seconds})


#: The work at hand; tasks started by it share the one ``Work`` (a context copies the reference).
_work: ContextVar[Work | None] = ContextVar("alcazar_work", default=None)


def watching() -> bool:
    """Whether the host reads these lines (``LOG_LEVEL=DEBUG``)."""
    return log.isEnabledFor(logging.DEBUG)


def note_outcome(outcome: str) -> None:
    """How the work at hand ended (``refused (refusal.not_your_turn)``, ``played``…); the last word stands."""
    work = _work.get()
    if work is not None:
        work.outcome = outcome


def refused(message_id: str) -> str:
    """The outcome of work refused with the message ``message_id`` (its id: the text may name cards)."""
    return f"refused ({message_id})"


def failed(error: BaseException) -> str:
    """The outcome of work that ended in ``error``."""
    return "cancelled" if isinstance(error, asyncio.CancelledError) else f"failed ({type(error).__name__})"


@contextlib.contextmanager
def background_work(what: str) -> Iterator[None]:
    """Background work (a computer's turn, a reminder…) within the block: its line when the block ends.

    Used inside the block's ``about(...)``, so the line names its game and user."""
    if not watching():
        yield
        return
    work = Work(what, dict(log_context()))
    token = _work.set(work)
    try:
        with gathered_into(work.about):      # not into the line of an interaction that started it
            yield
    except BaseException as error:
        work.outcome = failed(error)
        raise
    finally:
        _work.reset(token)
        work.about.update(log_context())
        work.end()


def _tasks_made_by(call: Callable[[], None]) -> list[asyncio.Future[Any]]:
    """Run ``call`` (synchronous) and return the tasks it made, through the loop's task factory.

    Nothing else runs on the loop while ``call`` does, so every task made meanwhile is its.
    (Comparing ``asyncio.all_tasks()`` before and after would cost milliseconds in a bot
    with thousands of tasks waiting.)"""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    made: list[asyncio.Future[Any]] = []     # tasks, as a task factory's type says of them

    def recording(loop: asyncio.AbstractEventLoop, coro: Any, **options: Any) -> asyncio.Future[Any]:
        task = previous(loop, coro, **options) if previous is not None else asyncio.Task(coro, loop=loop, **options)
        made.append(task)
        return task

    loop.set_task_factory(recording)
    try:
        call()
    finally:
        loop.set_task_factory(previous)
    return made


def run_interaction(what: str, parse: Callable[[], None]) -> None:
    """Run discord.py's parsing of an interaction (``parse``); its line comes when every task it
    started (the command's, the button's, the event listeners') has ended.

    The parsing is synchronous and starts the tasks that do the work: the tasks the
    event loop makes meanwhile are the interaction's."""
    if not watching():
        parse()
        return
    work = Work(what, dict(log_context()), outcome=ANSWERED)
    token = _work.set(work)
    try:
        with gathered_into(work.about):      # the game, once a task finds it (``set_about``)
            started = _tasks_made_by(parse)
    finally:
        _work.reset(token)
    if not started:
        work.end()
        return
    waiting = len(started)

    def one_ended(task: asyncio.Future[Any]) -> None:
        nonlocal waiting
        waiting -= 1
        if task.cancelled():
            work.outcome = "cancelled"
        elif task.exception() is not None and work.outcome == ANSWERED:
            work.outcome = failed(task.exception())   # type: ignore[arg-type]
        if waiting == 0:
            work.end()

    for task in started:
        task.add_done_callback(one_ended)
