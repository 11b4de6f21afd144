"""Wording of what a player sees across games: their game list, time away, ratings,
replays and game records, in a language given by the caller (a private reply reads in the
user's language, a public post in the game's). Discord timestamps show in each reader's time zone."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Sequence

from bot.discord.standings import computer_label, duration, mention, timestamp
from bot.discord.style import move_words
from bot.i18n import ENGLISH, Msg, number, t
from bot.service import (
    AwayStatus, EntryKind, GameInfo, GameStatus, HistoryLine, MyGame, PlayerRecord, RatingShift, Standing, game_rules,
    is_provisional,
)

AWAY_MARK = "💤"


def link(guild_id: int, channel_id: int, message_id: int | None = None) -> str:
    """A jump link to a message (or to the channel when there is no message yet)."""
    tail = f"/{message_id}" if message_id is not None else ""
    return f"https://discord.com/channels/{guild_id}/{channel_id}{tail}"


# -- /alcazar games -------------------------------------------------------------------------------

def my_game_line(entry: MyGame, server: str, away_until: float | None = None, lang: str = ENGLISH) -> str:
    """One game of the caller's list: game, server and channel, whose turn since when (and, when that
    player is away, until when), and the board link."""
    game = entry.game
    board = entry.board
    where = t(lang, "games.where", title=game.title, server=server, channel=f"<#{game.channel_id}>")
    if game.status is GameStatus.LOBBY:
        return t(lang, "games.lobby_line", where=where, count=len(game.players),
                 link=link(game.guild_id, game.channel_id))
    if entry.my_turn:
        turn = t(lang, "games.your_turn")
    elif game.to_move_id is None:
        turn = t(lang, "games.waiting")
    elif game.to_move_id < 0:
        turn = t(lang, "games.computer_thinking", computer=computer_label(game.to_move_id, lang))
    else:
        turn = t(lang, "games.player_turn", player=mention(game.to_move_id))
    since = t(lang, "games.since", when=timestamp(game.turn_since)) if game.turn_since is not None else ""
    target = link(game.guild_id, board.channel_id if board else game.channel_id,
                  board.message_id if board else None)
    marker = "▶️" if entry.my_turn else "•"
    away = t(lang, "games.away_until", mark=AWAY_MARK, when=timestamp(away_until, "f")) if away_until is not None else ""
    return t(lang, "games.line", marker=marker, where=where, turn=turn, since=since, away=away, link=target)


def games_summary(games: Sequence[MyGame], lang: str = ENGLISH) -> str:
    mine = sum(1 for g in games if g.my_turn)
    key = "games.summary_your_turn" if mine else "games.summary_none_waiting"
    return t(lang, key, count=len(games), mine=mine)


# -- away and quiet hours ------------------------------------------------------------------------

#: Units a duration may be given in, English and Hungarian ("3d", "2 nap", "36 óra", "1 hét").
_UNITS = {"w": 7 * 86400, "week": 7 * 86400, "weeks": 7 * 86400, "hét": 7 * 86400, "hetet": 7 * 86400,
          "d": 86400, "day": 86400, "days": 86400, "n": 86400, "nap": 86400, "napot": 86400, "napra": 86400,
          "h": 3600, "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "ó": 3600, "óra": 3600,
          "órát": 3600, "órára": 3600}
_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([^\W\d_]+)")


def parse_duration(text: str) -> float | None:
    """Seconds in "3d", "36h", "2 days 12 hours", "1w", "2 nap 12 óra"; a bare number is days. None if unreadable."""
    cleaned = text.strip().lower().replace(" and ", " ").replace(" és ", " ")
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


def _days(value: float) -> Msg:
    """Days to one decimal place: "3 days", "2.5 days"."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        return Msg("away.day_count", count=int(rounded))
    return Msg("away.day_fraction", days=rounded)


def away_text(status: AwayStatus, lang: str = ENGLISH, *, just_set: bool = False, back: bool = False) -> str:
    """Where the player stands: away until when (or back, or not away), the days used, the quiet hours."""
    lines = []
    if back:
        lines.append(t(lang, "away.welcome_back"))
    elif status.until is not None:
        lines.append(t(lang, "away.now_away_until" if just_set else "away.away_until",
                       until=timestamp(status.until, "f"), relative=timestamp(status.until)))
    else:
        lines.append(t(lang, "away.not_away_help"))
    lines.append(t(lang, "away.days_used", days=_days(status.used_days), limit=30))
    lines.append(quiet_text(status, lang))
    return "\n".join(lines)


