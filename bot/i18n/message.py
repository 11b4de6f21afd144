"""``Msg``: a message id with its arguments, the value the engines and the service speak in.

Text is made from it at display time, in the reader's language
(``bot.i18n.t``). This module has no dependencies so that the pure rules
engines can build messages without loading any catalog.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping


# How a message reads in English, for ``str(msg)``: ``bot.i18n.render`` installs it when it loads (importing
# ``bot.i18n`` loads it), so that this module needs nothing of the renderer.
_english: Callable[[Msg], str] | None = None


def use_english(render: Callable[[Msg], str]) -> None:
    """Make ``str(msg)`` read ``render(msg)``."""
    global _english
    _english = render


class Msg:
    """A message id and its arguments; arguments may themselves be ``Msg`` values.

    ``str(msg)`` is the English text (for logs, exceptions and tests); players
    see ``t(locale, msg)``.
    """

    __slots__ = ("key", "args")

    def __init__(self, key: str, /, **args: Any) -> None:
        self.key = key
        self.args: Mapping[str, Any] = args

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Msg({self.key!r}{inner})"

    def __str__(self) -> str:
        return _english(self) if _english is not None else self.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and other.key == self.key and dict(other.args) == dict(self.args)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.args.items()))))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (``{"msg": key, "args": {...}}``), for engine views, snapshots and results."""
        return {"msg": self.key, "args": {k: _to_json(v) for k, v in self.args.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        return cls(str(data["msg"]), **{k: _from_json(v) for k, v in dict(data.get("args") or {}).items()})





def is_message_json(value: object) -> bool:
    return isinstance(value, Mapping) and "msg" in value


def message_of(value: object) -> str | Msg:
    """Text as stored: a JSON message becomes a ``Msg``; a string (from before messages) stays as it is."""
    if isinstance(value, Msg):
        return value
    if is_message_json(value):
        return Msg.from_json(value)  # type: ignore[arg-type]
    return "" if value is None else str(value)


def _to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if is_message_json(value):
        return Msg.from_json(value)
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    return value
