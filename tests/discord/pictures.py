"""Checks that an image posted in a channel is exactly what the renderer draws from the public view."""
from __future__ import annotations

from typing import Any, Sequence

from fake_discord import FakeDiscord

from bot.service import GameService, Refusal
from renderer.results import results


async def assert_posted_results(fake: FakeDiscord, service: GameService, message: dict[str, Any], game_id: int,
                                names: Sequence[str]) -> None:
    """``message`` carries results.png, drawn from the final public view with the recorded outcome."""
    files = fake.files_of(int(message["id"]))
    assert [f.filename for f in files] == ["results.png"], [f.filename for f in files]
    public = await service.records.board_view(game_id)
    result = await service.records.result(game_id)
    assert not isinstance(public, Refusal) and result is not None
    assert public.seat is None and "hand" not in public.view, "the results are drawn from the public view"
    if public.view.get("outcome") is not None:
        assert public.view["outcome"] == result.outcome.to_dict(), "a natural end is recorded as the engine saw it"
    expected = results(dict(public.view, outcome=result.outcome.to_dict()), names=list(names))
    assert files[0].data == expected, "the posted results image is the renderer's drawing of the final view"
    assert files[0].data.startswith(b"\x89PNG")
