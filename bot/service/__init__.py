"""The game service: sessions, turns, undo, reminders and deadlines (no Discord).

    store = await open_store(path)
    service = GameService(store, SystemClock())

    r = await service.lobby.create_lobby(guild_id, channel_id, host_id, "alcazar", {"deadline_hours": 48})
    if isinstance(r, Refusal): reply(r.message)            # typed reason in r.reason
    game_id = r.game.id
    await service.lobby.join(game_id, user_id); await service.lobby.start(game_id, host_id)
    r = await service.turns.play(game_id, user_id, "buy deck", expected_version=r.game.version)
    for event in r.events: ...                              # MovePlayed, BoardChanged, HandsChanged,
                                                            # TurnChanged, GameOver, …

``GameService`` is assembled from parts, each an attribute with its operations (all async;
each returns ``Accepted`` or ``Refusal`` unless it is a query):
``lobby``: ``create_lobby``, ``join``, ``leave``, ``update_settings``, ``start``, ``cancel``.
``turns``: ``play``, ``resign``. ``questions`` to the table (an undo request, a draw offer in
Alcazar 1978): ``ask("undo" | "draw", …)`` and ``answer(…, yes)`` with ``answerers(result)``.
``computers``: ``add_computer``, ``remove_computer``, ``play_computer_turn``, ``computer_turns_due``.
``reminders`` and deadlines: ``due_reminders``, ``claim_reminder``, ``mark_reminded``,
``reminder_not_sent``, ``process_deadlines``, ``deadline_of``, ``clock_of`` (time banks), ``mute``,
``note_dms_closed``.
``records`` (queries): ``game``, ``game_in_channel``, ``latest_game_in_channel``, ``games_of_user``,
``board_view``, ``private_view``, ``legal_moves_for``, ``move_parts``, ``history``, ``result``,
``games_by_status``, ``database_trouble``. ``replays``: ``all_moves``, ``finished_in_channel``,
``replay_animation``. ``pages`` (the web board, for one viewer): ``view``, ``moves``, ``board_image``.
``ratings``: ``rating_changes``, ``leaderboard``, ``player_record``,
``ratings_of_user``. ``players`` (a player across games): ``my_games``, ``set_away``,
``come_back``, ``away_status``, ``away_of``, ``back_between``, ``set_quiet_hours``,
``clear_quiet_hours``. ``languages``: ``remember_language``, ``languages_of``. ``messages`` the
Discord layer edits in place: ``remember_message``, ``posted_message``, ``forget_message``,
``record_board``, ``board_posting``. ``tournaments`` and leagues: ``new``, ``join``, ``leave``,
``start``, ``cancel``, ``withdraw``, ``standings``, ``resume`` (its games are ordinary games).
``links`` to the web board: ``link_for`` (a ``BoardLink``), ``open`` (swapped for a ``WebSession``),
``session``, ``end_all``; inside Discord, ``session_for``, ``channel_pass`` and ``open_pass``.
``activities``, the board as a Discord Activity: ``record_launch``, ``games_for`` (an
``ActivityChoice``). ``changes``, the feed of every committed change of a game (``GameChange``):
``subscribe``, ``start``, ``stop``.
The parts share one ``ServiceCore`` (``service.core``): the store, the clock, the per-game
locks, the games held in memory, claims and commits.

Work on one game is serialised by one asyncio lock per game id; short engine
steps run in a worker thread, CPU-heavy work (images) in the worker processes
of ``bot.service.workers`` (``in_process``). Every accepted change is one
transaction guarded by the game's version. When the game store cannot take
work (its server down, its disk full) an operation raises ``StoreUnavailable``
and nothing of it was kept, in the database or in the service's memory.
"""
from __future__ import annotations

