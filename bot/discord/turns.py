"""Turns: playing a move, autocomplete, the hand, the board, the history and resigning."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import images
from bot.discord.announce import hand_message, mention, post_board, publish, timestamp
from bot.discord.buttons import confirm_buttons
from bot.discord.context import accepted, bot_of, game_here, game_on_button, require_can_post
from bot.discord.replies import Refused, defer, defer_update, private_language, send
from bot.discord.texts import CHOICE_NAME_LIMIT, OPTIONS_LIMIT, clip
from bot.games import get_game
from bot.i18n import t
from bot.service import GameInfo, HistoryLine, MovePlayed, Refusal
from bot.store import EntryKind, GameStatus

if TYPE_CHECKING:
    from bot.discord.client import AlcazarBot

NOT_POSTED = ("I could not post the new board in the channel just now (Discord did not take the message). "
              "{what} stands: `/alcazar board` shows the board again.")


async def play_move(interaction: discord.Interaction, game_id: int, text: str, version: int | None, *,
                    edit_original: bool = False) -> None:
    """Play ``text`` for the caller; the board message goes to the channel, the caller gets a short note."""
    bot = bot_of(interaction)
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    # Only a purchase from the deck brings a card nobody has seen; other moves need no hand lookups.
    from_deck = "deck" in text.lower()
    hand_before = await _own_hand(bot, game_id, interaction.user.id) if from_deck else []
    result = accepted(await bot.service.play(game_id, interaction.user.id, text, expected_version=version), game_id)
    posted = await publish(bot, result)
    played = [e for e in result.events if isinstance(e, MovePlayed) and e.user_id == interaction.user.id]
    note = f"Played: {played[0].words}" if played else "Your move was played."
    drawn = sorted(set(await _own_hand(bot, game_id, interaction.user.id)) - set(hand_before)) if from_deck else []
    if drawn:      # this reply is ephemeral: only the player sees which card the deck gave them
        note += f"\nYou drew card {', '.join(map(str, drawn))}."
    if not posted:
        note += "\n" + NOT_POSTED.format(what="Your move")
    note = clip(note, 2000)
    if edit_original:
        await interaction.edit_original_response(content=note, view=None)
    else:
        await send(interaction, note, ephemeral=True)


async def _own_hand(bot: AlcazarBot, game_id: int, user_id: int) -> list[int]:
    """The building cards the user holds (none in Alcazar 1978), for their eyes only."""
    private = await bot.service.private_view(game_id, user_id)
    return [] if isinstance(private, Refusal) else list(private.view.get("hand", []))


async def move_command(interaction: discord.Interaction, notation: str) -> None:
    """``/alcazar move``: the typed (or picked) notation, for the game in this channel."""
    game = await game_here(interaction)
    text = notation.strip()
    if not text:
        raise Refused("Type a move, or pick one of the suggestions while typing.")
    await play_move(interaction, game.id, text, None)


async def move_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """The caller's own legal moves matching what they typed (notation or words), at most 25."""
    bot = bot_of(interaction)
    if interaction.channel_id is None:
        return []
    game = await bot.service.game_in_channel(interaction.channel_id)
    if game is None or game.to_move_id != interaction.user.id:
        return []
    lang = private_language(interaction)
    choices = await bot.service.legal_moves_for(game.id, interaction.user.id, prefix=typed, limit=OPTIONS_LIMIT)
    worded = [(c.notation, t(lang, c.words)) for c in choices]
    if not choices and typed.strip():
        wanted = typed.strip().lower()
        everything = await bot.service.legal_moves_for(game.id, interaction.user.id, limit=None)
        worded = [(c.notation, words) for c in everything
                  if wanted in (words := t(lang, c.words)).lower() or wanted in c.notation.lower()][:OPTIONS_LIMIT]
    return [app_commands.Choice(name=choice_label(words, notation), value=notation)
            for notation, words in worded if len(notation) <= 100]


def choice_label(words: str, notation: str) -> str:
    """The move in words; when too long for Discord, its notation first, so cut labels stay distinct."""
    if len(words) <= CHOICE_NAME_LIMIT:
        return words
    return clip(f"{notation} · {words}", CHOICE_NAME_LIMIT)


async def show_hand(interaction: discord.Interaction, game_id: int | None = None) -> None:
    """``/alcazar hand``: the caller's hand, money and nobles, and what they can do now (ephemeral)."""
    bot = bot_of(interaction)
    if game_id is None:
        game_id = (await game_here(interaction)).id
    await defer(interaction, ephemeral=True)
    private = await bot.service.private_view(game_id, interaction.user.id)
    if isinstance(private, Refusal):
        raise Refused(private.message, game_id=game_id)
    game = private.game
    if "hand" in private.view:
        content, file = await hand_message(bot, private)
    else:
        png = await images.board_png(game.kind, {k: v for k, v in private.view.items() if k != "seat"} | {"seat": None},
                                     await bot.names_of(game.players))
        colour = get_game(game.kind).COLORS[private.seat].capitalize() if private.seat is not None else ""
        content = f"You play {colour} in {game.title} here; nothing is hidden in this game, so there is no hand."
        file = discord.File(io.BytesIO(png), filename="board.png")
    content += "\n" + await what_you_can_do(interaction, game)
    await send(interaction, clip(content, 2000), ephemeral=True, file=file)


