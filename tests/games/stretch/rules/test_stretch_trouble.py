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


@pytest.mark.parametrize(
    ("trouble", "jockey", "words"),
    [
        (3, None, "Troubled is out of the race (form roll 3, Trouble chart 3)."),
        (
            6,
            None,
            "Troubled runs into trouble but comes through it; the trouble costs him 2 points "
            "(form roll 3, Trouble chart 6).",
        ),
        (
            8,
            7,
            "Troubled is bumped and checked, and loses 2 more points, 4 in all (form roll 3, Trouble "
            "chart 8, jockey test 7 against the rider's Trouble 6).",
        ),
        (
            4,
            5,
            "Troubled comes close to a foul, but J1 keeps him clear; the trouble costs him 2 points "
            "(form roll 3, Trouble "
            "chart 4, jockey test 5 against the rider's Trouble 6).",
        ),
        (
            11,
            None,
            "Troubled interferes with a rival: the stewards will disqualify him; the trouble "
            "costs him 2 points (form roll 3, Trouble chart 11).",
        ),
    ],
)
def test_the_call_tells_trouble_as_a_fan_hears_it(
    scripted: Any, trouble: int, jockey: int | None, words: str
) -> None:
    """Not the chart's shorthand ("trouble 3: out of the race"): what happened, what it
    cost the horse (the form roll of 3's reading, and the 2 more points of a failed test:
    "comes through it" was said of a horse it cost 2), then the readings that made it."""
    from homestretch.games.stretch.rules.report import race_call

    faces = [3, 4, 1, 2, *TWO[trouble], *(TWO[jockey] if jockey else []), 3, 4, 4, 4]
    faces += ([] if trouble == 3 else [6, 6]) + [1, 1] + ([1] if trouble == 11 else [])
    state: RaceState = scripted(RACE, "quick", faces)
    assert dict(race_call(state))["Trouble"] == words


def test_fullplay_trouble_says_where_the_horse_was_running() -> None:
    """Claiming $5,000, seed 6: the backstretch leader goes out in the Race Position
    segment and vanishes from the order turning for home; the call says who it was."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame
    from homestretch.games.stretch.rules.report import race_call

    game = RaceGame(load_race("claiming-route-big-field"), "full")
    state = play(game.new_initial_state(), SeededDice(6), {})
    assert isinstance(state, RaceState)
    assert dict(race_call(state))["Trouble"] == (
        "Dollar Bill, 9th down the backstretch, interferes with a rival: the stewards will "
        "disqualify him; the trouble costs him a point (form roll 3, Trouble chart 11). Rusty "
        "Nail, in front down the "
        "backstretch, is out of the race (form roll 3, Trouble chart 3)."
    )
    wire = dict(race_call(state))["At the wire"]
    assert "The stewards disqualify Dollar Bill, 4th past the wire (die 6): placed 10th." in wire
