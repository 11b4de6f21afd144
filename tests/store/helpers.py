"""What the store tests share: a lobby to hang rows on."""
from __future__ import annotations

from bot.store import Store


async def lobby_id(store: Store, channel_id: int = 10, *, host_seated: bool = False) -> int:
    """Open an Alcazar lobby in ``channel_id`` (host 1, in its seat with ``host_seated``); its game id."""
    async with store.write() as tx:
        game = await tx.games.create_lobby(guild_id=5, channel_id=channel_id, kind="alcazar", host_id=1,
                                           settings={}, seed=7, now=100.0)
        if host_seated:
            await tx.seats.add(game.id, 1, 100.0)
    return game.id
