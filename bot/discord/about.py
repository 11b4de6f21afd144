"""What an interaction is about, for the log lines of all the work it starts.

discord.py turns each INTERACTION_CREATE into tasks (the command tree's, a
button's); they copy the log context in force when they are created. So the
guild, the user and the command are set around discord.py's own parsing of
the event, once for every kind of interaction, and the game is added where
it is found (``context``, the service).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bot.telemetry import about, caused_by, run_interaction
from bot.telemetry.causes import cause_of_command


def interaction_command(data: Mapping[str, Any]) -> str | None:
    """``alcazar move`` for a slash command (``… (autocomplete)`` while typing), a button's id without its numbers."""
    inner = data.get("data") or {}
    if data.get("type") in (2, 4):
        words = [str(inner.get("name", "?"))]
        options = inner.get("options") or []
        while options and options[0].get("type") in (1, 2):    # a subcommand (group)
            words.append(str(options[0].get("name")))
            options = options[0].get("options") or []
        return " ".join(words) + (" (autocomplete)" if data.get("type") == 4 else "")
    custom_id = inner.get("custom_id")
    if not isinstance(custom_id, str):
        return None
    return ":".join(part for part in custom_id.split(":") if not part.lstrip("-").isdigit())


def interaction_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The guild, user and command of a raw interaction (the user in a server is its member's user)."""
    user = (data.get("member") or {}).get("user") or data.get("user") or {}
    guild = data.get("guild_id")
    return {"guild_id": int(guild) if guild else None, "user_id": int(user["id"]) if "id" in user else None,
            "command": interaction_command(data)}


def parsing_in_context(parse: Callable[[Any], None]) -> Callable[[Any], None]:
    """discord.py's INTERACTION_CREATE parser, run with the interaction's fields as log context
    and its command as the cause of the requests it sends (a move, a lobby, a reply); at DEBUG
    the interaction's work ends in one line (``bot.telemetry.work``)."""
    def parse_in_context(data: Any) -> None:
        fields = interaction_fields(data)
        with about(**fields), caused_by(cause_of_command(fields["command"])):
            run_interaction(f"interaction {fields['command'] or '(unknown)'}", lambda: parse(data))
    return parse_in_context
