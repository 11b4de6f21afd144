"""The game, guild, user and command that the work at hand is about, for its log lines.

Set where an interaction enters the bot and where background work takes up a
game; ``contextvars`` carry them into every coroutine and task started from
there, so a log line anywhere below names them without being told.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar
from typing import Iterator

#: The fields a log line may name, in the order the plain format shows them.
FIELDS = ("game_id", "guild_id", "user_id", "command")

_current: ContextVar[dict[str, int | str]] = ContextVar("alcazar_log_context", default={})
#: Where the fields learnt later go too: the context of a line written when the work ends (``work``).
_gathering: ContextVar[dict[str, int | str] | None] = ContextVar("alcazar_log_context_gathered", default=None)


def log_context() -> dict[str, int | str]:
    """What the current work is about (only the fields known)."""
    return _current.get()


def set_about(**fields: int | str | None) -> None:
    """Add fields to the current context for the rest of this task (``None`` leaves a field as it is),
    and to the line of the work at hand (``gathered_into``), which may end in another task."""
    known = {k: v for k, v in fields.items() if v is not None and k in FIELDS}
    _current.set({**_current.get(), **known})
    gathering = _gathering.get()
    if gathering is not None:
        gathering.update(known)


@contextlib.contextmanager
def gathered_into(fields: dict[str, int | str]) -> Iterator[None]:
    """Within the block, and in the tasks it starts, ``set_about`` adds its fields to ``fields`` too."""
    token = _gathering.set(fields)
    try:
        yield
    finally:
        _gathering.reset(token)


@contextlib.contextmanager
def about(**fields: int | str | None) -> Iterator[None]:
    """Within the block, log lines name these fields too (``game_id``, ``guild_id``, ``user_id``, ``command``)."""
    token = _current.set({**_current.get(), **{k: v for k, v in fields.items() if v is not None and k in FIELDS}})
    try:
        yield
    finally:
        _current.reset(token)
