"""Wording of what a player sees across games: their game list, time away, ratings,
replays and game records (plain English; Discord timestamps show in each reader's time zone)."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Sequence

from bot.discord.standings import computer_label
from bot.discord.style import house_style
from bot.games import get_game
from bot.i18n import ENGLISH, Msg, t
from bot.service import AwayStatus, GameInfo, HistoryLine, MyGame, PlayerRecord, RatingShift, Standing
from bot.store import EntryKind, GameStatus

AWAY_MARK = "💤"
DM_REFUSAL = ("Games are played in server channels; use this command in a channel of a server. "
              "Here in a DM you can use `/alcazar games`, `/alcazar away`, `/alcazar quiet`, "
              "`/alcazar stats`, `/alcazar help` and `/alcazar rules`.")
NO_GAMES = "You are not in any game right now. Open one in a server channel with `/alcazar new`."
DURATION_HELP = ("Say how long you will be away, e.g. `3d`, `36h`, `2 days 12 hours` (at most 14 days), "
                 "or `off` when you are back.")
KIND_TITLES = {"alcazar": "Alcazar", "alcazar1978": "Alcazar (1978)"}


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def when(seconds: float, style: str = "R") -> str:
    return f"<t:{int(seconds)}:{style}>"


def link(guild_id: int, channel_id: int, message_id: int | None = None) -> str:
    """A jump link to a message (or to the channel when there is no message yet)."""
    tail = f"/{message_id}" if message_id is not None else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


# -- /alcazar games -------------------------------------------------------------------------------

def my_game_line(entry: MyGame, server: str, away_until: float | None = None) -> str:
    """One game of the caller's list: game, server and channel, whose turn since when (and, when that
    player is away, until when), and the board link."""
    game = entry.game
    board = entry.board
    where = f"**{game.title}** on {server} in <#{game.channel_id}>"
    if game.status is GameStatus.LOBBY:
        count = len(game.players)
        return f"⏳ {where}: waiting to start ({count} {'player' if count == 1 else 'players'} joined). " \
               f"[Lobby]({link(game.guild_id, game.channel_id)})"
    since = f" since {when(game.turn_since)}" if game.turn_since is not None else ""
    if entry.my_turn:
        turn = "**your turn**"
    elif game.to_move_id is None:
        turn = "waiting"
    elif game.to_move_id < 0:
        turn = f"{computer_label(game.to_move_id)} is thinking"
    else:
        turn = f"{mention(game.to_move_id)}'s turn"
    target = link(game.guild_id, board.channel_id if board else game.channel_id,
                  board.message_id if board else None)
    marker = "▶️" if entry.my_turn else "•"
    away = f" ({AWAY_MARK} away until {when(away_until, 'f')})" if away_until is not None else ""
    return f"{marker} {where}: {turn}{since}{away}. [Board]({target})"


def games_summary(games: Sequence[MyGame]) -> str:
    mine = sum(1 for g in games if g.my_turn)
    total = len(games)
    head = f"{total} {'game' if total == 1 else 'games'}"
    return f"{head}; it is your turn in {mine}." if mine else f"{head}; none is waiting for you."


# -- away and quiet hours ------------------------------------------------------------------------

_UNITS = {"w": 7 * 86400, "week": 7 * 86400, "weeks": 7 * 86400, "d": 86400, "day": 86400, "days": 86400,
          "h": 3600, "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600}
_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([a-z]+)")


def parse_duration(text: str) -> float | None:
    """Seconds in "3d", "36h", "2 days 12 hours", "1w"; a bare number is days. None if unreadable."""
    cleaned = text.strip().lower().replace(" and ", " ")
    if re.fullmatch(r"\d+(?:[.,]\d+)?", cleaned):
        return float(cleaned.replace(",", ".")) * 86400
    total, position = 0.0, 0
    for match in _PART.finditer(cleaned):
        if cleaned[position:match.start()].strip(" ,"):
            return None
        unit = _UNITS.get(match.group(2))
        if unit is None:
            return None
        total += float(match.group(1).replace(",", ".")) * unit
        position = match.end()
    if position == 0 or cleaned[position:].strip(" ,"):
        return None
    return total


def _days(value: float) -> str:
    rounded = round(value, 1)
    number = int(rounded) if rounded == int(rounded) else rounded
    return f"{number} day" if number == 1 else f"{number} days"


def away_text(status: AwayStatus, *, just_set: bool = False, back: bool = False) -> str:
    lines = []
    if back:
        lines.append("Welcome back! Your turn clocks run again from where they stopped, and reminders resume.")
    elif status.until is not None:
        lines.append(f"{'You are now' if just_set else 'You are'} away until {when(status.until, 'f')} "
                     f"({when(status.until)}). Until then your turn clocks stand still, I send you no reminders, "
                     "and your boards say you are away. `/alcazar away off` when you are back earlier.")
    else:
        lines.append("You are not away. `/alcazar away 3d` pauses your turn clocks and reminders for three days "
                     "(at most 14 days at a time).")
    lines.append(f"Away in the last 365 days: {_days(status.used_days)} of 30.")
    lines.append(quiet_text(status))
    return "\n".join(lines)


def quiet_text(status: AwayStatus) -> str:
    quiet = status.quiet
    if quiet is None:
        return "Quiet hours: none (`/alcazar quiet` sets hours when reminders wait)."
    return (f"Quiet hours: {quiet.start_hour:02d}:00–{quiet.end_hour:02d}:00 ({quiet.time_zone}); "
            "reminders due then wait until they end.")


def away_line(user_id: int, until: float, to_move: bool) -> str:
    """The line on a board for a player who is away."""
    clock = " Their clock is stopped." if to_move else ""
    return f"{AWAY_MARK} {mention(user_id)} is away until {when(until, 'f')}.{clock}"


def without_away_lines(content: str) -> list[str]:
    return [line for line in content.split("\n") if not line.startswith(AWAY_MARK)]


# -- ratings and stats ---------------------------------------------------------------------------

def rating_lines(shifts: Sequence[RatingShift]) -> list[str]:
    """Under the results: each player's rating change."""
    if not shifts:
        return []
    parts = [f"{mention(s.user_id)} {s.before} → **{s.after}** ({s.change:+d})".replace("-", "−")
             for s in shifts]
    return ["Ratings: " + " · ".join(parts)]


