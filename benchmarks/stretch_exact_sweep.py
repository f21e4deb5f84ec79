"""A study of issue 17 (2026-12-05, xfresh): a clean target's window summed by one sweep
over the upper key, every count of disqualified horses in the window at once, against
the expansion the compiled sums use (none, one, two, three in the window, more bounded).

A clean target X at x, the lower clean horse Y at y and the upper Z at z > y: every other
horse j is allowed with chance g_j = 1 - c_gt_j(x) - q_j(y) - q_j(z) (not clean above x,
no 1 above y, no 2 above z; q = ``Tables.p_gt``). For a fixed lane (x, y) the sum over z
of c_Z(z) times the product of the others' g is kept up to date as z rises: only the
horses disqualified at z change their g (2.7 of 12 a key), and the targets' own terms are
flushed only when their factor changes (running sums U, V of the product times A B - D
and B; ``sweep_y``). Exact for any number in the window: no heavy lanes, no three in a
window, no bound. But it costs the keys above y a lane (some 250 clean and 130
disqualified keys at 12 horses), where the expansion costs h^2 and the sets of three and
four (144, 220, 495).

Prints: the sweep against a brute-force triple sum on a few lanes (relative difference),
against the NumPy pieces of ``exact_finish._clean_target`` (none + one + two in the
window; they differ by the three or more the expansion bounds), and the CPU of the sweep
over the heavy lanes the NumPy sums pick (two in the window summed) against today's whole
clean side of the same outcome (``clean_targets`` and ``three_in_window``), and of the
sweep over every lane. Run with `.venv/bin/python benchmarks/stretch_exact_sweep.py
[--horses 12] [--outcome 8]` (the NumPy sums of one outcome first: up to a minute).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.analysis import exact_compiled as ec
from homestretch.games.stretch.analysis import exact_finish as ef
from homestretch.games.stretch.analysis.exact import _keep_freed_memory
from homestretch.games.stretch.analysis.exact_compiled_three import three_in_window
from stretch_exact_pairs import inputs_of

kernel = njit(nogil=True, cache=True, fastmath={"contract"})


@kernel
def by_key(mat: Any) -> tuple[Any, Any]:
    """The horses with a chance at each key, as (starts, horses)."""
    h, keys = mat.shape
    starts = np.zeros(keys + 1, np.int64)
    for z in range(keys):
        starts[z + 1] = starts[z] + (mat[:, z] > 0).sum()
    idx = np.empty(starts[keys], np.int64)
    for z in range(keys):
        at = starts[z]
        for j in range(h):
            if mat[j, z] > 0:
                idx[at] = j
                at += 1
    return starts, idx


@kernel
def sweep_y(
    c: Any, q: Any, c_gt: Any, y: int, xs: Any, cs: Any, ci: Any, ds: Any, di: Any, out: Any
) -> None:
    """out[X, lane] += c_X(x) sum over z > y, Y, Z of c_Y(y) c_Z(z) times the product of
    the others' g (X, Y, Z distinct), lanes x = xs, by one sweep up the keys."""
    h, keys = c.shape
    lanes = xs.size
    base, g = np.empty((h, lanes)), np.empty((h, lanes))
    r, a = np.empty((h, lanes)), np.empty((h, lanes))
    product, total_a = np.ones(lanes), np.zeros(lanes)
    u, v, b_sum, d_sum = np.zeros(lanes), np.zeros(lanes), np.empty(lanes), np.empty(lanes)
    u0, v0, acc = np.zeros((h, lanes)), np.zeros((h, lanes)), np.zeros((h, lanes))
    for j in range(h):
        for i in range(lanes):
            base[j, i] = 1 - c_gt[j, xs[i]] - q[j, y]
            g[j, i] = base[j, i] - q[j, y]
            r[j, i] = 1 / g[j, i]
            a[j, i] = c[j, y] * r[j, i]
            product[i] *= g[j, i]
            total_a[i] += a[j, i]
    for z in range(y + 1, keys):
        for at in range(ds[z], ds[z + 1]):  # a 2 at z is now in the window: g_j changes
            j = di[at]
            for i in range(lanes):  # j's terms so far, then its new factor
                acc[j, i] += r[j, i] * ((u[i] - u0[j, i]) - a[j, i] * (v[i] - v0[j, i]))
                u0[j, i], v0[j, i] = u[i], v[i]
                product[i] /= g[j, i]
                total_a[i] -= a[j, i]
                g[j, i] = base[j, i] - q[j, z]
                r[j, i] = 1 / g[j, i]
                a[j, i] = c[j, y] * r[j, i]
                product[i] *= g[j, i]
                total_a[i] += a[j, i]
        if cs[z + 1] == cs[z]:
            continue
        b_sum[:], d_sum[:] = 0.0, 0.0
        for at in range(cs[z], cs[z + 1]):  # Z clean at z
            j, cz = ci[at], c[ci[at], z]
            for i in range(lanes):
                b = cz * r[j, i]
                b_sum[i] += b
                d_sum[i] += a[j, i] * b
        for i in range(lanes):
            u[i] += product[i] * (total_a[i] * b_sum[i] - d_sum[i])
            v[i] += product[i] * b_sum[i]
        for at in range(cs[z], cs[z + 1]):  # Z = X left out
            j, cz = ci[at], c[ci[at], z]
            for i in range(lanes):
                b = cz * r[j, i]
                acc[j, i] -= product[i] * r[j, i] * b * (total_a[i] - 2 * a[j, i])
    for j in range(h):
        for i in range(lanes):
            acc[j, i] += r[j, i] * ((u[i] - u0[j, i]) - a[j, i] * (v[i] - v0[j, i]))
            out[j, i] += c[j, xs[i]] * acc[j, i]


