"""Log lines, plain or JSON, and the filter that keeps secrets out of every one of them.

Secrets never reach a handler, at any level, from any library: the token,
the cards of a hand (also inside SQL parameters, which aiosqlite logs at
DEBUG, and inside stored game states), the text of DMs and of every message
(``discord.http`` logs request and response bodies at DEBUG,
``discord.gateway`` every event's payload) and interaction tokens in URLs.
``SecretFilter`` sits on the root handler and rewrites such records, keeping
what helps a host: the method, the route, the status, the event's name.
"""
from __future__ import annotations

import functools
import json
import logging
import re
import sys
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Mapping, TextIO

from bot.telemetry.context import FIELDS, log_context

#: What a line of the table's work (``bot.telemetry.work``) carries besides its context.
WORK_FIELDS = ("outcome", "seconds")
PLAIN_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
WITHHELD = "[withheld]"

#: A list (or a list of lists) of numbers kept under a name that holds cards, in JSON or Python's repr.
_CARD_LISTS = re.compile(r"""(["']?\b(?:cards|hand|hands|deck)\b["']?\s*[:=]\s*)\[(?:[^\[\]]|\[[^\[\]]*\])*\]""")
#: An interaction's token, in an interaction callback's or its webhook's URL.
_URL_TOKENS = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/\s?'\"]+")
#: A password in a database URL or a connection string.
_PASSWORDS = re.compile(r"(://[^:/@\s]+:)[^@\s]+@|(password\s*[=:]\s*)'?[^\s',]+'?", re.IGNORECASE)


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with secrets replaced: the given strings, card lists, URL tokens, passwords."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[token]")
    text = _CARD_LISTS.sub(lambda m: m.group(1) + WITHHELD, text)
    text = _URL_TOKENS.sub(r"\1:token", text)
    return _PASSWORDS.sub(lambda m: (m.group(1) or m.group(2)) + "***" + ("@" if m.group(1) else ""), text)


# -- what each library logs, reduced to what is safe ---------------------------------------

def _call_words(value: Any) -> Any:
    """aiosqlite logs each call it runs: keep the method and the SQL, not the parameters."""
    if isinstance(value, functools.partial):
        name = getattr(value.func, "__name__", "call")
        sql = next((a for a in value.args if isinstance(a, str)), None)
        return f"{name}({' '.join(sql.split())[:200]!r})" if sql else f"{name}(…)"
    return value


def _payload_words(value: Any) -> Any:
    """A gateway payload: its opcode, event name and sequence number, not its data."""
    if isinstance(value, dict):
        if "op" in value:
            return f"op {value.get('op')} {value.get('t') or ''} s {value.get('s')}".replace("  ", " ")
        return WITHHELD
    return value


def _body_words(value: Any) -> Any:
    """An HTTP request's or response's body: withheld; a method, a URL, a route or a bucket's hash stays."""
    if isinstance(value, (int, float)) or value is None:
        return value
    if isinstance(value, str) and not value.lstrip().startswith(("{", "[")) and "\n" not in value \
            and len(value) <= 200:
        return value     # discord.py sends JSON bodies as text: those start with a brace
    if not isinstance(value, str) and str(value).startswith(("http://", "https://")):
        return str(value)   # a yarl URL
    return WITHHELD


#: Logger name prefix → what every argument of its records becomes.
_ARGUMENTS: dict[str, Callable[[Any], Any]] = {
    "aiosqlite": _call_words,
    "discord.gateway": _payload_words,
    "discord.http": _body_words,
    "discord.webhook": _body_words,
}


def _rule_for(name: str) -> Callable[[Any], Any] | None:
    for prefix, rule in _ARGUMENTS.items():
        if name == prefix or name.startswith(prefix + "."):
            return rule
    return None


class SecretFilter(logging.Filter):
    """Rewrites every record so that no secret reaches the handler; also notes the record's context."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            self._clean(record)
        except Exception:  # noqa: BLE001 - a line that cannot be checked is not let through as it is
            record.msg, record.args, record.exc_info, record.exc_text = \
                f"[a line of {record.name} withheld: it could not be checked]", None, None, None
        if not hasattr(record, "about"):
            record.about = dict(log_context())
        return True

    def _clean(self, record: logging.LogRecord) -> None:
        rule = _rule_for(record.name)
        if rule is not None and record.args:
            if isinstance(record.args, Mapping):
                record.args = {key: rule(value) for key, value in record.args.items()}
            else:
                args = record.args if isinstance(record.args, tuple) else (record.args,)
                record.args = tuple(rule(a) for a in args)
        message = record.getMessage()
        cleaned = scrub(message, self.secrets)
        if cleaned != message or record.args:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = scrub(logging.Formatter().formatException(record.exc_info), self.secrets)
        if record.stack_info:
            record.stack_info = scrub(record.stack_info, self.secrets)


# -- formats ---------------------------------------------------------------------------------

class PlainFormatter(logging.Formatter):
    """One line of text; what the line is about at its end, in brackets, when known."""

    def __init__(self) -> None:
        super().__init__(PLAIN_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        about = getattr(record, "about", None) or {}
        if not about:
            return line
        words = " ".join(f"{field.removesuffix('_id')}={about[field]}" for field in FIELDS if field in about)
        first, newline, rest = line.partition("\n")
        return f"{first} [{words}]{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, and what the line is about when known."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(getattr(record, "about", None) or {})
        for field in WORK_FIELDS:     # a line of ``work``: how the work ended and how long it took
            if hasattr(record, field):
                entry[field] = getattr(record, field)
        if record.exc_info or record.exc_text:
            entry["exception"] = record.exc_text or self.formatException(record.exc_info)  # type: ignore[arg-type]
        if record.stack_info:
            entry["stack"] = record.stack_info
        return json.dumps(entry, ensure_ascii=False, default=str)


FORMATTERS: dict[str, Callable[[], logging.Formatter]] = {"plain": PlainFormatter, "json": JsonFormatter}


def log_handler(log_format: str, secrets: Iterable[str] = (), stream: TextIO | None = None) -> logging.Handler:
    """A handler writing ``log_format`` lines (``plain`` or ``json``) to ``stream`` (stderr), secrets filtered."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(FORMATTERS[log_format]())
    handler.addFilter(SecretFilter(secrets))
    return handler
