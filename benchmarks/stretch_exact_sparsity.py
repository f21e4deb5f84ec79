"""How many horses a key touches (issue 17): the counts behind docs/stretch-exact-design.md on
which lanes and rows the key-pair sums could leave out.

For the first two shared outcomes of fields of 6, 10, 12 and 20 horses: the keys reached,
how many horses have a clean chance at a clean key (a step of the lower key changes their
allowed) and how many a disqualification at a disqualified key (a step of the higher key
changes theirs; a disqualified target at that key weighs only them). Then, over every
shared outcome, what a clean target's lanes would keep turned round, and what a
disqualified target could carry from one key d it sums to the next (lead (c) of the
note): how many horses' inputs change between consecutive rows d, by what the cases
read (p_gt(d) and d_le(d): the first two cases; c_ge(d) too: the three with window
terms), and the share of a row's lanes the row before summed.
Run with `.venv/bin/python benchmarks/stretch_exact_sparsity.py`.
"""

from __future__ import annotations

import argparse

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled, exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import ChartSet, load_chart_set
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

    print(f"{'horses':>6} {'target cells':>12} {'in spans':>8} {'allowed changed a y step':>24}")
    for horses in SIZES:
        cells = targets = spanned = steps = changed = 0
        for _, clean, dq, out in _outcomes(field_of(horses), charts):
            reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
            t = exact_finish.Tables.of(clean[:, reached], dq[:, reached], out)
            keys = np.flatnonzero(t.c.any(axis=0))
            c, c_gt = np.ascontiguousarray(t.c), np.ascontiguousarray(t.c_gt)
            first = exact_compiled._left_out(c, c_gt, keys, np.zeros((horses, keys.size)))
            clean_at = t.c[:, keys] > 0
            lowest = clean_at.argmax(axis=1)
            highest = keys.size - clean_at[:, ::-1].argmax(axis=1)
            for k in range(first + 1, keys.size):  # the lanes x of each y = keys[k]
                cells += horses * (k - first)
                targets += int(clean_at[:, first:k].sum())
                spanned += int(
                    np.clip(np.minimum(highest, k) - np.maximum(lowest, first), 0, None).sum()
                )
            changed += int((np.diff(t.p_gt[:, keys], axis=1) != 0).sum())
            steps += keys.size - 1
        print(
            f"{horses:>6} {targets / cells:>12.2f} {spanned / cells:>8.2f} {changed / steps:>24.2f}"
        )

    carried(charts)


def carried(charts: ChartSet) -> None:
    """The counts of lead (c), by field size (every shared outcome)."""
    print(
        f"{'horses':>6} {'rows d':>7} {'p_gt, d_le changed':>18} {'with c_ge':>9} {'lanes kept':>10}"
    )
    for horses in SIZES:
        rows = steps = lanes = kept = 0
        changed = np.zeros(2)
        for _, clean, dq, out in _outcomes(field_of(horses), charts):
            reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
            t = exact_finish.Tables.of(clean[:, reached], dq[:, reached], out)
            a = {n: np.ascontiguousarray(getattr(t, n)) for n in ("c", "c_ge", "dq")}
            clean_keys, dq_keys = np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))
            bound = np.zeros((horses, clean_keys.size))
            left_out = exact_compiled._left_out_rows(a["c_ge"], a["dq"], dq_keys, bound)
            first = exact_compiled._left_out_lanes(
                a["c"], a["c_ge"], a["dq"], clean_keys, dq_keys, left_out, bound
            )
            before = None
            for index, d in enumerate(dq_keys):
                n = int(np.searchsorted(clean_keys, d))
                if first[index] >= n:
                    continue
                rows, lanes = rows + 1, lanes + n - first[index]
                if before is not None:
                    e, e_first, e_n = before
                    p_or_d = (t.p_gt[:, d] != t.p_gt[:, e]) | (t.d_le[:, d] != t.d_le[:, e])
                    changed += p_or_d.sum(), (p_or_d | (t.c_ge[:, d] != t.c_ge[:, e])).sum()
                    kept += max(0, min(n, e_n) - max(first[index], e_first))
                    steps += 1
                before = d, first[index], n
        print(
            f"{horses:>6} {rows:>7} {changed[0] / steps:>18.2f} {changed[1] / steps:>9.2f}"
            f" {kept / lanes:>10.3f}"
        )


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
