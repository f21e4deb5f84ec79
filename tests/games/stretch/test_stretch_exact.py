"""Exact Quickplay win chances agree with a million simulated races."""

from __future__ import annotations

import math

import numpy as np

from homestretch.games.stretch.charts import load_chart_set
from homestretch.games.stretch.exact import quickplay_win_chances
from homestretch.games.stretch.kernel import ChartArrays, FieldArrays, simulate
from homestretch.games.stretch.race import load_race

RACES = 1_000_000


def test_exact_win_chances_agree_with_a_million_races() -> None:
    race = load_race("claiming-route-big-field")  # 12 runners, trouble and dead heats
    charts = load_chart_set()
    exact = quickplay_win_chances(race, charts)
    field, tables = FieldArrays.from_race(race, charts), ChartArrays.from_charts(charts)
    rng = np.random.default_rng(2026)
    wins = np.zeros(len(race.runners))
    for _ in range(RACES // 200_000):
        batch = simulate(field, tables, "quick", 200_000, rng, race.furlongs)
        wins += (batch.finish == 1).sum(axis=0)
    simulated = wins / RACES
    for p, q in zip(exact, simulated, strict=True):
        se = math.sqrt(p * (1 - p) / RACES)
        assert abs(p - q) < 4.5 * se, (exact, simulated)
    # dead heats for first make the chances add up to a little more than one
    assert 1.0 < exact.sum() < 1.05


def test_every_runner_has_a_chance_and_the_top_rating_is_likeliest() -> None:
    race = load_race("2009-breeders-cup-ladies-classic")
    exact = quickplay_win_chances(race, load_chart_set())
    assert (exact > 0).all() and (exact < 1).all()
    assert np.argmax(exact) == 1  # Life Is Sweet, the top Adjusted Power Rating
