"""Table sizes for Alcazar (2009): the chosen size, the other of 3 and 4 where needed, 2 or 5 only when forced."""
from __future__ import annotations

import pytest

from bot.tournament import TablePlan, TournamentError, table_plan


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("players", range(2, 41))
def test_every_field_from_2_to_40_is_seated(players: int, size: int) -> None:
    plan = table_plan(players, size)
    assert sum(plan.sizes) == players
    assert plan.forced == any(s in (2, 5) for s in plan.sizes)
    assert plan.forced == (players in (2, 5))
    if not plan.forced:
        assert set(plan.sizes) <= {3, 4}
        other = 7 - size
        # No plan of 3s and 4s has more tables of the chosen size.
        most = max(k for k in range(players // size + 1) if (players - k * size) % other == 0)
        assert plan.sizes.count(size) == most
        assert list(plan.sizes) == sorted(plan.sizes, key=lambda s: s != size)


def test_the_forced_fields_are_worded_by_the_flag() -> None:
    assert table_plan(2, 3) == table_plan(2, 4) == TablePlan((2,), forced=True)
    assert table_plan(5, 4) == TablePlan((5,), forced=True)
    assert table_plan(5, 3) == TablePlan((3, 2), forced=True)
    assert table_plan(6, 4) == TablePlan((3, 3))
    assert table_plan(7, 3) == TablePlan((3, 4))
    assert table_plan(7, 4) == TablePlan((4, 3))
    assert table_plan(8, 3) == TablePlan((4, 4))
    assert table_plan(9, 4) == TablePlan((3, 3, 3))


@pytest.mark.parametrize("players, size", [(1, 3), (0, 4), (6, 2), (6, 5)])
def test_impossible_plans_are_refused(players: int, size: int) -> None:
    with pytest.raises(TournamentError):
        table_plan(players, size)


def test_a_plan_round_trips_through_json() -> None:
    plan = table_plan(5, 3)
    assert TablePlan.from_dict(plan.to_dict()) == plan
