"""The whole exact place and show of every shared outcome (``exact_finish.place_and_show``,
compiled) against an earlier version's, paired in one run (issue 17).

``stretch_exact_pairs.py`` pairs the compiled loops on the same tables; this pairs what
the answer runs, so it also sees what changes before the tables (the keys merged by
``exact_finish._fresh_merged_keys``): today's ``place_and_show`` against ``--against
REV``'s loops (``exact_compiled`` and ``exact_compiled_three`` at that revision, compiled
beside today's) run as that revision's ``place_and_show`` ran them, on the keys as the
outcomes give them: the tables, ``windows``, ``single_threshold`` and ``key_pair_sums``.
(Valid against revisions whose ``exact_finish`` reference is today's up to the merge:
from 997051a on.) Each outcome a few times, in turn, the least CPU of each summed.
Prints both times and their ratio, how far place moved, and where today's show range
lies against the old (show less old, show + bound less old), weighted by the outcomes'
chances as the answer weighs them.
Run with `.venv/bin/python benchmarks/stretch_exact_whole.py [--horses 12] [--tries 3]
[--against 997051a]`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled, exact_finish
from homestretch.games.stretch.analysis.exact import _keep_freed_memory, _outcomes, loosening
from homestretch.games.stretch.content.chart_set import load_chart_set
from paired import module_at
from stretch_exact_pairs import SOURCE, THREE
from stretch_fields import field_of


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--against", default="997051a")
    options = parser.parse_args()
    _keep_freed_memory()
    outcomes = list(_outcomes(field_of(options.horses), load_chart_set(), reached=True))
    scales = loosening([chance for chance, *_ in outcomes])
    exact_compiled.warm_up()
    with tempfile.TemporaryDirectory() as folder:
        before = module_at(options.against, SOURCE, Path(folder), "whole_before")
        three = module_at(options.against, THREE, Path(folder), "whole_three_before")
        before.three_in_window = three.three_in_window  # type: ignore[attr-defined]

        def old(clean: Any, dq: Any, out: Any, loosen: float) -> Any:
            t = exact_finish.Tables.of(clean, dq, out)
            w = before.windows(t)
            place, show, bound = before.single_threshold(t, w)
            keys = np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))
            p, s, b = before.key_pair_sums(t, w, *keys, loosen=loosen)
            return np.stack([place + p, show + s, show + s + np.maximum(bound + b, 0)])

        def new(clean: Any, dq: Any, out: Any, loosen: float) -> Any:
            answer = exact_finish.place_and_show(clean, dq, out, True, loosen)
            return np.stack([answer.place, answer.show, answer.show + answer.show_bound])

        least = np.full((2, len(outcomes)), np.inf)
        moved = np.zeros((3, options.horses))
        for index, ((chance, clean, dq, out), loosen) in enumerate(
            zip(outcomes, scales, strict=True)
        ):
            moved += chance * (new(clean, dq, out, loosen) - old(clean, dq, out, loosen))
            for attempt in range(options.tries):
                for which in (0, 1) if attempt % 2 == 0 else (1, 0):
                    start = time.process_time()
                    (old, new)[which](clean, dq, out, loosen)
                    least[which, index] = min(least[which, index], time.process_time() - start)
    before_s, now_s = least.sum(axis=1)
    print(
        f"{options.horses} horses, place_and_show against {options.against} (least of "
        f"{options.tries}, summed): {before_s:.3f} s -> {now_s:.3f} s ({now_s / before_s:.3f})"
    )
    print(
        f"place moved at most {np.abs(moved[0]).max():.1e}; show less old in "
        f"[{moved[1].min():.1e}, {moved[1].max():.1e}], show + bound in "
        f"[{moved[2].min():.1e}, {moved[2].max():.1e}]"
    )


if __name__ == "__main__":
    main()
