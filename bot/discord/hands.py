"""Each player's hand by DM: one message per game, edited in place whenever the hand changes.

An edit does not notify, so a player's phone buzzes once, at the deal; the
message says what changed last ("You drew 38"). A new DM goes out only when
the old one is gone or cannot be edited. When DMs are closed, the channel
hears once, without secrets, to use ``/alcazar hand``.
"""
from __future__ import annotations

import io
import logging
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

import discord

from bot.discord import images, texts
from bot.discord.standings import mention, pinging, real, signed_real
from bot.service import BoardView, GameInfo, Refusal
from bot.store import PostedMessageRow

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


def what_it_holds(private: BoardView) -> dict[str, Any]:
    """What the hand message shows, kept to say next time what changed."""
    assert private.seat is not None
    player = private.view["players"][private.seat]
    return {"cards": list(private.view.get("hand") or []), "money": int(player["money"])}


def hand_change(before: Mapping[str, Any] | None, now: Mapping[str, Any]) -> str:
    """What changed since the last hand message, in words ("You drew 38; money −5 Real")."""
    if not before:
        return texts.HAND_STARTING
    gained = sorted((Counter(now["cards"]) - Counter(before.get("cards", []))).elements())
    spent = sorted((Counter(before.get("cards", [])) - Counter(now["cards"])).elements())
    parts = []
    if gained:
        parts.append(texts.HAND_DREW.format(cards=_and(gained)))
    if spent:
        parts.append(texts.HAND_PLAYED.format(cards=_and(spent)))
    money = int(now["money"]) - int(before.get("money", now["money"]))
    if money:
        parts.append(texts.HAND_MONEY_CHANGE.format(change=signed_real(money)))
    if not parts:
        return texts.HAND_UNCHANGED
    said = "; ".join(parts) + "."
    return said[:1].upper() + said[1:]


def _and(cards: list[int]) -> str:
    words = [str(c) for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + texts.AND + words[-1]


async def hand_message(bot: AlcazarBot, private: BoardView, change: str | None = None) -> tuple[str, discord.File]:
    """Text and image of one player's hand, for that player only."""
    content, png = await _hand_content(bot, private, change)
    return content, _hand_file(png)


async def _hand_content(bot: AlcazarBot, private: BoardView, change: str | None) -> tuple[str, bytes]:
    game, view = private.game, private.view
    seat = private.seat
    assert seat is not None
    player = view["players"][seat]
    hand = view.get("hand") or []
    names = await bot.names_of(game.players)
    lines = [texts.HAND_TITLE.format(title=game.title, channel=f"<#{game.channel_id}>")]
    if change:
        lines.append(texts.HAND_LAST_CHANGE.format(change=change))
    lines += [texts.HAND_CARDS.format(cards=", ".join(str(c) for c in hand) if hand else texts.HAND_NO_CARDS),
              texts.HAND_MONEY.format(money=real(player["money"]), grandes=player["grandes"], barons=player["barons"])
              + (texts.HAND_TOWERS.format(towers=player["towers"]) if player.get("towers") else "")]
    png = await images.hand_png(view, names)
    return "\n".join(lines), png


def _hand_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename="hand.png", description="Your hand")


async def send_hand_by_dm(bot: AlcazarBot, game: GameInfo, user_id: int) -> bool:
    """Show a player their hand in their hand DM (edited in place); False when that failed."""
    private = await bot.service.private_view(game.id, user_id)
    if isinstance(private, Refusal) or "hand" not in private.view:
        return False
    stored = await bot.service.posted_message(game.id, "hand", user_id)
    holds = what_it_holds(private)
    content, png = await _hand_content(bot, private, hand_change(None if stored is None else stored.detail, holds))
    if stored is not None and await _edit_hand(bot, stored, content, png):
        await bot.service.remember_message(game.id, "hand", stored.channel_id, stored.message_id,
                                           version=private.game.version, user_id=user_id, detail=holds)
        return True
    try:
        user = await bot.user_by_id(user_id)
        message = await user.send(content=content, file=_hand_file(png))
    except discord.Forbidden as error:
        if error.code != DMS_CLOSED:
            log.warning("Hand DM to %s for game %s refused: %s", user_id, game.id, error.text)
            return False
        await note_closed_dms(bot, game, user_id)
        return False
    except discord.HTTPException as error:
        # The hand is always there with /alcazar hand; a lost DM must not undo the move's announcement.
        log.warning("Hand DM to %s for game %s failed: %s %s", user_id, game.id, error.status, error.text)
        return False
    await bot.service.remember_message(game.id, "hand", message.channel.id, message.id,
                                       version=private.game.version, user_id=user_id, detail=holds)
    return True


async def _edit_hand(bot: AlcazarBot, stored: PostedMessageRow, content: str, png: bytes) -> bool:
    """Edit the hand DM in place; False when it is gone or Discord will not edit it (a new DM follows)."""
    message = bot.get_partial_messageable(stored.channel_id, type=discord.ChannelType.private) \
        .get_partial_message(stored.message_id)
    try:
        await message.edit(content=content, attachments=[_hand_file(png)])
        return True
    except discord.HTTPException as error:
        log.info("Hand DM %s of game %s could not be edited (%s %s); sending a new one",
                 stored.message_id, stored.game_id, error.status, error.text)
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
