"""The fake gateway: a websocket that speaks Discord's gateway protocol (v10, JSON).

HELLO → the client's HEARTBEAT/IDENTIFY → READY (with the application id)
and a GUILD_CREATE for each guild of the session's shard; heartbeats are
acknowledged; events are dispatched with increasing sequence numbers.

IDENTIFY may carry ``shard: [shard_id, shard_count]``; the count must be the
fake's (``GET /gateway/bot``), as Discord closes the connection with 4010
(invalid shard) or 4011 (sharding required) otherwise.

A session can be dropped and resumed, as Discord's edge does now and then:
``FakeDiscord.drop_gateway`` closes the connections with 4000 (a resumable
close) and holds new ones before their HELLO until ``restore_gateway``; a
RESUME of a known session then carries on with its sequence and answers
RESUMED.
"""
from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 10, 11
#: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT: the bot must not ask for them
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)


class GatewaySession:
    """One connected client."""

    def __init__(self, discord: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.discord = discord
        self.ws = ws
        self.sequence = 0
        self.session_id = secrets.token_hex(8)
        self.intents: int | None = None
        self.shard_id = 0
        self.shard_count = 1
        self.guild_ids: list[int] = []      # the guilds announced to this session
        self.identified = asyncio.Event()
        self._send_lock = asyncio.Lock()

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        payload: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        async with self._send_lock:
            if op == DISPATCH:
                self.sequence += 1
                payload["s"] = self.sequence
            await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> None:
        await self.send(DISPATCH, data, event)

    async def run(self) -> None:
        await self.send(HELLO, {"heartbeat_interval": 41250})
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                if message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
                    break
                continue
            payload = json.loads(message.data)
            await self._receive(payload["op"], payload.get("d"))

    async def _receive(self, op: int, data: Any) -> None:
        if op == HEARTBEAT:
            await self.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(data)
        elif op == RESUME:
            await self._resume(data)

    async def _resume(self, data: dict[str, Any]) -> None:
        """Carry on a dropped session (its shard, guilds and sequence); an unknown one must IDENTIFY afresh."""
        earlier = self.discord.resumable.get(data.get("session_id", ""))
        if earlier is None or data.get("token") != self.discord.token:
            await self.send(9, False)
            return
        self.session_id, self.intents = earlier.session_id, earlier.intents
        self.shard_id, self.shard_count, self.guild_ids = earlier.shard_id, earlier.shard_count, earlier.guild_ids
        self.sequence = earlier.sequence
        self.discord.resumable[self.session_id] = self
        self.discord.resumes += 1
        await self.dispatch("RESUMED", {})
        self.identified.set()

    async def _identify(self, data: dict[str, Any]) -> None:
        discord = self.discord
        if data.get("token") != discord.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        self.intents = int(data.get("intents", 0))
        if self.intents & PRIVILEGED_INTENTS:
            await self.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard") or [0, 1]
        self.shard_id, self.shard_count = int(shard[0]), int(shard[1])
        if self.shard_count != discord.shard_count and self.shard_count < discord.shard_count:
            await self.ws.close(code=4011, message=b"Sharding required.")
            return
        if self.shard_count != discord.shard_count or not 0 <= self.shard_id < self.shard_count:
            await self.ws.close(code=4010, message=b"Invalid shard.")
            return
        guilds = discord.guilds_on_shard(self.shard_id)
        self.guild_ids = [g.id for g in guilds]
        discord.resumable[self.session_id] = self
        user = dict(discord.bot_user.payload(), verified=True, mfa_enabled=False, flags=0)
        await self.dispatch("READY", {
            "v": 10, "user": user, "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": self.session_id, "resume_gateway_url": discord.gateway_url,
            "application": {"id": str(discord.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "shard": [self.shard_id, self.shard_count],
        })
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", discord.guild_payload(guild))
        self.identified.set()


async def gateway_handler(discord: FakeDiscord, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    await discord.gateway_open.wait()      # held before the HELLO while the gateway is down
    session = GatewaySession(discord, ws)
    discord.sessions.append(session)
    try:
        await session.run()
    finally:
        if session in discord.sessions:
            discord.sessions.remove(session)
    return ws
