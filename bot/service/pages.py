"""What a web page shows of a game, for one viewer: the projection, their legal moves, the board image.

The server decides everything a viewer sees. A seated player's projection is built from their
seat's engine view (the public view plus their own hand), anyone else's from the public view, so
no other hand and not the deck's order can reach a page. The board image is drawn from the public
view only, once per version of a game, in the worker processes, and kept for the pages that ask; the
moves are worded there too (a thousand Alcazar moves hold the interpreter for a second).
Every text is in the viewer's language; positions come from the renderer's layout of the image.
"""
from __future__ import annotations

import asyncio
import json
import pickle
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Mapping, Sequence

from bot.i18n import Msg, language_of, t
from bot.service import page_alcazar, page_alcazar1978
from bot.service.base import ServiceCore, no_such_game
from bot.service.computers import computer_words
from bot.service.kept import Kept
from bot.service.live import LiveGame
from bot.service.page_moves import moves_of_position
from bot.service.page_words import result_of, turn_text, ui_words
from bot.service.pictures import PAGE_SIZES, page_board_png, page_layout
from bot.service.queries import RECENT_LINES, Records
from bot.service.results import GameInfo, HistoryLine, Reason, Refusal
from bot.service.threads import in_thread
from bot.service.vocabulary import game_rules
from bot.service.workers import in_process
from bot.store import GameRow, GameStatus
from renderer.drawing import named_text
from renderer.theme import player_colour


NamesOf = Callable[[Sequence[int]], Awaitable[list[str]]]

#: How many of the last moves a page lists (the whole log stays in ``/alcazar history``): as many as the
#: records keep worded from one version to the next, so a new version's history replays only its new lines.
HISTORY_LINES = RECENT_LINES
#: Board images kept, one per (game, version): a few pages of many games at once.
IMAGES_KEPT = 32
#: Histories kept, one per (game, version): every page of a game asks for its view after each change, and
#: a history reads the game's whole log (and replays the lines played since the last one). Kept pickled:
#: as lines and messages they were some 200 objects each for the collector to walk.
HISTORIES_KEPT = 256
#: Projections kept, one per (game, version, row, seat or spectator, language, names): a change of a game with many
#: open pages has them all ask at once. Kept as JSON, which the collector does not walk (``_packed``).
PROJECTIONS_KEPT = 512
#: History lines kept in words, one per (game, line, language, names): a game's next version shows the same
#: lines but one, and wording a line is most of what a projection costs.
LINES_KEPT = 8192
#: Move lists kept, one per (game, version, language): only the player to act asks, but again on every
#: reconnection, and wording 1,000 Alcazar moves takes a second. Kept as the JSON text a page is sent.
MOVES_KEPT = 16


@dataclass(frozen=True)
class BoardImage:
    """A board image for the pages of one version of a game."""

    version: int
    data: bytes
    media_type: str         # "image/png" or "image/webp"
    width: int
    height: int


@dataclass(frozen=True)
class _Position:
    """A game at one version as a viewer may see it: the view is their seat's or the public one."""

    game: GameInfo
    seat: int | None
    view: Mapping[str, Any]
    ply: int


@dataclass(frozen=True)
class _Projected:
    """A game as it stands, and a viewer's projection of it (the asker's own copy)."""

    game: GameInfo
    view: dict[str, Any]


