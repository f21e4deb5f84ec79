"""Turning for home (ruling S30): once the Race Position segment is tallied, a horse whose
Final Adjusted Power Rating is well below the field's best drops back by the chart set's
``race_position_gap.csv``, so where a horse is turning for home says something of its
chance; race points still decide nothing after the segment (ruling S6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_call

GAP = "race_position_gap.csv"


@pytest.fixture
def before(tmp_path: Path) -> Path:
    """The standard set as it was before ruling S30: no drop-back chart."""
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    (folder / GAP).unlink()
    return folder


def _run(game: RaceGame, seed: int) -> RaceState:
    state = play(game.new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState) and state.finish is not None
    return state


def test_the_leader_turning_for_home_wins_well_above_a_runners_share() -> None:
    """500 Fullplay races of big fields (12-14 runners, the calibration study's, corpus
    seed 4): the horse alone in front turning for home wins at least half again a
    runner's share. On the same dice without the drop back it won 1.27 times a runner's
    share (0.73-1.33 on corpus seeds 1-8), with it 2.11 (1.57-2.39)."""
    wins, races, share = 0, 0, 0.0
    for number, race in enumerate(build_corpus(load_card_set(), 25, 4, kind="big").races):
        game = RaceGame(race, "full", odds="none")
        for run in range(20):
            state = _run(game, 4000 + number * 20 + run)
            if not state.finish or not state.finish.order:
                continue
            running = [ln for ln in state.lines if not ln.out]
            top = max(ln.points for ln in running)
            leaders = [ln for ln in running if ln.points == top]
            if len(leaders) == 1:
                races += 1
                share += 1 / len(running)
                wins += state.lines[state.finish.order[0][0]] is leaders[0]
    assert races > 300
    assert wins / races >= 1.5 * share / races, (wins, races, share)


def test_dropping_back_changes_the_picture_and_no_result(before: Path) -> None:
    """The same dice on the standard set and on it without the chart: every reading and
    result alike; only the race points turning for home differ, by the drop back."""
    race = load_race("2009-breeders-cup-ladies-classic")  # APRs 13-22: some fall away
    now, then = RaceGame(race, "full"), RaceGame(race, "full", charts=before)
    dropped = 0
    for seed in range(40):
        a, b = _run(now, seed).result(), _run(then, seed).result()
        assert a["dice"] == b["dice"] and a["order"] == b["order"]
        assert a["final_time"] == b["final_time"] and a["pace"] == b["pace"]
        for x, y in zip(a["entries"], b["entries"], strict=True):
            points, old = x.pop("race_points"), y.pop("race_points")
            assert points[:-1] == old[:-1]
            assert points[-1] == old[-1] + x["drop_back"] and y["drop_back"] == 0
            x.pop("drop_back"), y.pop("drop_back")
            assert x == y
        dropped += any(e["drop_back"] < 0 for e in _run(now, seed).result()["entries"])
    assert dropped >= 20


def test_the_chart_drops_a_horse_by_its_points_below_the_best() -> None:
    charts = load_chart_set()
    steps = [charts.drop_back(difference) for difference in range(12)]
    assert steps == [0, 0, 0, 0, -1, -2, -4, -6, -8, -10, -12, -12]
    # the Champagne Stakes: its Final APRs are within 3 of the best, so page 23's
    # positions stand (tests/games/stretch/rules/test_stretch_champagne.py)
    assert charts.drop_back(3) == 0


def test_the_call_says_who_drops_back() -> None:
    state = _run(RaceGame(load_race("2009-breeders-cup-ladies-classic"), "full"), 3)
    said = dict(race_call(state))["Turning for home"]
    assert "to stay in touch: Cocoa Beach drops back 5 lengths (9 points below)" in said


def test_a_set_without_the_chart_drops_nobody(before: Path) -> None:
    assert load_chart_set(before).race_position_gap == ()
    assert load_chart_set(before).drop_back(9) == 0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("difference,position\n0,0\n1,+1\n", "position must be 0 or less"),
        ("difference,position\n0,0\n2,-1\n", "without gaps"),
        ("difference,position\n0,0\n0,-1\n", "already the row on line 2"),
        ("difference,points\n0,0\n", "missing column(s) position"),
    ],
)
def test_a_broken_chart_is_refused_by_its_line(before: Path, text: str, said: str) -> None:
    (before / GAP).write_text(text, encoding="utf-8")
    line = refused(
        before.parent, "stretch", "run", "2009-champagne-stakes", "--mode", "full",
        "--charts", str(before), "--no-save",
    )  # fmt: skip
    assert GAP in line and said in line, line
