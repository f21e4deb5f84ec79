"""Exact Quickplay place and show: compiled sums against the NumPy ones (issue 17).

Prints, in this one run, each target as met or not with the exactness checks beside it:
- CPU seconds for the whole exact answer (all shared outcomes, one thread) for fields of
  6 to 20 horses, the compiled loops (exact_compiled.py); target under 1 s at 12 horses;
- the compiled loops against the NumPy sums on the same few outcomes: the CPU-time ratio
  and the largest difference in any chance;
- where the 12-horse field's time goes: the tables, the single-threshold cases and the
  key-pair sums (docs/stretch-exact-design.md splits the last);
- the speed-up of two threads over one on the wall clock at 12 horses (the compiled
  loops let go of the interpreter lock), which other work on the machine lowers, and
  whether Python runs beside the compiled sums (it cannot while they hold the lock);
- every race of tests/games/stretch/analysis/exact_baseline.json against its recorded chances: win
  and place to 1e-12, show inside the recorded proven range (the recorded show plus its
  bound), and the show bound reached (target under 1e-9).
Run with `.venv/bin/python benchmarks/stretch_exact.py` (a few minutes; `--quick` leaves
out the 14- and 20-horse fields and the NumPy runs but one).
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from pathlib import Path

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes, loosening, quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race
from stretch_fields import field_of

BASELINE = Path(__file__).parents[1] / "tests/games/stretch/analysis/exact_baseline.json"
SIZES = (6, 8, 10, 12, 14, 20)
TARGET_SECONDS = 1.0  # CPU, 12 horses
TARGET_BOUND = 1e-9
SAME = 1e-12
SAMPLED = 2  # outcomes each path sums for the ratio


def verdict(met: bool) -> str:
    return "MET" if met else "NOT MET"


def cpu(work):  # type: ignore[no-untyped-def]
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def both_paths(horses: int, charts) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """CPU ratio NumPy / compiled on a few shared outcomes, and the largest difference."""
    outcomes = list(_outcomes(field_of(horses), charts))[:SAMPLED]
    seconds, answers = {}, {}
    for path in (True, False):
        found = []
        start = time.process_time()
        for _, clean, dq, out in outcomes:
            reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
            found.append(exact_finish.place_and_show(clean[:, reached], dq[:, reached], out, path))
        seconds[path], answers[path] = time.process_time() - start, found
    differences = [
        np.abs(getattr(a, name) - getattr(b, name)).max()
        for a, b in zip(answers[True], answers[False], strict=True)
        for name in ("place", "show", "show_bound")
    ]
    return seconds[False] / seconds[True], float(max(differences))


def where_time_goes(race, charts) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """CPU seconds of each part of the exact sums over every shared outcome, one thread:
    the tables (window tables compiled), the single-threshold cases, the key pairs (the
    clean targets, three in a clean third's window, the disqualified targets)."""
    kernels = exact_finish.compiled_kernels()
    assert kernels is not None
    seconds = dict.fromkeys(("tables", "single threshold"), 0.0)
    outcomes = list(_outcomes(race, charts))
    scales = loosening([chance for chance, *_ in outcomes])  # as quickplay_chances
    for (_, clean, dq, out), loosen in zip(outcomes, scales, strict=True):
        reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
        clean, dq = clean[:, reached], dq[:, reached]
        start = time.process_time()
        tables = exact_finish.Tables.of(clean, dq, out)
        windows = kernels.windows(tables)
        tables_done = time.process_time()
        kernels.single_threshold(tables, windows)  # as place_and_show runs it
        single_done = time.process_time()
        clean_keys, dq_keys = (
            np.flatnonzero(tables.c.any(axis=0)),
            np.flatnonzero(tables.dq.any(axis=0)),
        )
        kernels.key_pair_sums(tables, windows, clean_keys, dq_keys, seconds, loosen)
        seconds["tables"] += tables_done - start
        seconds["single threshold"] += single_done - tables_done
    return seconds


def python_steps_beside_the_sums(race, charts) -> int:  # type: ignore[no-untyped-def]
    """Count loops of Python run by this thread while another runs one outcome's sums."""
    _, clean, dq, out = next(iter(_outcomes(race, charts)))
    worker = threading.Thread(target=exact_finish.place_and_show, args=(clean, dq, out))
    steps = 0
    worker.start()
    while worker.is_alive():
        steps += 1
    worker.join()
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="leave out 14 and 20 horses and all NumPy runs but one"
    )
    quick = parser.parse_args().quick
    charts = load_chart_set()
    if exact_finish.compiled_kernels() is None:
        print("Numba is not installed: only the NumPy sums can run. NOT MET")
        return
    exact_finish.compiled_kernels().warm_up()  # type: ignore[union-attr]

    print("Whole exact answer, compiled, one thread (CPU seconds):")
    print(f"{'horses':>6} {'CPU s':>7} {'show bound':>10} {'NumPy/compiled':>14} {'max diff':>9}")
    at_twelve, worst_diff, worst_bound = float("inf"), 0.0, 0.0
    for horses in SIZES[:4] if quick else SIZES:
        chances, seconds = cpu(lambda h=horses: quickplay_chances(field_of(h), charts, workers=1))
        assert chances.places is not None
        bound = float(chances.places.show_bound.max())
        worst_bound = max(worst_bound, bound)
        ratio, diff = both_paths(horses, charts) if not quick or horses == 6 else (np.nan, 0.0)
        worst_diff = max(worst_diff, diff)
        if horses == 12:
            at_twelve = seconds
        print(f"{horses:6} {seconds:7.2f} {bound:10.1e} {ratio:14.1f} {diff:9.1e}")
    print(
        f"12 horses in {at_twelve:.2f} s of CPU, target under {TARGET_SECONDS} s: "
        f"{verdict(at_twelve < TARGET_SECONDS)}"
    )
    print(f"compiled = NumPy sums to {worst_diff:.1e}, target {SAME}: {verdict(worst_diff < SAME)}")
    parts = where_time_goes(field_of(12), charts)
    print(
        "where the 12-horse field's time goes (CPU s): "
        + ", ".join(f"{name} {seconds:.2f}" for name, seconds in parts.items())
    )

    twelve = field_of(12)
    wall, used = {}, {}
    for workers in (1, 2):
        start, start_cpu = time.perf_counter(), time.process_time()
        quickplay_chances(twelve, charts, workers=workers)
        wall[workers] = time.perf_counter() - start
        used[workers] = (time.process_time() - start_cpu) / wall[workers]
    print(
        f"two threads against one, 12 horses: {wall[1] / wall[2]:.2f}x on the wall clock "
        f"({wall[1]:.1f} s, {wall[2]:.1f} s), using {used[1]:.2f} and {used[2]:.2f} cores "
        f"(2.0 would be both cores wholly ours: other work takes the rest)"
    )
    steps = python_steps_beside_the_sums(twelve, charts)
    print(
        f"the main thread ran {steps:,} Python steps while a thread ran the compiled sums "
        f"(none if they held the interpreter lock): {verdict(steps > 0)}"
    )

    print("Against the recorded baseline (exact_baseline.json):")
    recorded = json.loads(BASELINE.read_text())
    worst_same, inside = 0.0, True
    for name, known in recorded.items():
        chances = quickplay_chances(load_race(name), charts)
        assert chances.places is not None
        places = chances.places
        same = max(
            np.abs(chances.win - known["win"]).max(), np.abs(places.place - known["place"]).max()
        )
        low, high = np.array(known["show"]), np.add(known["show"], known["show_bound"])
        # both ranges are proven to hold the truth: the new one must lie in the old
        holds = bool(
            (places.show >= low - SAME).all()
            and (places.show + places.show_bound <= high + SAME).all()
        )
        worst_same, inside = max(worst_same, same), inside and holds
        bound = float(places.show_bound.max())
        worst_bound = max(worst_bound, bound)
        print(
            f"  {name:28} win, place within {same:.1e}; show inside the recorded range: "
            f"{holds}; show bound {bound:.1e} (recorded {max(known['show_bound']):.1e})"
        )
    print(f"win and place as recorded to {worst_same:.1e}: {verdict(worst_same < SAME)}")
    print(f"show inside every recorded range: {verdict(inside)}")
    print(
        f"largest show bound {worst_bound:.1e}, target under {TARGET_BOUND}: "
        f"{verdict(worst_bound < TARGET_BOUND)}"
    )


if __name__ == "__main__":
    main()
