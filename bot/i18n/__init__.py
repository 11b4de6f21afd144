"""The bot in several languages: message ids with arguments made into text at display time.

    from bot.i18n import Msg, t
    t("hu", "image.retired_name", name="Anna")     # by message id: "Anna (kiszállt)"
    t(interaction.locale, Msg("colour.red"))
    language_of(discord.Locale.hungarian)          # "hu"; any locale without a catalog: "en"

Catalogs: ``data/locales/<language>.po`` (gettext, read with Babel at first
use). Which language to use: a private reply follows the user's Discord
locale, a public post the game's language, a DM the player's last-used one.
"""
from __future__ import annotations

from bot.i18n.languages import ENGLISH, HUNGARIAN, LANGUAGES, language_of
from bot.i18n.message import Msg, message_of
from bot.i18n.numbers import hungarian_adjective, hungarian_article, number
from bot.i18n.render import join_and, t, text_of

__all__ = [
    "ENGLISH", "HUNGARIAN", "LANGUAGES", "Msg", "hungarian_adjective", "hungarian_article", "join_and",
    "language_of", "message_of", "number", "t", "text_of",
]
