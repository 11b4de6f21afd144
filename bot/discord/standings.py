"""The words under a board and under the results: who stands where, who won and what decided it.

Players are named by mention in the order of the results; the engine's
reasons speak of colours ("Red's pawn is immobilized"), so colours are turned
into the players' mentions here. Everything is posted in the channel, so it
is worded in the game's language.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import discord

from bot.discord.images import named_text
from bot.discord.texts import clip
from bot.i18n import Msg, t, text_of
from bot.service import GameInfo, TurnClock, computer_words, game_rules

MONEY_PER_POINT = 50     # a point per full 50 Real; the rest breaks ties (docs/rules/alcazar.md, "End and scoring")


def mention(user_id: int, lang: str = "en") -> str:
    """A player as the channel names them: a mention, or a computer player's name in bold (in ``lang``)."""
    if user_id < 0:
        return f"**{computer_label(user_id, lang)}**"
    return f"<@{user_id}>"


def computer_label(user_id: int, lang: str = "en") -> str:
    """A computer player's name in ``lang``: "Computer 2 (normal)", "2. gép (közepes)"."""
    return t(lang, computer_name(user_id))


def computer_name(user_id: int) -> Msg:
    """A computer player's name, numbered so that two computers of one level are told apart at
    the table, on boards, in results and records (the web board names them alike)."""
    return computer_words(user_id)


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Mentions that ping exactly these users: no one else, no role, never @everyone or @here.

    Computer players (negative ids) are left out: they are named, never pinged."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids if u > 0], everyone=False,
                                   roles=False, replied_user=False)


