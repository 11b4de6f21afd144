"""One style for every number the bot writes: income ``+5 Real``, cost ``−5 Real``, ranges with one dash.

The engines word moves for any reader ("Buy face-up card 50 (5 Real)",
"3-4"); the Discord layer shows them in the house style, so a cost never
looks like an income and every range uses the same dash.
"""
from __future__ import annotations

import re

from bot.i18n import Msg, t

MINUS = "\u2212"       # a true minus sign, as wide as the plus
DASH = "\u2013"        # the en dash of ranges: 7–9

_COST = re.compile(r"\((\d+) Real\)")
_BRIDGE_COST = re.compile(r" for (\d+) Real \(\+(\d+) Real\)")
_RANGE = re.compile(r"(?<=\d)-(?=\d)")


def house_style(words: str) -> str:
    """An engine's move words with costs signed and ranges dashed alike."""
    words = _BRIDGE_COST.sub(lambda m: f" ({MINUS}{m[1]} Real, +{m[2]} Real)", words)
    words = _COST.sub(lambda m: f"({MINUS}{m[1]} Real)", words)
    return _RANGE.sub(DASH, words)


def move_words(lang: str, words: Msg | str) -> str:
    """A move's words in ``lang``; a line logged before messages, in the house style it was shown in."""
    return t(lang, words) if isinstance(words, Msg) else house_style(words)

