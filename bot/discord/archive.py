"""A game's past: ``/alcazar history`` page by page, ``/alcazar record`` as a text file,
and ``/alcazar replay`` as an animated image, for the game here or a finished one of this channel."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import player_texts as texts
from bot.discord.context import bot_of, game_here, require_guild
from bot.discord.replies import Refused, defer, guarded, private_language, send
from bot.discord.texts import CHOICE_NAME_LIMIT, COLOUR, EMBED_DESCRIPTION_LIMIT, clip
from bot.service import GameInfo, HistoryLine, Refusal
from bot.store import GameStatus

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

PAGE_SIZE = 15
PAGE_TIMEOUT = 15 * 60.0


async def chosen_game(interaction: discord.Interaction, game_id: int | None) -> GameInfo:
    """The game asked for (one of this channel's), else the game here, else the last one finished here."""
    require_guild(interaction)
    bot = bot_of(interaction)
    assert interaction.channel_id is not None
    if game_id is not None:
        game = await bot.service.game(game_id)
        if isinstance(game, Refusal) or game.channel_id != interaction.channel_id:
            raise Refused(f"There is no game number {game_id} in this channel. Start typing to pick one "
                          "of the games played here.")
        return game
    try:
        return await game_here(interaction)
    except Refused:
        latest = await bot.service.latest_game_in_channel(interaction.channel_id)
        if latest is None or latest.status is not GameStatus.FINISHED:
            raise
        return latest


async def game_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[int]]:
    """The game in play here and the recent finished games of this channel, newest first."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    bot = bot_of(interaction)
    games = await bot.service.finished_in_channel(interaction.channel_id, limit=25)
    live = await bot.service.game_in_channel(interaction.channel_id)
    if live is not None and live.status is GameStatus.ACTIVE:
        games = [live, *games][:25]
    choices = []
    for game in games:
        names = bot.known_names(game.players)
        state = "in play" if game.status is GameStatus.ACTIVE else "finished"
        label = f"#{game.id} {game.title} ({state}): {', '.join(names)}"
        if typed.strip() and typed.strip().lower().lstrip("#") not in label.lower():
            continue
        choices.append(app_commands.Choice(name=clip(label, CHOICE_NAME_LIMIT), value=game.id))
    return choices


async def _moves(bot: AlcazarBot, game: GameInfo) -> list[HistoryLine]:
    lines = await bot.service.all_moves(game.id)
    if isinstance(lines, Refusal):
        raise Refused(lines.message, game_id=game.id)
    return lines


async def _finished(bot: AlcazarBot, game: GameInfo) -> GameInfo:
    """The game with its result (a finished game's result is read with it)."""
    if game.status is GameStatus.FINISHED and game.result is None:
        fresh = await bot.service.game(game.id)
        return game if isinstance(fresh, Refusal) else fresh
    return game


# -- /alcazar replay -------------------------------------------------------------------------------

async def replay(interaction: discord.Interaction, game_id: int | None, public: bool) -> None:
    """An animated image of the whole game, one frame per move with the move in words."""
    bot = bot_of(interaction)
    game = await chosen_game(interaction, game_id)
    if game.status is GameStatus.LOBBY:
        raise Refused("The game has not started yet, so there is nothing to replay.", game_id=game.id)
    await defer(interaction, ephemeral=not public)
    game = await _finished(bot, game)
    lines = await _moves(bot, game)
    names = await bot.names_of(game.players)
    gif = await bot.service.replay_animation(game.id, texts.replay_captions(game, lines, names), names)
    if isinstance(gif, Refusal):
        raise Refused(gif.message, game_id=game.id)
    state = "finished" if game.status is GameStatus.FINISHED else "so far"
    content = (f"**{game.title}**, game {game.id} ({state}): {len(lines)} "
               f"{'move' if len(lines) == 1 else 'moves'}, one frame each.")
    file = discord.File(io.BytesIO(gif), filename=f"alcazar-game-{game.id}.gif",
                        description=f"Replay of {game.title} game {game.id}")
    await send(interaction, content, ephemeral=not public, file=file,
               allowed_mentions=discord.AllowedMentions.none())


# -- /alcazar record -------------------------------------------------------------------------------

async def record(interaction: discord.Interaction, game_id: int | None) -> None:
    """The game record as a text file: players, settings, result and every move."""
    bot = bot_of(interaction)
    game = await chosen_game(interaction, game_id)
    if game.status is GameStatus.LOBBY:
        raise Refused("The game has not started yet, so it has no record.", game_id=game.id)
    await defer(interaction, ephemeral=True)
    game = await _finished(bot, game)
    lines = await _moves(bot, game)
    names = await bot.names_of(game.players)
    channel = bot.get_channel(game.channel_id)
    guild = bot.get_guild(game.guild_id)
    text = texts.game_record(game, lines, names, server=guild.name if guild else "a server",
                             channel=getattr(channel, "name", None) or str(game.channel_id),
                             shifts=await bot.service.rating_changes(game.id))
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"alcazar-game-{game.id}.txt",
                        description=f"Record of {game.title} game {game.id}")
    await send(interaction, f"The record of **{game.title}** game {game.id}: {len(lines)} moves.",
               ephemeral=True, file=file)


