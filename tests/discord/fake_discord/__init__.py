"""A fake Discord (REST + gateway on 127.0.0.1) for testing the real discord.py client.

    fake = FakeDiscord()
    await fake.start()
    alice = fake.add_user("alice")
    reply = await alice.slash("help")        # after the bot has logged in
"""
from __future__ import annotations

from .model import Channel, FakeUser, Guild
from .records import RecordedRequest, Reply, UploadedFile
from .server import FakeDiscord
from .session import logged_in

__all__ = ["Channel", "FakeDiscord", "FakeUser", "Guild", "RecordedRequest", "Reply", "UploadedFile", "logged_in"]
