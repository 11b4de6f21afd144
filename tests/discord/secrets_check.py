"""No building card number of any hand in anything another person can see."""
from __future__ import annotations

import re
from typing import Iterable

from fake_discord import RecordedRequest

CARD_WORDS = re.compile(r"\bcards?\s+(\d{1,2})\b", re.IGNORECASE)


def leaks(requests: Iterable[RecordedRequest], hands: dict[int, list[int]], public_cards: set[int]) -> list[str]:
    """Requests that show a card still secret in a hand to someone other than its owner.

    ``hands`` maps user id -> that user's hand after the requests were made;
    ``public_cards`` were public before (face-up cards taken by a buy).
    """
    found = []
    for request in requests:
        if request.kind not in ("message", "edit", "interaction", "autocomplete"):
            continue
        for owner, hand in hands.items():
            if request.audience == owner:
                continue   # the owner may see their own hand
            secret = set(hand) - public_cards
            text = "\n".join(request.texts())
            named = {int(n) for n in CARD_WORDS.findall(text)} & secret
            if named:
                found.append(f"{request.method} {request.path} names card(s) {sorted(named)} of {owner}'s hand: {text[:200]!r}")
            if len(hand) >= 3 and ", ".join(str(c) for c in sorted(hand)) in text:
                found.append(f"{request.method} {request.path} shows the hand of {owner}: {text[:200]!r}")
            if request.audience is None and any(f.filename.startswith("hand") for f in request.files):
                found.append(f"{request.method} {request.path} posts a hand image publicly")
    return found