# -- /alcazar history ------------------------------------------------------------------------------

def history_embed(game: GameInfo, lines: list[HistoryLine], page: int, lang: str = "en") -> discord.Embed:
    pages = page_count(lines)
    shown = lines[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    embed = discord.Embed(title=f"{game.title}, game {game.id}: moves", colour=COLOUR,
                          description=clip(texts.history_page_text(shown, lang) or "No moves yet.",
                                           EMBED_DESCRIPTION_LIMIT))
    embed.set_footer(text=f"Page {page} of {pages} · {len(lines)} moves · /alcazar record gives them all as a file")
    return embed


def page_count(lines: list[HistoryLine]) -> int:
    return max(1, -(-len(lines) // PAGE_SIZE))


class HistoryPages(discord.ui.View):
    """Older and Newer buttons under a history page (an ephemeral message: only its reader sees them).

    The moves are the ones read when the page was asked for; the buttons stop after
    a quarter of an hour, and ``/alcazar history`` asks again."""

    def __init__(self, game: GameInfo, lines: list[HistoryLine], page: int) -> None:
        super().__init__(timeout=PAGE_TIMEOUT)
        self.game, self.lines, self.page = game, lines, page
        self._sync()

    def _sync(self) -> None:
        self.older.disabled = self.page <= 1
        self.newer.disabled = self.page >= page_count(self.lines)

    async def _turn(self, interaction: discord.Interaction, step: int) -> None:
        self.page = min(max(1, self.page + step), page_count(self.lines))
        self._sync()
        await interaction.response.edit_message(
            embed=history_embed(self.game, self.lines, self.page, private_language(interaction)), view=self)

    @discord.ui.button(label="Older", style=discord.ButtonStyle.secondary)
    async def older(self, interaction: discord.Interaction, button: discord.ui.Button[HistoryPages]) -> None:
        await guarded(interaction, self._turn(interaction, -1), game_id=self.game.id)

    @discord.ui.button(label="Newer", style=discord.ButtonStyle.secondary)
    async def newer(self, interaction: discord.Interaction, button: discord.ui.Button[HistoryPages]) -> None:
        await guarded(interaction, self._turn(interaction, +1), game_id=self.game.id)


async def history(interaction: discord.Interaction, page: int | None, game_id: int | None) -> None:
    """Every move of the game, a page at a time (the newest page first), privately."""
    bot = bot_of(interaction)
    game = await chosen_game(interaction, game_id)
    lines = await _moves(bot, game)
    if not lines:
        await send(interaction, "No moves yet.", ephemeral=True)
        return
    pages = page_count(lines)
    if page is not None and page > pages:
        raise Refused(f"This game has {pages} {'page' if pages == 1 else 'pages'} of moves, not {page}.")
    shown = page or pages
    lang = private_language(interaction)
    if pages == 1:
        await send(interaction, embed=history_embed(game, lines, shown, lang), ephemeral=True)
        return
    await send(interaction, embed=history_embed(game, lines, shown, lang), view=HistoryPages(game, lines, shown),
               ephemeral=True)