class Pages:
    """The web board's questions: a viewer's projection of a game, their legal moves, the board image."""

    def __init__(self, core: ServiceCore, records: Records) -> None:
        self.core = core
        self.records = records
        self._images: Kept[tuple[int, int], BoardImage] = Kept(IMAGES_KEPT)
        self._histories: Kept[tuple[int, int], bytes] = Kept(HISTORIES_KEPT)
        self._moves: Kept[tuple[int, int, str], str] = Kept(MOVES_KEPT)
        self._projections: Kept[tuple[Any, ...], str] = Kept(PROJECTIONS_KEPT)
        self._lines: Kept[tuple[Any, ...], str] = Kept(LINES_KEPT)
        self._drawing: dict[tuple[int, int], asyncio.Future[BoardImage]] = {}

    # -- the projection ----------------------------------------------------------------------------

    async def view(self, game_id: int, user_id: int, lang: str, names_of: NamesOf) -> dict[str, Any] | Refusal:
        """The projection of the game for ``user_id``: a seated player's with their hand, anyone else's
        the spectator's (no hand at all); every text in ``lang``. A version's projection for a seat (or
        for every spectator) is built once and kept as JSON; each asker gets its own copy, with the turn's
        deadline read afresh."""
        lang = language_of(lang)
        loaded = await self.core.game_rows(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        # The names are asked before the game is locked, for the seats as read; a game that started in
        # between has put its players in their seats' order, and they are named again in that order.
        players = tuple(seat.user_id for seat in loaded[1])
        while True:
            names = await self._names(players, names_of, lang)
            projection = await self._projection(game_id, user_id, lang, players, names)
            if not isinstance(projection, tuple):
                break
            players = projection
        if projection is None:              # a lobby, or a game cancelled before it started
            return _lobby(await self.core.info(*loaded), lang, names)
        facts = await self.records.turn_facts(projection.game)
        view = projection.view
        view["turn"]["deadline"] = facts.deadline_at
        return view

    async def _projection(self, game_id: int, user_id: int, lang: str, players: tuple[int, ...], names: list[str]
                          ) -> _Projected | tuple[int, ...] | None:
        """The game as it stands and its projection for the user's seat (None: a spectator), kept per version;
        the players in their seats when ``names`` are not theirs in that order; None for a lobby.

        What everyone at the table sees (the board, the players, the history) is built once per version and
        language and shared by every page; a seat adds only its own part (its hand), so a change costs one
        table's projection however many players and spectators have the game open."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None:
                return None
            if live.user_ids != players:
                return live.user_ids
            seat = live.seat_of(user_id)
            game = await self.core.info(live.row, live.seats)
            stamp = _row_stamp(live.row)
            key = (game_id, live.version, stamp, seat, lang, tuple(names))
            kept = self._projections.get(key)
            if kept is not None:
                return _Projected(game, json.loads(kept))
            table_key = (game_id, live.version, stamp, None, lang, tuple(names))
            kept_table = self._projections.get(table_key)
            public = None if kept_table is not None else await in_thread(live.engine.view, live.state, None)
            own = None if seat is None else await in_thread(live.engine.view, live.state, seat)
            ply = live.ply
        if kept_table is not None:
            table = json.loads(kept_table)
        else:
            assert public is not None
            history = await self._history(game, ply)
            table = _projection(_Position(game, None, public, ply), lang, names, history, self._lines)
            self._projections.put(table_key, _packed(table))
        if own is None:
            return _Projected(game, table)
        seated = _seated(table, _Position(game, seat, own, ply), lang)
        self._projections.put(key, _packed(seated))
        return _Projected(game, seated)

    async def _names(self, players: Sequence[int], names_of: NamesOf, lang: str) -> list[str]:
        """The players' names in seat order: people as the edge knows them, computers in ``lang``."""
        people = [user for user in players if user > 0]
        known = dict(zip(people, await names_of(people))) if people else {}
        return [known.get(user, "?") if user > 0 else t(lang, computer_words(user)) for user in players]

    async def _history(self, game: GameInfo, ply: int) -> list[HistoryLine]:
        """The last lines of the log up to ``ply`` (the position shown), read once per version."""
        key = (game.id, game.version)
        kept = self._histories.get(key)
        if kept is not None:
            return list(pickle.loads(kept))
        lines = await self.records.history(game.id, limit=HISTORY_LINES)
        if isinstance(lines, Refusal):
            return []
        shown = [line for line in lines if line.ply <= ply]
        if lines and lines[-1].ply == ply:      # the log had not moved on meanwhile: this is the version's
            self._histories.put(key, pickle.dumps(shown, pickle.HIGHEST_PROTOCOL))
        return shown

    # -- the moves ---------------------------------------------------------------------------------

    async def moves(self, game_id: int, user_id: int, lang: str) -> dict[str, Any]:
        """The viewer's legal moves, each a path of taps (see ``page_moves``); none when they are not to act."""
        moves: dict[str, Any] = json.loads(await self.moves_text(game_id, user_id, lang))
        return moves

    async def moves_text(self, game_id: int, user_id: int, lang: str) -> str:
        """``moves`` as its JSON text, worded and written in a worker process and kept as it is sent."""
        lang = language_of(lang)
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None:
                loaded = await self.core.load_row(game_id)
                return _packed({"version": loaded[0].version if loaded else 0, "tokens": {}, "moves": []})
            if not _acts_now(live, user_id):
                return _packed({"version": live.version, "tokens": {}, "moves": []})
            key = (game_id, live.version, lang)
            kept = self._moves.get(key)
            if kept is not None:
                return kept
            snapshot = await in_thread(live.engine.to_dict, live.state)
            kind = live.row.kind
        moves = await in_process(moves_of_position, kind, snapshot, key[1], lang)
        self._moves.put(key, moves)
        return moves

    # -- the board image ---------------------------------------------------------------------------

    async def board_image(self, game_id: int, names_of: NamesOf) -> BoardImage | Refusal:
        """The board as it stands, drawn for pages from the public view (in the game's language);
        drawn once per version and kept."""
        async with self.core.game_lock(game_id):
            live = await self.core.load_live(game_id)
            if live is None:
                return await self._no_board(game_id)
            key = (game_id, live.version)
            kept = self._images.get(key)
            if kept is not None:
                return kept
            public = await in_thread(live.engine.view, live.state, None)
            game = await self.core.info(live.row, live.seats)
        # Pages of one game ask for the same new version at once: one drawing serves them all, and a page
        # that goes away does not stop it for the others.
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = self._drawing[key] = asyncio.ensure_future(self._draw(key, game, public, names_of))
            drawing.add_done_callback(lambda _: self._drawing.pop(key, None))
        return await asyncio.shield(drawing)

    async def _draw(self, key: tuple[int, int], game: GameInfo, public: Mapping[str, Any],
                    names_of: NamesOf) -> BoardImage:
        lang = game.settings.language
        names = await self._names(game.players, names_of, lang)
        data = await page_board_png(game.kind, public, names, lang)
        layout = page_layout(game.kind, len(game.players))
        image = BoardImage(key[1], data, "image/png", int(layout["width"]), int(layout["height"]))
        self._images.put(key, image)
        return image

    async def _no_board(self, game_id: int) -> Refusal:
        if await self.core.load_row(game_id) is None:
            return no_such_game(game_id)
        return Refusal(Reason.NOT_STARTED, Msg("refusal.not_started"))


def _packed(answer: Mapping[str, Any]) -> str:
    """A projection as it is kept (a move list too): its JSON, a single string the collector does not walk
    (as dicts and lists, the 512 projections kept were some 40,000 objects for every full collection to go
    through, and 16 move lists of 1,000 Alcazar moves as many)."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def _row_stamp(row: GameRow) -> tuple[str, float, str]:
    """What of a game's row a projection shows besides its version: a change that leaves the version (the
    settings, a cancellation) changes this."""
    return row.status.value, row.updated_at, json.dumps(row.settings, sort_keys=True)


def _acts_now(live: LiveGame, user_id: int) -> bool:
    seat = live.seat_of(user_id)
    return (live.row.status is GameStatus.ACTIVE and seat is not None and live.is_to_act(seat)
            and not live.seats[seat].resigned)


# -- building the projection ---------------------------------------------------------------------------

def _projection(position: _Position, lang: str, names: Sequence[str], history: Sequence[HistoryLine],
                lines: Kept[tuple[Any, ...], str]) -> dict[str, Any]:
    """The projection of one position for everyone at the table (``position.seat`` None: no hand), its deadline
    left to be filled in; ``lines`` keeps the history's words from one version to the next."""
    game, view = position.game, position.view
    kind = game.kind
    layout = page_layout(kind, len(game.players))
    if kind == "alcazar":
        cells = page_alcazar.cells(view, layout, names, lang)
        table = page_alcazar.table(view, lang)
    else:
        cells = page_alcazar1978.cells(view, layout, names, lang)
        table = page_alcazar1978.table(view, lang)
    history_lines = [{"ply": line.ply, "seat": line.seat, "text": _kept_text(lines, game, line, names, lang)}
                     for line in history]
    return {
        "game": _game(game, lang, names),
        "viewer": {"seat": None, "lang": lang, "to_act": False},
        "turn": {"seat": game.to_move_seat if game.status is GameStatus.ACTIVE else None,
                 "text": turn_text(game, names, lang), "deadline": None},
        "players": [_player(game, view, seat_, names, lang) for seat_ in range(len(game.players))],
        "board": {"width": int(layout["width"]), "height": int(layout["height"]), "cells": cells},
        "hand": None,
        "table": table,
        "last_move": history_lines[-1]["text"] if history_lines else None,
        "history": history_lines,
        "words": ui_words(lang),
    }


