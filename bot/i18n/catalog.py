"""The message catalogs: one gettext ``.po`` file per language in ``data/locales``.

The files are read with Babel when first needed (no compile step): a message
id is the ``msgid``; plural messages carry ``msgid_plural`` and one
``msgstr[i]`` per plural form, chosen by the file's ``Plural-Forms`` rule.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from bot.i18n.languages import LANGUAGES

LOCALES_DIR = Path(__file__).resolve().parents[2] / "data" / "locales"


@dataclass(frozen=True)
class Catalog:
    """The messages of one language: a text, or the plural forms of one, per message id."""

    language: str
    texts: dict[str, str | tuple[str, ...]]
    plural_index: Callable[[int], int]

    def text(self, key: str, count: int | None) -> str | None:
        entry = self.texts.get(key)
        if entry is None or isinstance(entry, str):
            return entry
        index = self.plural_index(count if count is not None else 1)
        return entry[min(index, len(entry) - 1)]


def catalog_path(language: str) -> Path:
    return LOCALES_DIR / f"{language}.po"


@lru_cache(maxsize=None)
def catalog(language: str) -> Catalog:
    """The catalog of ``language``, read once."""
    from babel.messages.pofile import read_po

    with catalog_path(language).open("rb") as handle:
        po = read_po(handle, locale=language)
    texts: dict[str, str | tuple[str, ...]] = {}
    for message in po:
        if not message.id:
            continue  # the header
        if isinstance(message.id, (tuple, list)):
            texts[str(message.id[0])] = tuple(str(form) for form in message.string or ())
        else:
            texts[str(message.id)] = str(message.string or "")
    return Catalog(language, texts, gettext.c2py(po.plural_expr))


def all_catalogs() -> list[Catalog]:
    return [catalog(language) for language in LANGUAGES]
