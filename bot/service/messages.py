"""The bot's messages it edits in place (lobby, board, hand DMs, questions), remembered per game.

The service only keeps the ids: which message shows what, at which version.
Discord objects stay in the Discord layer.
"""
from __future__ import annotations

from typing import Any

from bot.service.base import ServiceCore, info_of
from bot.service.posting import BoardRecorded, TurnFacts, read_turn_facts
from bot.store import PostedMessageRow


class Messages:
    """remember_message, posted_message, forget_message; record_board for boards, and DM channels."""

    def __init__(self, core: ServiceCore) -> None:
        self.store = core.store
        self.clock = core.clock

    async def remember_message(self, game_id: int, role: str, channel_id: int, message_id: int, *,
                               version: int, user_id: int = 0, detail: Any = None) -> None:
        """Record the message now showing ``role`` (lobby, board, hand, question) of a game."""
        async with self.store.write() as tx:
            await tx.messages.put(PostedMessageRow(game_id, role, user_id, channel_id, message_id, version, detail))

    async def posted_message(self, game_id: int, role: str, user_id: int = 0) -> PostedMessageRow | None:
        """The message last recorded for ``role`` (and, for a hand, its owner), if any."""
        async with self.store.read() as tx:
            return await tx.messages.get(game_id, role, user_id)

    async def forget_message(self, game_id: int, role: str, user_id: int = 0) -> None:
        """The message is gone or shows nothing to edit any more."""
        async with self.store.write() as tx:
            await tx.messages.delete(game_id, role, user_id)

    async def record_board(self, game_id: int, channel_id: int, message_id: int, *, version: int,
                           shown: TurnFacts | None = None) -> BoardRecorded:
        """Record the newly posted board of a game, in one call, and say what it replaced.

        Answers the board before it (to take its buttons off; the one just posted, when a newer
        board was recorded first), an open question this
        version voided (forgotten here: its buttons go too), and, when ``shown`` (the
        facts the board was drawn with) differ from the facts now, the facts now: a
        player went away, or came back, while the board was on its way."""
        now = self.clock.now()
        async with self.store.write() as tx:
            previous = await tx.messages.get(game_id, "board")
            posted = PostedMessageRow(game_id, "board", 0, channel_id, message_id, version, None)
            if previous is not None and previous.version > version:
                # A newer board got here first (its move was posted sooner): this one is out of date.
                return BoardRecorded(previous=posted)
            await tx.messages.put(posted)
            question = await tx.messages.get(game_id, "question")
            if question is not None and question.version != version:
                await tx.messages.delete(game_id, "question")
            else:
                question = None
            fresh = None
            if shown is not None:
                row = await tx.games.get(game_id)
                if row is not None and row.version == version:
                    seats = tuple(await tx.seats.of_game(game_id))
                    fresh = await read_turn_facts(tx, row, info_of(row, seats), now)
        if previous is not None and previous.message_id == message_id:
            previous = None     # the same message recorded again: nothing to retire
        return BoardRecorded(previous, question, fresh if fresh is not None and _differ(fresh, shown) else None)

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        """The user's DM channel with the bot: a reminder then goes there in one request."""
        async with self.store.write() as tx:
            await tx.dm_channels.remember(user_id, channel_id)


def _differ(now: TurnFacts, shown: TurnFacts | None) -> bool:
    """Whether the facts a board states have changed: someone's time away began or ended (the
    deadline moves with it). A later end of the same stay away changes nothing a board says."""
    return shown is None or set(now.away) != set(shown.away) or (now.deadline_at is None) != (shown.deadline_at is None)