def timestamp(seconds: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def turn_line(game: GameInfo, deadline_at: float | None = None, clock: TurnClock | None = None) -> str:
    """Whose turn it is, with a mention, and the deadline when there is one (in the game's language;
    ``deadline_at``: the turn facts' deadline, with the player's time away added, None while away);
    with a time bank (``clock``: the turn facts' ``clock``), when the player's bank runs out and every
    player's bank."""
    if game.to_move_id is None:
        return ""
    lang = game.settings.language
    if game.computer_to_move:
        if game.to_move_id < 0:
            return t(lang, "announce.computer_thinking", player=mention(game.to_move_id, lang))
        return t(lang, "announce.stand_in_thinking", player=mention(game.to_move_id, lang))
    line = t(lang, "announce.your_turn", player=mention(game.to_move_id, lang))
    if deadline_at is not None:
        line += t(lang, "announce.deadline", when=timestamp(deadline_at))
    if clock is not None:
        line += bank_text(game, clock, lang)
    return line


def bank_text(game: GameInfo, clock: TurnClock, lang: str) -> str:
    """`` Time bank runs out <t:…:R>. Banks: @a 2 d 4 h · @b 3 d.``: the player to act's moment, then
    every player still in the game with what they have (the player to act: what is left now)."""
    text = "" if clock.runs_out_at is None else t(lang, "announce.bank_runs_out", when=timestamp(clock.runs_out_at))
    banks = [f"{mention(user, lang)} {duration(bank, lang)}" for user, bank in zip(game.players, clock.banks)
             if user not in game.resigned and user > 0]
    return text + t(lang, "announce.banks", banks=" · ".join(banks))


def duration(seconds: float, lang: str = "en") -> str:
    """A span as players of a game by the day read it: ``2 d 4 h``, ``5 h 20 min``, ``12 min``."""
    minutes = int(seconds // 60)
    days, hours, minutes = minutes // (24 * 60), minutes // 60 % 24, minutes % 60
    if days:
        return t(lang, "clock.days_hours" if hours else "clock.days", days=days, hours=hours)
    if hours:
        return t(lang, "clock.hours_minutes" if minutes else "clock.hours", hours=hours, minutes=minutes)
    return t(lang, "clock.minutes", minutes=minutes)


def real(amount: int, lang: str = "en") -> str:
    """Money in the house style: ``34 Real`` (``34 Reál``)."""
    return t(lang, "result.money", amount=amount)


def signed_real(amount: int, lang: str = "en") -> str:
    """An income or a cost in the house style: ``+5 Real``, ``−5 Real`` (a true minus sign)."""
    return t(lang, "result.signed_money", sign="+" if amount >= 0 else "−", amount=abs(amount))


def with_mentions(text: str, game: GameInfo, lang: str = "en") -> str:
    """``text`` written by the engine with colours, each seat's colour replaced by the player's mention."""
    colours = dict(enumerate(game_rules(game.kind).colours[:len(game.players)]))
    return named_text(text, colours, [mention(u, lang) for u in game.players], lang)


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
    """The results in words (in the game's language), naming every player (each of them is pinged at the end)."""
    lang = game.settings.language
    result = game.result
    if result is None:
        return [t(lang, "result.over")]
    everyone = [mention(u, lang) for u in game.players]
    winners = [mention(u, lang) for u in result.winner_ids]
    if not winners:
        head = t(lang, "result.draw", players=everyone)
    elif len(winners) == 1:
        head = t(lang, "result.winner", winner=winners[0])
    else:
        head = t(lang, "result.shared_win", winners=winners)
    lines = [head, clip(_sentence(with_mentions(text_of(lang, _end_reason(game)), game, lang)), 300)]
    if result.outcome.scores is not None:
        lines.append(_tie_break(game) or "")
        lines.append(" · ".join(_score(game, seat) for seat in ranking(game)))
    else:
        losers = [m for m in everyone if m not in winners]
        if winners and losers:
            lines.append(t(lang, "result.well_played", losers=losers))
    return [line for line in lines + computer_lines(game) if line]


def computer_lines(game: GameInfo) -> list[str]:
    """Results say who was a computer, and for whom the stand-in played."""
    lang = game.settings.language
    lines = []
    if game.computers:
        lines.append(t(lang, "result.computers", players=", ".join(mention(u, lang) for u in game.computers)))
    stood_in = sorted({*(game.result.stand_in_seats if game.result else ()),
                       *(game.players.index(u) for u in game.stood_in)})
    if stood_in:
        lines.append(t(lang, "result.stood_in", players=", ".join(mention(game.players[s], lang) for s in stood_in)))
    return lines


def _end_reason(game: GameInfo) -> Msg | str:
    """Why the game ended; for Alcazar without the engine's "Blue wins with 9 points", said by the ranking."""
    assert game.result is not None
    reason = game.result.reason
    if game.result.outcome.scores is not None:
        if isinstance(reason, Msg):
            return reason.args.get("end", reason) if reason.key == "outcome.reason" else reason
        return reason.split(";")[0]    # a result stored in English before messages
    return reason


def _score(game: GameInfo, seat: int) -> str:
    assert game.result is not None
    lang = game.settings.language
    detail = game.result.outcome.details[seat] if game.result.outcome.details else {}
    points = game.result.outcome.scores[seat] if game.result.outcome.scores else 0
    line = f"{mention(game.players[seat], lang)} {points_words(points, lang)}"
    if "money" in detail:
        line += f" ({real(int(detail['money']), lang)})"
    if detail.get("retired"):
        line += t(lang, "result.score_resigned")
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
    lang = game.settings.language
    names = [mention(game.players[s], lang) for s in tied]
    left = [int(details[s]["money"]) % MONEY_PER_POINT for s in tied]
    if len(game.result.winners) > 1:
        return t(lang, "result.tie_shared", players=names, points=best, money=real(left[0], lang))
    return t(lang, "result.tie_broken", players=names, points=best, winner=mention(game.players[tied[0]], lang),
             money=left[0], others=left[1:])


def standing_text(game: GameInfo, view: Mapping[str, Any]) -> str:
    """Under an Alcazar board, in words: each player's points so far, money, nobles to place and cards, then
    the face-up cards and the supply, so that nobody needs to zoom into the image on a phone."""
    lang = game.settings.language
    players: Sequence[Mapping[str, Any]] = view.get("players") or []
    if not players or "money" not in players[0]:
        return ""
    lines = [t(lang, "result.standing")]
    for player in players:
        if player["seat"] >= len(game.players) or player.get("retired"):
            continue
        lines.append(t(lang, "board.player_line", player=mention(game.players[player["seat"]], lang),
                       points=points_words(int(player.get("points", 0)), lang),
                       money=real(int(player["money"]), lang),
                       grandes=t(lang, "image.grandes", count=int(player.get("grandes", 0))),
                       barons=t(lang, "image.barons", count=int(player.get("barons", 0))),
                       cards=t(lang, "board.cards_in_hand", count=int(player.get("hand_count", 0))),
                       towers=t(lang, "image.tower_card_count", count=int(player.get("towers", 0)))))
    supply: Mapping[str, Any] = view.get("supply") or {}
    face_up = ", ".join(str(card) for card in view.get("face_up") or ()) or t(lang, "image.none")
    lines.append(t(lang, "board.supply_line", cards=face_up, deck=int(view.get("deck", 0)),
                   towers=int(view.get("tower_deck", 0)), pieces=int(supply.get("pieces", 0)),
                   bridges=int(supply.get("bridges", 0)), flags=len(supply.get("flags") or ())))
    return "\n".join(lines)


def points_words(count: int, lang: str = "en") -> str:
    return t(lang, "result.points", count=count)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!")) else ".")
