"""Which game a Discord Activity opens: the launch a user made, else the games of the Activity's channel.

Discord's launch of an Activity (the Open board button's answer) carries no payload, and the page
opening inside Discord learns only who the user is and in which channel the Activity runs (both
vouched for by Discord, never by the page). So the button records the game it meant, per user and
channel, before launching; the page, moments later and maybe in another process, asks ``games_for``.
A recorded launch counts for ``LAUNCH_SECONDS``: past that (an Activity opened again later, or from
Discord's own launcher), the channel decides.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.service.base import ServiceCore
from bot.service.queries import Records
from bot.service.replays import Replays
from bot.service.results import GameInfo, Refusal

#: How long a recorded launch decides the game (the page opens within seconds of it).
LAUNCH_SECONDS = 3600.0
#: The most games offered to pick from.
MOST_CHOICES = 25


@dataclass(frozen=True)
class ActivityChoice:
    """What an Activity opens: ``game`` when it is known; else ``choices`` to pick from (none when the
    channel has no game)."""

    game: GameInfo | None
    choices: tuple[GameInfo, ...] = ()


class Activities:
    """Launches of the board as a Discord Activity, and the games the Activity may open."""

    def __init__(self, core: ServiceCore, records: Records, replays: Replays) -> None:
        self.store = core.store
        self.clock = core.clock
        self.records = records
        self.replays = replays

    async def record_launch(self, user_id: int, channel_id: int, game_id: int) -> None:
        """Remember that ``user_id``'s launch in ``channel_id`` meant ``game_id`` (replacing an older one)."""
        async with self.store.write() as tx:
            await tx.activity_launches.record(user_id, channel_id, game_id, self.clock.now())

    async def games_for(self, user_id: int, channel_id: int) -> ActivityChoice:
        """The game the user's Activity in the channel opens: their launch of the last ``LAUNCH_SECONDS``,
        else the channel's only game (its live one first); otherwise the channel's games to pick from."""
        launched = await self._launched(user_id, channel_id)
        if launched is not None:
            return ActivityChoice(launched)
        live = await self.records.game_in_channel(channel_id)
        if live is not None:
            return ActivityChoice(live)
        finished = await self.replays.finished_in_channel(channel_id, MOST_CHOICES)
        if len(finished) == 1:
            return ActivityChoice(finished[0])
        # The viewer's own games first; each part stays newest first (a stable sort).
        return ActivityChoice(None, tuple(sorted(finished, key=lambda game: user_id not in game.players)))

    async def _launched(self, user_id: int, channel_id: int) -> GameInfo | None:
        async with self.store.read() as tx:
            launch = await tx.activity_launches.launched(user_id, channel_id)
        if launch is None or not 0 <= self.clock.now() - launch[1] <= LAUNCH_SECONDS:
            return None
        game = await self.records.game(launch[0])
        return None if isinstance(game, Refusal) else game
