"""Would bracketing a clean target's heavy lanes pay? (issue 17, exact_compiled.py's note)

A clean target's heavy lanes (two disqualified horses in the window of key pair (x, y),
summed exactly: ``exact_finish._two_q_between``; three where ``HEAVY_THREE`` logs them:
``_three_q_between``) are sums of terms W r_j2 r_m r_n r_j1 (and one r more for three),
W >= 0 the window at y, r = 1 / allowed. Along the lanes of one y each allowed rises with
x, so each target's sum F falls: a lane between two summed ones could take the lower
end of their bracket into show and the width into the bound. Show may then drop by up to
the widths, and must stay within 1e-12 of today's (tests/games/stretch/analysis/
test_stretch_exact_compiled.py). This prints, from the NumPy sums of a few shared
outcomes: the heavy lanes, how monotone F is, how much it changes from one heavy lane to
the next, and how many lanes could be bracketed (every other lane of a y, smallest
widths first) while the widths stay under a budget per horse.
Run with `.venv/bin/python benchmarks/stretch_bracket_scan.py [--horses 12] [--outcomes 0 6]`
(about 10 s an outcome at 12 horses).
"""

from __future__ import annotations

import argparse

import numpy as np

from homestretch.games.stretch.analysis import exact_finish as ef
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of

BUDGETS = (1e-13, 5e-13, 1e-12, 1e-11, 1e-10)
Lane = tuple[ef.Floats, ef.Floats]  # F [horse, lane] and each target's share, one y


def heavy_lanes(t: ef.Tables, w: ef.Windows) -> tuple[list[Lane], list[Lane]]:
    """Each clean key y's heavy lanes (x ascending): F of two, and of three where logged."""
    keys = np.flatnonzero(t.c.any(axis=0))
    threes, sums = ef.WindowsOfThree(t), ef._SumsAbove(t.p_gt, t.c)
    two_lanes, three_lanes = [], []
    for k in range(keys.size - 1, 0, -1):  # y descending, as the sums above need
        y, low, high = keys[k], keys[:k], keys[k : k + 1]
        c_y, p_gt_y = t.c[:, None, high], t.p_gt[:, None, high]
        two = ef.Others(1 - t.c_gt[:, low][:, :, None] - 2 * p_gt_y, t.c[:, low][:, :, None])
        q = two.weight(p_gt_y)
        grows = two.two(c_y, t.c_gt[:, None, high]) * (np.expm1(q) - q)
        bound = np.minimum(grows, ef._squares(two, c_y, w, high, 2) * np.exp(q) / 2)
        share = (two.without * two.weight_of_target)[:, :, 0]
        heavy = np.flatnonzero((share * bound[:, :, 0]).sum(axis=0) > ef.HEAVY_PAIR)
        if not heavy.size:
            continue
        allowed = two.allowed[:, heavy, :]
        marked = np.broadcast_to(c_y, allowed.shape)
        f2 = ef._two_q_between(allowed, marked, w.two[high])[:, :, 0]
        two_lanes.append((f2, share[:, heavy]))
        more = (f2 * share[:, heavy] * ef.beyond_two(q[heavy, 0])).sum(axis=0)
        at = np.flatnonzero(more > ef.HEAVY_THREE)
        if at.size:
            w3 = threes._at(int(y), sums)
            f3 = ef._three_q_between(allowed[:, at, 0], marked[:, at, 0], w3)
            three_lanes.append((f3, share[:, heavy[at]]))
    return two_lanes, three_lanes


def report(kind: str, lanes: list[Lane]) -> None:
    """F's monotonicity and steps, and how many lanes fit each budget bracketed."""
    count = sum(f.shape[1] for f, _ in lanes)
    exact = sum((f * s).sum(axis=1) for f, s in lanes)
    rises, steps, widths = 0.0, [], []
    for f, share in lanes:
        fall = f[:, :-1] - f[:, 1:]  # >= 0 where F falls as x rises
        rises = max(rises, float((-fall / np.maximum(f.max(), 1e-300)).max(initial=0.0)))
        total = f.sum(axis=0)
        steps.append(fall.sum(axis=0) / np.maximum(total[1:], 1e-300))
        for i in range(1, f.shape[1] - 1, 2):  # lane i between i - 1 and i + 1
            widths.append(share[:, i] * (f[:, i - 1] - f[:, i + 1]))
    step = np.concatenate(steps)
    width = np.array(widths).T
    order = np.argsort(width.max(axis=0))
    reached = np.cumsum(width[:, order], axis=1).max(axis=0)
    fits = ", ".join(f"{b:.0e}: {np.searchsorted(reached, b) / count:.0%}" for b in BUDGETS)
    print(
        f"  {kind}: {count} heavy lanes, their show {exact.max():.2e} (largest horse); F rises "
        f"at most {rises:.1e} of its largest; step to the next lane: median "
        f"{np.median(step):.3f}, quartiles {np.percentile(step, 25):.3f}-"
        f"{np.percentile(step, 75):.3f}; every other lane bracketed adds "
        f"{width.sum(axis=1).max():.2e}; lanes bracketed within a budget (per horse) {fits}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--outcomes", type=int, nargs="*", default=[0, 6])
    options = parser.parse_args()
    outcomes = list(_outcomes(field_of(options.horses), load_chart_set(), reached=True))
    for index in options.outcomes:
        chance, clean, dq, out = outcomes[index]
        t = ef.Tables.of(clean, dq, out)
        print(f"{options.horses} horses, shared outcome {index} (chance {chance:.4f}):")
        two_lanes, three_lanes = heavy_lanes(t, ef.Windows.of(t))
        report("two in a window", two_lanes)
        report("three in a window", three_lanes)


if __name__ == "__main__":
    main()
