"""How many players sit at each table of Alcazar (2009).

Tables hold the chosen size (3 or 4) and, where the count needs it, the
other of the two. A table of 2 or 5 is made only when no mix of 3 and 4
adds up: for 2 players (one table of 2) and for 5. Five players sit at one
table of 5 when tables of 4 were chosen (the nearest to the choice), and at
a table of 3 and a table of 2 when tables of 3 were chosen. ``forced`` says
so, for the sign-up message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.tournament.model import SCHEMA, TournamentError

TABLE_SIZES = (3, 4)


@dataclass(frozen=True)
class TablePlan:
    """The table sizes of one round, largest share of the chosen size first; ``forced``: a 2 or a 5 in it."""

    sizes: tuple[int, ...]
    forced: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "sizes": list(self.sizes), "forced": self.forced}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TablePlan:
        if data.get("schema") != SCHEMA:
            raise TournamentError(f"table plan: unknown schema {data.get('schema')!r}")
        return cls(tuple(int(s) for s in data["sizes"]), bool(data["forced"]))


def table_plan(players: int, size: int) -> TablePlan:
    """Split ``players`` into tables of ``size`` (3 or 4), using the other size only where needed."""
    if size not in TABLE_SIZES:
        raise TournamentError(f"tables of {size} are not offered")
    if players < 2:
        raise TournamentError(f"{players} players cannot fill a table")
    if players == 2:
        return TablePlan((2,), forced=True)
    if players == 5:
        return TablePlan((5,) if size == 4 else (3, 2), forced=True)
    other = 7 - size
    # The most tables of the chosen size whose remainder the other size divides.
    for chosen in range(players // size, -1, -1):
        rest = players - chosen * size
        if rest % other == 0:
            return TablePlan((size,) * chosen + (other,) * (rest // other))
    raise AssertionError(f"{players} is a sum of threes and fours")  # every n >= 6 is
