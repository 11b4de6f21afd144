"""Telling people what changed: one board message in the channel per change, hands by DM.

The channel only ever gets the public view (board image, move in words);
a hand goes to its owner alone (``hands``). Each new board takes the buttons
off the board before it, so only one message ever offers "Take my turn".
"""
from __future__ import annotations

import io
import logging
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import discord

from bot.discord import images
from bot.discord.followups import edit_message
from bot.discord.hands import send_hand_by_dm
from bot.discord.once import nonce
from bot.discord.player_texts import rating_lines
from bot.discord.players import turn_lines
from bot.discord.standings import mention, pinging, result_lines, standing_text
from bot.discord.style import move_words
from bot.discord.table import Table
from bot.discord.texts import CONTENT_LIMIT, clip
from bot.i18n import t
from bot.service import (
    Accepted, BoardPosting, EntryKind, GameInfo, GameOver, GameStatus, HandsChanged, MovePlayed, PostedMessage,
    Refusal, StoreUnavailable, TurnFacts,
)
from bot.telemetry import caused_by
from bot.telemetry.causes import HAND_DM, OLD_BOARD, in_background

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
                     ping: bool = True, posting: BoardPosting | None = None,
                     via: discord.Interaction | None = None) -> None:
    """Post the board (or, once the game is over, the results) with ``lines`` in the game's channel.

    ``posting`` is what a change's result carries to draw it (without one the board is read as it
    stands); ``via`` the interaction that made the change, whose follow-up carries the board outside
    Discord's global limit. ``ping=False`` shows the board again without notifying anyone
    (``/alcazar board``). The board before it loses its buttons, and the new one is recorded."""
    if posting is None:
        found = await bot.service.records.board_posting(game_id)
        if isinstance(found, Refusal):
            log.warning("No board to post for game %s: %s", game_id, str(found.message))
            return
        posting = found
    game = posting.board.game
    board = await _board_or_results(bot, posting, lines, with_buttons)
    pings = board_pings(game) if ping else discord.AllowedMentions.none()
    message_id = await _send_board(bot, game, board, pings, via)
    active = game.status is GameStatus.ACTIVE
    recorded = await bot.service.messages.record_board(game.id, game.channel_id, message_id, version=game.version,
                                              shown=posting.turn if active else None)
    if recorded.previous is not None:
        await _take_buttons_off(bot, game, recorded.previous)
    if recorded.lapsed_question is not None:
        await _close_question(bot, game, recorded.lapsed_question)
    if recorded.turn is not None:
        # Someone went away (or came back) while the board was on its way: it says so now.
        await _restate_turn(bot, game, message_id, board, recorded.turn)


@dataclass
class BoardMessage:
    """A board (or results) message as drawn: its text, its picture and its buttons."""

    lines: list[str]
    png: bytes | None = None
    filename: str = "board.png"
    description: str = ""
    view: discord.ui.View | None = None
    turn_at: int = -1           # where the turn's lines begin among ``lines`` (-1: none)

    def content(self) -> str:
        return _content(self.lines)

    def fields(self) -> dict[str, Any]:
        """The message's fields, with a fresh file each time (a file is read once by a request)."""
        fields: dict[str, Any] = {"content": self.content()}
        if self.png is not None:
            fields["file"] = discord.File(io.BytesIO(self.png), filename=self.filename, description=self.description)
        if self.view is not None:
            fields["view"] = self.view
        return fields


async def _board_or_results(bot: Table, posting: BoardPosting, lines: Sequence[str],
                            with_buttons: bool) -> BoardMessage:
    game, view = posting.board.game, posting.board.view
    names = await bot.names_of(game.players, game.settings.language)
    if game.status is GameStatus.FINISHED:
        return await _results_message(bot, game, view, names, lines)
    # The deadline with the player's time away added, and who is away (their clocks stand still).
    return await _board_message(bot, game, view, names, lines, with_buttons, after=turn_lines(game, posting.turn))


