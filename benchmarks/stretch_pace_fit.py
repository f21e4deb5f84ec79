"""How the Fullplay Race Pace chart and its field-size term were fitted (ruling S18).

    nice .venv/bin/python benchmarks/stretch_pace_fit.py [RACES_PER_FIELD]

Over the calibration corpus (every field type), Quickplay's pace is exact per field (the
Pace Scenario chart on the top two Pace ratings); Fullplay's top-two race points are
simulated on the Break and Pace Setup charts. For each field size the script prints the
top-two totals' spread, Quickplay's slow/fast shares, and Fullplay's under the chart set
as it stands, so a change to race_pace.csv or race_pace_field.csv can be judged.
"""

from __future__ import annotations

import sys

import numpy as np

from homestretch.games.stretch.calibrate import build_corpus, dream_fields, extra_fields
from homestretch.games.stretch.cards import load_card_set
from homestretch.games.stretch.charts import load_chart_set
from homestretch.games.stretch.kernel import ChartArrays, FieldArrays

FIELDS = 200


def corpus_races() -> list:  # type: ignore[type-arg]
    cards = load_card_set()
    races = build_corpus(cards, FIELDS, 1).races
    races += build_corpus(cards, extra_fields(FIELDS), 2, kind="even").races
    races += build_corpus(cards, extra_fields(FIELDS), 3, kind="big").races
    races += build_corpus(cards, dream_fields(FIELDS), 1, greats=True).races
    return races


def main(n: int) -> None:
    charts = load_chart_set()
    tables = ChartArrays.from_charts(charts)
    rng = np.random.default_rng(1)
    totals = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel()
    quick: dict[int, np.ndarray] = {}
    full: dict[int, np.ndarray] = {}
    spread: dict[int, list[np.ndarray]] = {}
    for race in corpus_races():
        field = FieldArrays.from_race(race, charts)
        size = len(race.runners)
        q = np.zeros(3)
        for roll in totals:
            q[tables.pace_scenario[field.top_two_pace, roll]] += 1 / 36
        quick[size] = quick.get(size, np.zeros(3)) + q
        h = len(field.pace)
        points = tables.break_points[field.pace, totals[rng.integers(0, 36, (n, h))]]
        if race.furlongs >= 8:
            points = points + tables.pace_setup[field.pace, totals[rng.integers(0, 36, (n, h))]]
        top_two = -np.partition(-points, 1, axis=1)[:, :2].sum(axis=1)
        top_two = top_two - tables.race_pace_shift[min(size, len(tables.race_pace_shift) - 1)]
        die = rng.integers(1, 7, n)
        pace = tables.race_pace[np.clip(top_two, 0, len(tables.race_pace) - 1), die]
        full[size] = full.get(size, np.zeros(3)) + np.bincount(pace, minlength=3) / n
        spread.setdefault(size, []).append(top_two)
    print("size fields  top-two p10/p50/p90   quick slow/fast   full slow/fast")
    for size in sorted(quick):
        fields = len(spread[size])
        t = np.concatenate(spread[size])
        qs, qf = quick[size][0] / fields, quick[size][2] / fields
        fs, ff = full[size][0] / fields, full[size][2] / fields
        p10, p50, p90 = np.percentile(t, [10, 50, 90])
        print(
            f"{size:4d} {fields:6d}  {p10:5.0f} {p50:5.0f} {p90:5.0f}        "
            f"{qs:5.1%} {qf:5.1%}      {fs:5.1%} {ff:5.1%}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
