"""Telling people what changed: the board message in the channel, hands by DM.

The channel only ever gets the public view (board image, move in words);
a hand goes to its owner alone. When a DM fails because the player closed
their DMs, the channel hears once, without secrets, to use ``/alcazar hand``.
"""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import discord

from bot.discord import images
from bot.discord.texts import CONTENT_LIMIT, clip
from bot.i18n import text_of
from bot.service import Accepted, BoardView, GameInfo, GameOver, HandsChanged, MovePlayed, Refusal
from bot.store import EntryKind, GameStatus

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def timestamp(seconds: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def turn_line(game: GameInfo) -> str:
    """Whose turn it is, with a mention, and the deadline when one is set."""
    if game.to_move_id is None:
        return ""
    line = f"Your turn, {mention(game.to_move_id)}."
    deadline = game.settings.deadline_seconds
    if deadline is not None and game.turn_since is not None:
        line += f" Deadline {timestamp(game.turn_since + deadline)}."
    return line


def move_line(event: MovePlayed) -> str:
    who = mention(event.user_id)
    if event.kind is EntryKind.SKIP:
        return f"{who} missed the deadline and skips this turn."
    if event.kind is EntryKind.RETIRE:
        return f"{who} left the game."
    forced = " (no other move was possible)" if event.forced else ""
    return f"{who}: {event.words}{forced}"


def result_lines(game: GameInfo) -> list[str]:
    result = game.result
    if result is None:
        return ["The game is over."]
    if not result.winner_ids:
        head = "The game is over: a draw."
    else:
        head = "The game is over. Winner: " + ", ".join(mention(u) for u in result.winner_ids) + "!"
    said = text_of(game.settings.language, result.reason)
    reason = said[:1].upper() + said[1:]
    lines = [head, clip(reason + ("" if reason.endswith(".") else "."), 300)]
    scores = result.outcome.scores
    if scores is not None:
        ranking = sorted(range(len(scores)), key=lambda seat: -scores[seat])
        lines.append(" · ".join(f"{mention(game.players[seat])} {scores[seat]} points" for seat in ranking))
    return lines


async def post_board(bot: AlcazarBot, game_id: int, lines: Sequence[str], *, with_buttons: bool = True,
                     ping: bool = True) -> None:
    """Post the board (or, once the game is over, the results) with ``lines`` in the game's channel.

    ``ping=False`` shows the board again without notifying anyone (``/alcazar board``)."""
    public = await bot.service.board_view(game_id)
    if isinstance(public, Refusal):
        log.warning("No board to post for game %s: %s", game_id, public.message)
        return
    game = public.game
    names = await bot.names_of(game.players)
    if game.status is GameStatus.FINISHED:
        kwargs = await _results_message(bot, game, public.view, names, lines)
    else:
        kwargs = await _board_message(game, public.view, names, lines, with_buttons)
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    pings = board_pings(game) if ping else discord.AllowedMentions.none()
    await channel.send(allowed_mentions=pings, **kwargs)


def board_pings(game: GameInfo) -> discord.AllowedMentions:
    """Only the player the table now waits for is pinged (everyone at the end), not the one who just moved."""
    return pinging(*([game.to_move_id] if game.to_move_id is not None else game.players))


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Mentions that ping exactly these users: no one else, no role, never @everyone or @here."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids], everyone=False, roles=False,
                                   replied_user=False)


async def _board_message(game: GameInfo, view: Mapping[str, Any], names: list[str], lines: Sequence[str],
                         with_buttons: bool) -> dict[str, Any]:
    from bot.discord.buttons import board_buttons

    png = await images.board_png(game.kind, view, names)
    kwargs: dict[str, Any] = {
        "content": _content([*lines, turn_line(game)]),
        "file": discord.File(io.BytesIO(png), filename="board.png", description=f"{game.title} board"),
    }
    if with_buttons:
        kwargs["view"] = board_buttons(game)
    return kwargs


async def _results_message(bot: AlcazarBot, game: GameInfo, view: Mapping[str, Any], names: list[str],
                           lines: Sequence[str]) -> dict[str, Any]:
    game = await _with_result(bot, game)
    if game.result is None:
        # Finished without a recorded result cannot happen through the service; say so plainly.
        log.error("Game %s is finished but has no result", game.id)
        return {"content": _content([*lines, "The game is over."])}
    png = await images.results_png(view, game.result, names)
    return {"content": _content([*lines, *result_lines(game)]),
            "file": discord.File(io.BytesIO(png), filename="results.png", description=f"{game.title} results")}


