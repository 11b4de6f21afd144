"""What posting a change needs, carried in the change's result so that the edge asks nothing more.

A move's result brings the public view for the board, the turn line's facts
(the deadline with the player's time away added, who is away) and, for each
player whose hand changed, their own view and the card drawn: the Discord
layer draws and sends from these alone. ``record_board`` then records the
posted board in one call and answers what the post replaced.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from bot.service.away import away_until, turn_deadline
from bot.service.banks import turn_clock
from bot.service.live import LiveGame
from bot.service.results import BoardPosting, BoardRecorded, BoardView, GameInfo, HandChange, TurnFacts
from bot.store import GameRow, GameStatus, PostedMessageRow, Tx
from bot.store.players import AwayPeriod


def turn_facts(row: GameRow, players: Sequence[int], resigned: frozenset[int],
               away: Mapping[int, Sequence[AwayPeriod]], now: float) -> TurnFacts:
    """The facts of the turn of ``row`` at ``now``, from the players' periods away (ending after the turn began)."""
    if row.status is not GameStatus.ACTIVE:
        return TurnFacts()
    to_move = players[row.turn_seat] if row.turn_seat is not None and row.turn_seat < len(players) else None
    deadline = None if to_move is None else turn_deadline(row, away.get(to_move, []), now)
    away_now = {user: until for user in players if user not in resigned
                for until in [away_until(away.get(user, []), now)] if until is not None}
    return TurnFacts(deadline, away_now)


async def read_turn_facts(tx: Tx, row: GameRow, info: GameInfo, now: float) -> TurnFacts:
    """``turn_facts`` with the players' periods away read in ``tx``."""
    if row.status is not GameStatus.ACTIVE:
        return TurnFacts()
    humans = [u for u in info.players if u > 0]
    away = await tx.away.of_users(humans, min(row.turn_since or now, now))
    facts = turn_facts(row, info.players, info.resigned, away, now)
    if "bank_hours" not in row.settings:
        return facts
    # The time banks: every player's, and when the one of the player to act runs out.
    banks = (await tx.turn_times.banks([row.id])).get(row.id, {})
    to_move = info.to_move_id
    clock = turn_clock(row, len(info.players), banks, [] if to_move is None else away.get(to_move, []), now)
    return replace(facts, clock=clock)


def drawn_cards(before: Any, after: Any) -> tuple[int, ...]:
    """The cards that came into a hand (none for a game without hands)."""
    if not isinstance(before, (list, tuple)) or not isinstance(after, (list, tuple)):
        return ()
    return tuple(sorted((Counter(after) - Counter(before)).elements()))


async def posting_of(tx: Tx, before: LiveGame, after: LiveGame, info: GameInfo, hands_changed: Sequence[int],
                     now: float, views: Mapping[int | None, Mapping[str, Any]], told_draws: Sequence[int] = (),
                     ) -> tuple[BoardPosting, tuple[HandChange, ...]]:
    """The board and the changed hands of a committed change, read in ``tx``.

    ``views`` holds the engine's views of ``after`` by seat (None: the public one); the seats of
    ``told_draws`` drew from the deck, and their change says which cards came."""
    # The hand DMs' rows are asked first, so that the wait for the turn's facts answers them too.
    told = [seat for seat in hands_changed if after.user_of(seat) >= 0 and not info.played_by_computer(seat)]
    asked = {seat: await tx.messages.ask(info.id, "hand", after.user_of(seat)) for seat in told}
    turn = await read_turn_facts(tx, after.row, info, now)
    hands = []
    for seat in told:           # computers get no hand DMs
        user_id = after.user_of(seat)
        stored = await tx.messages.answer(asked[seat])
        drawn = drawn_cards(before.hands[seat], after.hands[seat]) if seat in told_draws else ()
        hands.append(HandChange(seat, user_id, BoardView(info, seat, views[seat]), drawn, stored))
    return BoardPosting(BoardView(info, None, views[None]), turn), tuple(hands)
