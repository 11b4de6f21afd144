"""The secret filter and the two log formats, record by record."""
from __future__ import annotations

import functools
import io
import json
import logging
from typing import Any

from bot.__main__ import configure_logging
from bot.config import Settings
from bot.telemetry import about
from bot.telemetry.logs import log_handler, scrub


def emit(name: str, message: str, *args: Any, log_format: str = "json") -> str:
    stream = io.StringIO()
    logger = logging.getLogger(name)
    handler = log_handler(log_format, ["the-token"], stream)
    logger.addHandler(handler)
    logger.propagate, level = False, logger.level
    logger.setLevel(logging.DEBUG)     # setLevel, not .level: it clears the loggers' cached answers
    try:
        logger.debug(message, *args)
    finally:
        logger.removeHandler(handler)
        logger.propagate = True
        logger.setLevel(level)
    return stream.getvalue()


def test_sql_parameters_are_withheld_and_the_statement_kept() -> None:
    call = functools.partial(print, "UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"hand": [3, 12, 21]}', 7))
    line = json.loads(emit("aiosqlite", "executing %s", call))
    assert line["message"] == "executing print('UPDATE snapshots SET state = ? WHERE game_id = ?')"


def test_gateway_payloads_keep_their_event_name_only() -> None:
    payload = {"op": 0, "t": "INTERACTION_CREATE", "s": 12,
               "d": {"message": {"content": "Your cards: 3, 12, 21"}, "token": "interaction-secret"}}
    line = json.loads(emit("discord.gateway", "For Shard ID %s: WebSocket Event: %s", 0, payload))
    assert line["message"] == "For Shard ID 0: WebSocket Event: op 0 INTERACTION_CREATE s 12"


def test_http_bodies_are_withheld_and_method_route_and_status_kept() -> None:
    line = json.loads(emit("discord.http", "%s %s with %s has returned %s", "POST",
                           "https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24/callback",
                           '{"type": 4, "data": {"content": "Cards: 3, 12, 21"}}', 204))
    assert line["message"] == \
        "POST https://discord.com/api/v10/interactions/123/:token/callback with [withheld] has returned 204"


def test_the_token_card_lists_and_passwords_are_scrubbed_from_any_line() -> None:
    assert scrub("Bot the-token", ["the-token"]) == "Bot [token]"
    assert scrub("state {'hand': [3, 12], 'hands': [[1, 2], [3]], \"deck\": [4, 5]}") == \
        "state {'hand': [withheld], 'hands': [withheld], \"deck\": [withheld]}"
    assert scrub("postgresql://alcazar:s3cret@db/alcazar") == "postgresql://alcazar:***@db/alcazar"
    assert scrub("host=db password=s3cret user=a") == "host=db password=*** user=a"
    line = json.loads(emit("bot.anything", "the-token in %s", "a line"))
    assert line["message"] == "[token] in a line"


def test_an_exception_s_text_is_scrubbed_too() -> None:
    stream = io.StringIO()
    logger = logging.getLogger("bot.failing")
    handler = log_handler("json", ["the-token"], stream)
    logger.addHandler(handler)
    try:
        try:
            raise RuntimeError("login with the-token failed")
        except RuntimeError:
            logger.exception("Login failed")
    finally:
        logger.removeHandler(handler)
    line = json.loads(stream.getvalue())
    assert "the-token" not in stream.getvalue() and "[token]" in line["exception"]


def test_lines_name_what_they_are_about() -> None:
    with about(game_id=12, guild_id=34, user_id=56, command="alcazar move"):
        line = json.loads(emit("bot.discord.turns", "Played"))
        plain = emit("bot.discord.turns", "Played", log_format="plain")
    assert {k: line[k] for k in ("game_id", "guild_id", "user_id", "command")} == \
        {"game_id": 12, "guild_id": 34, "user_id": 56, "command": "alcazar move"}
    assert {"time", "level", "logger", "message"} <= set(line) and line["level"] == "DEBUG"
    assert plain.rstrip().endswith("Played [game=12 guild=34 user=56 command=alcazar move]")
    outside = json.loads(emit("bot.discord.turns", "Played"))
    assert "game_id" not in outside, "the context ends with its block"


def test_configure_logging_replaces_only_its_own_handler() -> None:
    root = logging.getLogger()
    others = list(root.handlers)
    level = root.level
    first = configure_logging(Settings(discord_token="t", log_format="json"), io.StringIO())
    second = configure_logging(Settings(discord_token="t"), io.StringIO())
    try:
        assert first not in root.handlers and second in root.handlers
        assert all(h in root.handlers for h in others)
        assert logging.getLogger("discord").level == logging.INFO
    finally:
        root.removeHandler(second)
        root.setLevel(level)


def test_a_line_that_cannot_be_checked_is_withheld_not_raised() -> None:
    line = json.loads(emit("discord.http", "%s %s", "only one argument"))
    assert line["message"] == "[a line of discord.http withheld: it could not be checked]"
    mapped = json.loads(emit("discord.http", "%(method)s with %(body)s", {"method": "POST", "body": {"content": "x"}}))
    assert mapped["message"] == "POST with [withheld]"
