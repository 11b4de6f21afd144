"""Telling people what changed: one board message in the channel per change, hands by DM.

The channel only ever gets the public view (board image, move in words);
a hand goes to its owner alone (``hands``). Each new board takes the buttons
off the board before it, so only one message ever offers "Take my turn".
"""
from __future__ import annotations

import io
import logging
import time
from typing import Any, Mapping, Sequence

import discord

from bot.discord import images
from bot.discord.hands import send_hand_by_dm
from bot.discord.once import nonce
from bot.discord.player_texts import rating_lines
from bot.discord.players import away_lines
from bot.discord.standings import mention, pinging, result_lines, standing_line, turn_line
from bot.discord.style import move_words
from bot.discord.table import Table
from bot.discord.texts import CONTENT_LIMIT, clip
from bot.i18n import t
from bot.service import (
    Accepted, EntryKind, GameInfo, GameOver, GameStatus, HandsChanged, MovePlayed, Refusal, StoreUnavailable,
)
from bot.telemetry import caused_by
from bot.telemetry.causes import HAND_DM

log = logging.getLogger(__name__)

def move_line(event: MovePlayed, lang: str = "en") -> str:
    """One move for the channel, in the game's language (a line logged before messages in its own words)."""
    who = mention(event.user_id, lang)
    if event.kind is EntryKind.SKIP:
        return t(lang, "announce.missed_deadline", player=who)
    if event.kind is EntryKind.RETIRE:
        return t(lang, "announce.out_of_time" if event.out_of_time else "announce.left", player=who)
    forced = t(lang, "announce.forced") if event.forced else ""
    stand_in = t(lang, "announce.by_stand_in") if event.stand_in else ""
    return t(lang, "announce.move", player=who + stand_in, words=move_words(lang, event.words), forced=forced)


async def post_board(bot: Table, game_id: int, lines: Sequence[str], *, with_buttons: bool = True,
                     ping: bool = True) -> None:
    """Post the board (or, once the game is over, the results) with ``lines`` in the game's channel.

    ``ping=False`` shows the board again without notifying anyone (``/alcazar board``).
    The board before it loses its buttons, and the new one is remembered as the game's board."""
    public = await bot.service.board_view(game_id)
    if isinstance(public, Refusal):
        log.warning("No board to post for game %s: %s", game_id, str(public.message))
        return
    game = public.game
    names = await bot.names_of(game.players, game.settings.language)
    if game.status is GameStatus.FINISHED:
        kwargs = await _results_message(bot, game, public.view, names, lines)
    else:
        # The deadline with the player's time away added, and who is away (their clocks stand still).
        turn = turn_line(game, await bot.service.deadline_of(game), await bot.service.clock_of(game))
        kwargs = await _board_message(bot, game, public.view, names, lines, with_buttons,
                                      after=[turn, *await away_lines(bot, game)])
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    pings = board_pings(game) if ping else discord.AllowedMentions.none()
    message = await channel.send(allowed_mentions=pings, **kwargs)
    await retire_board(bot, game, forget=False)     # the new board's record replaces it just below
    await retire_question(bot, game)
    await bot.service.remember_message(game.id, "board", game.channel_id, message.id, version=game.version)


async def retire_board(bot: Table, game: GameInfo, *, forget: bool = True) -> None:
    """Take the buttons off the game's last board message: a newer one (or the game's end) replaces it."""
    stored = await bot.service.posted_message(game.id, "board")
    if stored is None:
        return
    old = bot.get_partial_messageable(stored.channel_id, guild_id=game.guild_id).get_partial_message(stored.message_id)
    try:
        await old.edit(view=None)
    except discord.HTTPException as error:
        # A message deleted by a moderator has no buttons to take off; a click on one that
        # slipped through still gets "this board is out of date".
        log.info("Could not take the buttons off board %s of game %s: %s %s", stored.message_id, game.id,
                 error.status, error.text)
    if forget:
        await bot.service.forget_message(game.id, "board")


async def retire_question(bot: Table, game: GameInfo) -> None:
    """The game moved on, so an open question is void: its buttons go, and it says why."""
    stored = await bot.service.posted_message(game.id, "question")
    if stored is None or stored.version == game.version:
        return          # still open: a board shown again does not void it
    await bot.service.forget_message(game.id, "question")
    message = bot.get_partial_messageable(stored.channel_id, guild_id=game.guild_id) \
        .get_partial_message(stored.message_id)
    try:
        await message.edit(content=t(game.settings.language, "announce.question_lapsed"), view=None)
    except discord.HTTPException as error:
        # A click that slipped through still gets "this board is out of date".
        log.info("Could not close question %s of game %s: %s %s", stored.message_id, game.id, error.status,
                 error.text)


async def ping_was_lost(bot: Table, game: GameInfo) -> bool:
    """True when no board of the current position reached the channel, so the player to act was never pinged."""
    if game.to_move_id is None:
        return False
    stored = await bot.service.posted_message(game.id, "board")
    return stored is None or stored.version != game.version


def board_pings(game: GameInfo) -> discord.AllowedMentions:
    """Only the player the table now waits for is pinged (everyone at the end), not the one who just moved."""
    if game.computer_to_move:
        return pinging()                # a computer is to move: nobody needs to hear
    return pinging(*([game.to_move_id] if game.to_move_id is not None else game.players))


