"""``/alcazar stats``: a server's leaderboards and a player's record with a chart of their rating."""
from __future__ import annotations

import io

import discord

from bot.discord import images
from bot.discord import player_texts as texts
from bot.discord.replies import defer, private_language, send
from bot.discord.table import Table
from bot.discord.texts import COLOUR, EMBED_FIELD_VALUE_LIMIT, clip
from bot.i18n import language_of, t
from bot.service import GAME_KINDS, game_rules


async def show_stats(bot: Table, interaction: discord.Interaction, kind: str | None,
                     player: discord.abc.Snowflake | None, public: bool) -> None:
    """Leaderboards of this server (or of the chosen game) and a player's record; privately unless asked.

    A private answer reads in the user's language, a public one in the server's."""
    who_id = (player or interaction.user).id
    lang = language_of(interaction.guild_locale) if public and interaction.guild_id is not None \
        else private_language(interaction)
    await defer(interaction, ephemeral=not public)
    # By id and name only: an option's user may come without member data.
    [who] = await bot.names_of([who_id], lang)
    if interaction.guild_id is None:
        await _stats_in_dm(bot, interaction, who_id, who, lang)
        return
    guild_id = interaction.guild_id
    kinds = [kind] if kind else list(GAME_KINDS)
    embed = discord.Embed(title=t(lang, "stats.title"), colour=COLOUR)
    for each in kinds:
        standings = await bot.service.ratings.leaderboard(guild_id, each)
        embed.add_field(name=t(lang, "stats.leaderboard", game=game_rules(each).title),
                        value=clip(texts.leaderboard_text(standings, lang), EMBED_FIELD_VALUE_LIMIT), inline=False)
    charts: list[tuple[str, list[tuple[float, int]]]] = []
    for each in kinds:
        record = await bot.service.ratings.player_record(guild_id, each, who_id)
        embed.add_field(name=t(lang, "stats.record_of", player=who, game=game_rules(each).title),
                        value=clip(texts.record_text(record, lang), EMBED_FIELD_VALUE_LIMIT), inline=False)
        if record.history:
            charts.append((each, list(record.history)))
    embed.set_footer(text=t(lang, "stats.rating_note"))
    # One chart per game kind with rated games: an embed shows one image, so each further
    # chart comes in an embed of its own under the first.
    embeds, files = [embed], []
    for index, (each, history) in enumerate(charts):
        title = t(lang, "stats.chart_title", player=who, game=game_rules(each).title)
        png = await images.chart_png(history, title=title, lang=lang)
        name = f"rating-{each}.png"
        files.append(discord.File(io.BytesIO(png), filename=name,
                                  description=t(lang, "stats.chart_description", title=title)))
        holder = embed if index == 0 else discord.Embed(colour=COLOUR)
        holder.set_image(url=f"attachment://{name}")
        if holder is not embed:
            embeds.append(holder)
    await send(interaction, ephemeral=not public, embeds=embeds, files=files,
               allowed_mentions=discord.AllowedMentions.none())


async def _stats_in_dm(bot: Table, interaction: discord.Interaction, who_id: int, who: str, lang: str) -> None:
    """In a DM there is no server: the caller's ratings on every server."""
    ratings = await bot.service.ratings.ratings_of_user(who_id)
    if not ratings:
        await send(interaction, t(lang, "stats.none_in_dm", player=who), ephemeral=True)
        return
    lines = []
    for guild_id, kind in ratings:
        record = await bot.service.ratings.player_record(guild_id, kind, who_id)
        guild = bot.get_guild(guild_id)
        server = guild.name if guild is not None else t(lang, "games.another_server")
        lines.append(t(lang, "stats.dm_line", game=game_rules(kind).title, server=server,
                       record=texts.record_text(record, lang).replace("\n", " · ")))
    embed = discord.Embed(title=t(lang, "stats.dm_title", player=who), description=clip("\n".join(lines), 4096),
                          colour=COLOUR)
    embed.set_footer(text=t(lang, "stats.per_server"))
    await send(interaction, embed=embed, ephemeral=True)