from bot.service.clock import Clock, FakeClock, SystemClock, cancelled
from bot.service.events import (
    BoardChanged, ComputerToMove, DrawDeclined, DrawOffered, Event, GameCancelled, GameOver, GameStarted,
    HandsChanged, LobbyOpened, MovePlayed, MovesUndone, PlayerJoined, PlayerLeft, PlayerResigned,
    SettingsChanged, TurnChanged, UndoApproved, UndoDeclined, UndoRequested,
)
from bot.service.away import AwayStatus, time_zones_matching
from bot.service.backups import BackupSchedule
from bot.service.changes import ChangeFeed, Changes, GameChange
from bot.service.activities import Activities, ActivityChoice
from bot.service.links import BoardLink, Links, WebSession
from bot.service.clocks import TurnClock
from bot.service.lobby import seat_order
from bot.service.pictures import (
    board_png, chart_png, final_view, hand_png, named_text, results_png, start_pictures, stop_pictures, work_queued,
    worker_pids, workers_trouble,
)
from bot.service.move_labels import (
    action_choice, action_words, alcazar_part_words, noble_choice, pass_choice_1978, pawn_choice, wall_choice,
    wall_turn_choice, withdrawal_choice,
)
from bot.service.pages import BoardImage, NamesOf
from bot.service.players import MyGame
from bot.service.posting import BoardPosting, BoardRecorded, HandChange, TurnFacts
from bot.service.ratings import PROVISIONAL_GAMES, PlayerRecord, RatingShift, Standing, is_provisional

from bot.service.computers import computer_level, computer_number, computer_words
from bot.service.replays import REPLAY_BUDGET
from bot.service.live import replay
from bot.service.questions import answerers
from bot.service.results import (
    Accepted, BoardView, GameInfo, GameResult, HistoryLine, MoveChoice, Reason, Refusal, Reminder, StoreProblem,
    StoreUnavailable,
)
from bot.service.service import GameService
from bot.service.settings import GameSettings, SettingsError
from bot.service.threads import in_thread
from bot.service.tournament_records import (
    PlayerWithdrawn, RoundEnded, RoundStarted, TournamentAccepted, TournamentCancelled, TournamentEnded,
    TournamentInfo,
)
from bot.service.tournaments import TableChannels, Tournaments
from bot.service.tournament_pictures import standings_png, standings_view
from bot.tournament import Standing as TournamentStanding
from bot.service.vocabulary import GAME_KINDS, LEVELS, GameRules, game_rules
# The records and move parts the Discord layer reads, in the service's words (it imports nothing below the service).
from bot.store import EntryKind, GameStatus, Store, TournamentStatus, open_store
from bot.store import PostedMessageRow as PostedMessage
from bot.games.alcazar import AlcazarMoveParts, NobleStep, Place
from bot.games.alcazar1978 import Alcazar1978MoveParts

__all__ = [
    "BoardPosting", "BoardRecorded", "HandChange", "TurnFacts", "BoardImage", "NamesOf",
    "GAME_KINDS", "LEVELS", "REPLAY_BUDGET", "Accepted", "Alcazar1978MoveParts", "AlcazarMoveParts", "EntryKind",
    "GameRules", "GameStatus", "NobleStep", "Place", "PostedMessage", "Store", "computer_level", "computer_number",
    "computer_words",
    "game_rules", "open_store",
    "time_zones_matching", "cancelled", "board_png", "chart_png", "final_view", "hand_png", "named_text", "results_png",
    "start_pictures", "stop_pictures", "work_queued", "worker_pids", "workers_trouble", "AwayStatus", "BackupSchedule", "MyGame", "PlayerRecord", "RatingShift", "Standing",
    "BoardChanged", "BoardView", "Clock", "ComputerToMove", "DrawDeclined", "DrawOffered", "Event",
    "FakeClock", "GameCancelled", "GameInfo", "GameOver", "GameResult", "GameService",
    "GameSettings", "GameStarted", "HandsChanged", "HistoryLine", "LobbyOpened", "MoveChoice",
    "MovePlayed", "MovesUndone", "PlayerJoined", "PlayerLeft", "PlayerResigned", "Reason",
    "Refusal", "Reminder", "SettingsChanged", "SettingsError", "SystemClock", "TurnChanged",
    "UndoApproved", "UndoDeclined", "UndoRequested", "answerers", "in_thread", "replay", "seat_order",
    "PlayerWithdrawn", "RoundEnded", "RoundStarted", "TableChannels", "TournamentAccepted", "TournamentCancelled",
    "TournamentEnded", "TournamentInfo", "TournamentStanding", "TournamentStatus", "Tournaments", "standings_png",
    "standings_view",
    "TurnClock", "PROVISIONAL_GAMES", "is_provisional",
    "Activities", "ActivityChoice", "BoardLink", "ChangeFeed", "Changes", "GameChange", "Links", "WebSession",
    "action_choice", "action_words", "alcazar_part_words", "noble_choice", "pass_choice_1978", "pawn_choice",
    "wall_choice", "wall_turn_choice", "withdrawal_choice",
]
