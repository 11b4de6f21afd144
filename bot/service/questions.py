"""Questions to the table: an undo request and a draw offer, asked and answered the same way.

A player asks; those who must answer are named in the event that asked
(``answerers``): every other person still playing for an undo, the opponent
for a draw. Each yes is recorded; the last one carries the question out (the
move is taken back, or the game ends drawn), and one no settles it. A game has
one question open at a time, belonging to the version at which it was asked,
so any move voids it. What differs between the two (who may ask, what a yes
does) is in ``undo`` and ``draws``; the Discord layer's ``votes`` is the same
flow on the other side.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Awaitable, Callable

from bot.i18n.message import Msg
from bot.service.base import ServiceCore
from bot.service.draws import draw_answerers, end_drawn
from bot.service.events import (
    DrawDeclined, DrawOffered, Event, UndoApproved, UndoDeclined, UndoRequested,
)
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.turns import Turns
from bot.service.undo import take_back, undo_answerers, undo_voters
from bot.store import QuestionRow


@dataclass(frozen=True)
class Question:
    """How one kind of question is refused and announced."""

    name: str
    already_asked: str          # message id: this question is open already
    open_first: str             # message id: this question is open, so another cannot be asked
    none_open: Reason           # answering when no such question is open
    none_open_message: str
    not_your_vote: str          # message id: the asker answering their own question
    asker_may_withdraw: bool    # the asker's "no" takes the question back

    def asked(self, game_id: int, user_id: int, answering: tuple[int, ...]) -> Event:
        if self.name == "undo":
            return UndoRequested(game_id, user_id, answering)
        return DrawOffered(game_id, user_id, answering[0])

    def declined(self, game_id: int, user_id: int) -> Event:
        return (UndoDeclined if self.name == "undo" else DrawDeclined)(game_id, user_id)


UNDO = Question("undo", "refusal.undo_already_asked", "refusal.undo_open", Reason.NO_UNDO_REQUEST,
                "refusal.no_undo_request", "refusal.undo_not_your_vote", asker_may_withdraw=True)
DRAW = Question("draw", "refusal.draw_already_offered", "refusal.draw_open", Reason.NO_DRAW_OFFER,
                "refusal.no_draw_offer", "refusal.draw_not_your_vote", asker_may_withdraw=False)
QUESTIONS = {question.name: question for question in (UNDO, DRAW)}


def answerers(asked: Accepted) -> tuple[int, ...]:
    """Who must answer a question just asked: every other player (undo), the opponent (draw)."""
    for event in asked.events:
        if isinstance(event, UndoRequested):
            return event.waiting_for
        if isinstance(event, DrawOffered):
            return (event.to_user_id,)
    return ()


def _question(name: str) -> Question:
    if name not in QUESTIONS:
        raise ValueError(f"there is no question called {name!r}")
    return QUESTIONS[name]


def _answering(live: LiveGame, asked: QuestionRow) -> tuple[int, ...]:
    """Who answers an open question: asked in this very position, it was checked when asked."""
    if asked.question == "undo":
        return undo_voters(live, asked.asked_by)
    asker_seat = live.seat_of(asked.asked_by)
    assert asker_seat is not None, "the asker is seated"
    return (live.user_of(1 - asker_seat),)


class Questions:
    """ask ("undo" or "draw") → answer yes or no, by those the question names."""

    def __init__(self, core: ServiceCore, turns: Turns) -> None:
        self.core = core
        self.turns = turns
        self.store = core.store
        self.clock = core.clock

    async def ask(self, name: str, game_id: int, user_id: int) -> Accepted | Refusal:
        """Put the question to the table; ``answerers(result)`` says who must answer."""
        question = _question(name)
        return await self._as_player(game_id, user_id, lambda live, seat: self._ask(question, live, seat, user_id))

    async def answer(self, name: str, game_id: int, user_id: int, yes: bool) -> Accepted | Refusal:
        """Answer the open question: the last yes carries it out, a no settles it."""
        question = _question(name)
        return await self._as_player(game_id, user_id, lambda live, _: self._answer(question, live, user_id, yes))

    async def _as_player(self, game_id: int, user_id: int,
                         act: Callable[[LiveGame, int], Awaitable[Accepted | Refusal]]) -> Accepted | Refusal:
        """``act`` on the game and the user's seat, under the game's lock; or why they cannot act in it."""
        async with self.core.game_lock(game_id):
            seated = await self.turns.seated_player(game_id, user_id)
            return seated if isinstance(seated, Refusal) else await act(*seated)

    async def _ask(self, question: Question, live: LiveGame, seat: int, user_id: int) -> Accepted | Refusal:
        game_id, name = live.row.id, question.name
        answering = await self._answerers(question, live, seat, user_id)
        if isinstance(answering, Refusal):
            return answering
        open_question = await self._open_question(live)
        if open_question is not None:
            same = open_question.question == name
            return Refusal(Reason.ALREADY_ASKED,
                           Msg(question.already_asked if same else QUESTIONS[open_question.question].open_first))
        async with self.store.write() as tx:
            await tx.questions.put(QuestionRow(game_id, name, user_id, live.version, self.clock.now()))
        return Accepted(await self.core.info(live.row, live.seats), (question.asked(game_id, user_id, answering),))

    async def _answer(self, question: Question, live: LiveGame, user_id: int, yes: bool) -> Accepted | Refusal:
        game_id, name = live.row.id, question.name
        open_question = await self._open_question(live)
        if open_question is None or open_question.question != name:
            return Refusal(question.none_open, Msg(question.none_open_message))
        if user_id == open_question.asked_by and (yes or not question.asker_may_withdraw):
            return Refusal(Reason.NOT_YOUR_VOTE, Msg(question.not_your_vote))
        if not yes:
            async with self.store.write() as tx:
                await tx.questions.clear(game_id)
            return Accepted(await self.core.info(live.row, live.seats), (question.declined(game_id, user_id),))
        agreed = tuple(sorted({*open_question.agreed_by, user_id}))
        waiting = tuple(u for u in _answering(live, open_question) if u not in agreed)
        if waiting:
            # Only an undo has more than one to answer.
            async with self.store.write() as tx:
                await tx.questions.put(replace(open_question, agreed_by=agreed))
            return Accepted(await self.core.info(live.row, live.seats), (UndoApproved(game_id, user_id, waiting),))
        if name == "undo":
            return await take_back(self.core, live, open_question, user_id)
        return await end_drawn(self.turns, live)

    async def _answerers(self, question: Question, live: LiveGame, seat: int, user_id: int
                         ) -> tuple[int, ...] | Refusal:
        """Who must answer the user's question asked in this position, or why it cannot be asked."""
        if question is UNDO:
            return await undo_answerers(self.store, live, seat, user_id)
        return draw_answerers(live, seat)

    async def _open_question(self, live: LiveGame) -> QuestionRow | None:
        """The game's question asked in this very position (one of an older version is void)."""
        async with self.store.read() as tx:
            found = await tx.questions.get(live.row.id)
        return found if found is not None and found.version == live.version else None
