"""The words under a board and under the results: who stands where, who won and what decided it.

Players are named by mention in the order of the results; the engine's
reasons speak of colours ("Red's pawn is immobilized"), so colours are turned
into the players' mentions here.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from bot.games import get_game
from bot.discord import texts
from bot.discord.texts import clip
from bot.service import GameInfo
from bot.service.computers import computer_name
from renderer.drawing import named_text

MONEY_PER_POINT = 50     # a point per full 50 Real; the rest breaks ties (shared/rules/alcazar.md, "Scoring")


def mention(user_id: int) -> str:
    """A player as the channel names them: a mention, or a computer player's name in bold."""
    if user_id < 0:
        return f"**{computer_name(user_id)}**"
    return f"<@{user_id}>"


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Mentions that ping exactly these users: no one else, no role, never @everyone or @here.

    Computer players (negative ids) are left out: they are named, never pinged."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids if u > 0], everyone=False,
                                   roles=False, replied_user=False)


def real(amount: int) -> str:
    """Money in the house style: ``34 Real``."""
    return f"{amount} Real"


def signed_real(amount: int) -> str:
    """An income or a cost in the house style: ``+5 Real``, ``−5 Real`` (a true minus sign)."""
    return f"+{amount} Real" if amount >= 0 else f"−{-amount} Real"


def with_mentions(text: str, game: GameInfo) -> str:
    """``text`` written by the engine with colours, each seat's colour replaced by the player's mention."""
    colours = dict(enumerate(get_game(game.kind).COLORS[:len(game.players)]))
    return named_text(text, colours, [mention(u) for u in game.players])


def ranking(game: GameInfo) -> list[int]:
    """Seats in the order of the results: points, then money left over; retired players last."""
    assert game.result is not None
    details = game.result.outcome.details
    scores = game.result.outcome.scores
    if scores is None or len(details) != len(game.players):
        winners = list(game.result.winners)
        return winners + [s for s in range(len(game.players)) if s not in winners]

    def key(seat: int) -> tuple[bool, int, int]:
        detail = details[seat]
        return (not detail.get("retired", False), int(detail["total"]), int(detail["money"]) % MONEY_PER_POINT)

    return sorted(range(len(game.players)), key=key, reverse=True)


def result_lines(game: GameInfo) -> list[str]:
    """The results in words, naming every player (each of them is pinged at the end)."""
    result = game.result
    if result is None:
        return ["The game is over."]
    everyone = [mention(u) for u in game.players]
    winners = [mention(u) for u in result.winner_ids]
    if not winners:
        head = texts.RESULT_DRAW.format(players=_and(everyone))
    elif len(winners) == 1:
        head = texts.RESULT_WINNER.format(winner=winners[0])
    else:
        head = texts.RESULT_SHARED_WIN.format(winners=_and(winners))
    lines = [head, clip(_sentence(with_mentions(_end_reason(game), game)), 300)]
    if result.outcome.scores is not None:
        lines.append(_tie_break(game) or "")
        lines.append(" · ".join(_score(game, seat) for seat in ranking(game)))
    else:
        losers = [m for m in everyone if m not in winners]
        if winners and losers:
            lines.append(texts.RESULT_WELL_PLAYED.format(losers=_and(losers)))
    return [line for line in lines + computer_lines(game) if line]


def computer_lines(game: GameInfo) -> list[str]:
    """Results say who was a computer, and for whom the stand-in played."""
    lines = []
    if game.computers:
        lines.append("Computer players: " + ", ".join(mention(u) for u in game.computers) + ".")
    stood_in = sorted({*(game.result.stand_in_seats if game.result else ()),
                       *(game.players.index(u) for u in game.stood_in)})
    if stood_in:
        lines.append("The stand-in (a computer) played for "
                     + ", ".join(mention(game.players[s]) for s in stood_in) + ".")
    return lines


def _end_reason(game: GameInfo) -> str:
    """Why the game ended; for Alcazar without the engine's "Blue wins with 9 points", said by the ranking."""
    assert game.result is not None
    reason = game.result.reason
    if game.result.outcome.scores is not None:
        reason = reason.split(";")[0]
    return reason


def _score(game: GameInfo, seat: int) -> str:
    assert game.result is not None
    detail = game.result.outcome.details[seat] if game.result.outcome.details else {}
    points = game.result.outcome.scores[seat] if game.result.outcome.scores else 0
    line = f"{mention(game.players[seat])} {points_words(points)}"
    if "money" in detail:
        line += f" ({real(int(detail['money']))})"
    if detail.get("retired"):
        line += texts.SCORE_RESIGNED
    return line


def _tie_break(game: GameInfo) -> str | None:
    """When the best total is shared, say what decided it: the money left over beyond the full 50s."""
    assert game.result is not None
    details = game.result.outcome.details
    order = [s for s in ranking(game) if not details[s].get("retired")]
    if len(order) < 2:
        return None
    best = int(details[order[0]]["total"])
    tied = [s for s in order if int(details[s]["total"]) == best]
    if len(tied) < 2:
        return None
    names = _and([mention(game.players[s]) for s in tied])
    left = [int(details[s]["money"]) % MONEY_PER_POINT for s in tied]
    if len(game.result.winners) > 1:
        return texts.TIE_SHARED.format(players=names, points=best, money=real(left[0]))
    return texts.TIE_BROKEN.format(players=names, points=best, winner=mention(game.players[tied[0]]), money=left[0],
                                   others=texts.AND.join(str(m) for m in left[1:]))


def standing_line(game: GameInfo, view: Mapping[str, Any]) -> str:
    """Each player's points so far and money under an Alcazar board, so nobody needs to zoom into the image."""
    players: Sequence[Mapping[str, Any]] = view.get("players") or []
    if not players or "money" not in players[0]:
        return ""
    parts = []
    for player in players:
        if player["seat"] >= len(game.players) or player.get("retired"):
            continue
        points = int(player.get("points", 0))
        parts.append(f"{mention(game.players[player['seat']])} {points_words(points)}, {real(int(player['money']))}")
    return texts.STANDING.format(players=" · ".join(parts))


def points_words(count: int) -> str:
    return (texts.POINTS if count == 1 else texts.POINTS_PLURAL).format(count=count)


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + texts.AND + items[-1]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!")) else ".")
