"""The words drawn in the images, from the message catalogs in the image's language."""
from __future__ import annotations

from typing import Any

from bot.i18n import message_of, t, text_of


def label(lang: str, key: str, **args: Any) -> str:
    """The image text ``image.<key>`` in ``lang``."""
    return t(lang, f"image.{key}", **args)


def colour_word(lang: str, colour: object) -> str:
    """A player colour as a name: "Blue", "Kék"."""
    return t(lang, f"colour.{str(colour).lower()}")


def colour_letter(lang: str, colour: object) -> str:
    """The letter a piece of that colour carries for colour-blind players: B for Blue, K for Kék."""
    return colour_word(lang, colour)[:1].upper() or "?"


def stored_text(lang: str, value: object) -> str:
    """Words an engine put in its view: a message (in ``lang``), or text from before messages."""
    return text_of(lang, message_of(value))
