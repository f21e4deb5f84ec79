"""Would bracketing a disqualified target's heavy lanes pay instead of summing each one?
(issue 17; docs/stretch-exact-design.md, 2026-12-04, has the answer this printed.)

The heavy lanes of a disqualified target that rolled 2 (two 1s in the window below its
upper clean leader, ``exact_finish._two_in_window`` with ``tighter``): with d fixed,
each lane y's sum for target h is sum over j2 of c_j2(y) H[h, j2](y), where H[h, j2] =
r_j2 times the window's triples without h and j2 (W r_m r_n r_j1), r = 1 / allowed. As
y rises every allowed rises and the window (1s in (y, y1], y1 in (y, d)) shrinks, so H
falls; but c_j2(y), the chance of being clean at exactly y, does not, so a lane between
two summed ones (y_a < y < y_b) is bracketed by c(y) H(y_b) and c(y) H(y_a): the matrix
H is needed at the summed lanes, not just their sums. (Along d with y fixed, c is fixed,
but r falls as the window grows: not monotone, counted below.)

Records those lanes from the NumPy sums of the shared outcomes given (one field size),
makes H for each (h^3 a lane), checks both monotonies, and prints how wide the bracket of
a lane between its two neighbours is against the lane's own sum, and, for summing every
k-th lane of a d and each lane between whose bracket is wider than a tolerance, the
share of lanes still summed and the width added to the outcome's show bound (times 1/6,
the die, as show takes it; the answer weighs each outcome by its chance, printed).
Run with `.venv/bin/python benchmarks/stretch_exact_bracket.py [--horses 12]
[--outcomes 8 17]` (about 15 s an outcome at 12 horses).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from itertools import pairwise
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes  # as quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of

Floats = Any


def heavy_lanes(clean: Floats, dq: Floats, out: Floats) -> dict[str, Floats]:
    """Every heavy lane of the rolled-2 case of one outcome: y, d, allowed, c, share."""
    found: dict[str, list[Floats]] = defaultdict(list)
    keys: list[tuple[Floats, Floats]] = []
    two_in_window, disqualified_target = (
        exact_finish._two_in_window,
        exact_finish._disqualified_target,
    )

    def recording_target(t: Any, low: Floats, high: Floats, w: Any) -> Any:
        keys.append((low, high))
        return disqualified_target(t, low, high, w)

    def recording(others: Any, lower: Floats, *args: Any, **kwargs: Any) -> Any:
        result = two_in_window(others, lower, *args, **kwargs)
        if len(args) > 5 and args[5] is not None:  # tighter: the rolled-2 case's first call
            rows, cols = np.nonzero(result[2])
            shape = (others.allowed.shape[0],) + result[2].shape
            low, high = keys[-1]
            found["y"].append(low[rows])
            found["d"].append(high[cols])
            for name, value in (
                ("allowed", others.allowed),
                ("c", lower),
                ("share", others.without * others.weight_of_target),
            ):
                found[name].append(np.broadcast_to(value, shape)[:, rows, cols])
            found["window"].append(args[3](rows, cols))
        return result

    exact_finish._two_in_window = recording
    exact_finish._disqualified_target = recording_target
    try:
        exact_finish.place_and_show(clean, dq, out, compiled=False)
    finally:
        exact_finish._two_in_window = two_in_window
        exact_finish._disqualified_target = disqualified_target
    return {
        name: np.concatenate(parts, axis=0 if name == "window" else -1)
        for name, parts in found.items()
    }


def per_pair(allowed: Floats, window: Floats) -> Floats:
    """H[lane, h, j2]: r_j2 times the sum of the window's triples holding neither."""
    r = (1 / allowed).T  # [lane, horse]
    terms = window * r[:, :, None, None] * r[:, None, :, None] * r[:, None, None, :]
    whole = terms.sum(axis=(1, 2, 3)) / 2  # m, n ordered: each triple twice
    holding = (terms.sum(axis=(2, 3)) + terms.sum(axis=(1, 3))) / 2 + terms.sum(axis=(1, 2)) / 2
    horses = r.shape[1]
    both = np.zeros((r.shape[0], horses, horses))
    for i in range(horses):
        for j in range(horses):
            if i != j:  # {i, j} the pair, or one of them the top j1
                both[:, i, j] = (
                    terms[:, i, j, :].sum(1) + terms[:, i, :, j].sum(1) + terms[:, j, :, i].sum(1)
                )
    without = whole[:, None, None] - holding[:, :, None] - holding[:, None, :] + both
    idx = np.arange(horses)
    without[:, idx, idx] = 0
    return r[:, None, :] * without


