"""The languages the bot speaks and how a Discord locale maps onto them."""
from __future__ import annotations

ENGLISH = "en"
HUNGARIAN = "hu"
#: Every language with a catalog in ``data/locales``; the first is the fallback.
LANGUAGES: tuple[str, ...] = (ENGLISH, HUNGARIAN)


def language_of(locale: object) -> str:
    """The catalog for a Discord locale (``discord.Locale`` or its value): any other locale reads English."""
    value = str(getattr(locale, "value", locale or "")).lower()
    base = value.replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else ENGLISH