def _seated(table: Mapping[str, Any], position: _Position, lang: str) -> dict[str, Any]:
    """The table's projection as one seated player sees it: the same, with their own hand (from their seat's view)."""
    game, seat, view = position.game, position.seat, position.view
    hand = page_alcazar.hand(view, lang) if game.kind == "alcazar" and "hand" in view else None
    return dict(table, viewer={"seat": seat, "lang": lang, "to_act": _to_act(game, seat)}, hand=hand)


def _kept_text(lines: Kept[tuple[Any, ...], str], game: GameInfo, line: HistoryLine, names: Sequence[str],
               lang: str) -> str:
    """``move_text`` of a history line, worded once for all the versions that show it."""
    # Atoms only (the kind by its value), so that the collector untracks the key.
    key = (game.id, line.ply, line.seat, line.kind.value, line.notation, line.forced, line.stand_in, lang,
           tuple(names))
    text = lines.get(key)
    if text is None:
        text = move_text(game, line, names, lang)
        lines.put(key, text)
    return text


def _lobby(game: GameInfo, lang: str, names: Sequence[str]) -> dict[str, Any]:
    """A game before its start: who has joined; no board, no hand, no moves yet."""
    return {
        "game": _game(game, lang, names),
        "viewer": {"seat": None, "lang": lang, "to_act": False},
        "turn": {"seat": None, "text": turn_text(game, names, lang), "deadline": None},
        "players": [_player(game, {}, seat, names, lang) for seat in range(len(game.players))],
        "board": None,
        "hand": None,
        "table": [],
        "last_move": None,
        "history": [],
        "words": ui_words(lang),
    }


