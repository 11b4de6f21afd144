"""``GameService``: the one place where games change, assembled from its parts."""
from __future__ import annotations

from typing import Callable

from bot.service.base import ServiceCore, new_seed
from bot.service.changes import Changes
from bot.service.clock import Clock
from bot.service.computers import Computers
from bot.service.languages import Languages
from bot.service.activities import Activities
from bot.service.links import Links
from bot.service.lobby import Lobby
from bot.service.messages import Messages
from bot.service.pages import Pages
from bot.service.players import Players
from bot.service.queries import Records
from bot.service.questions import Questions
from bot.service.reminders import Reminders
from bot.service.replays import Replays
from bot.service.standings import Ratings
from bot.service.tournaments import Tournaments
from bot.service.turns import Turns
from bot.store import Store
from bot.telemetry import Metrics


class GameService:
    """Lobbies, turns, computer players, undo, draws, reminders, deadlines and queries over one
    ``Store``, plus what a player sees across games: their games, time away, ratings, replays.

    ``GameService(store, clock)``; each part is an attribute (``service.lobby``,
    ``service.turns``, ...) whose operations are async methods taking ids and text
    and returning ``Accepted`` (with events) or a ``Refusal``. See the package
    docstring and ``docs/service.md`` (which part owns which operation).
    """

    CACHE_SIZE = ServiceCore.CACHE_SIZE
    CLAIM_LEASE_SECONDS = ServiceCore.CLAIM_LEASE_SECONDS

    def __init__(
        self, store: Store, clock: Clock | None = None, *,
        seed_source: Callable[[], int] = new_seed, cache_size: int | None = None,
        think_scale: float = 1.0,
        process_name: str | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        # What every part that works on games shares: the store, the clock, one lock per game,
        # the games held in memory, claims on scheduled work, committing a step.
        self.core = core = ServiceCore(store, clock, seed_source=seed_source, cache_size=cache_size,
                                       process_name=process_name, metrics=metrics)
        self.store = core.store
        self.clock = core.clock
        # Games from the lobby to their end; each part names the parts it builds on.
        self.lobby = Lobby(core)
        self.turns = Turns(core)
        self.questions = Questions(core, self.turns)
        self.computers = Computers(core, self.lobby, self.turns, think_scale=think_scale)
        self.reminders = Reminders(core, self.turns, self.computers)
        # What can be asked about games, and about their players.
        self.records = Records(core)
        self.replays = Replays(core, self.records)
        # What a web page shows of a game, for one viewer: the projection, the moves, the board image.
        self.pages = Pages(core, self.records)
        self.ratings = Ratings(core.store)
        self.players = Players(core.store, core.clock)
        self.languages = Languages(core.store, core.clock)
        # The Discord layer's messages it edits in place, and the boards it posts.
        self.messages = Messages(core)
        # Tournaments and leagues: their games are ordinary games, opened through the lobby; each
        # game's end is scored for its tournament.
        self.tournaments = Tournaments(core.store, core.clock, lobby=self.lobby, turns=self.turns,
                                       records=self.records, ratings=self.ratings)
        core.on_game_end = self.tournaments.game_ended
        # The web board: personal links and sessions, and the feed of every committed change of a game.
        self.links = Links(core)
        # The board as a Discord Activity: the game each launch meant.
        self.activities = Activities(core, self.records, self.replays)
        self.changes = Changes(core.store)
