"""Quickplay worked by hand with scripted dice: fast pace, trouble, a dead heat."""

from __future__ import annotations

from typing import Any


def inline_horse(name: str, **ratings: Any) -> dict[str, Any]:
    horse = {"name": name, "range_low": 6, "range_high": 10, "power_dirt": 20}
    horse.update(ratings)
    return horse


RACE: dict[str, Any] = {
    "name": "Scripted Allowance",
    "furlongs": 8,
    "entries": [
        {
            "horse": inline_horse("Early Bird", pace=8, form="C", trip=0, wire=5),
            "jockey": {"name": "Rider A", "ride": 1, "trouble": 8},
            "apr": 20,
            "odds": "2-1",
        },
        {
            "horse": inline_horse("Steady Eddie", pace=5, form="A", trip=1, wire=7),
            "jockey": {"name": "Rider B", "ride": 0, "trouble": 7},
            "apr": 20,
            "odds": "5-2",
        },
        {
            "horse": inline_horse("Late Show", pace=2, form="E", trip=-1, wire=3),
            "jockey": {"name": "Rider C", "ride": 0, "trouble": 5},
            "apr": 18,
            "odds": "4-1",
        },
    ],
}
# fmt: off
FACES = [
    5, 6,  # Pace Scenario: top two Pace 8 + 5 = 13, roll 11: Fast
    1, 2, 3, 4, 4, 6,  # Early Bird: form roll 3 (-2, t); Trouble 7; jockey test 10 > 8
    3, 4,  # Steady Eddie: form roll 7, no change
    4, 6,  # Late Show: form E roll 10, +2
    5, 4,  # Race Factors: red 5 Trip, white 4 no Ride
    4, 5, 3, 4, 3, 4,  # Final Speed rolls 9, 7, 7
    2, 3, 6, 3,  # photo: Steady Eddie 5 + Wire 7 = 12; Late Show 9 + Wire 3 = 12
]
# fmt: on


def test_quickplay_by_hand(scripted: Any) -> None:
    state = scripted(RACE, "quick", FACES)
    data = state.result()
    entries = data["entries"]
    assert data["pace"] == "fast" and state.pace_total == 13
    assert [e["pace_adj"] for e in entries] == [-2, 0, 1]
    assert [e["form_adj"] for e in entries] == [-4, 0, 2]  # -2 from the chart, 2 more trouble
    assert entries[0]["trouble"][-1].startswith("jockey test 10: bumped")
    assert [e["final_apr"] for e in entries] == [14, 20, 21]
    assert data["race_factor"] == "trip" and data["ride_applies"] is False
    assert [e["factor_adj"] for e in entries] == [0, 1, -1]
    # 50 + 2 x APR + offset + factor: 78 + 4, 90 + 0 + 1, 92 + 0 - 1
    assert [e["final_speed"] for e in entries] == [82, 91, 91]
    assert [e["photo_total"] for e in entries] == [None, 12, 12]
    assert [e["finish"] for e in entries] == [3, 1, 1]  # dead heat for the win
    assert entries[1]["payoffs"]["win"] == 7.0 and entries[2]["payoffs"]["win"] == 10.0
    assert entries[0]["payoffs"] == {"win": None, "place": None, "show": 3.0}
    assert data["dice"] == FACES
