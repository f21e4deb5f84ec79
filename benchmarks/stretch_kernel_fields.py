"""The race kernels against their own dice rate, for fields of 6 to 20 horses (issue 17).

"Dice rate" is how fast NumPy draws, in bulk, the two-dice rolls the rules make for the
field: Quickplay rolls form, speed and photo for every horse plus the pace and the Race
Factors (3 per horse + 2), Fullplay at 8 furlongs rolls break, pace setup, position,
speed and photo (5 per horse + 2). A kernel at 0.25 of that rate spends three times as
long on the rules as on the dice. Ratios are CPU time, measured in this one run (target
0.25 or more for every field, both versions). The batches' bit-identity to the kernels
before this work is checked by tests/games/stretch/analysis/test_stretch_kernel_identity.py.
Run with `.venv/bin/python benchmarks/stretch_kernel_fields.py`.
"""

from __future__ import annotations

import argparse

import numpy as np

from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of, rate

SIZES = (6, 8, 10, 12, 14, 20)
RACES = 400_000
BATCH = 100_000
TARGET = 0.25
ROLLS_PER_HORSE = {"quick": 3, "full": 5}


def main() -> None:
    charts = load_chart_set()
    tables = ChartArrays.from_charts(charts)
    rng = np.random.default_rng(1)
    print(f"{'horses':>6} {'version':>7} {'races/s':>11} {'dice/s':>11} {'ratio':>6}  target")
    worst = 1.0
    for horses in SIZES:
        field = FieldArrays.from_race(field_of(horses), charts)
        for mode, per_horse in ROLLS_PER_HORSE.items():

            def kernel(mode: str = mode, field: FieldArrays = field) -> None:
                for _ in range(RACES // BATCH):
                    simulate(field, tables, mode, BATCH, rng, 8)

            def dice(rolls: int = per_horse * horses + 2) -> None:
                for _ in range(RACES // BATCH):
                    rng.integers(1, 7, size=(2, BATCH, rolls), dtype=np.int64)

            races, limit = rate(kernel, RACES), rate(dice, RACES)
            worst = min(worst, races / limit)
            verdict = "met" if races / limit >= TARGET else "NOT met"
            print(
                f"{horses:6} {mode:>7} {races:11,.0f} {limit:11,.0f} {races / limit:6.2f}  {verdict}"
            )
    print(f"lowest ratio {worst:.2f} against the target {TARGET}")


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
