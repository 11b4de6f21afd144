"""Turns: playing a move, autocomplete, the hand, the board, the history and resigning.

Answers to the player are private, in their Discord language; the board and
announcements in the channel are in the game's language.
"""
from __future__ import annotations

import io
from typing import Any, Coroutine, Sequence

import discord
from discord import app_commands

from bot.discord import images
from bot.discord.announce import ping_was_lost, post_board, publish
from bot.discord.buttons import ConfirmButton
from bot.discord.chooser import offered_moves
from bot.discord.context import accepted, game_here, game_on_button, require_can_post, whose_turn
from bot.discord.hands import hand_message
from bot.discord.replies import Refused, defer, defer_update, private_language, send
from bot.discord.standings import mention, standing_text
from bot.discord.style import move_words
from bot.discord.table import Table, table_of
from bot.discord.texts import CHOICE_NAME_LIMIT, OPTIONS_LIMIT, clip
from bot.discord.weblinks import own_link
from bot.i18n import Msg, t
from bot.service import (
    GameInfo, GameStatus, MoveChoice, MovePlayed, Reason, Refusal, game_rules,
)
from bot.telemetry import note_outcome


async def play_move(bot: Table, interaction: discord.Interaction, game_id: int, text: str, version: int | None
                    ) -> None:
    """Play ``text`` for the caller; the board goes to the channel, the caller gets a short note.

    Both go through the interaction, outside Discord's global limit: the note in its own (ephemeral)
    answer (for the chooser's Play, the chooser's message), then the board as a public follow-up
    that pings the player to act."""
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    bot.remember_name(interaction.user)      # the board's names: from the interaction, not a lookup
    answer = await bot.service.turns.play(game_id, interaction.user.id, text, expected_version=version)
    if isinstance(answer, Refusal) and answer.reason is Reason.NOT_YOUR_TURN:
        game = await bot.service.records.game(game_id)
        if not isinstance(game, Refusal):
            raise Refused(whose_turn(game), game_id=game_id)
    result = accepted(answer, game_id)
    note_outcome("played")
    lang = private_language(interaction)
    played = [e for e in result.events if isinstance(e, MovePlayed) and e.user_id == interaction.user.id]
    note = t(lang, "turn.played", words=move_words(lang, played[0].words)) if played else t(lang, "turn.move_played")
    drawn = [card for change in result.hands if change.user_id == interaction.user.id for card in change.drawn]
    if drawn:      # this answer is ephemeral: only the player sees which card the deck gave them
        note += "\n" + t(lang, "turn.you_drew", cards=drawn)
    # The answer first: a follow-up sent while the interaction still shows "thinking" would take its place.
    await interaction.edit_original_response(content=clip(note, 2000), view=None)
    if not await publish(bot, result, via=interaction):
        await interaction.edit_original_response(content=clip(note + "\n" + t(lang, "turn.not_posted_move"), 2000))


async def move_command(bot: Table, interaction: discord.Interaction, notation: str) -> None:
    """``/alcazar move``: the typed (or picked) notation, for the game in this channel."""
    game = await game_here(bot, interaction)
    text = notation.strip()
    if not text:
        raise Refused(Msg("turn.type_a_move"))
    await play_move(bot, interaction, game.id, text, None)


