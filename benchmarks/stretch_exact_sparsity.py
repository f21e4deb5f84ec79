"""How many horses a key touches (issue 17): the counts behind exact_compiled.py's note on
which lanes and rows the key-pair sums could leave out.

For the first two shared outcomes of fields of 6, 10, 12 and 20 horses: the keys reached,
how many horses have a clean chance at a clean key (a step of the lower key changes their
allowed) and how many a disqualification at a disqualified key (a step of the higher key
changes theirs; a disqualified target at that key weighs only them).
Run with `.venv/bin/python benchmarks/stretch_exact_sparsity.py`.
"""

from __future__ import annotations

from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of

SIZES = (6, 10, 12, 20)


def main() -> None:
    charts = load_chart_set()
    print(f"{'horses':>6} {'keys':>5} {'dq keys':>7} {'clean a key':>11} {'dq a dq key':>11}")
    for horses in SIZES:
        for _, clean, dq, _ in list(_outcomes(field_of(horses), charts))[:2]:
            reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
            by_clean = (clean[:, reached] > 0).sum(axis=0)
            by_dq = (dq[:, reached] > 0).sum(axis=0)
            print(
                f"{horses:>6} {int(reached.sum()):>5} {int((by_dq > 0).sum()):>7}"
                f" {by_clean[by_clean > 0].mean():>11.2f} {by_dq[by_dq > 0].mean():>11.2f}"
            )


if __name__ == "__main__":
    main()