def leaderboard_text(standings: Sequence[Standing]) -> str:
    if not standings:
        return "No rated games yet."
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for place, standing in enumerate(standings, start=1):
        games = f"{standing.games} {'game' if standing.games == 1 else 'games'}"
        lines.append(f"{medals.get(place, f'{place}.')} {mention(standing.user_id)} **{standing.rating}** ({games})")
    return "\n".join(lines)


def record_text(record: PlayerRecord) -> str:
    if record.games == 0:
        return "No finished games yet."
    parts = [f"{record.games} {'game' if record.games == 1 else 'games'}",
             f"{record.wins} {'win' if record.wins == 1 else 'wins'}"]
    if record.draws:
        parts.append(f"{record.draws} {'draw' if record.draws == 1 else 'draws'}")
    if record.average_points is not None:
        parts.append(f"{record.average_points:.1f} points on average")
    rating = (f"Rating **{record.rating}** after {record.rated_games} rated "
              f"{'game' if record.rated_games == 1 else 'games'}" if record.rating is not None
              else "Not rated yet (games with two or more people who finish are rated)")
    return " · ".join(parts) + "\n" + rating


RATING_NOTE = ("Ratings use openskill (Plackett-Luce): every finished game with two or more people who finish "
               "counts, ties included; games with computer players or stand-ins do not. A new player starts at "
               "1000; the rating is a careful estimate, so it also rises as your results make it surer.")


# -- replays and records -------------------------------------------------------------------------

def seat_label(kind: str, seat: int, names: Sequence[str]) -> str:
    colour = str(get_game(kind).COLORS[seat]).capitalize()
    return f"{names[seat]} ({colour})"


