"""Memory of the NumPy exact sums: today's against an earlier revision's (issue 17).

The NumPy sums (``exact_finish``, what runs where Numba is not installed) hold arrays of
[key or pair, h, h, h]: at 20 horses each is tens of megabytes. Prints, for the first
shared outcomes of 6-, 12- and 20-horse fields, the peak of the memory NumPy allocates
(``tracemalloc``) and the CPU seconds of ``Windows.of`` and of the whole
``place_and_show(compiled=False)``, today's and ``--against``'s in turn, and whether
their numbers are the same to the last bit.
Run with `.venv/bin/python benchmarks/stretch_exact_memory.py [--against cea72a5]`
(a minute or two: the 20-horse NumPy sums take some 10 s an outcome).
"""

from __future__ import annotations

import argparse
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import module_at
from stretch_fields import field_of

SOURCE = "src/homestretch/games/stretch/analysis/exact_finish.py"


def measured(work: Callable[[], object]) -> tuple[object, float, float]:
    """What ``work`` returns, the peak it allocated (MB) and its CPU seconds."""
    tracemalloc.start()
    start = time.process_time()
    result = work()
    seconds = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, peak, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="cea72a5", help="revision (or file) to compare")
    parser.add_argument("--whole", type=int, default=1, help="outcomes of the whole sums")
    options = parser.parse_args()
    charts = load_chart_set()
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "memory_before")
        for horses in (6, 12, 20):
            outcomes = list(_outcomes(field_of(horses), charts))[:3]
            for n, (_, clean, dq, out) in enumerate(outcomes):
                reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
                clean, dq = clean[:, reached], dq[:, reached]
                merged = exact_finish._fresh_merged_keys(clean, dq)
                t = exact_finish.Tables.of(*merged, out)
                line = f"{horses:2} horses, outcome {n}:"
                for part, run in (
                    ("Windows.of", lambda m, t=t: m.Windows.of(t)),
                    (
                        "NumPy sums",
                        lambda m, c=clean, d=dq, o=out: m.place_and_show(c, d, o, compiled=False),
                    ),
                ):
                    if part == "NumPy sums" and n >= options.whole:
                        continue
                    old, old_peak, old_s = measured(lambda r=run: r(before))
                    new, new_peak, new_s = measured(lambda r=run: r(exact_finish))
                    names = [k for k in vars(new) if isinstance(getattr(new, k), np.ndarray)]
                    same = all(np.array_equal(getattr(old, k), getattr(new, k)) for k in names)
                    line += (
                        f"  {part} {old_peak:.0f} -> {new_peak:.0f} MB, {old_s:.2f} -> "
                        f"{new_s:.2f} s, same to the bit: {same}"
                    )
                print(line, flush=True)


if __name__ == "__main__":
    main()
