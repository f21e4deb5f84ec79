"""Record tests/games/stretch/analysis/exact_baseline.json: the exact Quickplay chances of four
bundled races, which every faster version of the sums is checked against.

Recorded with the NumPy sums (exact_finish.py), the reference the compiled loops must
equal. Run it again after a change to the charts, horses or jockeys of these races
changes their chances (their tests then fail): `.venv/bin/python
benchmarks/stretch_exact_baseline.py` (a minute or two), and commit the file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from homestretch.games.stretch.analysis.exact import quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race

BASELINE = Path(__file__).parents[1] / "tests/games/stretch/analysis/exact_baseline.json"
RACES = ("2009-champagne-stakes", "claiming-route-big-field", "allowance-turf-route", "dream-derby")


def main() -> None:
    charts, recorded = load_chart_set(), {}
    for name in RACES:
        chances = quickplay_chances(load_race(name), charts, compiled=False)
        assert chances.places is not None, f"{name}: some horse cannot go out"
        recorded[name] = {
            "win": chances.win.tolist(),
            "place": chances.places.place.tolist(),
            "show": chances.places.show.tolist(),
            "show_bound": chances.places.show_bound.tolist(),
        }
        print(f"{name}: recorded")
    BASELINE.write_text(json.dumps(recorded, indent=1) + "\n")
    print(f"written to {BASELINE}")


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
