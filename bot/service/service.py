"""``GameService``: the one place where games change."""
from __future__ import annotations

from bot.service.draws import DrawOperations
from bot.service.languages import LanguageOperations
from bot.service.lobby import LobbyOperations
from bot.service.queries import QueryOperations
from bot.service.reminders import ReminderOperations
from bot.service.undo import UndoOperations


class GameService(
    LobbyOperations, UndoOperations, DrawOperations, ReminderOperations, QueryOperations, LanguageOperations
):
    """Lobbies, turns, undo, draws, reminders, deadlines and queries over one ``Store``.

    ``GameService(store, clock)``; every operation is an async method taking
    ids and text and returning ``Accepted`` (with events) or a ``Refusal``.
    See the package docstring and ``docs/service.md``.
    """
