"""``GameService``: the one place where games change."""
from __future__ import annotations

from typing import Any

from bot.service.computers import ComputerOperations
from bot.service.languages import LanguageOperations
from bot.service.lobby import LobbyOperations
from bot.service.messages import MessageOperations
from bot.service.players import PlayerOperations
from bot.service.queries import QueryOperations
from bot.service.questions import QuestionOperations
from bot.service.reminders import ReminderOperations
from bot.service.replays import ReplayOperations
from bot.service.results import GameInfo
from bot.service.standings import RatingOperations
from bot.service.tournaments import Tournaments


class GameService(
    QuestionOperations, ReminderOperations, ComputerOperations, LobbyOperations, ReplayOperations,
    QueryOperations, MessageOperations, LanguageOperations, PlayerOperations, RatingOperations,
):
    """Lobbies, turns, computer players, undo, draws, reminders, deadlines and queries over one
    ``Store``, plus what a player sees across games: their games, time away, ratings, replays.

    ``GameService(store, clock)``; every operation is an async method taking
    ids and text and returning ``Accepted`` (with events) or a ``Refusal``.
    See the package docstring and ``docs/service.md``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournaments = Tournaments(self.store, self.clock, self)

    async def _game_ended(self, game: GameInfo) -> list[Any]:
        return await self.tournaments.game_ended(game)
