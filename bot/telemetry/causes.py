"""What caused each request the bot sends Discord: a move, a reminder, a lobby, a DM…

Discord's global bucket (50 requests a second per bot token) is the bot's
ceiling at scale, so every request is put down to the work that made it.
The cause is a ``contextvars`` value set where the work starts (an
interaction's parsing, the reminder loop, a computer's turn, a deadline
round) and read in one place, where discord.py sends requests
(``bot.discord.monitor.http_trace``); the tasks a piece of work starts
inherit its cause.
"""
from __future__ import annotations

import contextlib
from contextvars import ContextVar
from typing import Iterator

MOVE = "move"
COMPUTER_MOVE = "computer move"
REMINDER = "reminder"
DEADLINE = "deadline"
LOBBY = "lobby"
HAND_DM = "hand DM"
OLD_BOARD = "old board"
REPLY = "reply"
START_UP = "start-up"

CAUSES = (MOVE, COMPUTER_MOVE, REMINDER, DEADLINE, LOBBY, HAND_DM, OLD_BOARD, REPLY, START_UP)

#: Work nobody is waiting on: it must never delay a player's answer or board. Taking the buttons off
#: a board older than its follow-up token (``OLD_BOARD``) is one: the new board is already posted.
BACKGROUND_CAUSES = frozenset({COMPUTER_MOVE, REMINDER, DEADLINE, OLD_BOARD})

#: Requests made outside any work that sets a cause come from logging in and syncing commands.
_cause: ContextVar[str] = ContextVar("alcazar_request_cause", default=START_UP)
#: Whether the work at hand, or the work that started it, is background work: a hand DM sent after a
#: computer's move is background, one sent while a player's move is answered is not.
_background: ContextVar[bool] = ContextVar("alcazar_background_work", default=False)

#: A slash command or button (as ``about.interaction_command`` names it) that plays a move.
_MOVE_COMMANDS = ("alcazar move", "az:choose:play", "az:play", "az:confirm:resign")
_LOBBY_COMMANDS = ("alcazar new", "alcazar join", "alcazar leave", "alcazar start", "alcazar cancel",
                   "az:lobby", "az:confirm:cancel")


def request_cause() -> str:
    """What the work at hand is, for the requests it sends."""
    return _cause.get()


def in_background() -> bool:
    """Whether nobody waits on the work at hand (a reminder, a deadline, a computer's turn, what they start)."""
    return _background.get()


@contextlib.contextmanager
def caused_by(cause: str) -> Iterator[None]:
    """Within the block (and the tasks it starts), requests are put down to ``cause``."""
    token = _cause.set(cause)
    background = _background.set(_background.get() or cause in BACKGROUND_CAUSES)
    try:
        yield
    finally:
        _background.reset(background)
        _cause.reset(token)


def cause_of_command(command: str | None) -> str:
    """An interaction's cause from its command: a move, a lobby, or any other command's reply."""
    if command is None:
        return REPLY
    if command.startswith(_MOVE_COMMANDS):
        return MOVE
    if command.startswith(_LOBBY_COMMANDS):
        return LOBBY
    return REPLY
