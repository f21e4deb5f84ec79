"""Where the exact Quickplay show bound comes from (issue 17): each race's bound split
into the terms that make it, so the biggest can be attacked.

The bound is the sum, over shared outcomes and key pairs, of terms of
``exact_finish._two_in_window`` (two or more disqualified horses in a window), from three
cases: a clean target with two clean horses ahead ("clean"), a disqualified target that
rolled 1 behind one clean leader ("dq rolled 1") and one that rolled 2 with two clean
horses ahead ("dq rolled 2"). Each is split into the pairs whose two in the window were
summed (what is bounded is three or more, or four or more where three were summed too:
"3+") and the pairs bounded whole ("2+").
Runs the NumPy sums (the compiled ones differ only by key pairs bounded below
``exact_compiled.NEGLIGIBLE``). Prints, for the horse with the largest bound, each term.

Run with `.venv/bin/python benchmarks/stretch_show_bound_terms.py [6 8 12 ...]`
(field sizes; with none, the races of exact_baseline.json and the 12-horse field).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes  # as quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import Race, load_race
from stretch_fields import field_of

BASELINE = Path(__file__).parents[1] / "tests/games/stretch/analysis/exact_baseline.json"
original_two_in_window = exact_finish._two_in_window
original_beyond_two = exact_finish.beyond_two
original_beyond_three = exact_finish.beyond_three
terms: dict[str, Any] = defaultdict(float)
weight = [1.0]  # the chance of the shared outcome being summed


def _case(tighter: object) -> tuple[str, float]:
    caller = sys._getframe(2).f_code.co_name
    if caller == "_clean_target":
        return "clean", 1.0
    return ("dq rolled 2" if tighter is not None else "dq rolled 1"), 1 / 6


def counted_two_in_window(*args: Any, **kwargs: Any) -> Any:
    """``_two_in_window``, its bound split into 3+ (summed pairs) and 2+ (the rest)."""
    show, bound, pairs = original_two_in_window(*args, **kwargs)
    heavy = args[6] if len(args) > 6 else kwargs.get("heavy", exact_finish.HEAVY_PAIR)
    if isinstance(heavy, float):  # the 'less' sums' bounds are not used
        tighter = args[7] if len(args) > 7 else kwargs.get("tighter")
        case, scale = _case(tighter)
        exact_finish.beyond_two = exact_finish.beyond_three = np.zeros_like
        try:
            _, whole_only, _ = original_two_in_window(*args, **kwargs)
        finally:
            exact_finish.beyond_two = original_beyond_two
            exact_finish.beyond_three = original_beyond_three
        terms[case, "2+"] = terms[case, "2+"] + weight[0] * scale * whole_only
        terms[case, "3+"] = terms[case, "3+"] + weight[0] * scale * (bound - whole_only)
        terms[case, "summed pairs"] = terms[case, "summed pairs"] + int(pairs.sum())
    return show, bound, pairs


def split(race: Race, name: str, charts: Any) -> None:
    terms.clear()
    outcomes = list(_outcomes(race, charts, reached=True))
    total = None
    for chance, clean, dq, out in outcomes:
        weight[0] = chance
        result = exact_finish.place_and_show(clean, dq, out, compiled=False)
        total = chance * result.show_bound if total is None else total + chance * result.show_bound
    assert total is not None
    worst = int(np.argmax(total))
    print(f"{name}: show bound {total[worst]:.2e} (horse {worst}), {len(outcomes)} outcomes")
    for key in sorted(k for k in terms if k[1] != "summed pairs"):
        value = terms[key]
        print(
            f"  {key[0]:12} {key[1]:3}  {value[worst]:.2e}   (largest over horses {value.max():.2e})"
        )
    for key in sorted(k for k in terms if k[1] == "summed pairs"):
        print(f"  {key[0]:12} summed pairs: {terms[key]}")


def main() -> None:
    exact_finish._two_in_window = counted_two_in_window
    charts = load_chart_set()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sizes", type=int, nargs="*", help="field sizes (else the baseline's)")
    sizes = parser.parse_args().sizes
    if not sizes:
        for name in json.loads(BASELINE.read_text()):
            split(load_race(name), name, charts)
        sizes = [12]
    for horses in sizes:
        split(field_of(horses), f"{horses} horses", charts)


if __name__ == "__main__":
    main()
