"""The chart set as lookup arrays, indexed by rating and dice total: what the kernels
(analysis/kernel.py) and the exact odds (analysis/exact.py) read instead of the charts'
dictionaries.

A chart set makes its arrays on first use (``ChartSet.arrays``), and the standard set
keeps them (``chart_set._load_cached``, keyed by this module's source), so they sit here
beside the charts: content imports nothing above it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from homestretch.games.stretch.content.chart_set import FORMS, ODDS_CLASSES, ChartSet, Pace

PACES: tuple[Pace, ...] = ("slow", "normal", "fast")
FACTORS = ("class", "speed", "trip")
TROUBLE_CODES = {"out": 0, "none": 1, "check-points": 2, "check-dq": 3, "dq": 4}
MAX_POINTS = 80  # race points never reach this on any sane chart set

IntArray = NDArray[np.int64]


@dataclass(frozen=True)
class ChartArrays:
    """The chart set as lookup arrays, indexed by rating and dice total."""

    pace_scenario: IntArray  # [sum of top-two Pace 0-18, roll 0-12] -> pace index
    pace_effects_quick: IntArray  # [Pace 0-9, pace index]
    form_adj: IntArray  # [form 0-4, roll]
    form_trouble: NDArray[np.bool_]
    trouble: IntArray  # [roll] -> trouble code
    factor_of_red: IntArray  # [die 1-6] -> factor index
    ride_of_white: NDArray[np.bool_]
    final_speed: IntArray  # [APR 0-29, roll]
    break_points: IntArray  # [Pace, roll]
    pace_setup: IntArray  # [Pace, roll]
    race_pace: IntArray  # [sprint 0/1, total, die 1-6] -> pace index
    race_pace_shift: IntArray  # [sprint 0/1, runners] -> points off the top-two total (S18)
    race_pace_faces: IntArray  # [sprint 0/1, runners] -> Field die faces taking one more
    pace_effects_full: IntArray  # [points, pace index]
    position: IntArray  # [form, roll]
    power: IntArray  # [form, roll]
    position_trouble: NDArray[np.bool_]
    odds_value: NDArray[np.float64]  # [class 0-5, red die] -> odds to one
    odds_class_shift: IntArray  # [red, white] -> -1, 0 or +1 charts
    book: tuple[float, float, float]  # the morning line's band and target (ruling S17)

    @classmethod
    def from_charts(cls, charts: ChartSet) -> ChartArrays:
        rolls = range(2, 13)
        scenario = np.ones((19, 13), dtype=np.int64)
        for (total, roll), reading in charts.pace_scenario.items():
            scenario[total, roll] = PACES.index(reading)
        effects_quick = np.zeros((10, 3), dtype=np.int64)
        for (rating, pace_name), value in charts.pace_effects_quick.items():
            effects_quick[rating, PACES.index(pace_name)] = value
        form_adj = np.zeros((5, 13), dtype=np.int64)
        form_trouble = np.zeros((5, 13), dtype=bool)
        position = np.zeros((5, 13), dtype=np.int64)
        power = np.zeros((5, 13), dtype=np.int64)
        position_trouble = np.zeros((5, 13), dtype=bool)
        for f, form in enumerate(FORMS):
            for roll in rolls:
                form_adj[f, roll], form_trouble[f, roll] = charts.form_quick[(form, roll)]
                pos, pw, flag = charts.race_position[(form, roll)]
                position[f, roll], power[f, roll], position_trouble[f, roll] = pos, pw, flag
        trouble = np.zeros(13, dtype=np.int64)
        for roll, result in charts.trouble.items():
            trouble[roll] = TROUBLE_CODES[result]
        factor_of_red = np.zeros(7, dtype=np.int64)
        ride_of_white = np.zeros(7, dtype=bool)
        for die, (factor, ride) in charts.race_factors.items():
            factor_of_red[die] = FACTORS.index(factor)
            ride_of_white[die] = ride
        final_speed = np.zeros((30, 13), dtype=np.int64)
        break_points = np.zeros((10, 13), dtype=np.int64)
        setup = np.zeros((10, 13), dtype=np.int64)
        for (apr, roll), figure in charts.final_speed.items():
            final_speed[apr, roll] = figure
        for (rating, roll), points in charts.break_points.items():
            break_points[rating, roll] = points
        for (rating, roll), change in charts.pace_setup.items():
            setup[rating, roll] = change
        race_pace = np.ones((2, 2 * MAX_POINTS + 1, 7), dtype=np.int64)
        for sprint in (0, 1):  # a band of totals at a time (the bands neither gap nor overlap)
            chart = charts.race_pace_sprint if sprint else None  # as race_pace_row reads
            covered = np.zeros(2 * MAX_POINTS + 1, dtype=bool)
            for band, paces in charts.race_pace if chart is None else chart:
                rows = slice(max(band.low, 0), max(min(band.high, 2 * MAX_POINTS) + 1, 0))
                race_pace[sprint, rows, 1:] = [PACES.index(p) for p in paces]
                covered[rows] = True
            if not covered.all():  # the chart's own refusal of the first total it misses
                charts.race_pace_row(int(np.argmin(covered)), sprint=bool(sprint))
        effects_full = np.zeros((MAX_POINTS + 1, 3), dtype=np.int64)
        covered = np.zeros(MAX_POINTS + 1, dtype=bool)
        for band, effects in charts.pace_effects_full:
            rows = slice(max(band.low, 0), max(min(band.high, MAX_POINTS) + 1, 0))
            effects_full[rows] = [effects[p] if p != "normal" else 0 for p in PACES]
            covered[rows] = True
        if not covered.all():
            charts.pace_effect_full(int(np.argmin(covered)), "slow")
        odds_value = np.zeros((len(ODDS_CLASSES), 7))
        for (cls_name, red), odds in charts.odds_chart.items():
            odds_value[ODDS_CLASSES.index(cls_name), red] = float(odds.value)
        shift = np.zeros((7, 7), dtype=np.int64)
        for die in range(1, 7):
            shift[die, die] = 1 if die <= 3 else -1
        return cls(
            scenario,
            effects_quick,
            form_adj,
            form_trouble,
            trouble,
            factor_of_red,
            ride_of_white,
            final_speed,
            break_points,
            setup,
            race_pace,
            np.array([charts.race_pace_shift, charts.race_pace_shift_sprint], dtype=np.int64),
            np.array([charts.race_pace_faces, charts.race_pace_faces_sprint], dtype=np.int64),
            effects_full,
            position,
            power,
            position_trouble,
            odds_value,
            shift,
            charts.book,
        )
