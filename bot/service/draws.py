"""A draw by agreement (Alcazar 1978): one player offers, the other accepts or declines.

An offer belongs to the game version at which it was made, so any move voids
it. Alcazar (2009) has no draw by agreement: its rules end a game only by the
supply running out or by passes.
"""
from __future__ import annotations

from bot.games.common import Outcome
from bot.i18n.message import Msg
from bot.service import live as engine_work
from bot.service.base import ServiceBase
from bot.service.events import DrawDeclined, DrawOffered
from bot.service.live import LiveGame
from bot.service.results import Accepted, Reason, Refusal
from bot.service.threads import in_thread
from bot.service.turns import TurnOperations
from bot.store import DrawOfferRow

# Games whose rules allow a draw by agreement (shared/rules/alcazar-1978.md, "End of the game").
DRAW_BY_AGREEMENT = frozenset({"alcazar1978"})

DRAW_REASON = Msg("outcome.draw_agreed")


class DrawOperations(TurnOperations, ServiceBase):
    """offer_draw → accept_draw or decline_draw by the opponent."""

    async def offer_draw(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Offer a draw to the opponent (Alcazar 1978 only)."""
        async with self._game_lock(game_id):
            checked = await self._draw_player(game_id, user_id)
            if isinstance(checked, Refusal):
                return checked
            live, opponent = checked
            async with self.store.read() as tx:
                pending = await tx.draws.get(game_id)
            if pending is not None and pending.version == live.version:
                return Refusal(Reason.ALREADY_ASKED, Msg("refusal.draw_already_offered"))
            async with self.store.write() as tx:
                await tx.draws.put(DrawOfferRow(game_id, user_id, live.version, self.clock.now()))
            return Accepted(await self._info(live.row, live.seats),
                            (DrawOffered(game_id, user_id, opponent),))

    async def accept_draw(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Accept the opponent's offer: the game ends drawn."""
        async with self._game_lock(game_id):
            checked = await self._pending_offer(game_id, user_id)
            if isinstance(checked, Refusal):
                return checked
            live = checked
            step = await in_thread(engine_work.standing_still, live.engine, live)
            # The version bump of the commit voids the offer; nothing to clear.
            return await self._commit(live, step, self.clock.now(),
                                      outcome=Outcome(winners=(), reason=DRAW_REASON))

    async def decline_draw(self, game_id: int, user_id: int) -> Accepted | Refusal:
        """Decline the opponent's offer; play goes on."""
        async with self._game_lock(game_id):
            checked = await self._pending_offer(game_id, user_id)
            if isinstance(checked, Refusal):
                return checked
            live = checked
            async with self.store.write() as tx:
                await tx.draws.clear(game_id)
            return Accepted(await self._info(live.row, live.seats), (DrawDeclined(game_id, user_id),))

    async def _draw_player(self, game_id: int, user_id: int) -> tuple[LiveGame, int] | Refusal:
        """The game and the user's opponent, when the user may take part in a draw."""
        seated = await self._seated_player(game_id, user_id)
        if isinstance(seated, Refusal):
            return seated
        live, seat = seated
        if live.row.kind not in DRAW_BY_AGREEMENT:
            return Refusal(Reason.NO_DRAWS, Msg("refusal.no_draws", title=live.engine.TITLE))
        if live.seats[1 - seat].is_computer or live.seats[1 - seat].stand_in:
            return Refusal(Reason.NO_DRAWS, Msg("refusal.computer_no_draw"))
        return live, live.user_of(1 - seat)

    async def _pending_offer(self, game_id: int, user_id: int) -> LiveGame | Refusal:
        checked = await self._draw_player(game_id, user_id)
        if isinstance(checked, Refusal):
            return checked
        live, _ = checked
        async with self.store.read() as tx:
            offer = await tx.draws.get(game_id)
        if offer is None or offer.version != live.version:
            return Refusal(Reason.NO_DRAW_OFFER, Msg("refusal.no_draw_offer"))
        if offer.offered_by == user_id:
            return Refusal(Reason.NOT_YOUR_VOTE, Msg("refusal.draw_not_your_vote"))
        return live