def brute(c: Any, q: Any, c_gt: Any, y: int, x: int) -> Any:
    """The same sum term by term."""
    h, keys = c.shape
    result = np.zeros(h)
    for target in np.flatnonzero(c[:, x]):
        total = 0.0
        for z in range(y + 1, keys):
            g = 1 - c_gt[:, x] - q[:, y] - q[:, z]
            for lower in np.flatnonzero(c[:, y]):
                for upper in np.flatnonzero(c[:, z]):
                    if len({target, lower, upper}) < 3:
                        continue
                    keep = np.ones(h, bool)
                    keep[[target, lower, upper]] = False
                    total += c[lower, y] * c[upper, z] * np.prod(g[keep])
        result[target] = c[target, x] * total
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--outcome", type=int, default=8)
    options = parser.parse_args()
    _keep_freed_memory()
    _, t, ck, _, loosen = inputs_of(options.horses)[options.outcome]
    h = t.c.shape[0]
    c, q, c_gt = (np.ascontiguousarray(a) for a in (t.c, t.p_gt, t.c_gt))
    (cs, ci), (ds, di) = by_key(c), by_key(np.ascontiguousarray(t.dq))
    w = ef.Windows.of(t)
    rng = np.random.default_rng(3)
    worst, beside = 0.0, []
    for _ in range(3):
        k = int(rng.integers(len(ck) // 2, len(ck) - 2))
        y, x = int(ck[k]), int(ck[rng.integers(0, k)])
        out = np.zeros((h, 1))
        sweep_y(c, q, c_gt, y, np.array([x]), cs, ci, ds, di, out)
        truth = brute(c, q, c_gt, y, x)
        worst = max(worst, np.abs(out[:, 0] - truth).max() / max(truth.max(), 1e-300))
        low, high = np.array([x]), np.array([y])
        two = ef.Others(
            1 - t.c_gt[:, low][:, :, None] - 2 * t.p_gt[:, None, high], t.c[:, low][:, :, None]
        )
        c_y = t.c[:, None, high]
        pieces = two.total(
            two.two(c_y, t.c_gt[:, None, high])
            + ef._one_q_between(two.allowed, c_y, w.one[high])
            + ef._two_q_between(two.allowed, c_y, w.two[high])
        )
        beside.append((np.abs(out[:, 0] - pieces).max(), pieces.max()))
    print(f"sweep against the term-by-term sum: largest relative difference {worst:.1e}")
    for diff, size in beside:
        print(f"against the NumPy none + one + two in the window: {diff:.1e} of {size:.1e}")
    # the heavy lanes, as the NumPy sums pick them (two in the window summed)
    picked, lows, pick, clean_target = [], [], ef._two_in_window, ef._clean_target

    def two_in_window(*args: Any, **kwargs: Any) -> Any:
        result = pick(*args, **kwargs)
        if kwargs.get("three") is not None:
            picked.append((kwargs["three"][1], result[2]))
        return result

    def noting(t_: Any, low: Any, high: Any, w_: Any, threes: Any, loosen_: float = 1.0) -> Any:
        lows.append(low)
        return clean_target(t_, low, high, w_, threes, loosen_)

    ef._two_in_window, ef._clean_target = two_in_window, noting  # type: ignore[assignment]
    threes = ef.WindowsOfThree(t)
    for low, high in ef._key_pairs(ck, ck, h):
        ef._clean_target(t, low, high, w, threes, loosen)
    by_y: dict[int, list[int]] = {}
    for (high, pairs), low in zip(picked, lows, strict=True):
        for row, col in zip(*np.nonzero(pairs), strict=True):
            by_y.setdefault(int(high[col]), []).append(int(low[row]))
    heavy = [(y, np.array(sorted(xs), np.int64)) for y, xs in sorted(by_y.items())]
    every = [(int(ck[k]), ck[:k].astype(np.int64)) for k in range(1, len(ck))]
    a = {name: np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in ec.TABLES}
    cw = ec.windows(t)

    def sweep(groups: list[tuple[int, Any]]) -> None:
        for y, xs in groups:
            sweep_y(c, q, c_gt, y, xs, cs, ci, ds, di, np.zeros((h, xs.size)))

    def today() -> None:
        place = np.zeros((h, ck.size))
        show, bound = np.zeros_like(place), np.zeros_like(place)
        room = ck.size * (ck.size - 1) // 2
        log = (
            ef.HEAVY_THREE * loosen, np.empty(room, np.int64), np.empty(room, np.int64),
            np.zeros(1, np.int64),
        )  # fmt: skip
        first = ec._left_out(a["c"], a["c_gt"], ck, bound)
        ec.clean_targets(
            a["c"], a["c_gt"], a["p_gt"], cw.one, cw.two, cw.spread, ck, ef.HEAVY_PAIR * loosen,
            first, place, show, bound, log,
        )  # fmt: skip
        three_in_window(
            a["c"], a["c_gt"], a["p_gt"], ck, log[1], log[2], int(log[3][0]), show, bound
        )

    sweep(heavy[:1])
    today()
    least = {"sweep of the heavy lanes": np.inf, "today's clean side": np.inf}
    for _ in range(3):
        for name, work in (
            ("sweep of the heavy lanes", lambda: sweep(heavy)),
            ("today's clean side", today),
        ):
            start = time.process_time()
            work()
            least[name] = min(least[name], time.process_time() - start)
    start = time.process_time()
    sweep(every)
    all_lanes = time.process_time() - start
    lanes = sum(xs.size for _, xs in heavy)
    above = sum(xs.size * (t.c.shape[1] - 1 - y) for y, xs in heavy) / lanes
    print(
        f"{h} horses, outcome {options.outcome}: {lanes} heavy lanes at {len(heavy)} keys y, {above:.0f} keys above y a lane"
    )
    for name, seconds in least.items():
        print(f"{name:>26}: {seconds:.4f} s (least of 3)")
    print(
        f"{'sweep of every lane':>26}: {all_lanes:.3f} s ({sum(xs.size for _, xs in every)} lanes)"
    )


if __name__ == "__main__":
    main()
