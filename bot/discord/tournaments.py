"""``/alcazar tournament``: tournaments and leagues in a channel, each game in a thread of its own.

One sign-up message with Join and Leave (edited as players come and go);
at each round one message in the tournament's channel pings every player of
the round once, with the link to their game's thread; each round's standings
are posted as an image; the end is announced once. Public posts are in the
tournament's language (the server's at ``new``); answers to the one who
asked are in their own, and refusals are private.
"""
from __future__ import annotations

import io
import logging
import re
from typing import Any, Awaitable, Callable, Iterable, Sequence

import discord
from discord import app_commands, ui

from bot.discord import images
from bot.discord.announce import post_board, publish, send_changed_hands
from bot.discord.context import require_can_post, require_guild
from bot.discord.replies import Refused, defer, edit_source, guarded, private_language, send
from bot.discord.standings import duration, mention, pinging
from bot.discord.table import Table, table_of
from bot.discord.texts import COLOUR, CONTENT_LIMIT, clip
from bot.discord.translator import described
from bot.i18n import ENGLISH, Msg, language_of, t
from bot.service import (
    GameInfo, PlayerWithdrawn, Refusal, RoundEnded, RoundStarted, TournamentAccepted, TournamentCancelled,
    TournamentEnded, TournamentInfo, TournamentStanding, TournamentStatus, game_rules,
)
from bot.telemetry import background_work, note_outcome


log = logging.getLogger(__name__)

#: Discord's longest thread name.
THREAD_NAME_LIMIT = 100


def accepted(result: TournamentAccepted | Refusal) -> TournamentAccepted:
    if isinstance(result, Refusal):
        raise Refused(result.message)
    return result


def tournament_name(info: TournamentInfo, lang: str) -> str:
    return t(lang, "tournament.name", title=game_rules(info.game).title, number=info.id)


# -- the sign-up message ------------------------------------------------------------------

def settings_lines(info: TournamentInfo, lang: str) -> list[str]:
    """The tournament's settings, and the rules a player signs up to (time losses, forced tables)."""
    fmt = t(lang, "tournament.format.swiss", rounds=info.rounds) if info.format == "swiss" else \
        t(lang, "tournament.format.double" if info.double else "tournament.format.round_robin")
    lines = [t(lang, "tournament.settings.format", format=fmt)]
    if info.game == "alcazar":
        lines.append(t(lang, "tournament.settings.tables", size=info.table_size))
        if info.forced_tables:
            lines.append(t(lang, "tournament.settings.forced_tables"))
    deadline = info.game_settings.get("deadline_hours")
    lines.append(t(lang, "settings.deadline", deadline=t(lang, "settings.no_deadline") if deadline is None else
                   t(lang, "settings.deadline_hours", hours=deadline)))
    bank, increment = info.game_settings.get("bank_hours"), info.game_settings.get("increment_hours") or 0.0
    if isinstance(bank, (int, float)) and isinstance(increment, (int, float)):
        lines.append(t(lang, "settings.bank", bank=duration(bank * 3600, lang), increment=duration(increment * 3600, lang)))
    lines.append(t(lang, "tournament.settings.time_losses"))
    return lines


def signup_embed(info: TournamentInfo, note: str | None = None) -> discord.Embed:
    lang = info.language
    embed = discord.Embed(title=tournament_name(info, lang), colour=COLOUR,
                          description=t(lang, "tournament.signup.description", host=mention(info.host_id)))
    entered = "\n".join(f"{i + 1}. {_entrant(info, u, lang)}" for i, u in enumerate(info.entrants)) \
        or t(lang, "lobby.nobody")
    embed.add_field(name=t(lang, "tournament.signup.players", count=len(info.entrants)), value=entered, inline=False)
    embed.add_field(name=t(lang, "lobby.settings"), value="\n".join(settings_lines(info, lang)), inline=False)
    if info.status is not TournamentStatus.SIGNUP:
        note = t(lang, f"tournament.signup.{info.status.value}")
    if note:
        embed.set_footer(text=note)
    return embed


