"""Every Trouble chart outcome (page 11) run through the engine with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from homestretch.games.stretch.rules.engine import RaceState

TWO = {t: [t // 2, t - t // 2] for t in range(2, 13)}  # two faces for each total


def _horse(name: str) -> dict[str, Any]:
    return {"name": name, "range_low": 6, "range_high": 10, "power_dirt": 20, "pace": 5}


RACE = {
    "name": "Trouble Stakes",
    "furlongs": 8,
    "entries": [
        {
            "horse": {**_horse("Troubled"), "form": "C"},
            "jockey": {"name": "J1", "ride": 0, "trouble": 6},
            "apr": 20,
            "odds": "2-1",
        },
        {
            "horse": {**_horse("Steady"), "form": "C"},
            "jockey": {"name": "J2", "ride": 0, "trouble": 6},
            "apr": 20,
            "odds": "3-1",
        },
    ],
}


@pytest.mark.parametrize(
    ("trouble", "jockey", "status", "form_adj", "finish"),
    [
        (2, None, "out", -2, None),
        (3, None, "out", -2, None),
        (12, None, "out", -2, None),
        (6, None, "finished", -2, 1),  # no further trouble
        (9, None, "finished", -2, 1),
        (7, 6, "finished", -2, 1),  # the jockey steers clear (6 is not over his 6)
        (8, 7, "finished", -4, 1),  # bumped and checked: 2 more points
        (4, 5, "finished", -2, 1),  # no foul
        (5, 12, "disqualified", -2, 2),  # caused interference
        (10, None, "disqualified", -2, 2),
        (11, None, "disqualified", -2, 2),
    ],
)
def test_each_trouble_outcome(
    scripted: Any, trouble: int, jockey: int | None, status: str, form_adj: int, finish: int | None
) -> None:
    faces = [3, 4]  # Pace Scenario
    faces += [1, 2, *TWO[trouble], *(TWO[jockey] if jockey else [])]  # Troubled: form 3, t
    faces += [3, 4]  # Steady: form 7, no change
    faces += [4, 4]  # Race Factors: no ride
    if status != "out":
        faces += [6, 6]  # Troubled's Final Speed roll: well clear
    faces += [1, 1]  # Steady's
    if status == "disqualified":
        faces += [1]  # the die: below one horse
    state: RaceState = scripted(RACE, "quick", faces)
    troubled, steady = state.lines
    assert troubled.status == status
    assert troubled.form_adj == form_adj
    assert troubled.finish == finish
    assert steady.finish == (1 if finish != 1 else 2)
    assert troubled.trouble[0].startswith(f"trouble {trouble}:")