def report(lanes: dict[str, Floats], chance: float) -> None:
    y, d, c, share = lanes["y"], lanes["d"], lanes["c"].T, lanes["share"].T
    h = per_pair(lanes["allowed"], lanes["window"])
    sums = np.einsum("pj,phj->ph", c, h)
    check = exact_finish._two_q_between(
        lanes["allowed"][:, None, :], lanes["c"][:, None, :], lanes["window"]
    )[:, 0].T
    total = (share * sums).sum() / 6
    print(
        f"  {y.size} heavy lanes, their sum {total:.2e} (x chance {total * chance:.2e}); "
        f"H against the sums: {np.abs(sums - check).max():.1e}"
    )
    by_d, by_y = defaultdict(list), defaultdict(list)
    for lane in np.lexsort((y, d)):
        by_d[d[lane]].append(lane)
    for lane in np.lexsort((d, y)):
        by_y[y[lane]].append(lane)
    rising_in_y = sum(
        int((h[b] > h[a] * (1 + 1e-12)).any()) for ls in by_d.values() for a, b in pairwise(ls)
    )
    falls_in_d = sum(
        int((sums[b] < sums[a] * (1 - 1e-12)).any())
        for ls in by_y.values()
        for a, b in pairwise(ls)
    )
    print(
        f"  d fixed ({len(by_d)} keys, {y.size / len(by_d):.0f} lanes each): H rises with y "
        f"at {rising_in_y} neighbours; y fixed: the sum falls as d rises at {falls_in_d}"
    )

    def width(lane: int, above: int, below: int) -> float:  # below < lane < above in y
        low, high = c[lane] @ h[above].T, c[lane] @ h[below].T
        assert (low <= sums[lane] * (1 + 1e-12)).all() and (sums[lane] <= high * (1 + 1e-9)).all()
        return float((share[lane] * (high - low)).sum() / 6)

    relative = [
        width(ls[i], ls[i + 1], ls[i - 1]) / ((share[ls[i]] * sums[ls[i]]).sum() / 6)
        for ls in by_d.values()
        for i in range(1, len(ls) - 1)
    ]
    print(
        "  a lane between its two neighbours, bracket / its sum: quartiles "
        + " ".join(f"{v:.2f}" for v in np.percentile(relative, [25, 50, 75]))
    )
    for stride in (2, 4):
        for tolerance in (1e-13, 1e-14, 1e-15):
            summed, added = 0, 0.0
            for ls in by_d.values():
                at = list(range(0, len(ls), stride))
                at += [len(ls) - 1] if at[-1] != len(ls) - 1 else []
                summed += len(at)
                for a, b in pairwise(at):
                    for lane in ls[a + 1 : b]:
                        wide = width(lane, ls[b], ls[a])
                        if wide <= tolerance:
                            added += wide
                        else:
                            summed += 1
            print(
                f"  one lane in {stride} summed, the rest bracketed below {tolerance:.0e} a lane: "
                f"{summed / y.size:.2f} of the lanes summed, bound + {added:.1e} "
                f"(x chance {added * chance:.1e})"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--outcomes", type=int, nargs="+", default=[8, 17])
    options = parser.parse_args()
    outcomes = list(_outcomes(field_of(options.horses), load_chart_set(), reached=True))
    for index in options.outcomes:
        chance, clean, dq, out = outcomes[index]
        print(f"{options.horses} horses, shared outcome {index} (chance {chance:.4f}):")
        report(heavy_lanes(clean, dq, out), chance)


if __name__ == "__main__":
    main()
