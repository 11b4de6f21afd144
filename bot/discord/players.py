"""A player across servers: ``/alcazar games``, ``/alcazar away``, ``/alcazar quiet``, and the
away lines on boards. All of it works in a DM with the bot too."""
from __future__ import annotations

import logging
from typing import Mapping

import discord
from discord import app_commands

from bot.discord import player_texts as texts
from bot.discord.replies import Refused, defer, private_language, send
from bot.discord.standings import turn_line
from bot.discord.table import Table
from bot.discord.texts import COLOUR, EMBED_DESCRIPTION_LIMIT
from bot.i18n import Msg, t
from bot.service import GameInfo, GameStatus, Refusal, TurnFacts, time_zones_matching

log = logging.getLogger(__name__)


def server_name(bot: Table, guild_id: int, lang: str) -> str:
    guild = bot.get_guild(guild_id)
    return f"**{guild.name}**" if guild is not None else t(lang, "games.another_server")


async def list_games(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar games``: every game of the caller on every server, their turns first (private)."""
    lang = private_language(interaction)
    await defer(interaction, ephemeral=True)
    games = await bot.service.players.my_games(interaction.user.id)
    if not games:
        await send(interaction, Msg("games.none"), ephemeral=True)
        return
    waiting_for = [g.game.to_move_id for g in games if g.game.to_move_id is not None]
    away = await bot.service.players.away_of(waiting_for)
    lines = [texts.my_game_line(g, server_name(bot, g.game.guild_id, lang), away.get(g.game.to_move_id or 0), lang)
             for g in games]
    shown: list[str] = []
    for index, line in enumerate(lines):
        rest = len(lines) - index
        if sum(len(s) + 1 for s in shown) + len(line) + 40 > EMBED_DESCRIPTION_LIMIT:
            shown.append(t(lang, "games.and_more", count=rest))
            break
        shown.append(line)
    embed = discord.Embed(title=t(lang, "games.title"), description="\n".join(shown), colour=COLOUR)
    embed.set_footer(text=texts.games_summary(games, lang))
    await send(interaction, embed=embed, ephemeral=True)


async def away(bot: Table, interaction: discord.Interaction, duration: str | None) -> None:
    """``/alcazar away``: be away for a while (deadlines paused, no reminders), or come back with ``off``."""
    service = bot.service
    user_id = interaction.user.id
    lang = private_language(interaction)
    if duration is None or not duration.strip():
        await send(interaction, texts.away_text(await service.players.away_status(user_id), lang), ephemeral=True)
        return
    await defer(interaction, ephemeral=True)
    if duration.strip().lower() in {"off", "back", "stop", "none", "0"}:
        status = await service.players.come_back(user_id)
        if isinstance(status, Refusal):
            raise Refused(t(lang, status.message) + "\n" + texts.away_text(await service.players.away_status(user_id), lang))
        await refresh_boards(bot, user_id)
        await send(interaction, texts.away_text(status, lang, back=True), ephemeral=True)
        return
    seconds = texts.parse_duration(duration)
    if seconds is None:
        raise Refused(Msg("away.unreadable", typed=Msg("quote", text=duration.strip())))
    status = await service.players.set_away(user_id, seconds)
    if isinstance(status, Refusal):
        raise Refused(status.message)
    await refresh_boards(bot, user_id)
    await send(interaction, texts.away_text(status, lang, just_set=True), ephemeral=True)


async def quiet(bot: Table, interaction: discord.Interaction, start: int | None, end: int | None, time_zone: str | None,
                off: bool) -> None:
    """``/alcazar quiet``: hours of the day when reminders wait, in the player's time zone."""
    service = bot.service
    user_id = interaction.user.id
    lang = private_language(interaction)
    if off:
        status = await service.players.clear_quiet_hours(user_id)
        await send(interaction, t(lang, "quiet.off") + "\n" + texts.quiet_text(status, lang), ephemeral=True)
        return
    if start is None and end is None and time_zone is None:
        await send(interaction, texts.quiet_text(await service.players.away_status(user_id), lang), ephemeral=True)
        return
    current = (await service.players.away_status(user_id)).quiet
    zone = time_zone or (current.time_zone if current else None)
    start = start if start is not None else (current.start_hour if current else None)
    end = end if end is not None else (current.end_hour if current else None)
    if zone is None or start is None or end is None:
        raise Refused(Msg("quiet.give_zone_and_hours"))
    changed = await service.players.set_quiet_hours(user_id, zone, start, end)
    if isinstance(changed, Refusal):
        raise Refused(changed.message)
    await send(interaction, texts.quiet_text(changed, lang), ephemeral=True)


async def time_zone_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in time_zones_matching(typed)]


# -- boards -----------------------------------------------------------------------------------------

def turn_lines(game: GameInfo, turn: TurnFacts) -> list[str]:
    """Whose turn it is (with the deadline or the time banks) and who is away, as a board states them."""
    return [turn_line(game, turn.deadline_at, turn.clock), *away_lines_of(game, turn.away)]


def away_lines_of(game: GameInfo, away: Mapping[int, float]) -> list[str]:
    """A line for each of the game's players in ``away`` (user id: until when), in the game's language."""
    if game.status is not GameStatus.ACTIVE:
        return []
    return [texts.away_line(user, until, user == game.to_move_id, game.settings.language)
            for user, until in away.items()
            if user in game.players and user not in game.resigned]


async def refresh_boards(bot: Table, user_id: int) -> None:
    """Edit the newest board of each of the player's games in play to show (or drop) their away line.

    Editing keeps the channel quiet: no new message, no ping. A board that cannot be
    edited (deleted, no access) is left alone; the next board says it anyway.
    """
    for entry in await bot.service.players.my_games(user_id):
        game, board = entry.game, entry.board
        if game.status is not GameStatus.ACTIVE or board is None:
            continue
        channel = bot.get_partial_messageable(board.channel_id, guild_id=game.guild_id)
        try:
            message = await channel.fetch_message(board.message_id)
            kept = texts.without_away_lines(message.content)
            fresh, *away = turn_lines(game, await bot.service.records.turn_facts(game))
            lines = [_with_deadline(line, fresh) for line in kept]
            content = "\n".join([*lines, *away])
            await message.edit(content=content, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("Could not update the board of game %s for time away: %s", game.id, error.text)


def _with_deadline(line: str, fresh: str) -> str:
    """``fresh``, the turn line with the deadline as it stands now (none while the player is away),
    in place of the board's turn line; any other line as it is."""
    return fresh if fresh and line.startswith(fresh.split(".")[0]) else line
