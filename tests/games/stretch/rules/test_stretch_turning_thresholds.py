"""Ruling S33's evenly matched big field as the chart set's content: chartset.toml's
``[turning_for_home]`` names its fewest runners (``even_runners``) and the share of them
the gap chart may drop back (``even_dropped``), so a designer can move them. A set that
does not name them reads the ruling's 11 and a quarter, as the standard set does (its
chartset.toml is left as it was: every saved Top of the Stretch game is marked with that
file, and would no longer replay); naming the ruling's values changes no race point; an
impossible value is refused in one line by file and key. (S31's nine is the rank chart's
own rows: none dropped in the first eight.)"""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState


@pytest.fixture
def charts(tmp_path: Path) -> Path:
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    return folder


def _table(charts: Path, body: str) -> Path:
    """A copy of ``charts`` whose chartset.toml ends with a ``[turning_for_home]`` table
    holding ``body``: a folder of its own for each body (a folder is read once a
    process)."""
    fresh = charts.parent / f"charts-{abs(hash(body))}"
    shutil.copytree(charts, fresh)
    path = fresh / "chartset.toml"
    text = path.read_text(encoding="utf-8")
    assert "turning_for_home" not in text  # the standard set's is left as it was
    path.write_text(f"{text}\n[turning_for_home]\n{body}\n", encoding="utf-8")
    return fresh


def _run(game: RaceGame, seed: int) -> RaceState:
    state = play(game.new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState) and state.finish is not None
    return state


def test_the_standard_set_reads_the_rulings_values() -> None:
    charts = load_chart_set()
    assert (charts.even_runners, charts.even_dropped) == (11, Fraction(1, 4))


@pytest.mark.parametrize(
    "body",
    ["", "even_runners = 11", "even_dropped = 0.25", "even_runners = 11\neven_dropped = 0.25"],
)
def test_naming_the_rulings_values_or_some_of_them_changes_no_race_point(
    charts: Path, body: str
) -> None:
    charts = _table(charts, body)
    copied = load_chart_set(charts)
    assert (copied.even_runners, copied.even_dropped) == (11, Fraction(1, 4))
    race = load_race("dream-arc")  # twelve greats, evenly matched in most runs
    now, copy = RaceGame(race, "full"), RaceGame(race, "full", charts=charts)
    for seed in range(6):
        a, b = _run(now, seed), _run(copy, seed)
        assert [ln.race_points for ln in a.lines] == [ln.race_points for ln in b.lines]
        assert a.result() == b.result()


def test_the_set_moves_the_threshold_and_the_engine_reads_it(charts: Path) -> None:
    """The dream Arc's twelve on seed 1: Dahlia, rated 12th of an even field, drops back
    16 race points by the even chart (ruling S33); with even fields from 13 runners she
    drops S31's 8, and with none dropped allowed (``even_dropped = 0``) the same."""
    race = load_race("dream-arc")
    dahlia = next(ln for ln in _run(RaceGame(race, "full"), 1).lines if ln.name == "Dahlia")
    assert dahlia.drop_back == -16
    for body in ("even_runners = 13", "even_dropped = 0"):
        state = _run(RaceGame(race, "full", charts=_table(charts, body)), 1)
        assert next(ln for ln in state.lines if ln.name == "Dahlia").drop_back == -8, body
    moved = load_chart_set(_table(charts, "even_runners = 12\neven_dropped = 0.3"))
    assert not moved.even_field([20] * 11) and load_chart_set().even_field([20] * 11)
    assert moved.even_field([20] * 9 + [16] * 3)  # 3 of 12 under 0.3 of them (3.6)
    assert not load_chart_set().even_field([20] * 9 + [16] * 3)  # not under a quarter


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("even_runners = 1", "even_runners must be at least 2, not 1"),
        ("even_runners = 11.5", "even_runners must be a whole number, not 11.5"),
        ('even_runners = "11"', "even_runners must be a whole number, not '11'"),
        ("even_dropped = 1.5", "even_dropped must be at most 1, not 1.5"),
        ("even_dropped = -0.25", "even_dropped must be at least 0, not -0.25"),
        ('even_dropped = "a quarter"', "even_dropped must be a number, not 'a quarter'"),
        ("even_dropped = true", "even_dropped must be a number, not true"),  # TOML's word
        ("even_runnrs = 11", "unknown key(s) even_runnrs"),
    ],
)
def test_an_impossible_value_is_refused_by_file_and_key(charts: Path, body: str, said: str) -> None:
    charts = _table(charts, body)
    line = refused(
        charts.parent, "stretch", "run", "dream-arc", "--mode", "full",
        "--charts", str(charts), "--no-save",
    )  # fmt: skip
    assert line.startswith("error: ") and "chartset.toml: [turning_for_home]" in line, line
    assert said in line, line