async def what_you_can_do(interaction: discord.Interaction, game: GameInfo) -> str:
    """Whose turn it is, and for the player to move how many legal moves of which kinds they have."""
    bot = bot_of(interaction)
    if game.status is not GameStatus.ACTIVE:
        return "The game is over."
    if game.to_move_id != interaction.user.id:
        return f"It is {mention(game.to_move_id)}'s turn, not yours." if game.to_move_id else ""
    moves = await bot.service.legal_moves_for(game.id, interaction.user.id, limit=None)
    if game.kind == "alcazar1978":
        kinds = sorted({"move your pawn" if "-" in m.notation else "turn a wall" if m.notation != "pass" else "pass"
                        for m in moves})
    else:
        kinds = sorted({m.notation.split(";")[-1].split()[0] for m in moves})
    return (f"It is your turn: {len(moves)} legal moves ({', '.join(kinds)}). "
            "Use `/alcazar move` or the Take my turn button.")


async def show_board(interaction: discord.Interaction) -> None:
    """``/alcazar board``: the current board and status, posted in the channel."""
    bot = bot_of(interaction)
    game = await game_here(interaction)
    if game.status is GameStatus.LOBBY:
        raise Refused("The game has not started yet: the host starts it with the Start button.")
    require_can_post(interaction)
    await defer(interaction, ephemeral=True)
    played = await _ply(bot, game)
    await post_board(bot, game.id, [f"**{game.title}** after {played} {'move' if played == 1 else 'moves'}."],
                     ping=False)
    await send(interaction, "Here is the board.", ephemeral=True)


async def _ply(bot: AlcazarBot, game: GameInfo) -> int:
    history = await bot.service.history(game.id, limit=1)
    return 0 if isinstance(history, Refusal) or not history else history[-1].ply


async def show_history(interaction: discord.Interaction) -> None:
    """``/alcazar history``: the last moves in words, privately (of the last game here, even once it ended)."""
    bot = bot_of(interaction)
    game = await _game_or_last_finished(interaction)
    lines = await bot.service.history(game.id, limit=15)
    if isinstance(lines, Refusal):
        raise Refused(lines.message, game_id=game.id)
    if not lines:
        await send(interaction, "No moves yet.", ephemeral=True)
        return
    text = "\n".join(f"{line.ply}. {mention(line.user_id)} {_history_words(line)} {timestamp(line.played_at)}"
                     for line in lines)
    embed = discord.Embed(title=f"{game.title}: the last moves", description=clip(text, 4096))
    await send(interaction, embed=embed, ephemeral=True)


async def _game_or_last_finished(interaction: discord.Interaction) -> GameInfo:
    """The game in play here or, when there is none, the last one that finished here."""
    try:
        return await game_here(interaction)
    except Refused:
        assert interaction.channel_id is not None
        latest = await bot_of(interaction).service.latest_game_in_channel(interaction.channel_id)
        if latest is None or latest.status is not GameStatus.FINISHED:
            raise
        return latest


def _history_words(line: HistoryLine) -> str:
    if line.kind is EntryKind.SKIP:
        return "missed the deadline (skipped)"
    if line.kind is EntryKind.RETIRE:
        return "left the game"
    return line.words


async def resign(interaction: discord.Interaction) -> None:
    """``/alcazar resign``: asks first; Alcazar goes on without the player, in Alcazar 1978 the opponent wins."""
    game = await game_here(interaction)
    if game.status is GameStatus.LOBBY:
        raise Refused("The game has not started yet: `/alcazar leave` leaves the lobby.", game_id=game.id)
    if interaction.user.id not in game.players or interaction.user.id in game.resigned:
        raise Refused("You are not playing in this game.", game_id=game.id)
    consequence = ("The others play on without you; your pieces and nobles stay and you rank last."
                   if game.kind == "alcazar" else "Your opponent wins the game.")
    await send(interaction, f"Resign from this game? {consequence} This cannot be taken back.",
               view=confirm_buttons("resign", game.id, game.version), ephemeral=True)


async def confirmed_resign(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The player confirmed: resign, and tell the channel."""
    bot = bot_of(interaction)
    await game_on_button(interaction, game_id, version)
    await defer_update(interaction)          # the results image may take a moment
    result = accepted(await bot.service.resign(game_id, interaction.user.id), game_id)
    posted = await publish(bot, result, headline=f"{mention(interaction.user.id)} resigned.")
    await interaction.edit_original_response(
        content="You resigned." + ("" if posted else "\n" + NOT_POSTED.format(what="Your resignation")), view=None)


__all__ = ["move_choices", "move_command", "play_move", "show_hand"]