def _entrant(info: TournamentInfo, user_id: int, lang: str) -> str:
    """A name on the sign-up: one who left the running tournament is marked so."""
    if user_id in info.withdrawn:
        return t(lang, "tournament.signup.withdrawn", player=mention(user_id))
    return mention(user_id)


class SignupButton(ui.DynamicItem[ui.Button], template=r"az:tourney:(?P<action>join|leave):(?P<tournament>\d+)"):
    """Join or Leave on a tournament's sign-up message (works after a restart: the id carries the tournament)."""

    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}

    def __init__(self, action: str, tournament_id: int, lang: str = ENGLISH) -> None:
        super().__init__(ui.Button(label=t(lang, f"button.lobby.{action}"), style=self.STYLES[action],
                                   custom_id=f"az:tourney:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> SignupButton:
        return cls(match["action"], int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, sign_up(table_of(interaction), interaction, self.action, self.tournament_id))


def signup_buttons(info: TournamentInfo) -> ui.View | None:
    if info.status is not TournamentStatus.SIGNUP:
        return None
    view = ui.View(timeout=None)
    for action in ("join", "leave"):
        view.add_item(SignupButton(action, info.id, info.language))
    return view


async def refresh_signup(bot: Table, info: TournamentInfo, note: str | None = None) -> None:
    """Show the sign-up message as the tournament now is (its buttons go at the start)."""
    if info.signup_message is None:
        return
    message = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id) \
        .get_partial_message(info.signup_message)
    try:
        await message.edit(embed=signup_embed(info, note), view=signup_buttons(info))
    except discord.HTTPException as error:
        log.warning("Could not update the sign-up of tournament %s: %s %s", info.id, error.status, error.text)


# -- commands ---------------------------------------------------------------------------------

async def open_tournament(bot: Table, interaction: discord.Interaction, game: str, format: str, rounds: int | None,
                          table_size: int | None, double: bool, deadline_hours: float | None,
                          bank_days: float | None = None, increment_days: float | None = None) -> None:
    """``/alcazar tournament new``: the sign-up message, with Join and Leave."""
    guild_id = require_guild(interaction)
    require_can_post(interaction)
    assert interaction.channel_id is not None
    settings: dict[str, Any] = {"language": language_of(interaction.guild_locale)}
    if deadline_hours is not None:
        settings["deadline_hours"] = deadline_hours
    if bank_days is not None and bank_days > 0:        # the clock every game of the tournament is played with
        settings["bank_hours"] = bank_days * 24
        settings["increment_hours"] = (increment_days or 0.0) * 24
    info = accepted(await bot.service.tournaments.new(
        guild_id, interaction.channel_id, interaction.user.id, game, format, rounds=rounds, table_size=table_size,
        double=double, game_settings=settings)).tournament
    await send(interaction, embed=signup_embed(info), view=signup_buttons(info), ephemeral=False)
    message = await interaction.original_response()
    await bot.service.tournaments.remember_signup(info.id, message.id)


async def here(bot: Table, interaction: discord.Interaction) -> TournamentInfo:
    """The tournament of this channel (signing up or running), or why there is none."""
    assert interaction.channel_id is not None
    found = await bot.service.tournaments.in_channel(interaction.channel_id)
    if found is None:
        raise Refused(Msg("tournament.refusal.none_here"))
    return found


async def sign_up(bot: Table, interaction: discord.Interaction, action: str, tournament_id: int | None = None) -> None:
    """Join or leave, from a button (``tournament_id``) or a command; the sign-up message shows it."""
    from_button = tournament_id is not None
    if tournament_id is None:
        tournament_id = (await here(bot, interaction)).id
    operation = bot.service.tournaments.join if action == "join" else bot.service.tournaments.leave
    info = accepted(await operation(tournament_id, interaction.user.id)).tournament
    name = interaction.user.display_name
    note = t(info.language, "lobby.joined" if action == "join" else "lobby.left", name=name)
    if from_button:
        await edit_source(interaction, embed=signup_embed(info, note), view=signup_buttons(info))
        return
    await refresh_signup(bot, info, note)
    await send(interaction, Msg("tournament.you_joined" if action == "join" else "tournament.you_left"))


async def start_tournament(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar tournament start``: round 1 is paired and its games open, each in a thread."""
    require_can_post(interaction)
    await _hosts_say(bot, interaction, bot.service.tournaments.start, "tournament.you_started")


async def cancel_tournament(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar tournament cancel``: no more rounds; games under way are played out as ordinary games."""
    await _hosts_say(bot, interaction, bot.service.tournaments.cancel, "tournament.you_cancelled")


async def _hosts_say(bot: Table, interaction: discord.Interaction,
                     operation: Callable[[int, int], Awaitable[TournamentAccepted | Refusal]], done: str) -> None:
    """The host starts or cancels: the sign-up message shows it, the channel hears what it set going."""
    info = await here(bot, interaction)
    await defer(interaction, ephemeral=True)
    result = accepted(await operation(info.id, interaction.user.id))
    await refresh_signup(bot, result.tournament)
    await announce(bot, result.events)
    await send(interaction, Msg(done))


async def withdraw_player(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar tournament withdraw``: the player's running game is resigned; no more pairings."""
    info = await here(bot, interaction)
    await defer(interaction, ephemeral=True)
    result = accepted(await bot.service.tournaments.withdraw(info.id, interaction.user.id))
    await announce(bot, result.events)
    for resignation in result.games:
        await publish(bot, resignation)        # the board, and whatever the game's end set going
    await send(interaction, Msg("tournament.you_withdrew"))


async def show_standings(bot: Table, interaction: discord.Interaction) -> None:
    """``/alcazar tournament standings``: the table so far, as an image, for the one who asked."""
    assert interaction.channel_id is not None
    info = await bot.service.tournaments.in_channel(interaction.channel_id, latest=True)
    if info is None:
        raise Refused(Msg("tournament.refusal.none_here"))
    await defer(interaction, ephemeral=True)
    found = await bot.service.tournaments.standings(info.id)
    if isinstance(found, Refusal):
        raise Refused(found.message)
    info, table = found
    lang = private_language(interaction)
    played = info.round if info.status is TournamentStatus.FINISHED else max(0, info.round - 1)
    await send(interaction, file=await standings_file(bot, info, table, lang, played,
                                                      final=info.status is TournamentStatus.FINISHED,
                                                      reader=interaction.user.id))


async def standings_file(bot: Table, info: TournamentInfo, table: Sequence[TournamentStanding], lang: str,
                         played: int, *, final: bool = False, reader: int | None = None) -> discord.File:
    names = await bot.names_of([s.player for s in table], lang)
    view = images.standings_view(info, table, names, tournament_name(info, lang), played, final=final)
    if reader is not None:
        view["reader"] = str(reader)
    png = await images.standings_png(view, lang)
    return discord.File(io.BytesIO(png), filename="standings.png",
                        description=t(lang, "tournament.standings_description", name=tournament_name(info, lang)))


# -- what the tournament announces -------------------------------------------------------------

#: The events of a game's end that a tournament's channel is told of.
TOURNAMENT_NEWS = (RoundEnded, RoundStarted, TournamentEnded, PlayerWithdrawn, TournamentCancelled)


async def announce(bot: Table, events: Iterable[object]) -> None:
    """Post what a tournament's events say in its channel (after the game message that set them going)."""
    for event in events:
        if isinstance(event, TOURNAMENT_NEWS):
            with background_work(f"tournament news ({type(event).__name__})"):
                await _announce_one(bot, event)


async def _announce_one(bot: Table, event: object) -> None:
    """Post one tournament event in its tournament's channel."""
    try:
        if isinstance(event, RoundEnded):
            await _round_ended(bot, event)
        elif isinstance(event, RoundStarted):
            await _round_started(bot, event)
        elif isinstance(event, TournamentEnded):
            await _ended(bot, event)
        elif isinstance(event, PlayerWithdrawn):
            await _say(bot, event.tournament_id, "tournament.withdrawn." + event.why, player=mention(event.user_id))
            await _refresh_signup_of(bot, event.tournament_id)     # every way of leaving shows there
        elif isinstance(event, TournamentCancelled):
            await _say(bot, event.tournament_id, "tournament.cancelled", host=mention(event.by_user_id))
    except discord.HTTPException as error:
        # The tournament goes on all the same; the standings command shows where it stands.
        note_outcome(f"not posted ({error.status})")
        log.warning("Could not announce %s: %s %s", type(event).__name__, error.status, error.text)


async def _info(bot: Table, tournament_id: int) -> TournamentInfo | None:
    info = await bot.service.tournaments.get(tournament_id)
    return None if isinstance(info, Refusal) else info


async def _say(bot: Table, tournament_id: int, key: str, **args: Any) -> None:
    info = await _info(bot, tournament_id)
    if info is None:
        return
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    await channel.send(t(info.language, key, **args), allowed_mentions=discord.AllowedMentions.none())


async def _refresh_signup_of(bot: Table, tournament_id: int) -> None:
    info = await _info(bot, tournament_id)
    if info is not None:
        await refresh_signup(bot, info)


async def _round_started(bot: Table, event: RoundStarted) -> None:
    """Each game's first board in its thread (nobody pinged there), then one message pinging the round."""
    info = await _info(bot, event.tournament_id)
    if info is None:
        return
    lang = info.language
    for opening in event.openings:
        await _first_board(bot, opening.game, t(lang, "tournament.game_begins", round=event.number,
                                                name=tournament_name(info, lang)))
        await send_changed_hands(bot, opening)
    lines = [t(lang, "tournament.round_begins", round=event.number, name=tournament_name(info, lang))]
    lines += [_table_line(game, lang) for game in event.games]
    if event.bye is not None:
        lines.append(t(lang, "tournament.bye", player=mention(event.bye)))
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    players = [p for game in event.games for p in game.players]
    await channel.send(clip("\n".join(lines), CONTENT_LIMIT), allowed_mentions=pinging(*players))


async def _first_board(bot: Table, game: GameInfo, headline: str) -> None:
    """The game's first board in its thread, pinging nobody: the round's message pings each player once."""
    try:
        await post_board(bot, game.id, [headline], ping=False)
    except discord.HTTPException as error:
        log.warning("Could not post the first board of game %s: %s %s", game.id, error.status, error.text)


def _table_line(game: GameInfo, lang: str) -> str:
    return t(lang, "tournament.table", players=" – ".join(mention(p) for p in game.players),
             thread=f"<#{game.channel_id}>")


async def _round_ended(bot: Table, event: RoundEnded) -> None:
    info = await _info(bot, event.tournament_id)
    if info is None:
        return
    lang = info.language
    final = info.status is TournamentStatus.FINISHED and event.number == info.rounds
    picture = await standings_file(bot, info, event.standings, lang, event.number, final=final)
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    # In words too, for a notification, a search or a screen reader: the picture alone says nothing to them.
    text = standings_text(t(lang, "tournament.round_over_points", round=event.number), event.standings, lang)
    await channel.send(text, file=picture, allowed_mentions=discord.AllowedMentions.none())


def standings_text(heading: str, table: Sequence[TournamentStanding], lang: str, limit: int = CONTENT_LIMIT) -> str:
    """``heading``, then each player's rank, name and points, as many as one message holds (Discord's
    2,000 characters: about 50 players); the players left out are counted, and the picture has them all."""
    lines = [heading] + [_standing_line(standing, lang) for standing in table]
    if len("\n".join(lines)) <= limit:
        return "\n".join(lines)
    room = limit - len(t(lang, "tournament.standings_more", count=len(table))) - 1
    shown = [heading]
    for line in lines[1:]:
        if len("\n".join(shown + [line])) > room:
            break
        shown.append(line)
    return "\n".join(shown + [t(lang, "tournament.standings_more", count=len(lines) - len(shown))])


def _standing_line(standing: TournamentStanding, lang: str) -> str:
    line = t(lang, "tournament.ranking_line", rank=standing.rank, player=mention(standing.player),
             score=_points(standing.score))
    return f"{line} {t(lang, 'tournament.standings_withdrawn')}" if standing.withdrawn else line


async def _ended(bot: Table, event: TournamentEnded) -> None:
    """The end, said once: the winner and the final ranking (the image came with the last round)."""
    info = await _info(bot, event.tournament_id)
    if info is None:
        return
    lang = info.language
    winners = [s.player for s in event.ranking if s.rank == 1]
    heading = t(lang, "tournament.over", name=tournament_name(info, lang), winners=" ".join(mention(w) for w in winners))
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    await channel.send(standings_text(heading, event.ranking, lang), allowed_mentions=discord.AllowedMentions.none())


def _points(score: Any) -> str:
    whole, half = divmod(score * 2, 2)
    return f"{int(whole)}½" if half and whole else ("½" if half else str(int(whole)))


# -- a thread for each game ------------------------------------------------------------------

class GameThreads:
    """Opens each table's game a public thread under the tournament's channel, named after its players."""

    def __init__(self, bot: Table) -> None:
        self.bot = bot

    async def open_table(self, tournament: TournamentInfo, round_number: int, table: int,
                         players: tuple[int, ...]) -> int:
        names = await self.bot.names_of(players, tournament.language)
        name = t(tournament.language, "tournament.thread_name", round=round_number, players=" – ".join(names))
        channel = self.bot.get_channel(tournament.channel_id) or await self.bot.fetch_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise RuntimeError(f"tournament {tournament.id}: channel {tournament.channel_id} takes no threads")
        thread = await channel.create_thread(name=name[:THREAD_NAME_LIMIT], type=discord.ChannelType.public_thread)
        return thread.id


# -- the command group --------------------------------------------------------------------------

GAME_CHOICES = [app_commands.Choice(name=described("choice.alcazar"), value="alcazar"),
                app_commands.Choice(name=described("choice.alcazar1978"), value="alcazar1978")]
FORMAT_CHOICES = [app_commands.Choice(name=described("choice.format.swiss"), value="swiss"),
                  app_commands.Choice(name=described("choice.format.round_robin"), value="round_robin")]


class TournamentCommands(app_commands.Group):
    """``/alcazar tournament …``"""

    def __init__(self, table: Table) -> None:
        super().__init__(name="tournament", description=described("cmd.tournament"))
        self.table = table

    @app_commands.command(name="new", description=described("cmd.tournament.new"))
    @app_commands.describe(game=described("cmd.new.game"), format=described("cmd.tournament.format"),
                           rounds=described("cmd.tournament.rounds"), table_size=described("cmd.tournament.table_size"),
                           double=described("cmd.tournament.double"), deadline_hours=described("cmd.new.deadline_hours"),
                           bank_days=described("cmd.bank_days"), increment_days=described("cmd.increment_days"))
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  format: app_commands.Choice[str], rounds: app_commands.Range[int, 1, 20] | None = None,
                  table_size: app_commands.Range[int, 3, 4] | None = None, double: bool = False,
                  deadline_hours: app_commands.Range[float, 1.0, 2160.0] | None = None,
                  bank_days: app_commands.Range[float, 0.0, 90.0] | None = None,
                  increment_days: app_commands.Range[float, 0.0, 30.0] | None = None) -> None:
        await open_tournament(self.table, interaction, game.value, format.value, rounds, table_size, double,
                              deadline_hours, bank_days, increment_days)

    @app_commands.command(name="join", description=described("cmd.tournament.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await sign_up(self.table, interaction, "join")

    @app_commands.command(name="leave", description=described("cmd.tournament.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await sign_up(self.table, interaction, "leave")

    @app_commands.command(name="start", description=described("cmd.tournament.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await start_tournament(self.table, interaction)

    @app_commands.command(name="cancel", description=described("cmd.tournament.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await cancel_tournament(self.table, interaction)

    @app_commands.command(name="standings", description=described("cmd.tournament.standings"))
    async def standings(self, interaction: discord.Interaction) -> None:
        await show_standings(self.table, interaction)

    @app_commands.command(name="withdraw", description=described("cmd.tournament.withdraw"))
    async def withdraw(self, interaction: discord.Interaction) -> None:
        await withdraw_player(self.table, interaction)


ITEMS: tuple[Any, ...] = (SignupButton,)