async def _send_board(bot: Table, game: GameInfo, board: BoardMessage, pings: discord.AllowedMentions,
                      via: discord.Interaction | None) -> int:
    """Send the board: as a follow-up of ``via`` (outside the global limit) when it can go that way,
    else as a channel message. Returns the message's id; raises what the channel's route raises."""
    if via is not None and not via.is_expired() and via.channel_id == game.channel_id:
        try:
            sent = await via.followup.send(wait=True, allowed_mentions=pings, **board.fields())
        except discord.HTTPException as error:
            # No right to use the interaction's webhook here, or its token is gone: the channel takes it.
            log.info("The board of game %s could not go as a follow-up (%s %s); posting it in the channel",
                     game.id, error.status, error.text)
        else:
            bot.followup_boards.sent(sent.id, via.followup)
            return sent.id
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    message = await channel.send(allowed_mentions=pings, **board.fields())
    return message.id


async def _take_buttons_off(bot: Table, game: GameInfo, stored: PostedMessage) -> None:
    """A newer board (or the game's end) replaces this one: its buttons go.

    Through the board's follow-up webhook while its token lives, at once and outside the global
    bucket. An older board is edited by the channel's route, in the global bucket; after a player's
    move the new board is out already and nobody waits on this, so it is an errand that takes a
    paced turn in the background lane while the flow goes on to the hand DMs and the computer's turn."""
    if in_background() or bot.followup_boards.webhook_of(stored.message_id) is not None:
        await _edit_buttons_off(bot, game, stored)     # background work already: it waits its turn anyway
    else:
        bot.errands.start(_edit_buttons_off(bot, game, stored), cause=OLD_BOARD, name=f"buttons-off-{game.id}")


async def _edit_buttons_off(bot: Table, game: GameInfo, stored: PostedMessage) -> None:
    try:
        await edit_message(bot, bot.followup_boards, stored.channel_id, game.guild_id, stored.message_id, view=None)
    except discord.HTTPException as error:
        # A message deleted by a moderator has no buttons to take off; a click on one that
        # slipped through still gets "this board is out of date".
        log.info("Could not take the buttons off board %s of game %s: %s %s", stored.message_id, game.id,
                 error.status, error.text)


async def _close_question(bot: Table, game: GameInfo, stored: PostedMessage) -> None:
    """The game moved on, so the open question is void: its buttons go, and it says why."""
    try:
        await edit_message(bot, bot.followup_boards, stored.channel_id, game.guild_id, stored.message_id,
                           content=t(game.settings.language, "announce.question_lapsed"), view=None)
    except discord.HTTPException as error:
        # A click that slipped through still gets "this board is out of date".
        log.info("Could not close question %s of game %s: %s %s", stored.message_id, game.id, error.status,
                 error.text)