async def _with_result(bot: AlcazarBot, game: GameInfo) -> GameInfo:
    """The game with its result: the board view may have been read just before it was recorded."""
    if game.result is not None:
        return game
    fresh = await bot.service.game(game.id)
    return game if isinstance(fresh, Refusal) else fresh


def _content(lines: Sequence[str]) -> str:
    return clip("\n".join(line for line in lines if line), CONTENT_LIMIT)


async def publish(bot: AlcazarBot, accepted: Accepted, *, headline: str | None = None) -> bool:
    """After an accepted change: one channel message with the board, then hands by DM.

    Returns False when Discord would not take the channel message: the change
    stands all the same, and the caller tells the user that ``/alcazar board``
    shows the board again.
    """
    moves = [move_line(e) for e in accepted.events if isinstance(e, MovePlayed)]
    lines = ([headline] if headline else []) + moves
    posted = True
    if moves or accepted.of_type(GameOver) or headline:
        posted = await post_board_or_log(bot, accepted.game.id, lines)
    await send_changed_hands(bot, accepted)
    return posted


async def post_board_or_log(bot: AlcazarBot, game_id: int, lines: Sequence[str]) -> bool:
    """``post_board`` after a change that already stands: a Discord failure is logged, not raised."""
    try:
        await post_board(bot, game_id, lines)
        return True
    except discord.HTTPException as error:
        log.warning("Could not post the board of game %s: %s %s", game_id, error.status, error.text)
        return False


async def send_changed_hands(bot: AlcazarBot, accepted: Accepted) -> None:
    for event in accepted.of_type(HandsChanged):
        assert isinstance(event, HandsChanged)
        for user_id in event.user_ids:
            await send_hand_by_dm(bot, accepted.game, user_id)


async def send_hand_by_dm(bot: AlcazarBot, game: GameInfo, user_id: int) -> bool:
    """DM a player their new hand; False when that failed (closed DMs get a one-time channel note)."""
    private = await bot.service.private_view(game.id, user_id)
    if isinstance(private, Refusal) or "hand" not in private.view:
        return False
    content, file = await hand_message(bot, private)
    try:
        user = await bot.user_by_id(user_id)
        await user.send(content=content, file=file)
        return True
    except discord.Forbidden as error:
        if error.code != DMS_CLOSED:
            log.warning("Hand DM to %s for game %s refused: %s", user_id, game.id, error.text)
            return False
        await note_closed_dms(bot, game, user_id)
    except discord.HTTPException as error:
        # The hand is always there with /alcazar hand; a lost DM must not undo the move's announcement.
        log.warning("Hand DM to %s for game %s failed: %s %s", user_id, game.id, error.status, error.text)
    return False


async def note_closed_dms(bot: AlcazarBot, game: GameInfo, user_id: int) -> None:
    """Say once per game in the channel, without secrets, that this player should use /alcazar hand.

    The note is recorded in the database before it is sent, so a restart never says it again.
    """
    if await bot.service.note_dms_closed(game.id, user_id) is not True:
        return
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    try:
        await channel.send(f"{mention(user_id)}, I can't send you direct messages, so I can't show you your hand "
                           "there. Use `/alcazar hand` in this channel to see it (only you will).",
                           allowed_mentions=pinging(user_id))
    except discord.HTTPException as error:
        log.warning("Could not post the closed-DM note for %s in game %s: %s", user_id, game.id, error.text)


async def hand_message(bot: AlcazarBot, private: BoardView) -> tuple[str, discord.File]:
    """Text and image of one player's hand, for that player only."""
    game, view = private.game, private.view
    seat = private.seat
    assert seat is not None
    player = view["players"][seat]
    hand = view.get("hand") or []
    names = await bot.names_of(game.players)
    lines = [f"**Your hand in {game.title}** (game in <#{game.channel_id}>)",
             f"Cards: {', '.join(str(c) for c in hand) if hand else 'none'}",
             f"Money: {player['money']} Real · Grandes: {player['grandes']} · Barons: {player['barons']}"
             + (f" · Tower cards: {player['towers']}" if player.get("towers") else "")]
    png = await images.hand_png(view, names)
    return "\n".join(lines), discord.File(io.BytesIO(png), filename="hand.png", description="Your hand")
