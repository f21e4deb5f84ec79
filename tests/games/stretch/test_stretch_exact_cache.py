"""Exact odds answered at once: proven brackets in milliseconds, kept answers on disk.

``exact_baseline.json`` holds the exact Quickplay chances of four bundled races as
computed on 2026-12-02 (before issue 17's work), to compare every faster version with.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from homestretch.games.stretch import exact_cache
from homestretch.games.stretch.charts import STANDARD, load_chart_set
from homestretch.games.stretch.exact import ExactChances, quickplay_bounds
from homestretch.games.stretch.exact_finish import PlaceShow
from homestretch.games.stretch.race import load_race

BASELINE = json.loads(Path(__file__).with_name("exact_baseline.json").read_text())


@pytest.mark.parametrize("name", sorted(BASELINE))
def test_brackets_hold_the_exact_chances_of_bundled_races(name: str) -> None:
    known = {k: np.array(v) for k, v in BASELINE[name].items()}
    bounds = quickplay_bounds(load_race(name), load_chart_set())
    assert np.abs(bounds.win - known["win"]).max() < 1e-14  # the same sums, to rounding
    assert (bounds.place_low <= known["place"]).all()
    assert (known["place"] <= bounds.place_high).all()
    assert (bounds.show_low <= known["show"]).all()
    assert (known["show"] + known["show_bound"] <= bounds.show_high).all()
    assert bounds.widest < 0.02


def fake_chances(horses: int, value: float) -> ExactChances:
    full = np.full(horses, value)
    return ExactChances(full, PlaceShow(full, full, np.zeros(horses)))


def test_kept_chances_come_back_for_the_same_race_and_charts_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    race, charts = load_race("2009-champagne-stakes"), load_chart_set()
    assert exact_cache.cached(race, charts) is None
    exact_cache.keep(race, charts, fake_chances(6, 0.25))
    found = exact_cache.cached(race, charts)
    assert found is not None and found.places is not None
    assert (found.places.show == 0.25).all()
    assert exact_cache.cached(load_race("allowance-turf-route"), charts) is None

    # one changed reading of one chart: a different key, nothing stale served
    changed = tmp_path / "charts"
    shutil.copytree(STANDARD, changed)
    speed = changed / "final_speed.csv"
    lines = speed.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    cells = lines[row].split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    lines[row] = ",".join(cells)
    speed.write_text("\n".join(lines) + "\n")
    other = load_chart_set(changed)
    assert exact_cache.content_key(race, other) != exact_cache.content_key(race, charts)
    assert exact_cache.cached(race, other) is None


def test_a_damaged_entry_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    race, charts = load_race("2009-champagne-stakes"), load_chart_set()
    exact_cache.keep(race, charts, fake_chances(6, 0.5))
    entry = tmp_path / f"{exact_cache.content_key(race, charts)}.json"
    entry.write_text('{"win": [0.1, 0.2]')
    assert exact_cache.cached(race, charts) is None
    entry.write_text(json.dumps({"win": [0.1], "place": [0.1], "show": [0.1], "show_bound": [0]}))
    assert exact_cache.cached(race, charts) is None  # the wrong number of horses
