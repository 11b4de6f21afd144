"""Hand privacy on the pages: a viewer sees their own hand and nothing of anyone else's, nor the deck's order,
in the projection, the moves or the board image."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, Mapping, Sequence

from bot.service import GameService, Refusal
from bot.service import pages as pages_module
from bot.service.pages import Pages
from bot.service.live import hands_of
from bot.service.pictures import draw_page_board

from .helpers import Table, open_table
from .test_pages import SPECTATOR, names_of


async def everything_seen(service: GameService, table: Table, user: int, pages: Pages | None = None) -> str:
    """The projection and the moves of ``user``, as the page receives them (from ``pages``: the service's own,
    or one that has kept no answers yet)."""
    pages = pages or service.pages
    view = await pages.view(table.game_id, user, "en", names_of)
    moves = await pages.moves(table.game_id, user, "en")
    return json.dumps([view, moves], ensure_ascii=False)


async def test_no_viewer_sees_another_hand_or_the_deck(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    for _ in range(7):
        await table.play()
    state = table.shadow
    players = table.last.game.players
    for seat, user in [*enumerate(players), (None, SPECTATOR)]:
        seen = await everything_seen(service, table, user)
        view = json.loads(seen)[0]
        own = () if seat is None else state.players[seat].hand
        assert view["hand"] == (None if seat is None else view["hand"])
        if seat is not None:
            assert [c["id"] for c in view["hand"]["cards"]] == [f"c{card}" for card in own]
        # a card is named on a page by its id ("c23") and by its words ("Card 23"): no other hand's appears
        for other, player in enumerate(state.players):
            if other == seat:
                continue
            for card in set(player.hand) - set(own):
                assert f'"c{card}"' not in seen and f"Card {card}\"" not in seen, (seat, other, card)
        for card in state.deck:
            assert f'"c{card}"' not in seen and f'"Card {card}"' not in seen
        assert json.dumps(state.deck)[1:-1] not in seen     # nor the deck in its order


def shuffled_secrets(state: Any, keep: int | None, seed: int) -> Any:
    """``state`` with every card nobody but their holder knows dealt anew: the other hands and the deck."""
    hidden = [card for seat, p in enumerate(state.players) if seat != keep for card in p.hand] + list(state.deck)
    random.Random(seed).shuffle(hidden)
    other = state.copy()
    for seat, player in enumerate(other.players):
        if seat != keep:
            player.hand, hidden = tuple(sorted(hidden[:len(player.hand)])), hidden[len(player.hand):]
    other.deck = hidden
    return other


async def test_what_a_viewer_sees_does_not_depend_on_what_they_may_not_see(service: GameService) -> None:
    """The strongest form: deal the other hands and the deck anew, and every viewer's page stays the same."""
    table = await open_table(service, "alcazar", 3)
    for _ in range(5):
        await table.play()
    players = table.last.game.players
    for seat, user in [*enumerate(players), (None, SPECTATOR)]:
        before = await everything_seen(service, table, user)
        live = await service.core.load_live(table.game_id)
        assert live is not None
        for seed in (1, 2):
            secret = shuffled_secrets(live.state, seat, seed)
            assert [p.hand for p in secret.players] != [p.hand for p in live.state.players]
            service.core.remember(replace(live, state=secret, hands=hands_of(live.engine, secret, len(players))))
            # the service now holds the new deal (another player's hand has changed) ...
            other = 0 if seat != 0 else 1
            private = await service.records.private_view(table.game_id, players[other])
            assert not isinstance(private, Refusal)
            assert tuple(private.view["hand"]) == secret.players[other].hand != live.state.players[other].hand
            # ... and the viewer's page has not (asked of pages that kept nothing from before)
            fresh = Pages(service.core, service.records)
            assert await everything_seen(service, table, user, fresh) == before, (seat, seed)
        service.core.remember(live)


async def test_the_board_image_is_drawn_from_the_public_view(service: GameService, monkeypatch: Any) -> None:
    table = await open_table(service, "alcazar", 2)
    for _ in range(4):
        await table.play()
    drawn: list[Mapping[str, Any]] = []
    real = pages_module.page_board_png

    async def watched(kind: str, view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
        drawn.append(view)
        return await real(kind, view, names, lang)

    monkeypatch.setattr(pages_module, "page_board_png", watched)
    image = await service.pages.board_image(table.game_id, names_of)
    assert not isinstance(image, Refusal)
    public = table.engine.view(table.shadow, None)
    [view] = drawn
    assert "hand" not in view and view["seat"] is None
    assert json.loads(json.dumps(view)) == json.loads(json.dumps(public))
    names = [f"Name{user}" for user in table.last.game.players]
    assert image.data == draw_page_board("alcazar", public, names, "en")
    assert image.version == table.last.game.version and image.media_type == "image/png"
    # a version's image is drawn once, however many pages ask
    again = await service.pages.board_image(table.game_id, names_of)
    assert again == image and len(drawn) == 1

