"""A stand-in for Discord's client, for the browser tests of the board as a Discord Activity.

Discord's client shows an Activity in an iframe and talks to the Embedded App SDK inside it with
``postMessage``. This page, added to the web board's application by a test before it starts (never in
the bot itself), does the same from the board's own origin, which the SDK accepts as it accepts
Discord's: it embeds the page in Activity mode, answers the SDK's HANDSHAKE with a READY, AUTHORIZE with
the code the test gave it (one the fake Discord knows), and AUTHENTICATE with the user; so the SDK runs
as it is, unmodified. Everything the SDK sent is kept in ``window.heard`` for the test to read.

    add_discord_client(app)
    url = client_url(web_url, code=..., user=..., instance_id=..., channel_id=..., guild_id=...)
"""
from __future__ import annotations

from urllib.parse import urlencode

from aiohttp import web

PATH = "/test-discord-client"

PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord (stand-in)</title>
<script src="{PATH}.js" defer></script>
</head><body></body></html>
"""

# The READY and the answers are shaped as the SDK's schemas (output/schema, output/generated) require.
SCRIPT = """
"use strict";
const asked = new URLSearchParams(location.search);
const user = { id: asked.get("user_id"), username: asked.get("username"), discriminator: "0",
               avatar: null, public_flags: 0, global_name: asked.get("username") };
window.heard = [];
const frame = document.createElement("iframe");
frame.title = "Activity";
const search = new URLSearchParams({
  frame_id: "frame-" + Math.random().toString(36).slice(2), instance_id: asked.get("instance_id"),
  platform: asked.get("platform") || "desktop", channel_id: asked.get("channel_id"), guild_id: asked.get("guild_id"),
});
frame.src = "/?" + search.toString();
Object.assign(document.body.style, { margin: "0" });
Object.assign(frame.style, { border: "0", width: "100vw", height: "100vh", display: "block" });
document.body.append(frame);

const answer = (message) => frame.contentWindow.postMessage(message, location.origin);
let clientId = null;
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  window.heard.push([opcode, payload]);
  if (opcode === 0) {            // HANDSHAKE
    clientId = payload.client_id;
    answer([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: user.id, username: user.username, discriminator: "0" } } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHORIZE") {
    answer([1, { cmd: "AUTHORIZE", evt: null, nonce: payload.nonce, data: { code: asked.get("code") } }]);
  } else if (opcode === 1 && payload.cmd === "AUTHENTICATE") {
    answer([1, { cmd: "AUTHENTICATE", evt: null, nonce: payload.nonce, data: {
      access_token: payload.args.access_token, user, scopes: ["identify"],
      expires: new Date(Date.now() + 604800000).toISOString(),
      application: { id: clientId, name: "Alcazar", description: "", icon: null } } }]);
  }
});
"""


async def serve_page(request: web.Request) -> web.Response:
    return web.Response(text=PAGE, content_type="text/html")


async def serve_script(request: web.Request) -> web.Response:
    return web.Response(text=SCRIPT, content_type="application/javascript")


def add_discord_client(app: web.Application) -> None:
    """The stand-in's page and script, on the board's own origin (before the application starts)."""
    app.router.add_get(PATH, serve_page)
    app.router.add_get(PATH + ".js", serve_script)


def client_url(web_url: str, *, code: str, user_id: int, username: str, instance_id: str, channel_id: int,
               guild_id: int, platform: str = "desktop") -> str:
    """The stand-in opening the Activity in ``instance_id`` for ``user_id``, who got ``code`` from Discord."""
    query = urlencode({"code": code, "user_id": user_id, "username": username, "instance_id": instance_id,
                       "channel_id": channel_id, "guild_id": guild_id, "platform": platform})
    return f"{web_url}{PATH}?{query}"