async def _restate_turn(bot: Table, game: GameInfo, message_id: int, board: BoardMessage,
                        turn: TurnFacts) -> None:
    """Edit the board just posted to state the turn's facts as they are now (quietly: an edit pings nobody)."""
    if board.turn_at < 0:
        return
    board.lines[board.turn_at:] = turn_lines(game, turn)
    try:
        await edit_message(bot, bot.followup_boards, game.channel_id, game.guild_id, message_id,
                           content=board.content(), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.info("Could not update board %s of game %s for time away: %s %s", message_id, game.id,
                 error.status, error.text)


async def retire_board(bot: Table, game: GameInfo, *, forget: bool = True) -> None:
    """Take the buttons off the game's last board message: a newer one (or the game's end) replaces it."""
    stored = await bot.service.messages.posted_message(game.id, "board")
    if stored is None:
        return
    await _take_buttons_off(bot, game, stored)
    if forget:
        await bot.service.messages.forget_message(game.id, "board")


async def retire_question(bot: Table, game: GameInfo) -> None:
    """The game moved on, so an open question is void: its buttons go, and it says why."""
    stored = await bot.service.messages.posted_message(game.id, "question")
    if stored is None or stored.version == game.version:
        return          # still open: a board shown again does not void it
    await bot.service.messages.forget_message(game.id, "question")
    await _close_question(bot, game, stored)


async def ping_was_lost(bot: Table, game: GameInfo) -> bool:
    """True when no board of the current position reached the channel, so the player to act was never pinged."""
    if game.to_move_id is None:
        return False
    stored = await bot.service.messages.posted_message(game.id, "board")
    return stored is None or stored.version != game.version


def board_pings(game: GameInfo) -> discord.AllowedMentions:
    """Only the player the table now waits for is pinged (everyone at the end), not the one who just moved."""
    if game.computer_to_move:
        return pinging()                # a computer is to move: nobody needs to hear
    return pinging(*([game.to_move_id] if game.to_move_id is not None else game.players))


async def _board_message(bot: Table, game: GameInfo, view: Mapping[str, Any], names: list[str], lines: Sequence[str],
                         with_buttons: bool, *, after: Sequence[str] = ()) -> BoardMessage:
    """The board message: ``lines``, the standings, then ``after`` (whose turn, who is away)."""
    lang = game.settings.language
    png = await images.board_png(game.kind, view, names, lang)
    shown = [*lines, standing_text(game, view)]
    return BoardMessage([*shown, *after], png, "board.png", t(lang, "announce.board_description", title=game.title),
                        bot.board_buttons(game) if with_buttons else None, turn_at=len(shown))


async def _results_message(bot: Table, game: GameInfo, view: Mapping[str, Any], names: list[str],
                           lines: Sequence[str]) -> BoardMessage:
    game = await _with_result(bot, game)
    if game.result is None:
        # Finished without a recorded result cannot happen through the service; say so plainly.
        log.error("Game %s is finished but has no result", game.id)
        return BoardMessage([*lines, t(game.settings.language, "result.over")])
    lang = game.settings.language
    png = await images.results_png(view, game.result, names, lang)
    ratings = rating_lines(await bot.service.ratings.rating_changes(game.id), lang)
    return BoardMessage([*lines, *result_lines(game), *ratings], png, "results.png",
                        t(lang, "announce.results_description", title=game.title))


async def _with_result(bot: Table, game: GameInfo) -> GameInfo:
    """The game with its result: the board view may have been read just before it was recorded."""
    if game.result is not None:
        return game
    fresh = await bot.service.records.game(game.id)
    return game if isinstance(fresh, Refusal) else fresh


def _content(lines: Sequence[str]) -> str:
    return clip("\n".join(line for line in lines if line), CONTENT_LIMIT)


async def publish(bot: Table, accepted: Accepted, *, headline: str | None = None,
                  via: discord.Interaction | None = None) -> bool:
    """After an accepted change: one channel message with the board, then hands by DM.

    ``via`` is the interaction that made the change: the board goes as its follow-up when it can.

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
            posted = await post_board_or_log(bot, accepted.game.id, lines, posting=accepted.posting, via=via)
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


async def post_board_or_log(bot: Table, game_id: int, lines: Sequence[str], *,
                            posting: BoardPosting | None = None, via: discord.Interaction | None = None) -> bool:
    """``post_board`` after a change that already stands: a Discord failure is logged, not raised."""
    try:
        await post_board(bot, game_id, lines, posting=posting, via=via)
        return True
    except discord.HTTPException as error:
        log.warning("Could not post the board of game %s: %s %s", game_id, error.status, error.text)
        return False


async def tell_turn_by_dm(bot: Table, game_id: int) -> None:
    """The board (and its ping) did not reach the channel: the player to act hears it is their turn by DM."""
    game = await bot.service.records.game(game_id)
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
    """Each changed hand to its owner's hand DM; from the result when it carries them."""
    if accepted.posting is not None:
        for change in accepted.hands:
            await send_hand_by_dm(bot, accepted.game, change.user_id, change)
        return
    for event in accepted.of_type(HandsChanged):
        assert isinstance(event, HandsChanged)
        for seat, user_id in zip(event.seats, event.user_ids):
            # Computers get no DMs, nor does a player who resigned and left the seat to the stand-in.
            if not accepted.game.played_by_computer(seat):
                await send_hand_by_dm(bot, accepted.game, user_id)
