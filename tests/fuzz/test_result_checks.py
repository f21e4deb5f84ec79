"""The checks of a successful result (``results.py``) pass every real result and fail
each one broken the way a quietly misread file or a wrong rule would break it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.fuzz.harness import Homestretch
from tests.fuzz.results import result_problem

RACE = "2009-champagne-stakes"
SAMPLE = Path(__file__).parents[2] / "samples" / "derbycast" / "saturday_card.csv"


def _swap_finishes(data: Any) -> None:
    first, second = data["entries"][0], data["entries"][1]
    first["finish"], second["finish"] = second["finish"], first["finish"]


def _halve(column: str, key: str = "entries") -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for entry in data[key]:
            entry[column] /= 2

    return change


def _place_below_win(data: Any) -> None:
    data["entries"][0]["place"] = data["entries"][0]["win"] / 2


def _poorest_wins(data: Any) -> None:
    poorest = data["fifties"].index(min(data["fifties"]))
    data["winners"] = [{"seat": poorest, "name": data["names"][poorest]}]


def _another_wins(data: Any) -> None:
    names = [p["name"] for p in data["cash"]]
    data["winner_name"] = next(name for name in names if name != data["winner_name"])


def _least_points_win(data: Any) -> None:
    data["winners"] = [min(data["board"], key=lambda row: row["points"])]


def _one_race_short(data: Any) -> None:
    data["history"].pop()


def _twin_horses(data: Any) -> None:
    data[0]["runners"][1]["horse"] = data[0]["runners"][0]["horse"]


def _older_first(data: Any) -> None:
    data.reverse()


def _off_the_table(data: Any) -> None:
    data["points"] = 99


def _a_win_lost(data: Any) -> None:
    data["seat_wins"][data["seat_wins"].index(max(data["seat_wins"]))] -= 1


def _blue_never_wins(data: Any) -> None:
    data["win_rate"]["blue"] = 0.0 if data["win_rate"]["blue"] else 0.5


def _a_seat_more(data: Any) -> None:
    data["kinds"]["random"]["seats"] += 1


def _no_reason(data: Any) -> None:
    data["reason"] = ""


# (a command whose result is checked, a way of breaking it)
CASES: dict[str, tuple[list[str], Callable[[Any], None]]] = {
    "race order": (["stretch", "run", RACE, "--seed", "3", "-f", "json"], _swap_finishes),
    "simulated wins": (
        ["stretch", "simulate", RACE, "-n", "300", "--seed", "1", "-f", "json"],
        _halve("win"),
    ),
    "exact odds": (["stretch", "odds", RACE, "-f", "json"], _place_below_win),
    "across shares": (
        ["across", "simulate", "--track", "woodbine", "-n", "50", "--seed", "1", "-f", "json"],
        _halve("show", "horses"),
    ),
    "across winner": (
        ["across", "play", "--bots", "3", "--seed", "2", "--quiet", "-f", "json"],
        _poorest_wins,
    ),
    "totopoly winner": (
        ["totopoly", "play", "--bots", "2", "--seed", "2", "-f", "json"],
        _another_wins,
    ),
    "derby cast winner": (
        ["derbycast", "play", "--bots", "3", "--seed", "2", "--source", "replays"]
        + ["--races", "2", "-f", "json"],
        _least_points_win,
    ),
    "derby cast races": (
        ["derbycast", "play", "--bots", "2", "--seed", "2", "--source", "replays"]
        + ["--races", "2", "-f", "json"],
        _one_race_short,
    ),
    "results file": (["derbycast", "races", str(SAMPLE), "-f", "json"], _twin_horses),
    "points": (
        ["derbycast", "points", "5-2", "--bet", "win", "--finish", "1", "-f", "json"],
        _off_the_table,
    ),
    "history": (["history", "--format", "json"], _older_first),
    "across whole games": (
        ["across", "simulate", "--games", "2", "--bots", "3", "--seed", "1", "-f", "json"],
        _a_win_lost,
    ),
    "totopoly match races": (
        ["totopoly", "simulate", "--match-races", "20", "--seed", "1", "-f", "json"],
        _blue_never_wins,
    ),
    "totopoly tournament": (
        ["totopoly", "tournament", "-n", "2", "--seed", "1", "-f", "json"],
        _a_seat_more,
    ),
    "verify": (["verify", "1", "--format", "json"], _no_reason),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_real_result_passes_and_a_broken_one_fails(
    hs: Homestretch, tmp_path: Path, case: str
) -> None:
    argv, breaking = CASES[case]
    db = tmp_path / "checks.sqlite"
    for seed in ("5", "6"):  # two saved games for the history to order
        hs.run(["stretch", "run", RACE, "--seed", seed, "-f", "json"], db, cwd=tmp_path)
    outcome = hs.run(argv, db, cwd=tmp_path)
    assert outcome.rc == 0 and outcome.problem() is None, (outcome.problem(), outcome.stderr)
    data = json.loads(outcome.stdout)
    broken = copy.deepcopy(data)
    breaking(broken)
    assert broken != data, "the case did not change the result"
    assert result_problem(argv, broken) is not None, case
