"""A player across all their games: the list of them, time away and quiet hours."""
from __future__ import annotations

from dataclasses import dataclass

from bot.service.away import (
    DAY, MAX_AWAY_DAYS, YEAR_DAYS, AwayStatus, away_until, days_away, time_zone_refusal, yearly_refusal,
)
from bot.service.base import info_of
from bot.service.clock import Clock
from bot.i18n import Msg
from bot.service.results import GameInfo, Reason, Refusal
from bot.store import GameStatus, PostedMessageRow, Store
from bot.store.players import QuietHours


@dataclass(frozen=True)
class MyGame:
    """One of a player's games, with where its newest board message is (None before the first)."""

    game: GameInfo
    board: PostedMessageRow | None
    my_turn: bool


class Players:
    """What a player does and sees across games and servers."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every lobby and game in play the user is in (not those they resigned from), on any
        server: their turns first (longest waiting first), then the other games in play, then lobbies."""
        async with self.store.read() as tx:
            rows = await tx.games.live_of_user(user_id)
            seats = {row.id: tuple(await tx.seats.of_game(row.id)) for row in rows}
            boards = {row.id: await tx.messages.get(row.id, "board") for row in rows}
        games = []
        for row in rows:
            info = info_of(row, seats[row.id])
            if user_id in info.resigned:
                continue                    # they left that game; it goes on without them
            mine = info.status is GameStatus.ACTIVE and info.to_move_id == user_id
            games.append(MyGame(info, boards.get(row.id), mine))

        def order(entry: MyGame) -> tuple[int, float, int]:
            group = 0 if entry.my_turn else 1 if entry.game.status is GameStatus.ACTIVE else 2
            return group, entry.game.turn_since or 0.0, entry.game.id
        return sorted(games, key=order)

    # -- away --------------------------------------------------------------------------------

    async def away_status(self, user_id: int) -> AwayStatus:
        """Whether the user is away (until when), how much of the yearly limit is used, quiet hours."""
        now = self.clock.now()
        async with self.store.read() as tx:
            periods = await tx.away.of_user(user_id, now - YEAR_DAYS * DAY)
            quiet = (await tx.quiet.of_users([user_id])).get(user_id)
        until = away_until(periods, now)
        end = until or now
        return AwayStatus(user_id, until, days_away(periods, end - YEAR_DAYS * DAY, end), quiet)

    async def set_away(self, user_id: int, seconds: float) -> AwayStatus | Refusal:
        """The user is away from now for ``seconds`` (replacing a period already running).

        Refused beyond 14 days at once or 30 days in any 365; the refusal says what is left.
        """
        if not seconds > 0:
            return Refusal(Reason.BAD_SETTINGS, Msg("away.say_how_long"))
        if seconds > MAX_AWAY_DAYS * DAY + 1e-6:
            return Refusal(Reason.AWAY_LIMIT, Msg("away.at_most_14_days", days=MAX_AWAY_DAYS))
        now = self.clock.now()
        until = now + seconds
        try:
            async with self.store.write() as tx:
                # A new period replaces one already running: the days used so far still count.
                await tx.away.end_now(user_id, now)
                periods = await tx.away.of_user(user_id, now - YEAR_DAYS * DAY - MAX_AWAY_DAYS * DAY)
                refusal = yearly_refusal(periods, now, until)
                if refusal is not None:
                    raise _Refused(refusal)
                await tx.away.add(user_id, now, until)
        except _Refused as refused:
            return Refusal(Reason.AWAY_LIMIT, refused.message)
        return await self.away_status(user_id)

    async def come_back(self, user_id: int) -> AwayStatus | Refusal:
        """End the user's time away now: their clocks run again from where they stopped."""
        now = self.clock.now()
        async with self.store.write() as tx:
            ended = await tx.away.end_now(user_id, now)
        if not ended:
            return Refusal(Reason.NOT_AWAY, Msg("away.not_away"))
        return await self.away_status(user_id)

    async def back_between(self, start: float, end: float) -> list[int]:
        """Users whose time away ran out after ``start`` and by ``end`` and who are not away again."""
        async with self.store.read() as tx:
            ended = await tx.away.ended_between(start, end)
        still = await self.away_of(ended)
        return [user for user in ended if user not in still]

    async def away_of(self, user_ids: list[int] | tuple[int, ...]) -> dict[int, float]:
        """For those of the users who are away now, until when."""
        now = self.clock.now()
        async with self.store.read() as tx:
            periods = await tx.away.of_users(user_ids, now)
        away = {user: away_until(found, now) for user, found in periods.items()}
        return {user: until for user, until in away.items() if until is not None}

    async def set_quiet_hours(self, user_id: int, time_zone: str, start_hour: int, end_hour: int
                              ) -> AwayStatus | Refusal:
        """Reminders wait from ``start_hour`` to ``end_hour`` (local time in ``time_zone``)."""
        problem = time_zone_refusal(time_zone)
        if problem is not None:
            return Refusal(Reason.BAD_SETTINGS, problem)
        for name, hour in (("start", start_hour), ("end", end_hour)):
            if not 0 <= hour <= 23:
                return Refusal(Reason.BAD_SETTINGS, Msg("quiet.whole_hours", name=name))
        if start_hour == end_hour:
            return Refusal(Reason.BAD_SETTINGS, Msg("quiet.same_hours"))
        async with self.store.write() as tx:
            await tx.quiet.put(QuietHours(user_id, time_zone, start_hour, end_hour))
        return await self.away_status(user_id)

    async def clear_quiet_hours(self, user_id: int) -> AwayStatus:
        async with self.store.write() as tx:
            await tx.quiet.clear(user_id)
        return await self.away_status(user_id)


class _Refused(Exception):
    """Rolls back a player's change from inside its transaction."""

    def __init__(self, message: Msg) -> None:
        super().__init__(str(message))
        self.message = message
