"""Making text from a message id and its arguments, in one language.

Placeholders are ``str.format`` fields. Numbers are written the language's
way; other values as they are; ``Msg`` arguments are made into text first,
lists joined with the language's "and". Format specs a catalog may use:

- ``{n:az}`` / ``{n:Az}``: the Hungarian article for the number (``a``/``az``);
- ``{n:adj}``: a number naming a numbered thing, Hungarian ``12-es``;
- ``{n:raw}``: the number's digits without grouping (a year, a cell number);
- ``{items:or}``: a list joined with the language's "or" (a list alone joins with "and");
- ``{text:lower1}`` / ``{text:cap1}``: the text with its first letter in lower / upper case
  (a sentence continued / begun).

A plural message picks its form by the argument ``count``.
"""
from __future__ import annotations

import logging
import string
from typing import Any

from bot.i18n.catalog import catalog
from bot.i18n.languages import ENGLISH, language_of
from bot.i18n.message import Msg, use_english
from bot.i18n.numbers import hungarian_adjective, hungarian_article, number

log = logging.getLogger(__name__)


class _Formatter(string.Formatter):
    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ("az", "Az"):
            article = hungarian_article(value)
            return article.capitalize() if format_spec == "Az" else article
        if format_spec == "adj":
            return hungarian_adjective(int(value))
        if format_spec == "or" and isinstance(value, (list, tuple)):
            return join_or(self.language, [self._text(v) for v in value])
        if format_spec == "raw":
            return str(value)
        if format_spec == "lower1":
            text = self._text(value)
            return text[:1].lower() + text[1:]
        if format_spec == "cap1":
            text = self._text(value)
            return text[:1].upper() + text[1:]
        if format_spec:
            return super().format_field(value, format_spec)
        return self._text(value)

    def _text(self, value: Any) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, (int, float)):
            return number(value, self.language)
        if isinstance(value, Msg):
            return t(self.language, value)
        if isinstance(value, (list, tuple)):
            return join_and(self.language, [self._text(v) for v in value])
        return str(value)


def t(locale: object, message: str | Msg, /, **args: Any) -> str:
    """The text of message ``key`` (or of a ``Msg``) in the language of ``locale``; English when missing."""
    language = language_of(locale)
    if isinstance(message, Msg):
        key, args = message.key, {**message.args, **args}
    else:
        key = message
    count = args.get("count")
    plural = count if isinstance(count, int) else None
    template = catalog(language).text(key, plural)
    if template is None and language != ENGLISH:
        template = catalog(ENGLISH).text(key, plural)
    if template is None:
        log.warning("no message %r in any catalog", key)
        return key
    try:
        return _Formatter(language).vformat(template, (), args)
    except (KeyError, IndexError, ValueError):
        log.exception("message %r in %r does not fit its arguments %r", key, language, sorted(args))
        return template


def text_of(locale: object, value: str | Msg) -> str:
    """A ``Msg`` made into text; a plain string (a name, notation) as it is."""
    return t(locale, value) if isinstance(value, Msg) else value


def join_and(locale: object, items: list[str]) -> str:
    """``a, b and c`` / ``a, b és c``."""
    from babel.lists import format_list

    return format_list(items, locale=language_of(locale)) if items else ""


def join_or(locale: object, items: list[str]) -> str:
    """``a, b or c`` / ``a, b vagy c``."""
    from babel.lists import format_list

    return format_list(items, style="or", locale=language_of(locale)) if items else ""


use_english(lambda message: t("en", message))  # the catalogs still load on first use only