def _game(game: GameInfo, lang: str, names: Sequence[str]) -> dict[str, Any]:
    return {"id": game.id, "kind": game.kind, "title": game.title, "status": game.status.value,
            "version": game.version, "language": game.settings.language, "result": result_of(game, names, lang)}


def _to_act(game: GameInfo, seat: int | None) -> bool:
    return (game.status is GameStatus.ACTIVE and seat is not None and seat == game.to_move_seat
            and game.players[seat] not in game.resigned and not game.played_by_computer(seat))


def _player(game: GameInfo, view: Mapping[str, Any], seat: int, names: Sequence[str], lang: str) -> dict[str, Any]:
    colour = game_rules(game.kind).colours[seat] if seat < len(game_rules(game.kind).colours) else "white"
    facts = [{"label": t(lang, "web.fact.colour"), "value": t(lang, f"colour.{colour}")}]
    players = view.get("players") or []
    if game.kind == "alcazar" and seat < len(players):
        facts += page_alcazar.player_facts(players[seat], lang)
    elif game.kind == "alcazar1978" and view:
        facts += page_alcazar1978.player_facts(view, seat, lang)
    user = game.players[seat]
    return {"seat": seat, "name": names[seat], "colour": "#%02x%02x%02x" % player_colour(colour),
            "computer": user < 0, "resigned": user in game.resigned,
            "to_act": game.status is GameStatus.ACTIVE and game.to_move_seat == seat, "facts": facts}


def move_text(game: GameInfo, line: HistoryLine, names: Sequence[str], lang: str) -> str:
    """A line of the log in ``lang``, each colour that names a player replaced by their name: "Alice: Found
    a castle on 7–9 …" (Alcazar (1978) words begin with the player's colour, so they need no name before them)."""
    words = t(lang, line.words) if isinstance(line.words, Msg) else str(line.words)
    colours = dict(enumerate(game_rules(game.kind).colours[:len(names)]))
    text = named_text(words, colours, list(names), lang)
    if game.kind == "alcazar":
        text = t(lang, "web.history_line", player=names[line.seat], words=text)
    if line.forced:
        text += t(lang, "announce.forced")
    if line.stand_in:
        text += t(lang, "announce.by_stand_in")
    return text


__all__ = ["PAGE_SIZES", "BoardImage", "NamesOf", "Pages"]
