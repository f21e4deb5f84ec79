"""Across the Board: the NumPy handicapper against the reference race, in one run.

    .venv/bin/python benchmarks/across_handicapper.py [--races N]

Reports ratios measured in the same run (kernel vs reference race, kernel vs the cost of
just drawing its dice), never a bare time as a claim.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from homestretch.games.across.analysis.handicapper import reference_races, simulate_track
from homestretch.games.across.content.loader import load_content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=200_000)
    parser.add_argument("--track", default="woodbine")
    args = parser.parse_args()
    track = load_content().track(args.track)
    start = time.perf_counter()
    report = simulate_track(track, args.races, seed=1)
    kernel = time.perf_counter() - start
    few = max(1, args.races // 50)
    start = time.perf_counter()
    _, ref_rolls = reference_races(args.track, few, seed=1)
    ref = (time.perf_counter() - start) * args.races / few
    dice = np.random.default_rng(1)
    start = time.perf_counter()
    total_rolls = int(report.mean_rolls_per_race * args.races)
    dice.integers(0, 6, total_rolls)
    dice.integers(0, 6, total_rolls)
    limit = time.perf_counter() - start
    print(f"track {track.name}: {args.races} kernel races, {few} reference races")
    print(
        f"mean rolls per race: kernel {report.mean_rolls_per_race:.2f}, reference {ref_rolls:.2f}"
    )
    print(f"kernel is {ref / kernel:.0f}x the reference race")
    print(f"kernel takes {kernel / limit:.0f}x the time of drawing its dice alone")


if __name__ == "__main__":
    main()
