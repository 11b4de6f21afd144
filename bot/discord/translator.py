"""Command and option descriptions and choices in each user's language (``app_commands.Translator``).

Descriptions are declared with ``described(key)``: the English text from
the catalog plus the message id, from which Discord gets the other
languages when the commands are synced. Names stay English so that typed
commands work in every language.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import ENGLISH, LANGUAGES, language_of, t


def described(key: str) -> app_commands.locale_str:
    """A description or choice name by message id, English by default."""
    return app_commands.locale_str(t(ENGLISH, key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Gives Discord each description and choice name in every language with a catalog."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        language = language_of(locale)
        if key is None or language == ENGLISH or language not in LANGUAGES:
            return None  # names, and locales without a catalog: Discord shows the English default
        return t(language, key)
