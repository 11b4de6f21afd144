"""Each player's hand by DM: one message per game, edited in place whenever the hand changes.

An edit does not notify, so a player's phone buzzes once, at the deal; the
message says what changed last ("You drew 38"). A DM is written in the
player's last-used language; the same hand shown with ``/alcazar hand`` in
the language of the one asking. A new DM goes out only when
the old one is gone or cannot be edited. When DMs are closed, the channel
hears once, without secrets, to use ``/alcazar hand``. With the web board set
up, the DM carries a link button to the player's own page of the game (their
hand on the live board), made afresh with each edit.
"""
from __future__ import annotations

import io
import logging
from collections import Counter
from typing import Any, Mapping

import discord

from bot.discord import images
from bot.discord.standings import mention, pinging, real, signed_real
from bot.discord.table import Table
from bot.discord.weblinks import own_link
from bot.i18n import t
from bot.service import BoardView, GameInfo, HandChange, PostedMessage, Refusal

log = logging.getLogger(__name__)

DMS_CLOSED = 50007


def what_it_holds(private: BoardView) -> dict[str, Any]:
    """What the hand message shows, kept to say next time what changed."""
    assert private.seat is not None
    player = private.view["players"][private.seat]
    return {"cards": list(private.view.get("hand") or []), "money": int(player["money"])}


def hand_change(before: Mapping[str, Any] | None, now: Mapping[str, Any], lang: str = "en") -> str:
    """What changed since the last hand message, in words ("You drew 38; money −5 Real")."""
    if not before:
        return t(lang, "hand.starting")
    gained = sorted((Counter(now["cards"]) - Counter(before.get("cards", []))).elements())
    spent = sorted((Counter(before.get("cards", [])) - Counter(now["cards"])).elements())
    parts = []
    if gained:
        parts.append(t(lang, "hand.drew", cards=gained))
    if spent:
        parts.append(t(lang, "hand.played", cards=spent))
    money = int(now["money"]) - int(before.get("money", now["money"]))
    if money:
        parts.append(t(lang, "hand.money_change", change=signed_real(money, lang)))
    if not parts:
        return t(lang, "hand.unchanged")
    said = "; ".join(parts) + "."
    return said[:1].upper() + said[1:]


async def hand_message(bot: Table, private: BoardView, change: str | None = None,
                       lang: str = "en") -> tuple[str, discord.File]:
    """Text and image of one player's hand, for that player only, in ``lang``."""
    content, png = await _hand_content(bot, private, change, lang)
    return content, _hand_file(png, lang)


async def _hand_content(bot: Table, private: BoardView, change: str | None, lang: str) -> tuple[str, bytes]:
    game, view = private.game, private.view
    seat = private.seat
    assert seat is not None
    player = view["players"][seat]
    hand = view.get("hand") or []
    names = await bot.names_of(game.players, lang)
    lines = [t(lang, "hand.title", title=game.title, channel=f"<#{game.channel_id}>")]
    if change:
        lines.append(t(lang, "hand.last_change", change=change))
    lines += [t(lang, "hand.cards", cards=", ".join(str(c) for c in hand) if hand else t(lang, "hand.no_cards")),
              t(lang, "hand.money", money=real(player["money"], lang), grandes=player["grandes"],
                barons=player["barons"])
              + (t(lang, "hand.towers", towers=player["towers"]) if player.get("towers") else "")]
    png = await images.hand_png(view, names, lang)
    return "\n".join(lines), png


def _hand_file(png: bytes, lang: str = "en") -> discord.File:
    return discord.File(io.BytesIO(png), filename="hand.png", description=t(lang, "hand.file_description"))


async def send_hand_by_dm(bot: Table, game: GameInfo, user_id: int, changed: HandChange | None = None) -> bool:
    """Show a player their hand in their hand DM (edited in place); False when that failed.

    ``changed`` is the hand as a move's result carries it (else it is read); a DM that already
    shows exactly this hand is left as it is."""
    if changed is not None:
        private: BoardView | Refusal = changed.private
        stored = changed.message
    else:
        private = await bot.service.records.private_view(game.id, user_id)
        stored = None if isinstance(private, Refusal) else await bot.service.messages.posted_message(game.id, "hand", user_id)
    if isinstance(private, Refusal) or "hand" not in private.view:
        return False
    holds = what_it_holds(private)
    if changed is not None and stored is not None and stored.detail == holds:
        return True         # nothing changed that the DM shows: no edit, no request
    lang = await bot.language_for_dm(user_id)
    change = hand_change(None if stored is None else stored.detail, holds, lang)
    content, png = await _hand_content(bot, private, change, lang)
    # The owner's own page of the game (their hand on the live board), when the web board is set up;
    # without it an edit takes off a link an earlier DM carried.
    link = await own_link(bot, game.id, user_id, lang)
    if stored is not None and await _edit_hand(bot, stored, content, png, lang, link):
        await bot.service.messages.remember_message(game.id, "hand", stored.channel_id, stored.message_id,
                                           version=private.game.version, user_id=user_id, detail=holds)
        return True
    try:
        user = await bot.user_by_id(user_id)
        if link is None:
            message = await user.send(content=content, file=_hand_file(png, lang))
        else:
            message = await user.send(content=content, file=_hand_file(png, lang), view=link)
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
    await bot.service.messages.remember_message(game.id, "hand", message.channel.id, message.id,
                                       version=private.game.version, user_id=user_id, detail=holds)
    await bot.service.messages.remember_dm_channel(user_id, message.channel.id)
    return True


async def _edit_hand(bot: Table, stored: PostedMessage, content: str, png: bytes, lang: str,
                     link: discord.ui.View | None) -> bool:
    """Edit the hand DM in place; False when it is gone or Discord will not edit it (a new DM follows)."""
    message = bot.get_partial_messageable(stored.channel_id, type=discord.ChannelType.private) \
        .get_partial_message(stored.message_id)
    try:
        await message.edit(content=content, attachments=[_hand_file(png, lang)], view=link)
        return True
    except discord.HTTPException as error:
        log.info("Hand DM %s of game %s could not be edited (%s %s); sending a new one",
                 stored.message_id, stored.game_id, error.status, error.text)
        return False


async def note_closed_dms(bot: Table, game: GameInfo, user_id: int) -> None:
    """Say once per game in the channel, without secrets, that this player should use /alcazar hand.

    The note is recorded in the database before it is sent, so a restart never says it again.
    """
    if await bot.service.reminders.note_dms_closed(game.id, user_id) is not True:
        return
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    try:
        await channel.send(t(game.settings.language, "hand.dms_closed", player=mention(user_id)),
                           allowed_mentions=pinging(user_id))
    except discord.HTTPException as error:
        log.warning("Could not post the closed-DM note for %s in game %s: %s", user_id, game.id, error.text)
