"""The window case's window taken from its other end, lane by lane: a count (issue 17).

A disqualified target X at d that rolled 2, clean horses at y1 > y below d: every other
horse must not have a 1 above y1. Today the lane (y, d) starts from "no 1 above y" and
adds back the 1s in the window (y, y1], none, one or (heavy lanes) two of them; the
window could as well start from "no 1 above d" and take off the 1s in (y1, d], and
which is smaller depends on where the lane's y1 lie. Both expansions are exact in the
same way (the sums of the terms agree), so a lane could take the end whose terms are
smaller. Prints, for the 12-horse field's likeliest shared outcome and its least likely,
the lanes whose one-in-a-window term is above ``NEGLIGIBLE`` (summed today) and whose
two-or-more term is above ``HEAVY_DQ_PAIR`` (heavy lanes today), taking the window from
y, from d, and from whichever end gives the smaller term lane by lane. The terms are
bounds (the upper clean horse's factor left in the product, every clean horse as it), so
the counts compare the two ends, not today's loops.
Run with `.venv/bin/python benchmarks/stretch_exact_window_end.py` (a minute).
"""

from __future__ import annotations

import argparse

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of

NEGLIGIBLE = 1e-18  # exact_compiled.NEGLIGIBLE
HEAVY = exact_finish.HEAVY_DQ_PAIR


def window_terms(t: exact_finish.Tables, y: int) -> tuple[np.ndarray, ...]:
    """For the lanes (y, d), d > y: the weighted one- and two-in-a-window terms with the
    window taken from y (1s in (y, y1] added) and from d (1s in (y1, d] taken off)."""
    keys = t.c.shape[1]
    d = np.arange(keys)
    p = t.p_gt  # [horse, key]: a 1 above the key
    c_tot_at = t.c.sum(axis=0)
    y1_ok = (d[:, None] > y) & (d[:, None] < d[None, :])  # [y1, d]: y < y1 < d
    mark = c_tot_at[:, None] * y1_ok
    base = 1 - t.c_ge[:, y, None]
    terms = []
    for g, w_at in (
        (base - p[:, y, None] - p, lambda: p[:, y, None] - p),  # from y: [m, y1]
        (base - 2 * p, None),  # from d
    ):
        r = 1 / g  # [m, d]
        # X's and j's own factors divided out (j' is left in: a bound)
        weight = (t.dq * r).sum(axis=0) / 6 * (t.c[:, y, None] * r).sum(axis=0) * np.prod(g, axis=0)
        if w_at is not None:
            w = w_at()
            one = w.T @ r  # [y1, d]
            square = (w * w).T @ (r * r)
        else:  # v_m(y1, d) = p_m(y1) - p_m(d)
            one = p.T @ r - (p * r).sum(axis=0)[None, :]
            square = (p * p).T @ (r * r) - 2 * p.T @ (p * r * r) + (p * p * r * r).sum(axis=0)
        two = np.maximum(one * one - square, 0) / 2
        terms.append((weight * (mark * np.abs(one)).sum(axis=0), weight * (mark * two).sum(axis=0)))
    lanes = (d > y) & (t.dq.sum(axis=0) > 0) & (y1_ok.any(axis=0))
    return tuple(term[lanes] for pair in terms for term in pair)


def main() -> None:
    charts = load_chart_set()
    outcomes = sorted(_outcomes(field_of(12), charts), key=lambda o: -o[0])
    for name, (chance, clean, dq, out) in (
        ("likeliest", outcomes[0]),
        ("least likely", outcomes[-1]),
    ):
        clean, dq = exact_finish._fresh_merged_keys(clean, dq)
        t = exact_finish.Tables.of(clean, dq, out)
        parts = [window_terms(t, int(y)) for y in np.flatnonzero(t.c.any(axis=0))]
        one_y, two_y, one_d, two_d = (np.concatenate(column) for column in zip(*parts, strict=True))
        best_one = np.where(two_y <= two_d, one_y, one_d)  # the end with the smaller tail
        best_two = np.minimum(two_y, two_d)
        print(f"{name} outcome (chance {chance:.4f}), {one_y.size:,} lanes (y, d):")
        for end, one, two in (("y (today)", one_y, two_y), ("d", one_d, two_d),
                              ("the better, lane by lane", best_one, best_two)):  # fmt: skip
            print(
                f"  window from {end:26} one summed {(one > NEGLIGIBLE).sum():7,}, "
                f"heavy {(two > HEAVY).sum():6,}; two or more in all {two.sum():.1e}"
            )


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
