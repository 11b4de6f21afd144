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


def log_context() -> dict[str, int | str]:
    """What the current work is about (only the fields known)."""
    return _current.get()


def set_about(**fields: int | str | None) -> None:
    """Add fields to the current context for the rest of this task (``None`` leaves a field as it is)."""
    _current.set({**_current.get(), **{k: v for k, v in fields.items() if v is not None and k in FIELDS}})


@contextlib.contextmanager
def about(**fields: int | str | None) -> Iterator[None]:
    """Within the block, log lines name these fields too (``game_id``, ``guild_id``, ``user_id``, ``command``)."""
    token = _current.set({**_current.get(), **{k: v for k, v in fields.items() if v is not None and k in FIELDS}})
    try:
        yield
    finally:
        _current.reset(token)
