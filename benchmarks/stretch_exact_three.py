"""Three disqualified horses in a window (exact_compiled_three.py): its CPU against an
earlier version's, paired in one run (issue 17).

Runs the exact answer of a field once (one thread), keeping the inputs of every call of
``three_in_window`` (one per shared outcome), then times the current loops and those of
``--against REV`` (a git revision; by default 370bc82, the last before the sums over sets
of four horses) on the same inputs, in alternate rounds, so both see the same load.
Prints each round's CPU seconds, their ratio, the part of the whole answer, and the
largest difference between the two versions' show and bound.
`--count` prints instead what the sets of four cost: the logged pairs, their keys y, and
(weighted by the pairs) the horses with a chance of a 2 above y and the sets of four
whose K is not 0 (only those are summed).
Run with `.venv/bin/python benchmarks/stretch_exact_three.py [--horses 12] [--rounds 5]
[--against REV] [--count]`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled, exact_compiled_three
from homestretch.games.stretch.analysis.exact import quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import calls_during, module_at
from stretch_fields import field_of

SOURCE = "src/homestretch/games/stretch/analysis/exact_compiled_three.py"
BEFORE = "370bc82"


def calls_of_one_answer(horses: int) -> tuple[list[tuple[Any, ...]], float]:
    """The inputs of each call of three_in_window in one exact answer, and its CPU seconds
    (the logs cut to what was logged, show and bound kept as their shape)."""

    def record(*args: Any) -> tuple[Any, ...]:
        c, c_gt, p_gt, clean_keys, log_at, log_y, count, show, _ = args
        return (c, c_gt, p_gt, clean_keys, log_at[:count].copy(), log_y[:count].copy(),
                count, show.shape)  # fmt: skip

    return calls_during(
        exact_compiled,
        "three_in_window",
        record,
        lambda: quickplay_chances(field_of(horses), load_chart_set(), workers=1),
    )


def run(module: ModuleType, call: tuple[Any, ...]) -> tuple[np.ndarray, np.ndarray]:
    c, c_gt, p_gt, clean_keys, log_at, log_y, count, shape = call
    show, bound = np.zeros(shape), np.zeros(shape)
    module.three_in_window(c, c_gt, p_gt, clean_keys, log_at, log_y, count, show, bound)
    return show, bound


def cpu_of_all(module: ModuleType, calls: list[tuple[Any, ...]]) -> float:
    start = time.process_time()
    for call in calls:
        run(module, call)
    return time.process_time() - start


def count(calls: list[tuple[Any, ...]]) -> None:
    """The counts of ``--count``, with the module's own window loops."""
    t3 = exact_compiled_three
    pairs = keys = sets = not_zero = with_a_two = 0
    for c, c_gt, p_gt, clean_keys, _, log_y, logged, _ in calls:
        horses = c.shape[0]
        by_one, by_two = np.zeros((horses,) * 2), np.zeros((horses,) * 3)
        by_three, w3 = np.zeros((horses,) * 4), np.zeros((horses,) * 4)
        quads = np.zeros(horses * (horses - 1) * (horses - 2) * (horses - 3) // 24)
        s = 0
        for y in clean_keys[::-1]:
            first = s
            while s < logged and log_y[s] == y:
                s += 1
            if s > first:
                t3._window_three_at(p_gt, c_gt, y, by_one, by_two, by_three, w3)
                t3._quads_of(w3, quads)
                n = s - first
                pairs, keys, sets = pairs + n, keys + 1, sets + n * quads.size
                not_zero += n * int((quads != 0).sum())
                with_a_two += n * int((p_gt[:, y] > 0).sum())
            if s == logged:
                break
            t3._window_three_add(p_gt, c, y, by_one, by_two, by_three)
    print(
        f"{pairs:,} logged pairs at {keys:,} keys y ({pairs / keys:.0f} a key); a 2 possible "
        f"above y for {with_a_two / pairs:.1f} horses; sets of four with K not 0: "
        f"{not_zero / sets:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", default=BEFORE)
    parser.add_argument("--count", action="store_true")
    options = parser.parse_args()
    exact_compiled.warm_up()
    calls, whole = calls_of_one_answer(options.horses)
    pairs = sum(call[6] for call in calls)
    print(f"{options.horses} horses: {len(calls)} shared outcomes, {pairs:,} logged key pairs")
    if options.count:
        count(calls)
        return
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "three_before")
        now = exact_compiled_three
        run(before, calls[0])  # compiled before it is timed
        show_diff, bound_diff, three_total = 0.0, 0.0, 0.0
        for call in calls:
            (show_a, bound_a), (show_b, bound_b) = run(before, call), run(now, call)
            show_diff = max(show_diff, float(np.abs(show_a - show_b).max()))
            bound_diff = max(bound_diff, float(np.abs(bound_a - bound_b).max()))
            three_total += float(show_b.sum())
        ratios, current = [], []
        print(f"{'round':>5} {options.against + ' s':>12} {'now s':>7} {'ratio':>6}")
        for round_ in range(options.rounds):
            old, new = cpu_of_all(before, calls), cpu_of_all(now, calls)
            ratios.append(old / new)
            current.append(new)
            print(f"{round_ + 1:5} {old:12.3f} {new:7.3f} {old / new:6.2f}")
    print(
        f"three in a window: {np.median(current):.3f} s of the whole answer's {whole:.2f} s "
        f"(CPU, one thread); {np.median(ratios):.2f}x faster than {options.against} "
        f"(median of {options.rounds} paired rounds)"
    )
    print(
        f"the same sums: show within {show_diff:.1e}, bound within {bound_diff:.1e} "
        f"(its show terms add up to {three_total:.1e} in all)"
    )


if __name__ == "__main__":
    main()
