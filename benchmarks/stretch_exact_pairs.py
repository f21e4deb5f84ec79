"""The whole compiled exact sums of a field's shared outcomes (exact_compiled.windows and
key_pair_sums): CPU against an earlier version's, paired in one run (issue 17).

Makes the tables of every shared outcome once, then runs the window tables and the
key-pair sums (clean targets, three in a window, disqualified targets) of the current
exact_compiled.py and of ``--against REV`` (a git revision, or a path to a copy of
exact_compiled.py; a revision's exact_compiled_three.py with it) on the same inputs, each outcome several times, the versions in turn,
and sums each version's least CPU seconds per outcome and part: on this shared machine the
least of a few tries is steady to a few hundredths where whole rounds swing by a tenth.
The C allocator is set as ``exact.quickplay_chances`` sets it (``_keep_freed_memory``):
without that, the arrays made afresh for each outcome cost some 5 thousand page faults
an outcome at 12 horses, near a tenth of the CPU time, which no real answer pays. Prints both versions' seconds by part,
their ratios, and the largest differences in place, show and bound (by horse, weighted
by each outcome's chance, as the answer weighs them).
Run with `.venv/bin/python benchmarks/stretch_exact_pairs.py [--horses 12] [--tries 3]
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

from homestretch.games.stretch.analysis import exact_compiled, exact_finish
from homestretch.games.stretch.analysis.exact import _keep_freed_memory, _outcomes, loosening
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import module_at
from stretch_fields import field_of

SOURCE = "src/homestretch/games/stretch/analysis/exact_compiled.py"
THREE = "src/homestretch/games/stretch/analysis/exact_compiled_three.py"
PARTS = ("windows", "clean targets", "three in a window", "disqualified targets")


def inputs_of(horses: int) -> list[tuple[float, exact_finish.Tables, Any, Any, float]]:
    """Each shared outcome's chance, tables, clean and disqualified keys and loosening."""
    outcomes = list(_outcomes(field_of(horses), load_chart_set()))
    scales = loosening([chance for chance, *_ in outcomes])
    found = []
    for (chance, clean, dq, out), loosen in zip(outcomes, scales, strict=True):
        reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
        t = exact_finish.Tables.of(clean[:, reached], dq[:, reached], out)
        keys = (np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0)))
        found.append((chance, t, *keys, loosen))
    return found


def run(module: ModuleType, t: exact_finish.Tables, clean: Any, dq: Any, loosen: float) -> Any:
    """CPU seconds of each part, and place, show and bound by horse."""
    start = time.process_time()
    w = module.windows(t)
    seconds = {"windows": time.process_time() - start}
    sums = module.key_pair_sums(t, w, clean, dq, seconds, loosen)
    return np.array([seconds[part] for part in PARTS]), np.stack(sums)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--against", default="main")
    options = parser.parse_args()
    _keep_freed_memory()
    exact_compiled.warm_up()
    found = inputs_of(options.horses)
    print(f"{options.horses} horses: {len(found)} shared outcomes")
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "pairs_before")
        if not Path(options.against).is_file():  # its three in a window too, not today's
            three = module_at(options.against, THREE, Path(folder), "pairs_three_before")
            before.three_in_window = three.three_in_window  # type: ignore[attr-defined]
        versions = [before, exact_compiled]
        least = np.full((2, len(found), len(PARTS)), np.inf)
        differences = np.zeros(3)
        for index, (chance, *inputs) in enumerate(found):
            answers = [run(module, *inputs)[1] for module in versions]  # compiled, warm
            differences += chance * np.abs(answers[0] - answers[1]).max(axis=1)
            for attempt in range(options.tries):
                order = [0, 1] if attempt % 2 == 0 else [1, 0]
                for which in order:
                    seconds, _ = run(versions[which], *inputs)
                    least[which, index] = np.minimum(least[which, index], seconds)
    old, new = least.sum(axis=1)
    print(f"{'part':>22} {options.against + ' s':>10} {'now s':>7} {'ratio':>6}")
    for part, a, b in zip(PARTS, old, new, strict=True):
        print(f"{part:>22} {a:10.3f} {b:7.3f} {b / a:6.2f}")
    print(f"{'all':>22} {old.sum():10.3f} {new.sum():7.3f} {new.sum() / old.sum():6.2f}")
    print(f"(the least of {options.tries} tries of each outcome, summed; CPU, one thread)")
    place, show, bound = differences
    print(f"weighted differences by horse: place {place:.1e}, show {show:.1e}, bound {bound:.1e}")


if __name__ == "__main__":
    main()