async def move_choices(bot: Table, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The caller's own legal moves matching what they typed (notation or words), at most 25."""
    if interaction.channel_id is None:
        return []
    game = await bot.service.records.game_in_channel(interaction.channel_id)
    if game is None or game.to_move_id != interaction.user.id:
        return []
    if game.kind == "alcazar1978":
        # A handful of moves: read them all, so that equal wall turns are offered once.
        everything = await _offered(bot, game, interaction.user.id)
        wanted = "".join(typed.split()).lower()
        choices = [c for c in everything if "".join(c.notation.split()).lower().startswith(wanted)]
    else:
        choices = await bot.service.records.legal_moves_for(game.id, interaction.user.id, prefix=typed, limit=OPTIONS_LIMIT)
        everything = None
    lang = private_language(interaction)
    if not choices and typed.strip():
        wanted = typed.strip().lower()
        everything = everything or await _offered(bot, game, interaction.user.id)
        choices = [c for c in everything if wanted in t(lang, c.words).lower() or wanted in c.notation.lower()]
    return [app_commands.Choice(name=choice_label(t(lang, c.words), c.notation), value=c.notation)
            for c in choices[:OPTIONS_LIMIT] if len(c.notation) <= 100]


async def _offered(bot: Table, game: GameInfo, user_id: int) -> list[MoveChoice]:
    """All the user's legal moves as the chooser offers them (equal wall turns once)."""
    moves = await bot.service.records.legal_moves_for(game.id, user_id, limit=None)
    return offered_moves(moves)


def choice_label(words: str, notation: str) -> str:
    """The move in words; when too long for Discord, its notation first, so cut labels stay distinct."""
    if len(words) <= CHOICE_NAME_LIMIT:
        return words
    return clip(f"{notation} · {words}", CHOICE_NAME_LIMIT)


async def show_hand(bot: Table, interaction: discord.Interaction, game_id: int | None = None) -> None:
    """``/alcazar hand``: the caller's hand, money and nobles, and what they can do now (ephemeral)."""
    if game_id is None:
        game_id = (await game_here(bot, interaction)).id
    await defer(interaction, ephemeral=True)
    private = await bot.service.records.private_view(game_id, interaction.user.id)
    if isinstance(private, Refusal):
        raise Refused(private.message, game_id=game_id)
    game = private.game
    lang = private_language(interaction)
    if "hand" in private.view:
        content, file = await hand_message(bot, private, lang=lang)
    else:
        png = await images.board_png(game.kind, {k: v for k, v in private.view.items() if k != "seat"} | {"seat": None},
                                     await bot.names_of(game.players, lang), lang)
        colour = Msg(f"colour.{game_rules(game.kind).colours[private.seat]}") if private.seat is not None else ""
        content = t(lang, "turn.no_hand", colour=colour, title=game.title)
        file = discord.File(io.BytesIO(png), filename="board.png")
    content += "\n" + await what_you_can_do(bot, interaction, game)
    await send(interaction, clip(content, 2000), ephemeral=True, file=file,
               **await _own_link(bot, interaction, game.id))


async def what_you_can_do(bot: Table, interaction: discord.Interaction, game: GameInfo) -> str:
    """Whose turn it is, and for the player to move what they can do, in words."""
    lang = private_language(interaction)
    if game.status is not GameStatus.ACTIVE:
        return t(lang, "result.over")
    if game.to_move_id != interaction.user.id:
        return t(lang, "can.whose_turn", player=mention(game.to_move_id)) if game.to_move_id else ""
    moves = await bot.service.records.legal_moves_for(game.id, interaction.user.id, limit=None)
    choices = moves_in_words(game.kind, [m.parts for m in moves], lang)
    return t(lang, "can.do", choices=choices)


def moves_in_words(kind: str, moves: Sequence[Any], lang: str = "en") -> str:
    """What a player's legal moves (the engine's parts of each) allow, as a phrase:
    "build with 4 cards, buy a card, or build a bridge"."""
    actions = {parts.action for parts in moves}
    if kind == "alcazar1978":
        kinds = []
        if "pawn" in actions:
            kinds.append(Msg("can.move_pawn"))
        if "wall" in actions:
            kinds.append(Msg("can.turn_wall"))
        return t(lang, "can.choices", choices=kinds or [Msg("can.only_pass")])
    cards = sorted({card for parts in moves if parts.plays_building_card for card in parts.cards})
    phrases = []
    if cards:
        phrases.append(Msg("can.build", count=len(cards), cards=", ".join(map(str, cards))))
    for verb, phrase in (("tower", "can.tower"), ("bridge", "can.bridge"), ("buy", "can.buy")):
        if verb in actions:
            phrases.append(Msg(phrase))
    if not phrases:
        phrases.append(Msg("can.only_pass"))
    choices = Msg("can.choices", choices=phrases)
    if any(parts.withdrawal is not None for parts in moves):
        # A withdrawal comes first in a turn, so it is said first.
        return t(lang, "can.withdraw_first", choices=choices)
    return t(lang, choices)


async def show_board(bot: Table, interaction: discord.Interaction, for_table: bool = False) -> None:
    """``/alcazar board``: the current board, privately; ``for_table`` posts it in the channel without pings.

    A board posted for the table does ping the player to act when the board of this position
    never reached the channel, since that player was then never told."""
    game = await game_here(bot, interaction)
    if game.status is GameStatus.LOBBY:
        raise Refused(Msg("turn.not_started_start_button"))
    played = await _ply(bot, game)
    if for_table:
        require_can_post(interaction)
        await defer(interaction, ephemeral=True)
        header = t(game.settings.language, "turn.board_header", title=game.title, count=played)
        await post_board(bot, game.id, [header], ping=await ping_was_lost(bot, game))
        await send(interaction, Msg("board.posted_for_table"), ephemeral=True)
        return
    await defer(interaction, ephemeral=True)
    lang = private_language(interaction)
    public = await bot.service.records.board_view(game.id)
    if isinstance(public, Refusal):
        raise Refused(public.message, game_id=game.id)
    png = await images.board_png(game.kind, public.view, await bot.names_of(game.players, lang), lang)
    turn = t(lang, "can.whose_turn", player=mention(game.to_move_id)) if game.to_move_id else ""
    header = t(lang, "turn.board_header", title=game.title, count=played)
    # The standings follow the game's language, like the same line under the boards in the channel.
    content = "\n".join(line for line in (header, standing_text(game, public.view), turn) if line)
    await send(interaction, clip(content, 2000), ephemeral=True,
               file=discord.File(io.BytesIO(png), filename="board.png",
                                 description=t(lang, "announce.board_description", title=game.title)),
               **await _own_link(bot, interaction, game.id))


async def _own_link(bot: Table, interaction: discord.Interaction, game_id: int) -> dict[str, Any]:
    """A private answer's button to the asker's own page of the game, when the web board is set up."""
    view = await own_link(bot, game_id, interaction.user.id, private_language(interaction))
    return {} if view is None else {"view": view}


async def _ply(bot: Table, game: GameInfo) -> int:
    history = await bot.service.records.history(game.id, limit=1)
    return 0 if isinstance(history, Refusal) or not history else history[-1].ply


async def resign(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar resign``: asks first; Alcazar goes on without the player, in Alcazar 1978 the opponent wins."""
    game = await game_here(bot, interaction)
    if game.status is GameStatus.LOBBY:
        raise Refused(Msg("turn.not_started_leave"), game_id=game.id)
    if interaction.user.id not in game.players or interaction.user.id in game.resigned:
        raise Refused(Msg("refusal.not_playing"), game_id=game.id)
    consequence = Msg("turn.resign_alcazar" if game.kind == "alcazar" else "turn.resign_1978")
    if game.kind == "alcazar" and game.settings.stand_in_on_resign:
        consequence = Msg("turn.resign_stand_in")
    await send(interaction, Msg("turn.confirm_resign", consequence=consequence),
               view=ConfirmResign(game.id, game.version, private_language(interaction)).alone(), ephemeral=True)


async def confirmed_resign(bot: Table, interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The player confirmed: resign, and tell the channel."""
    await game_on_button(bot, interaction, game_id, version)
    await defer_update(interaction)          # the results image may take a moment
    result = accepted(await bot.service.turns.resign(game_id, interaction.user.id), game_id)
    posted = await publish(bot, result, headline=t(result.game.settings.language, "turn.resigned",
                                                   player=mention(interaction.user.id)))
    lang = private_language(interaction)
    await interaction.edit_original_response(
        content=t(lang, "turn.you_resigned") + ("" if posted else "\n" + t(lang, "turn.not_posted_resignation")),
        view=None)


class ConfirmResign(ConfirmButton, template=r"az:confirm:resign:(?P<game>\d+):(?P<version>\d+)"):
    action = "resign"

    def confirmed(self, interaction: discord.Interaction) -> Coroutine[Any, Any, None]:
        return confirmed_resign(table_of(interaction), interaction, self.game_id, self.version)


ITEMS: tuple[Any, ...] = (ConfirmResign,)

__all__ = ["move_choices", "move_command", "play_move", "show_hand"]
