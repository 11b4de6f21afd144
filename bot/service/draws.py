"""A draw by agreement (Alcazar 1978): one player offers, the other accepts or declines.

What is particular to a draw offer lives here; ``questions`` asks and answers
it like an undo request. Alcazar (2009) has no draw by agreement: its rules
end a game only by the supply running out or by passes.
"""
from __future__ import annotations

from bot.games.common import Outcome
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.threads import in_thread
from bot.service.turns import Turns

# Games whose rules allow a draw by agreement (docs/rules/alcazar-1978.md, "End of the game").
DRAW_BY_AGREEMENT = frozenset({"alcazar1978"})

DRAW_REASON = Msg("outcome.draw_agreed")


def draw_answerers(live: LiveGame, seat: int) -> tuple[int, ...] | Refusal:
    """The opponent, who answers the offer; or why the game has no draw by agreement."""
    if live.row.kind not in DRAW_BY_AGREEMENT:
        return Refusal(Reason.NO_DRAWS, Msg("refusal.no_draws", title=live.engine.TITLE))
    opponent = live.seats[1 - seat]
    if opponent.is_computer or opponent.stand_in:
        return Refusal(Reason.NO_DRAWS, Msg("refusal.computer_no_draw"))
    return (live.user_of(1 - seat),)


async def end_drawn(turns: Turns, live: LiveGame) -> Accepted | Refusal:
    """The opponent accepted: the game ends drawn (the commit's new version voids the offer)."""
    step = await in_thread(engine_work.standing_still, live.engine, live)
    return await turns.commit(live, step, turns.clock.now(), outcome=Outcome(winners=(), reason=DRAW_REASON))
