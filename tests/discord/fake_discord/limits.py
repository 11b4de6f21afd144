"""Discord's documented size limits, checked on every request the bot sends.

The fake answers a request that breaks one of them with 400 / 50035
("Invalid Form Body") as Discord does, and the tests also run
:func:`violations` over every recorded request at the end.
"""
from __future__ import annotations

import re
from typing import Any

CONTENT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
BUTTON_URL = 512
#: Button styles: primary, secondary, success and danger send an interaction (they need a custom_id);
#: link (5) opens its url and sends nothing; premium (6) offers an SKU, which the bot never sells.
INTERACTIVE_STYLES = (1, 2, 3, 4)
LINK_STYLE = 5
LINK_SCHEMES = ("http://", "https://", "discord://")
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100
PLACEHOLDER = 150
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
FILES_PER_MESSAGE = 10
FILE_SIZE = 10 * 1024 * 1024
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_DESCRIPTION = 100
OPTIONS_PER_COMMAND = 25
#: A slash command's names, descriptions and choice values together, each counted at its longest
#: localization (the default included), over the command, its subcommands, groups, options and choices.
COMMAND_SIZE = 8000


def _too_many(items: list[Any], limit: int, what: str) -> list[str]:
    """A problem when there are more than ``limit`` of ``items`` (``what`` names them in the plural)."""
    return [f"{len(items)} {what} (limit {limit})"] if len(items) > limit else []


def _off_length(text: str | None, limit: int, what: str, *, least: int = 0) -> list[str]:
    """A problem when ``text`` (if any) has more than ``limit`` characters, or fewer than ``least``."""
    if text is None or least <= len(text) <= limit:
        return []
    return [f"{what} has {len(text)} characters (limit {limit})"]


def message_violations(payload: dict[str, Any]) -> list[str]:
    """Everything in a message body (create, edit, interaction reply) over a limit."""
    content = payload.get("content")
    problems = _off_length(None if content is None else str(content), CONTENT, "content")
    embeds = payload.get("embeds") or []
    problems += _too_many(embeds, EMBEDS_PER_MESSAGE, "embeds")
    for embed in embeds:
        problems += _embed_violations(embed)
    total = sum(_embed_size(embed) for embed in embeds)
    if total > EMBED_TOTAL:
        problems.append(f"the embeds of one message have {total} characters in all (limit {EMBED_TOTAL})")
    problems += _components_violations(payload.get("components") or [])
    problems += _too_many(payload.get("attachments") or [], FILES_PER_MESSAGE, "attachments")
    return problems


def _embed_size(embed: dict[str, Any]) -> int:
    parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
             (embed.get("author") or {}).get("name")]
    parts += [t for f in embed.get("fields") or [] for t in (f.get("name"), f.get("value"))]
    return sum(len(str(p)) for p in parts if p is not None)