def quiet_text(status: AwayStatus, lang: str = ENGLISH) -> str:
    quiet = status.quiet
    if quiet is None:
        return t(lang, "quiet.none")
    return t(lang, "quiet.hours", start=f"{quiet.start_hour:02d}:00", end=f"{quiet.end_hour:02d}:00",
             zone=quiet.time_zone)


def away_line(user_id: int, until: float, to_move: bool, lang: str = ENGLISH) -> str:
    """The line on a board (in the game's language) for a player who is away."""
    key = "away.board_line_clock_stopped" if to_move else "away.board_line"
    return t(lang, key, mark=AWAY_MARK, player=mention(user_id), until=timestamp(until, "f"))


def without_away_lines(content: str) -> list[str]:
    return [line for line in content.split("\n") if not line.startswith(AWAY_MARK)]


# -- ratings and stats ---------------------------------------------------------------------------

def rating_text(rating: int, provisional: bool) -> str:
    """A rating as it is shown: never grouped (1012, not 1,012), and ``1480?`` while provisional
    (fewer than 5 rated games)."""
    return f"{rating}?" if provisional else str(rating)


def _shift(shift: RatingShift, lang: str, bold: bool) -> str:
    """``1000? → 1012? (+12)``, the change with a true minus sign."""
    before = rating_text(shift.before, is_provisional(shift.rated_games - 1))
    after_text = rating_text(shift.after, shift.provisional)
    return t(lang, "ratings.shift", before=before, after=f"**{after_text}**" if bold else after_text,
             change=f"{shift.change:+d}".replace("-", "−"))


def rating_lines(shifts: Sequence[RatingShift], lang: str = ENGLISH) -> list[str]:
    """Under the results (in the game's language): each player's rating change."""
    if not shifts:
        return []
    parts = [f"{mention(s.user_id)} {_shift(s, lang, True)}" for s in shifts]
    return [t(lang, "ratings.line", parts=" · ".join(parts))]


def leaderboard_text(standings: Sequence[Standing], lang: str = ENGLISH) -> str:
    if not standings:
        return t(lang, "stats.no_rated_games")
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for place, standing in enumerate(standings, start=1):
        lines.append(t(lang, "stats.leaderboard_line", place=medals.get(place, f"{place}."),
                       player=mention(standing.user_id), rating=rating_text(standing.rating, standing.provisional),
                       count=standing.games))
    return "\n".join(lines)


def record_text(record: PlayerRecord, lang: str = ENGLISH) -> str:
    """A player's record in one game: games, wins, draws, points on average, and their rating."""
    if record.games == 0:
        return t(lang, "stats.no_finished_games")
    parts = [t(lang, "stats.games", count=record.games), t(lang, "stats.wins", count=record.wins)]
    if record.draws:
        parts.append(t(lang, "stats.draws", count=record.draws))
    if record.average_points is not None:
        parts.append(t(lang, "stats.average_points", points=round(record.average_points, 1)))
    rating = (t(lang, "stats.rating_after", rating=rating_text(record.rating, record.provisional),
                count=record.rated_games)
              if record.rating is not None else t(lang, "stats.not_rated"))
    return " · ".join(parts) + "\n" + pace_text(record, lang) + "\n" + rating


def pace_text(record: PlayerRecord, lang: str = ENGLISH) -> str:
    """Pace and reliability: the median time per move, games finished, lost on time, abandoned."""
    parts = [t(lang, "stats.finished", count=record.games), t(lang, "stats.lost_on_time", count=record.lost_on_time),
             t(lang, "stats.abandoned", count=record.abandoned)]
    if record.median_move_seconds is not None:
        parts.insert(0, t(lang, "stats.median_move", time=duration(record.median_move_seconds, lang)))
    return " · ".join(parts)


# -- replays and records -------------------------------------------------------------------------

def seat_label(kind: str, seat: int, names: Sequence[str], lang: str = ENGLISH) -> str:
    """"Ann (Red)"; a name with brackets of its own takes the colour inside them: "Computer 2 (normal, Red)"."""
    colour = t(lang, f"colour.{game_rules(kind).colours[seat].lower()}")
    name = names[seat]
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]}, {colour})"
    return t(lang, "record.seat", name=name, colour=colour)


