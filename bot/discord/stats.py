"""``/alcazar stats``: a server's leaderboards and a player's record with a chart of their rating."""
from __future__ import annotations

import io

import discord

from bot.discord import player_texts as texts
from bot.discord.context import bot_of
from bot.discord.replies import defer, send
from bot.discord.texts import COLOUR, EMBED_FIELD_VALUE_LIMIT, clip
from bot.service.workers import in_process
from renderer.chart import rating_chart

KINDS = ("alcazar", "alcazar1978")


async def show_stats(interaction: discord.Interaction, kind: str | None, player: discord.abc.Snowflake | None,
                     public: bool) -> None:
    """Leaderboards of this server (or of the chosen game) and a player's record; privately unless asked."""
    bot = bot_of(interaction)
    who_id = (player or interaction.user).id
    await defer(interaction, ephemeral=not public)
    # By id and name only: an option's user may come without member data.
    [who] = await bot.names_of([who_id])
    if interaction.guild_id is None:
        await _stats_in_dm(interaction, who_id, who)
        return
    guild_id = interaction.guild_id
    kinds = [kind] if kind else list(KINDS)
    embed = discord.Embed(title="Alcazar ratings on this server", colour=COLOUR)
    for each in kinds:
        standings = await bot.service.leaderboard(guild_id, each)
        embed.add_field(name=f"{texts.KIND_TITLES[each]}: leaderboard",
                        value=clip(texts.leaderboard_text(standings), EMBED_FIELD_VALUE_LIMIT), inline=False)
    charts: list[tuple[str, list[tuple[float, int]]]] = []
    for each in kinds:
        record = await bot.service.player_record(guild_id, each, who_id)
        embed.add_field(name=f"{who} in {texts.KIND_TITLES[each]}",
                        value=clip(texts.record_text(record), EMBED_FIELD_VALUE_LIMIT), inline=False)
        if record.history:
            charts.append((each, list(record.history)))
    embed.set_footer(text=texts.RATING_NOTE)
    # One chart per game kind with rated games: an embed shows one image, so each further
    # chart comes in an embed of its own under the first.
    embeds, files = [embed], []
    for index, (each, history) in enumerate(charts):
        title = f"{who}: {texts.KIND_TITLES[each]} rating"
        png = await in_process(rating_chart, history, title=title)
        name = f"rating-{each}.png"
        files.append(discord.File(io.BytesIO(png), filename=name, description=f"{title}, game by game"))
        holder = embed if index == 0 else discord.Embed(colour=COLOUR)
        holder.set_image(url=f"attachment://{name}")
        if holder is not embed:
            embeds.append(holder)
    await send(interaction, ephemeral=not public, embeds=embeds, files=files,
               allowed_mentions=discord.AllowedMentions.none())


async def _stats_in_dm(interaction: discord.Interaction, who_id: int, who: str) -> None:
    """In a DM there is no server: the caller's ratings on every server."""
    bot = bot_of(interaction)
    ratings = await bot.service.ratings_of_user(who_id)
    if not ratings:
        await send(interaction, f"{who} has no rated games yet. Leaderboards are per server: "
                                "use `/alcazar stats` in a server channel.", ephemeral=True)
        return
    lines = []
    for guild_id, kind in ratings:
        record = await bot.service.player_record(guild_id, kind, who_id)
        guild = bot.get_guild(guild_id)
        server = guild.name if guild is not None else "another server"
        lines.append(f"**{texts.KIND_TITLES[kind]}** on {server}: " + texts.record_text(record).replace("\n", " · "))
    embed = discord.Embed(title=f"{who}: ratings", description=clip("\n".join(lines), 4096),
                          colour=COLOUR)
    embed.set_footer(text="Leaderboards are per server: use /alcazar stats in a server channel.")
    await send(interaction, embed=embed, ephemeral=True)