def _embed_violations(embed: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    total = 0

    def check(text: Any, limit: int, what: str) -> None:
        nonlocal total
        if text is None:
            return
        total += len(str(text))
        if len(str(text)) > limit:
            problems.append(f"embed {what} has {len(str(text))} characters (limit {limit})")

    check(embed.get("title"), EMBED_TITLE, "title")
    check(embed.get("description"), EMBED_DESCRIPTION, "description")
    check((embed.get("footer") or {}).get("text"), EMBED_FOOTER, "footer")
    check((embed.get("author") or {}).get("name"), EMBED_AUTHOR, "author")
    fields = embed.get("fields") or []
    problems += _too_many(fields, EMBED_FIELDS, "embed fields")
    for field in fields:
        check(field.get("name"), EMBED_FIELD_NAME, "field name")
        check(field.get("value"), EMBED_FIELD_VALUE, "field value")
        if not str(field.get("name", "")).strip() or not str(field.get("value", "")).strip():
            problems.append("embed field with an empty name or value")
    if total > EMBED_TOTAL:
        problems.append(f"embed has {total} characters in all (limit {EMBED_TOTAL})")
    return problems


def _components_violations(rows: list[dict[str, Any]]) -> list[str]:
    problems = _too_many(rows, ACTION_ROWS, "action rows")
    for row in rows:
        if row.get("type") != 1:
            problems.append("a top-level component that is not an action row")
            continue
        children = row.get("components") or []
        problems += _too_many([c for c in children if c.get("type") == 2], BUTTONS_PER_ROW, "buttons in a row")
        if any(c.get("type") != 2 for c in children) and len(children) > 1:
            problems.append("a select menu shares its row")
        for child in children:
            problems += _component_violations(child)
    return problems


def _button_violations(button: dict[str, Any]) -> list[str]:
    """Discord's rules of a button's kind: "Non-link and non-premium buttons must have a custom_id, and
    cannot have a url. Link buttons must have a url, and cannot have a custom_id" (the url at most 512
    characters); a link button sends no interaction."""
    style, custom_id, url = button.get("style"), button.get("custom_id"), button.get("url")
    if style == LINK_STYLE:
        problems = [] if url else ["a link button without a url"]
        if custom_id is not None:
            problems.append(f"a link button with a custom_id {custom_id!r}")
        if url:
            problems += _off_length(str(url), BUTTON_URL, "button url")
            if not str(url).startswith(LINK_SCHEMES):
                problems.append(f"a link button's url {url!r} is not http(s):// or discord://")
        return problems
    if style in INTERACTIVE_STYLES:
        problems = [] if custom_id else [f"a button of style {style} without a custom_id"]
        if url is not None:
            problems.append(f"a button of style {style} with a url (only link buttons, style 5, have one)")
        return problems
    return [f"a button of style {style!r} (1 to 4 send an interaction, 5 is a link)"]


def _component_violations(component: dict[str, Any]) -> list[str]:
    custom_id = component.get("custom_id")
    problems = _button_violations(component) if component.get("type") == 2 else []
    problems += _off_length(custom_id, CUSTOM_ID, f"custom_id {custom_id!r}", least=1)
    problems += _off_length(component.get("label"), BUTTON_LABEL, "button label")
    problems += _off_length(component.get("placeholder"), PLACEHOLDER, "placeholder")
    options = component.get("options")
    if options is not None:
        if not 1 <= len(options) <= SELECT_OPTIONS:
            problems.append(f"select menu with {len(options)} options (limit {SELECT_OPTIONS})")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append("select menu with duplicate option values")
        for option in options:
            for key in ("label", "value", "description"):
                problems += _off_length(option.get(key), SELECT_OPTION_TEXT, f"select option {key}", least=1)
    return problems


def choices_violations(choices: list[dict[str, Any]]) -> list[str]:
    """An autocomplete answer's choices over a limit."""
    problems = _too_many(choices, CHOICES, "autocomplete choices")
    for choice in choices:
        name, value = str(choice.get("name", "")), str(choice.get("value", ""))
        problems += _off_length(name, CHOICE_NAME, f"choice name {name!r}", least=1)
        problems += _off_length(value, CHOICE_VALUE, f"choice value {value!r}")
        for locale, text in (choice.get("name_localizations") or {}).items():
            problems += _off_length(text, CHOICE_NAME, f"{locale} choice name {text!r}", least=1)
    return problems


def _longest(item: dict[str, Any], field: str) -> int:
    """A field's length at its longest localization, the default text included."""
    texts = [str(item.get(field) or "")] + [str(t) for t in (item.get(f"{field}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def command_size(command: dict[str, Any]) -> int:
    """What Discord counts against ``COMMAND_SIZE``: every name, description and value in the command,
    its options (subcommands and groups included) and their choices, each field at its longest localization."""
    size = _longest(command, "name") + _longest(command, "description")
    for choice in command.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(command_size(option) for option in command.get("options") or [])


def command_violations(command: dict[str, Any], *, top: bool = True) -> list[str]:
    """An application command definition over a limit (names, descriptions, options, the whole size)."""
    problems: list[str] = []
    if top and command.get("type", 1) == 1 and (size := command_size(command)) > COMMAND_SIZE:
        problems.append(f"command {command.get('name')!r} has {size} characters of names, descriptions and "
                        f"values (limit {COMMAND_SIZE})")
    context_menu = top and command.get("type", 1) in (2, 3)
    name = command.get("name", "")
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append(f"command or option name {name!r} is not 1-32 lowercase characters")
    description = command.get("description", "")
    if not context_menu and not 1 <= len(description) <= COMMAND_DESCRIPTION:
        problems.append(f"description of {name!r} has {len(description)} characters (limit 1-{COMMAND_DESCRIPTION})")
    for locale, text in (command.get("description_localizations") or {}).items():
        if not 1 <= len(text) <= COMMAND_DESCRIPTION:
            problems.append(f"{locale} description of {name!r} has {len(text)} characters "
                            f"(limit 1-{COMMAND_DESCRIPTION})")
    for locale, text in (command.get("name_localizations") or {}).items():
        if not COMMAND_NAME.match(text) or text != text.lower():
            problems.append(f"{locale} name of {name!r} is not 1-32 lowercase characters: {text!r}")
    options = command.get("options") or []
    if len(options) > OPTIONS_PER_COMMAND:
        problems.append(f"{name!r} has {len(options)} options (limit {OPTIONS_PER_COMMAND})")
    for option in options:
        problems += command_violations(option, top=False)
    choices = command.get("choices") or []
    if choices:
        problems += choices_violations(choices)
    return problems
