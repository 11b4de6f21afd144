"""The words a page shows around the board: the turn line, the result, the counts, and the page's own
buttons and headings (every one from the catalogs, ``web.*``: the page has no words of its own)."""
from __future__ import annotations

import functools
from typing import Sequence

from bot.i18n import Msg, message_of, t, text_of
from bot.service.results import GameInfo
from bot.service.vocabulary import game_rules
from bot.store import GameStatus
from renderer.drawing import named_text

#: Every word of the page's own (buttons, headings, the status line's pieces, errors), by the name the page
#: uses; each is the catalog's ``web.ui.<name>``.
UI_WORDS = (
    "play", "find_move", "find_move_hint", "no_moves", "your_hand", "players", "history", "table", "board",
    "last_move", "your_turn", "waiting", "choose_card", "choose_cell", "choose_option", "start_over",
    "board_image", "details", "close", "language", "connecting", "reconnecting", "live", "stale",
    "error", "no_hand", "spectator", "lobby", "finished", "cancelled", "deadline", "computer", "resigned",
    "to_act", "move_played", "empty_history", "session_ended",
)


@functools.lru_cache(maxsize=None)
def ui_words(lang: str) -> dict[str, str]:
    """Every word of the page's own, in ``lang``: made once per language and shared by every projection
    (read it, never change it)."""
    return {name: t(lang, f"web.ui.{name}") for name in UI_WORDS}


def fact(lang: str, key: str, value: str) -> dict[str, str]:
    """One count of a player's, as a label and its value ("Money", "40 Real")."""
    return {"label": t(lang, key), "value": value}


def real(amount: int, lang: str) -> str:
    """Money in the house style: ``34 Real`` (``34 Reál``)."""
    return t(lang, "result.money", amount=amount)


def turn_text(game: GameInfo, names: Sequence[str], lang: str) -> str:
    """Whose turn it is ("Bob to play", "Computer 1 (easy) is thinking…"), or where the game stands."""
    if game.status is GameStatus.LOBBY:
        return t(lang, "web.turn.lobby", count=len(game.players))
    if game.status is GameStatus.CANCELLED:
        return t(lang, "web.turn.cancelled")
    if game.status is GameStatus.FINISHED or game.to_move_seat is None:
        return t(lang, "web.turn.finished")
    name = names[game.to_move_seat]
    if game.computer_to_move:
        return t(lang, "web.turn.thinking", player=name)
    return t(lang, "web.turn.to_play", player=name)


def result_of(game: GameInfo, names: Sequence[str], lang: str) -> dict[str, object] | None:
    """How a finished game ended, its reason with the players' names for their colours."""
    if game.result is None:
        return None
    reason = text_of(lang, message_of(game.result.reason) if not isinstance(game.result.reason, Msg)
                     else game.result.reason)
    colours = dict(enumerate(game_rules(game.kind).colours[:len(names)]))
    return {"text": named_text(reason, colours, list(names), lang), "winners": list(game.result.winners)}