async def _board_message(bot: Table, game: GameInfo, view: Mapping[str, Any], names: list[str], lines: Sequence[str],
                         with_buttons: bool, *, after: Sequence[str] = ()) -> dict[str, Any]:
    """The board message: ``lines``, the standings, then ``after`` (whose turn, who is away)."""
    lang = game.settings.language
    png = await images.board_png(game.kind, view, names, lang)
    kwargs: dict[str, Any] = {
        "content": _content([*lines, standing_line(game, view), *after]),
        "file": discord.File(io.BytesIO(png), filename="board.png",
                             description=t(lang, "announce.board_description", title=game.title)),
    }
    if with_buttons:
        kwargs["view"] = bot.board_buttons(game)
    return kwargs


async def _results_message(bot: Table, game: GameInfo, view: Mapping[str, Any], names: list[str],
                           lines: Sequence[str]) -> dict[str, Any]:
    game = await _with_result(bot, game)
    if game.result is None:
        # Finished without a recorded result cannot happen through the service; say so plainly.
        log.error("Game %s is finished but has no result", game.id)
        return {"content": _content([*lines, t(game.settings.language, "result.over")])}
    lang = game.settings.language
    png = await images.results_png(view, game.result, names, lang)
    ratings = rating_lines(await bot.service.rating_changes(game.id), lang)
    return {"content": _content([*lines, *result_lines(game), *ratings]),
            "file": discord.File(io.BytesIO(png), filename="results.png",
                                 description=t(lang, "announce.results_description", title=game.title))}


async def _with_result(bot: Table, game: GameInfo) -> GameInfo:
    """The game with its result: the board view may have been read just before it was recorded."""
    if game.result is not None:
        return game
    fresh = await bot.service.game(game.id)
    return game if isinstance(fresh, Refusal) else fresh


def _content(lines: Sequence[str]) -> str:
    return clip("\n".join(line for line in lines if line), CONTENT_LIMIT)


async def publish(bot: Table, accepted: Accepted, *, headline: str | None = None) -> bool:
    """After an accepted change: one channel message with the board, then hands by DM.

    Returns False when Discord would not take the channel message (or the game
    store went away before it was made): the change stands all the same, the
    player to act is told by DM, and the caller tells the user that
    ``/alcazar board`` shows the board again.
    """
    moves = [move_line(e, accepted.game.settings.language) for e in accepted.events if isinstance(e, MovePlayed)]
    lines = ([headline] if headline else []) + moves
    posted = True
    started = time.perf_counter()
    try:
        if moves or accepted.of_type(GameOver) or headline:
            posted = await post_board_or_log(bot, accepted.game.id, lines)
            if not posted:
                await tell_turn_by_dm(bot, accepted.game.id)
            elif any(isinstance(e, MovePlayed) and e.kind is EntryKind.MOVE for e in accepted.events):
                bot.metrics.board_posted_after(time.perf_counter() - started)
        with caused_by(HAND_DM):
            await send_changed_hands(bot, accepted)
        # A tournament's game that ended may have ended its round: its news comes after the board.
        await bot.tournament_news(accepted.events)
    except StoreUnavailable:
        # The change was committed before the store went away: it stands, and the player must
        # not read that nothing changed. Only its announcement is short; /alcazar board shows it.
        log.warning("The board of game %s was not posted: the game store went away after the change",
                    accepted.game.id)
        posted = False
    finally:
        # After the board, so the computer's move is posted after the move it answers;
        # whatever happened to the messages, the computer plays.
        bot.computer_turns.notice(accepted)
    return posted


async def post_board_or_log(bot: Table, game_id: int, lines: Sequence[str]) -> bool:
    """``post_board`` after a change that already stands: a Discord failure is logged, not raised."""
    try:
        await post_board(bot, game_id, lines)
        return True
    except discord.HTTPException as error:
        log.warning("Could not post the board of game %s: %s %s", game_id, error.status, error.text)
        return False


async def tell_turn_by_dm(bot: Table, game_id: int) -> None:
    """The board (and its ping) did not reach the channel: the player to act hears it is their turn by DM."""
    game = await bot.service.game(game_id)
    if isinstance(game, Refusal) or game.to_move_id is None or game.computer_to_move:
        return
    try:
        user = await bot.user_by_id(game.to_move_id)
        lang = await bot.language_for_dm(game.to_move_id)
        await user.send(t(lang, "announce.turn_by_dm", title=game.title, channel=f"<#{game.channel_id}>"),
                        nonce=nonce("turn-by-dm", game.id, game.version))
    except discord.HTTPException as error:
        # The next reminder still comes; nothing else can reach the player now.
        log.warning("Could not tell %s by DM that it is their turn in game %s: %s %s", game.to_move_id, game.id,
                    error.status, error.text)


async def send_changed_hands(bot: Table, accepted: Accepted) -> None:
    for event in accepted.of_type(HandsChanged):
        assert isinstance(event, HandsChanged)
        for seat, user_id in zip(event.seats, event.user_ids):
            # Computers get no DMs, nor does a player who resigned and left the seat to the stand-in.
            if not accepted.game.played_by_computer(seat):
                await send_hand_by_dm(bot, accepted.game, user_id)