def line_words(line: HistoryLine, lang: str = ENGLISH) -> str:
    if line.kind is EntryKind.SKIP:
        return "missed the deadline and skips this turn"
    if line.kind is EntryKind.RETIRE:
        return "resigned and left the game"
    words = t(lang, line.words) if isinstance(line.words, Msg) else house_style(line.words)
    return words + (" (the only possible move)" if line.forced else "")


def replay_captions(game: GameInfo, lines: Sequence[HistoryLine], names: Sequence[str]) -> list[str]:
    """Under each frame: the start, then each move with its number and player."""
    seats = ", ".join(seat_label(game.kind, s, names) for s in range(len(names)))
    captions = [f"{game.title}, the start: {seats}"]
    total = len(lines)
    for line in lines:
        by = " (stand-in)" if line.stand_in else ""
        captions.append(f"{line.ply}/{total} {names[line.seat]}{by}: {line_words(line)}")
    return captions


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def game_record(game: GameInfo, lines: Sequence[HistoryLine], names: Sequence[str], *,
                server: str, channel: str, shifts: Sequence[RatingShift] = ()) -> str:
    """The game record as a text file a person can read: players, settings, result, every move."""
    settings = game.settings
    out = [f"{game.title}: game {game.id}", f"Played on {server}, in #{channel}", ""]
    out.append("Players, in seat order (the first moved first):")
    out += [f"  {s + 1}. {seat_label(game.kind, s, names)}"
            + (" (resigned)" if game.players[s] in game.resigned else "") for s in range(len(names))]
    out += ["", "Settings:",
            f"  Reminders: first after {settings.reminder_first_hours:g} h, then every "
            f"{settings.reminder_every_hours:g} h, at most {settings.reminder_max} per turn",
            f"  Deadline per turn: {'none' if settings.deadline_hours is None else f'{settings.deadline_hours:g} h'}"]
    if settings.options:
        rules = ", ".join(f"{k.replace('_', ' ')}: {'on' if v is True else 'off' if v is False else v}"
                          for k, v in sorted(settings.options.items()))
        out.append(f"  House rules: {rules}")
    out += ["", "Result:", *_result_lines(game, names, shifts), "", f"Moves ({len(lines)}):"]
    width = max((len(line.notation) for line in lines), default=4)
    for line in lines:
        out.append(f"  {line.ply:>3}. {_utc(line.played_at)}  {names[line.seat]:<16.16} "
                   f"{line.notation:<{width}}  {line_words(line)}{STAND_IN if line.stand_in else ''}")
    if not lines:
        out.append("  (no moves yet)")
    return "\n".join(out) + "\n"


def _result_lines(game: GameInfo, names: Sequence[str], shifts: Sequence[RatingShift]) -> list[str]:
    result = game.result
    if game.status is GameStatus.ACTIVE:
        return ["  The game is still in play."]
    if game.status is GameStatus.CANCELLED:
        return ["  The game was cancelled."]
    if result is None:
        return ["  The game is over."]
    winners = [names[s] for s in result.winners]
    head = "  A draw." if not winners else f"  Winner: {' and '.join(winners)}. Finished {_utc(result.finished_at)}."
    reason = t(ENGLISH, result.reason) if isinstance(result.reason, Msg) else str(result.reason)
    lines = [head, f"  {reason[:1].upper()}{reason[1:]}."]
    scores = result.outcome.scores
    if scores is not None:
        lines.append("  Points: " + ", ".join(f"{names[s]} {scores[s]}" for s in range(len(scores))))
    by_user = {game.players[s]: names[s] for s in range(len(names))}
    if shifts:
        lines.append("  Ratings: " + ", ".join(f"{by_user.get(s.user_id, '?')} {s.before} → {s.after} ({s.change:+d})"
                                               for s in shifts))
    return lines


STAND_IN = " (played by the stand-in)"


def history_page_text(lines: Sequence[HistoryLine], lang: str = ENGLISH) -> str:
    """A page of ``/alcazar history``: the moves in the reader's language."""
    return "\n".join(f"{line.ply}. {mention(line.user_id)}{STAND_IN if line.stand_in else ''} "
                     f"{line_words(line, lang)} {when(line.played_at)}" for line in lines)
