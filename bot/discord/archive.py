"""A game's past: ``/alcazar history`` page by page, ``/alcazar record`` as a text file,
and ``/alcazar replay`` as an animated image, for the game here or a finished one of this channel."""
from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.discord import player_texts as texts
from bot.discord.context import game_here, require_guild
from bot.discord.lobby import settings_text
from bot.discord.replies import Refused, defer, guarded, private_language, send
from bot.discord.table import Table
from bot.discord.texts import CHOICE_NAME_LIMIT, COLOUR, EMBED_DESCRIPTION_LIMIT, clip
from bot.i18n import Msg, t
from bot.service import GameInfo, GameStatus, HistoryLine, Refusal


PAGE_SIZE = 15
PAGE_TIMEOUT = 15 * 60.0


async def chosen_game(bot: Table, interaction: discord.Interaction, game_id: int | None) -> GameInfo:
    """The game asked for (one of this channel's), else the game here, else the last one finished here."""
    require_guild(interaction)
    assert interaction.channel_id is not None
    if game_id is not None:
        game = await bot.service.records.game(game_id)
        if isinstance(game, Refusal) or game.channel_id != interaction.channel_id:
            raise Refused(Msg("archive.no_such_game_here", id=game_id))
        return game
    try:
        return await game_here(bot, interaction)
    except Refused:
        latest = await bot.service.records.latest_game_in_channel(interaction.channel_id)
        if latest is None or latest.status is not GameStatus.FINISHED:
            raise
        return latest


