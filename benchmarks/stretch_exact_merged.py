"""Keys only one horse reaches merged (``exact_finish._fresh_merged_keys``): the exact
place and show of every shared outcome on the keys as made and on the merged keys, CPU
paired in one run (issue 17).

Each outcome's ``exact_finish._place_and_show`` (compiled) is run on both, a few times,
in turn, and the least CPU of each summed; prints the keys an outcome before and after,
both times and their ratio, and, weighted by the outcomes' chances as the answer weighs
them, how far place moved and where the merged show range lies against the old one
(merged show less old, and merged show + bound less old: a range inside the old one has
the first at least 0 and the second at most 0).
Run with `.venv/bin/python benchmarks/stretch_exact_merged.py [--horses 12] [--tries 3]`.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _keep_freed_memory, _outcomes, loosening
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--tries", type=int, default=3)
    options = parser.parse_args()
    _keep_freed_memory()
    outcomes = list(_outcomes(field_of(options.horses), load_chart_set(), reached=True))
    scales = loosening([chance for chance, *_ in outcomes])
    least = np.full((2, len(outcomes)), np.inf)
    keys = np.zeros(2)
    sums = np.zeros((2, 3, options.horses))  # place, show, show + bound; as made, merged
    for index, ((chance, clean, dq, out), loosen) in enumerate(zip(outcomes, scales, strict=True)):
        versions = [(clean, dq), exact_finish._fresh_merged_keys(clean, dq)]
        for which, (c, d) in enumerate(versions):
            keys[which] += c.shape[1] / len(outcomes)
            answer = exact_finish._place_and_show(c, d, out, True, loosen)
            sums[which] += chance * np.stack(
                [answer.place, answer.show, answer.show + answer.show_bound]
            )
        for attempt in range(options.tries):
            for which in (0, 1) if attempt % 2 == 0 else (1, 0):
                start = time.process_time()
                exact_finish._place_and_show(*versions[which], out, True, loosen)
                least[which, index] = min(least[which, index], time.process_time() - start)
    before, after = least.sum(axis=1)
    moved = sums[1] - sums[0]
    print(f"{options.horses} horses: {keys[0]:.0f} keys an outcome, {keys[1]:.0f} merged")
    print(
        f"CPU (least of {options.tries}, summed): {before:.3f} s -> {after:.3f} s ({after / before:.3f})"
    )
    print(
        f"place moved at most {np.abs(moved[0]).max():.1e}; merged show less old in "
        f"[{moved[1].min():.1e}, {moved[1].max():.1e}], show + bound in "
        f"[{moved[2].min():.1e}, {moved[2].max():.1e}]"
    )


if __name__ == "__main__":
    main()