def line_words(line: HistoryLine, lang: str = ENGLISH) -> str:
    """A logged move in words, made afresh from its message in ``lang``."""
    if line.kind is EntryKind.SKIP:
        return t(lang, "history.skipped")
    if line.kind is EntryKind.RETIRE:
        return t(lang, "history.resigned")
    words = move_words(lang, line.words)
    return t(lang, "history.forced", words=words) if line.forced else words


def replay_captions(game: GameInfo, lines: Sequence[HistoryLine], names: Sequence[str],
                    lang: str = ENGLISH) -> list[str]:
    """Under each frame: the start, then each move with its number and player."""
    seats = ", ".join(seat_label(game.kind, s, names, lang) for s in range(len(names)))
    captions = [t(lang, "replay.start_caption", title=game.title, seats=seats)]
    total = len(lines)
    for line in lines:
        by = t(lang, "replay.stand_in") if line.stand_in else ""
        captions.append(t(lang, "replay.caption", ply=line.ply, total=total, name=names[line.seat] + by,
                          words=line_words(line, lang)))
    return captions


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def game_record(game: GameInfo, lines: Sequence[HistoryLine], names: Sequence[str], *,
                server: str, channel: str, settings: str, shifts: Sequence[RatingShift] = (),
                lang: str = ENGLISH) -> str:
    """The game record as a text file a person can read, in ``lang``: players, settings, result, every move.

    ``settings`` is the game's settings in ``lang``, a line each (as the lobby shows them)."""
    out = [t(lang, "record.heading", title=game.title, id=game.id),
           t(lang, "record.played_on", server=server, channel=f"#{channel}"), ""]
    out.append(t(lang, "record.players"))
    out += [f"  {s + 1}. {seat_label(game.kind, s, names, lang)}"
            + (t(lang, "record.resigned") if game.players[s] in game.resigned else "") for s in range(len(names))]
    out += ["", t(lang, "record.settings"), *(f"  {line}" for line in settings.split("\n"))]
    out += ["", t(lang, "record.result"), *_result_lines(game, names, shifts, lang), "",
            t(lang, "record.moves", count=len(lines))]
    width = max((len(line.notation) for line in lines), default=4)
    stand_in = t(lang, "history.stand_in")
    for line in lines:
        out.append(f"  {line.ply:>3}. {_utc(line.played_at)}  {names[line.seat]:<16.16} "
                   f"{line.notation:<{width}}  {line_words(line, lang)}{stand_in if line.stand_in else ''}")
    if not lines:
        out.append("  " + t(lang, "record.no_moves"))
    return "\n".join(out) + "\n"


def _result_lines(game: GameInfo, names: Sequence[str], shifts: Sequence[RatingShift], lang: str) -> list[str]:
    result = game.result
    if game.status is GameStatus.ACTIVE:
        return ["  " + t(lang, "record.in_play")]
    if game.status is GameStatus.CANCELLED:
        return ["  " + t(lang, "record.cancelled")]
    if result is None:
        return ["  " + t(lang, "record.over")]
    winners = [names[s] for s in result.winners]
    head = t(lang, "record.draw") if not winners else \
        t(lang, "record.winner" if len(winners) == 1 else "record.winners", names=winners,
          finished=_utc(result.finished_at))
    reason = t(lang, result.reason) if isinstance(result.reason, Msg) else str(result.reason)
    lines = ["  " + head, "  " + t(lang, "record.reason", reason=reason)]
    scores = result.outcome.scores
    if scores is not None:
        points = ", ".join(f"{names[s]} {number(scores[s], lang)}" for s in range(len(scores)))
        lines.append("  " + t(lang, "record.points", points=points))
    by_user = {game.players[s]: names[s] for s in range(len(names))}
    if shifts:
        parts = ", ".join(f"{by_user.get(s.user_id, '?')} {_shift(s, lang, False)}"
                          for s in shifts)
        lines.append("  " + t(lang, "ratings.line", parts=parts))
    return lines


def history_page_text(lines: Sequence[HistoryLine], lang: str = ENGLISH) -> str:
    """A page of ``/alcazar history``: the moves in the reader's language."""
    stand_in = t(lang, "history.stand_in")
    return "\n".join(f"{line.ply}. {mention(line.user_id)}{stand_in if line.stand_in else ''} "
                     f"{line_words(line, lang)} {timestamp(line.played_at)}" for line in lines)
