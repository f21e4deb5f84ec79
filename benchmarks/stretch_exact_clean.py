"""A clean target's key-pair sums (exact_compiled.clean_targets): CPU against an earlier
version's, paired in one run (issue 17).

Makes the tables of every shared outcome of a field once, then times ``_left_out`` and
``clean_targets`` (with ``three_in_window`` after it, the same module for both) of the
current exact_compiled.py and of ``--against REV`` (a git revision) on the same inputs,
in alternate rounds, so both see the same load: between processes this machine's noise
is as large as a tenth. Prints each round's CPU seconds, the median ratio, and the
largest difference between the two versions' place, show and bound.
Run with `.venv/bin/python benchmarks/stretch_exact_clean.py [--horses 12] [--rounds 8]
[--against REV]`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from inspect import signature
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled, exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import module_at
from stretch_fields import field_of

SOURCE = "src/homestretch/games/stretch/analysis/exact_compiled.py"
BEFORE = "bf8f932"  # main before the clean targets' passes were fused


def inputs_of(horses: int) -> list[tuple[dict[str, np.ndarray], dict[str, np.ndarray], Any]]:
    """The tables, windows and clean keys of every shared outcome of the field."""
    found = []
    for _, clean, dq, out in _outcomes(field_of(horses), load_chart_set()):
        reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
        t = exact_finish.Tables.of(clean[:, reached], dq[:, reached], out)
        w = exact_compiled.windows(t)
        tables = {n: np.ascontiguousarray(getattr(t, n)) for n in ("c", "c_gt", "p_gt")}
        windows = {n: np.ascontiguousarray(getattr(w, n)) for n in ("one", "two", "spread")}
        found.append((tables, windows, np.flatnonzero(t.c.any(axis=0)).astype(np.int64)))
    return found


def run(module: ModuleType, tables: Any, windows: Any, keys: Any) -> tuple[float, np.ndarray]:
    """CPU seconds of one outcome's clean targets, and their place, show and bound."""
    c, c_gt, p_gt = tables["c"], tables["c_gt"], tables["p_gt"]
    place, show, bound = (np.zeros((c.shape[0], keys.size)) for _ in range(3))
    logged = keys.size * (keys.size - 1) // 2
    log = (exact_finish.HEAVY_THREE, np.empty(logged, np.int64), np.empty(logged, np.int64),
           np.zeros(1, np.int64))  # fmt: skip
    # the window of two 2s as ``windows`` keeps it, where the version reads it
    two = [windows["two"]] if "w_two" in signature(module.clean_targets.py_func).parameters else []
    start = time.process_time()
    first = module._left_out(c, c_gt, keys, bound)
    module.clean_targets(c, c_gt, p_gt, windows["one"], *two, windows["spread"], keys,
                         exact_finish.HEAVY_PAIR, first, place, show, bound, log)  # fmt: skip
    exact_compiled.three_in_window(c, c_gt, p_gt, keys, log[1], log[2], int(log[3][0]), show,
                                   bound)  # fmt: skip
    seconds = time.process_time() - start
    return seconds, np.stack([place.sum(axis=1), show.sum(axis=1), bound.sum(axis=1)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--against", default=BEFORE)
    options = parser.parse_args()
    exact_compiled.warm_up()
    found = inputs_of(options.horses)
    print(f"{options.horses} horses: {len(found)} shared outcomes")
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "clean_before")
        differences = np.zeros(3)
        for outcome in found:  # compiled before it is timed, and the answers compared
            (_, old), (_, new) = run(before, *outcome), run(exact_compiled, *outcome)
            differences = np.maximum(differences, np.abs(old - new).max(axis=1))
        ratios, current = [], []
        print(f"{'round':>5} {options.against + ' s':>12} {'now s':>7} {'ratio':>6}")
        for round_ in range(options.rounds):
            old_s = sum(run(before, *outcome)[0] for outcome in found)
            new_s = sum(run(exact_compiled, *outcome)[0] for outcome in found)
            ratios.append(new_s / old_s)
            current.append(new_s)
            print(f"{round_ + 1:5} {old_s:12.3f} {new_s:7.3f} {new_s / old_s:6.2f}")
    print(
        f"clean targets and three in a window: {np.median(current):.3f} s (CPU, one thread), "
        f"{np.median(ratios):.2f} of {options.against}'s time (median of {options.rounds} "
        f"paired rounds; fewer than 1 is faster)"
    )
    place, show, bound = differences
    print(f"the same sums: place within {place:.1e}, show {show:.1e}, bound {bound:.1e}")


if __name__ == "__main__":
    main()
