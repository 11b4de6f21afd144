"""A real discord.py client logged into the fake for the length of a block."""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.asynccontextmanager
async def logged_in(client: ClientT, token: str, *, ready_within: float = 15) -> AsyncIterator[ClientT]:
    """Start ``client``, wait until it is ready (or fail saying why), and close it when the block ends."""
    task = asyncio.create_task(client.start(token))
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=ready_within, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        ready.cancel()
        task.result()
        raise AssertionError("the bot stopped before it was ready")
    assert ready in done, "the bot did not get ready"
    try:
        yield client
    finally:
        await client.close()
        await asyncio.wait_for(task, 10)
