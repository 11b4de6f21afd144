"""Messages that stand for one event carry a nonce of that event, so that Discord makes them once.

Discord answers a message sent with a nonce (and ``enforce_nonce``, which
discord.py always sets) that the bot used in the past few minutes with the
message it made then, instead of making another. discord.py gives every
message a random nonce, which covers its own retries (after a 502 that
Discord answered although it had made the message). A nonce made from the
event covers a second sending of the same event: a reminder sent again by
another bot process after the one that claimed it died between sending and
recording it (the claim's lease is two minutes), or the DM telling a player
that it is their turn.
"""
from __future__ import annotations

import hashlib


def nonce(event: str, *ids: int) -> str:
    """Discord's nonce (it allows 25 characters) for the message of ``event`` about these ids."""
    key = ":".join([event, *(str(i) for i in ids)])
    return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()