async def game_choices(bot: Table, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[int]]:
    """The game in play here and the recent finished games of this channel, newest first."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return []
    lang = private_language(interaction)
    games = await bot.service.replays.finished_in_channel(interaction.channel_id, limit=25)
    live = await bot.service.records.game_in_channel(interaction.channel_id)
    if live is not None and live.status is GameStatus.ACTIVE:
        games = [live, *games][:25]
    choices = []
    for game in games:
        names = bot.known_names(game.players)
        state = t(lang, "archive.in_play" if game.status is GameStatus.ACTIVE else "archive.finished")
        label = t(lang, "archive.choice", id=game.id, title=game.title, state=state, names=", ".join(names))
        if typed.strip() and typed.strip().lower().lstrip("#") not in label.lower():
            continue
        choices.append(app_commands.Choice(name=clip(label, CHOICE_NAME_LIMIT), value=game.id))
    return choices


async def _moves(bot: Table, game: GameInfo) -> list[HistoryLine]:
    lines = await bot.service.replays.all_moves(game.id)
    if isinstance(lines, Refusal):
        raise Refused(lines.message, game_id=game.id)
    return lines


# -- /alcazar replay -------------------------------------------------------------------------------

async def replay(bot: Table, interaction: discord.Interaction, game_id: int | None, public: bool) -> None:
    """An animated image of the whole game, one frame per move with the move in words."""
    game = await chosen_game(bot, interaction, game_id)
    if game.status is GameStatus.LOBBY:
        raise Refused(Msg("archive.nothing_to_replay"), game_id=game.id)
    # A public replay speaks the game's language, a private one the reader's.
    lang = game.settings.language if public else private_language(interaction)
    await defer(interaction, ephemeral=not public)
    lines = await _moves(bot, game)
    names = await bot.names_of(game.players, lang)
    gif = await bot.service.replays.replay_animation(game.id, texts.replay_captions(game, lines, names, lang), names,
                                                     lang)
    if isinstance(gif, Refusal):
        raise Refused(gif.message, game_id=game.id)
    key = "archive.replay_finished" if game.status is GameStatus.FINISHED else "archive.replay_so_far"
    content = t(lang, key, title=game.title, id=game.id, count=len(lines))
    file = discord.File(io.BytesIO(gif), filename=f"alcazar-game-{game.id}.gif",
                        description=t(lang, "archive.replay_description", title=game.title, id=game.id))
    await send(interaction, content, ephemeral=not public, file=file,
               allowed_mentions=discord.AllowedMentions.none())


# -- /alcazar record -------------------------------------------------------------------------------

async def record(bot: Table, interaction: discord.Interaction, game_id: int | None) -> None:
    """The game record as a text file, privately and in the reader's language: players, settings,
    result and every move."""
    game = await chosen_game(bot, interaction, game_id)
    if game.status is GameStatus.LOBBY:
        raise Refused(Msg("archive.no_record_yet"), game_id=game.id)
    lang = private_language(interaction)
    await defer(interaction, ephemeral=True)
    lines = await _moves(bot, game)
    names = await bot.names_of(game.players, lang)
    channel = bot.get_channel(game.channel_id)
    guild = bot.get_guild(game.guild_id)
    text = texts.game_record(game, lines, names, server=guild.name if guild else t(lang, "archive.a_server"),
                             channel=getattr(channel, "name", None) or str(game.channel_id),
                             settings=settings_text(game, lang),
                             shifts=await bot.service.ratings.rating_changes(game.id), lang=lang)
    file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"alcazar-game-{game.id}.txt",
                        description=t(lang, "archive.record_description", title=game.title, id=game.id))
    await send(interaction, t(lang, "archive.record_sent", title=game.title, id=game.id, count=len(lines)),
               ephemeral=True, file=file)


# -- /alcazar history ------------------------------------------------------------------------------

def history_embed(game: GameInfo, lines: list[HistoryLine], page: int, lang: str = "en") -> discord.Embed:
    pages = page_count(lines)
    shown = lines[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    embed = discord.Embed(title=t(lang, "archive.history_title", title=game.title, id=game.id), colour=COLOUR,
                          description=clip(texts.history_page_text(shown, lang) or t(lang, "archive.no_moves"),
                                           EMBED_DESCRIPTION_LIMIT))
    embed.set_footer(text=t(lang, "archive.history_footer", page=page, pages=pages, count=len(lines)))
    return embed


def page_count(lines: list[HistoryLine]) -> int:
    return max(1, -(-len(lines) // PAGE_SIZE))


class HistoryPages(discord.ui.View):
    """Older and Newer buttons under a history page (an ephemeral message: only its reader sees them).

    The moves are the ones read when the page was asked for; the buttons stop after
    a quarter of an hour, and ``/alcazar history`` asks again."""

    def __init__(self, game: GameInfo, lines: list[HistoryLine], page: int, lang: str) -> None:
        super().__init__(timeout=PAGE_TIMEOUT)
        self.game, self.lines, self.page = game, lines, page
        self.older.label = t(lang, "archive.older")
        self.newer.label = t(lang, "archive.newer")
        self._sync()

    def _sync(self) -> None:
        self.older.disabled = self.page <= 1
        self.newer.disabled = self.page >= page_count(self.lines)

    async def _turn(self, interaction: discord.Interaction, step: int) -> None:
        self.page = min(max(1, self.page + step), page_count(self.lines))
        self._sync()
        await interaction.response.edit_message(
            embed=history_embed(self.game, self.lines, self.page, private_language(interaction)), view=self)

    @discord.ui.button(label="<", style=discord.ButtonStyle.secondary)
    async def older(self, interaction: discord.Interaction, button: discord.ui.Button[HistoryPages]) -> None:
        await guarded(interaction, self._turn(interaction, -1), game_id=self.game.id)

    @discord.ui.button(label=">", style=discord.ButtonStyle.secondary)
    async def newer(self, interaction: discord.Interaction, button: discord.ui.Button[HistoryPages]) -> None:
        await guarded(interaction, self._turn(interaction, +1), game_id=self.game.id)


async def history(bot: Table, interaction: discord.Interaction, page: int | None, game_id: int | None) -> None:
    """Every move of the game, a page at a time (the newest page first), privately."""
    game = await chosen_game(bot, interaction, game_id)
    lines = await _moves(bot, game)
    if not lines:
        await send(interaction, Msg("archive.no_moves"), ephemeral=True)
        return
    pages = page_count(lines)
    if page is not None and page > pages:
        raise Refused(Msg("archive.no_such_page", count=pages, page=page))
    shown = page or pages
    lang = private_language(interaction)
    if pages == 1:
        await send(interaction, embed=history_embed(game, lines, shown, lang), ephemeral=True)
        return
    await send(interaction, embed=history_embed(game, lines, shown, lang), view=HistoryPages(game, lines, shown, lang),
               ephemeral=True)
