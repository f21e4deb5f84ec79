"""A disqualified target's key pairs (exact_compiled.disqualified_targets): its CPU against
an earlier version's, paired in one run (issue 17).

Runs the exact answer of a field once (one thread), keeping the inputs of every call of
``disqualified_targets`` (one per shared outcome), then runs the current loops and those of
``--against REV`` (a git revision, or a path to a copy of exact_compiled.py) on the same
inputs, each call several times, the two versions in turn, and sums each version's least
CPU time per call: on a shared machine the noise between whole rounds (and between
processes) is as large as a tenth, while the least of a few tries of the same call is
steady to a few hundredths. Prints both sums, their ratio, and the largest difference
between the two versions' place, show and bound (by horse, summed over the keys).
Run with `.venv/bin/python benchmarks/stretch_exact_dq.py [--horses 12] [--tries 5]
[--against REV]`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled
from homestretch.games.stretch.analysis.exact import quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import calls_during, module_at
from stretch_fields import field_of

SOURCE = "src/homestretch/games/stretch/analysis/exact_compiled.py"
BEFORE = "bf8f932"


def calls_of_one_answer(horses: int) -> tuple[list[tuple[Any, ...]], float]:
    """The inputs of each call of disqualified_targets in one exact answer, and its CPU s
    (the place, show and bound it adds into kept as their shape)."""
    return calls_during(
        exact_compiled,
        "disqualified_targets",
        lambda *args: args[:-3] + (args[-3].shape,),
        lambda: quickplay_chances(field_of(horses), load_chart_set(), workers=1),
    )


def run(module: ModuleType, call: tuple[Any, ...]) -> tuple[np.ndarray, ...]:
    *args, shape = call
    place, show, bound = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    module.disqualified_targets(*args, place, show, bound)
    return place, show, bound


def least_cpu(modules: list[ModuleType], calls: list[tuple[Any, ...]], tries: int) -> Any:
    """Each version's least CPU seconds on each call, the versions run in turn."""
    least = np.full((len(calls), len(modules)), np.inf)
    for index, call in enumerate(calls):
        for attempt in range(tries):
            order = list(enumerate(modules))
            for which, module in order if attempt % 2 == 0 else order[::-1]:
                start = time.process_time()
                run(module, call)
                least[index, which] = min(least[index, which], time.process_time() - start)
    return least.sum(axis=0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--against", default=BEFORE)
    options = parser.parse_args()
    exact_compiled.warm_up()
    calls, whole = calls_of_one_answer(options.horses)
    print(f"{options.horses} horses: {len(calls)} shared outcomes")
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "dq_before")
        now = exact_compiled
        diffs, largest_bound = np.zeros(3), 0.0
        for call in calls:
            for k, (a, b) in enumerate(zip(run(before, call), run(now, call), strict=True)):
                diffs[k] = max(diffs[k], float(np.abs(a.sum(axis=1) - b.sum(axis=1)).max()))
            largest_bound = max(largest_bound, float(b.sum(axis=1).max()))
        old, new = least_cpu([before, now], calls, options.tries)
    print(
        f"disqualified targets: {new:.3f} s (CPU, one thread; the whole answer took "
        f"{whole:.2f} s), {options.against}: {old:.3f} s, ratio {new / old:.2f} (the least "
        f"of {options.tries} tries of each call, summed)"
    )
    print(
        "by horse, largest difference: place {:.1e}, show {:.1e}, bound {:.1e}".format(*diffs)
        + f" (largest bound {largest_bound:.1e})"
    )


if __name__ == "__main__":
    main()
