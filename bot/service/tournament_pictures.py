"""The standings of a tournament as an image, drawn in the worker processes like every picture."""
from __future__ import annotations

from typing import Any, Sequence

from bot.service.tournament_records import TournamentInfo
from bot.service.workers import in_process
from bot.tournament import Standing
from renderer.standings import standings_png as draw_standings


def standings_view(tournament: TournamentInfo, table: Sequence[Standing], names: Sequence[str],
                   name: str, played: int, *, final: bool = False) -> dict[str, Any]:
    """The renderer's standings view (``docs/engine-extras.md``): one row per player, best first;
    ``names`` in the order of ``table``, ``name`` the tournament's as the channel reads it,
    after ``played`` rounds (``final``: the last)."""
    return {
        "name": name, "game": tournament.game, "format": tournament.format, "round": played,
        "rounds": tournament.rounds or None, "final": final,
        "rows": [{"rank": s.rank, "player": str(s.player), "name": n, "score": float(s.score),
                  "buchholz": float(s.buchholz), "game_points": s.game_points, "played": s.games,
                  "withdrawn": s.withdrawn} for s, n in zip(table, names)],
    }


async def standings_png(view: dict[str, Any], lang: str = "en") -> bytes:
    """The standings image for the channel, in ``lang``."""
    return await in_process(draw_standings, view, lang=lang)
