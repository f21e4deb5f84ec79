"""A study of issue 17 (2026-12-05, xtie): a disqualified target's window case summed over
(top clean key, d) with no window, less the tie at the second clean key; measured before
building it, and dropped (docs/stretch-exact-design.md has the numbers).

Case A of ``exact_finish._disqualified_target``: X disqualified at d rolled 2, the two
clean horses ahead of it in the end at y1 > y2, both behind d, a third clean below y2. A
disqualified horse with a 1 harms X only above y1 (in (y2, y1] it lands in X's gap, behind
it at the wire), one with a 2 only above d (with three or more clean horses; 3 to 6 never).
So the others' limits depend on (y1, d) alone, and y2 matters only when two or more clean
horses are level there (X then lands below both: out of show). Today the pair is (y2, d)
with the 1s in (y2, y1] a window (none, one, two summed, more bounded). Here:

    case A = T1 - T2,
    T1 over (y1, d): a unique clean horse at y1, two or more clean below it, no 1 above y1,
       no 2 above d (``Others``, h a lane, no window);
    T2 over (y2, d): two or more clean level at y2, one clean at some y1 in (y2, d), no 1
       above y1, no 2 above d: the window of 1s in (y2, y1] again, weighted by the tie.

Case B (X rolled 1, one clean horse at y1 >= d, the top clean key y behind d unique, a
clean horse below y; no 1 above d, no 2 above y1) is checked the same way by enumeration.

``--small`` checks both on the small made-up fields of tests/games/stretch/analysis/
test_stretch_exact_finish.py against every joint outcome (T2 and case B by a sum over
every key triple). Otherwise, on the shared outcomes of a field: T1 - T2 against the
reference's case A (show and bound, with T2's two-in-window threshold ``HEAVY_DQ_PAIR``
times ``--scale``), the heavy key pairs of each, and the key pairs whose window terms
the compiled loops would sum (``NEGLIGIBLE`` and ``LOWEST_BOUNDED`` as
``exact_compiled._negligible`` applies them) for today's case and for T2.
Run with `.venv/bin/python benchmarks/stretch_exact_tie.py [--small] [--horses 12]
[--outcomes 0,8,17] [--scale 1]`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_finish as ef
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.analysis.exact_compiled import LOWEST_BOUNDED, NEGLIGIBLE
from homestretch.games.stretch.analysis.exact_finish import HEAVY_DQ_PAIR, Others, Tables
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of

Ints = Any


def lanes_of(t: Tables, low: Ints, high: Ints) -> tuple[Any, ...]:
    """The tables a chunk of key pairs (low, high) reads, [horse, low, high]."""
    weight = t.dq[:, None, high] * (high[None, :] > low[:, None])
    y_ge, y_gt = t.c_ge[:, low][:, :, None], t.c_gt[:, low][:, :, None]
    c_y, p_gt_y = t.c[:, low][:, :, None], t.p_gt[:, low][:, :, None]
    p_gt_d, c_ge_d = t.p_gt[:, None, high], t.c_ge[:, None, high]
    return weight, y_ge, y_gt, c_y, p_gt_y, p_gt_d, c_ge_d


def case_a_reference(t: Tables, low: Ints, high: Ints, w: ef.Windows) -> tuple[Any, Any, int]:
    """Case A as ``exact_finish._disqualified_target`` sums it: show, bound, heavy pairs."""
    weight, y_ge, y_gt, c_y, p_gt_y, p_gt_d, c_ge_d = lanes_of(t, low, high)
    between = y_gt - c_ge_d
    two_ahead = Others(1 - y_ge - p_gt_y - p_gt_d, weight)
    two_only = Others(1 - t.c_tot[:, None, None] - p_gt_y - p_gt_d, weight)
    two_clean = two_ahead.two(c_y, between)
    show = two_ahead.total(two_clean) - two_only.total(two_only.two(c_y, between))
    times, times_t, ones = ef._p_window(w, low, high, t)
    show = show + two_ahead.total(ef._one_between(two_ahead.allowed, c_y, times, times_t))
    show = show - two_only.total(ef._one_between(two_only.allowed, c_y, times, times_t))

    def windows(rows: Ints, cols: Ints) -> Any:
        return ef._p_window_two(w, t, low[rows], high[cols])

    squares = ef._squares(two_ahead, c_y, w, low, 1)
    tighter = ef._squares_below(two_ahead, c_y, w, t, low, high)
    p_weight = two_ahead.weight(ones)
    extra, more, heavy = ef._two_in_window(
        two_ahead, c_y, two_clean, p_weight, squares, windows, HEAVY_DQ_PAIR, tighter
    )
    less, _, _ = ef._two_in_window(two_only, c_y, two_clean, p_weight, None, windows, heavy)
    return (show + extra - less) / 6, more / 6, int(heavy.sum())


def case_a_main(t: Tables, low: Ints, high: Ints) -> Any:
    """T1 over (y1, d) = (low, high), weighted by dq_X(d) / 6 and summed: [horse]."""
    weight, y_ge, _, c_y, p_gt_y, p_gt_d, _ = lanes_of(t, low, high)
    any_below = Others(1 - y_ge - p_gt_y - p_gt_d, weight)
    none_below = Others(1 - t.c_tot[:, None, None] - p_gt_y - p_gt_d, weight)
    c_lt_y = t.c_lt[:, low][:, :, None]
    alone = none_below.one(c_y) + none_below.two(c_y, c_lt_y)
    return (any_below.total(any_below.one(c_y)) - none_below.total(alone)) / 6


def _pair_sum(times: ef.Action, times_t: ef.Action, a: Any, b: Any) -> Any:
    """[X, ...]: the sum over m != j, neither X, of W[m, j] a_m b_j."""
    wb, wta = times(b), times_t(a)
    return (a * wb).sum(axis=0) - a * wb - wta * b


def _three_sum(w2: Any, v: Any) -> Any:
    """[X, pair]: the sum over m < n and j, all different and none X, of W2[m, n, j] v_m
    v_n v_j, for w2 [pair, m, n, j] and v [horse, pair]."""
    vp = v.T
    by_j = np.einsum("pmnj,pm,pn->pj", w2, vp, vp) / 2
    as_m = np.einsum("pmnj,pn,pj->pm", w2, vp, vp) * vp  # X as m or n
    return ((by_j * vp).sum(axis=1)[:, None] - by_j * vp - as_m).T


def case_a_tie(
    t: Tables, low: Ints, high: Ints, w: ef.Windows, scale: float
) -> tuple[Any, Any, int, Any]:
    """T2 over (y2, d) = (low, high): what is summed (none and one 1 in the window, two
    where their bound is above ``HEAVY_DQ_PAIR`` times ``scale``) and the bound (two or
    more elsewhere, three or more where two are summed), [horse]; the heavy pairs; each
    pair's bound on two or more.

    With r = 1 / allowed (today's case's others, ``two_ahead``), rho = c(y2) r and F the
    others' product of 1 + rho, "two or more level at y2" among a set S is prod over S of
    (1 + rho) less 1 less sum rho: every sum is today's with r / (1 + rho) times F, less
    today's with r, less today's with one clean horse at y2 (its value for one)."""
    weight, y_ge, y_gt, c_y, p_gt_y, p_gt_d, c_ge_d = lanes_of(t, low, high)
    others = Others(1 - y_ge - p_gt_y - p_gt_d, weight)
    shape = others.allowed.shape
    r = 1 / others.allowed
    rho = np.broadcast_to(c_y * r, shape)
    grow = np.prod(1 + rho, axis=0) / (1 + rho)
    r1 = r / (1 + rho)
    between = np.broadcast_to(y_gt - c_ge_d, shape)
    br, br1 = between * r, between * r1
    none_in = grow * (br1.sum(axis=0) - br1) - (br.sum(axis=0) - br) - others.two(c_y, between)
    times, times_t, ones = ef._p_window(w, low, high, t)
    one_in = (
        grow * _pair_sum(times, times_t, r1, r1)
        - _pair_sum(times, times_t, r, r)
        - ef._one_between(others.allowed, c_y, times, times_t)
    )
    q = others.weight(ones)
    share = np.broadcast_to(others.without * others.weight_of_target, shape)
    two_on = share * np.maximum(none_in, 0) * (np.expm1(q) - q)
    lane_bounds = two_on.sum(axis=0)
    heavy = lane_bounds > HEAVY_DQ_PAIR * scale
    bound = two_on[:, ~heavy].sum(axis=1)
    two = np.zeros(shape[0])
    rows, cols = np.nonzero(heavy)
    for start in range(0, rows.size, 256):
        rr, cc = rows[start : start + 256], cols[start : start + 256]
        w2 = ef._p_window_two(w, t, low[rr], high[cc])
        allowed = others.allowed[:, rr, cc]
        today = ef._two_q_between(
            allowed[:, None], np.broadcast_to(c_y, shape)[:, rr, cc][:, None], w2
        )
        lane = grow[:, rr, cc] * _three_sum(w2, r1[:, rr, cc]) - _three_sum(w2, 1 / allowed)
        lane = (lane - today[:, 0]) * share[:, rr, cc]
        two += lane.sum(axis=1)
        bound += (lane * ef.beyond_two(q[rr, cc])).sum(axis=1)
    summed = others.total(none_in + one_in) + two
    return summed / 6, bound / 6, int(heavy.sum()), lane_bounds[lane_bounds > 0] / 6


def window_bounds(t: Tables, low: Ints, high: Ints) -> tuple[Any, Any]:
    """Each pair's bound on its window terms, summed over the targets (as ``_negligible``:
    the others' sums of the two markers times exp(q) - 1), today's and T2's ([y, d])."""
    weight, y_ge, y_gt, c_y, p_gt_y, p_gt_d, c_ge_d = lanes_of(t, low, high)
    allowed = 1 - y_ge - p_gt_y - p_gt_d
    r = 1 / allowed
    between = np.maximum(y_gt - c_ge_d, 0)
    ones = np.maximum(p_gt_y - p_gt_d - t.dq[:, None, high] / 6, 0)
    rho = c_y * r
    s_a, s_b, q = rho.sum(axis=0), (between * r).sum(axis=0), (ones * r).sum(axis=0)
    tie = (s_a**2 - (rho**2).sum(axis=0)) / 2 * np.exp(s_a)  # two or more level at y
    each = (weight * r).sum(axis=0) * np.prod(allowed, axis=0) * s_b * np.expm1(q) / 6
    return each * s_a, each * tie


def summed_lanes(bounds: Any) -> tuple[int, float]:
    """The pairs whose window terms the compiled loops would sum (each key d's lowest
    bounded while below ``NEGLIGIBLE`` or within ``LOWEST_BOUNDED``), and what the bounded
    ones add to the bound."""
    summed, spent_all = 0, 0.0
    for column in bounds.T:
        lanes = np.flatnonzero(column > 0)
        spent, first = 0.0, lanes.size
        for k, i in enumerate(lanes):
            if column[i] >= NEGLIGIBLE and spent + column[i] >= LOWEST_BOUNDED:
                first = k
                break
            spent += column[i]
        summed += lanes.size - first
        spent_all += spent
    return summed, spent_all


def real_outcomes(horses: int, outcomes: list[int], scale: float) -> None:
    found = list(_outcomes(field_of(horses), load_chart_set()))
    for index in outcomes:
        _, clean, dq, out = found[index]
        t = Tables.of(*ef._fresh_merged_keys(clean, dq), out)
        w = ef.Windows.of(t)
        clean_keys, dq_keys = np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))
        ref_show = ref_bound = main = tie = tie_bound = 0.0
        ref_heavy = tie_heavy = 0
        lane_bounds, today, tied = [], [], []
        start = time.process_time()
        for low, high in ef._key_pairs(clean_keys, dq_keys, t.c.shape[0]):
            s, b, n = case_a_reference(t, low, high, w)
            ref_show, ref_bound, ref_heavy = ref_show + s, ref_bound + b, ref_heavy + n
            main = main + case_a_main(t, low, high)
            s, b, n, each = case_a_tie(t, low, high, w, scale)
            tie, tie_bound, tie_heavy = tie + s, tie_bound + b, tie_heavy + n
            lane_bounds.append(each)
        for first in range(0, dq_keys.size, 64):  # whole columns d, every y
            old, new = window_bounds(t, clean_keys, dq_keys[first : first + 64])
            today.append(old)
            tied.append(new)
        show, top = main - tie - tie_bound, main - tie
        low_gap, top_gap = show - ref_show, top - ref_show - ref_bound
        meet = (np.max(ref_show - top), np.max(show - ref_show - ref_bound))
        print(f"{horses} horses, outcome {index} ({time.process_time() - start:.0f} s):")
        print(
            f"  case A today: show up to {np.max(ref_show):.3e}, bound up to "
            f"{np.max(ref_bound):.1e}, heavy pairs {ref_heavy}"
        )
        print(
            f"  T1 - T2: T1 up to {np.max(main):.3e}, T2 up to {np.max(tie):.3e}, T2's bound "
            f"up to {np.max(tie_bound):.1e}, heavy pairs {tie_heavy} (scale {scale:g})"
        )
        print(
            f"  show less today's: {np.min(low_gap):.1e} to {np.max(low_gap):.1e}; top less "
            f"today's top: up to {np.max(top_gap):.1e}; the two ranges meet: {meet[0]:.1e} "
            f"and {meet[1]:.1e} <= 0"
        )
        each = np.sort(np.concatenate(lane_bounds))
        rest = np.cumsum(each)
        needed = (each.size - np.searchsorted(rest, most) for most in (1e-13, 1e-12, 1e-11))
        print(
            "  T2 pairs to sum two in for the rest's bound to stay below 1e-13, 1e-12, "
            "1e-11: {}, {}, {}".format(*needed)
        )
        for name, bounds in (("today's", today), ("T2's", tied)):
            count, spent = summed_lanes(np.concatenate(bounds, axis=1))
            print(
                f"  window terms summed (compiled rules), {name}: {count} pairs, the bounded "
                f"add {spent:.1e}"
            )


def by_enumeration() -> None:
    """Both cases on the test's small fields against every joint outcome."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "tests/games/stretch/analysis"))
    enumerated = importlib.import_module("test_stretch_exact_finish")
    fields = [enumerated.field(seed, 4, 4) for seed in (1, 2, 3)]
    fields += [enumerated.field(seed, 5, 3) for seed in (4, 5, 6)]
    fields += [enumerated.field(seed, 5, 4) for seed in (7, 8)]
    fields += [enumerated.two_in_a_window(key) for key in (2, 3)]
    reference, single = ef._disqualified_target, ef._single_threshold

    def case_a(t: Tables, low: Ints, high: Ints, w: ef.Windows, loosen: float = 1.0) -> Any:
        p, s, b = reference(t, low, high, w, loosen)
        today, bound, _ = case_a_reference(t, low, high, w)
        return (
            p,
            s - today + case_a_main(t, low, high) - tie_by_enumeration(t, low, high),
            b - bound,
        )

    def case_b(t: Tables, low: Ints, high: Ints, w: ef.Windows, loosen: float = 1.0) -> Any:
        p, s, b = reference(t, low, high, w, loosen)
        today, bound = case_b_reference(t, low, high, w)
        return p, s - today, b - bound

    def case_b_single(t: Tables, w: ef.Windows) -> Any:
        p, s, b = single(t, w)
        return p, s + case_b_single_reference(t, w) + case_b_by_enumeration(t), b

    for clean, dq, out in fields:
        _, show = enumerated.every_outcome(clean, dq, out)
        errors = []
        for target, threshold in ((reference, single), (case_a, single), (case_b, case_b_single)):
            ef._disqualified_target, ef._single_threshold = target, threshold
            errors.append(np.abs(ef.place_and_show(clean, dq, out, compiled=False).show - show))
        ef._disqualified_target, ef._single_threshold = reference, single
        print(
            f"{clean.shape[0]} horses, {clean.shape[1]} keys: show less every joint "
            "outcome's, today {:.1e}, case A as T1 - T2 {:.1e}, case B by (d, y1) {:.1e}".format(
                *(error.max() for error in errors)
            )
        )


def tie_by_enumeration(t: Tables, low: Ints, high: Ints) -> Any:
    """T2 for the key pairs (y1, d) = (low, high), summed over every y2 below y1."""
    horses = t.c.shape[0]
    result = np.zeros(horses)
    for y1 in low:
        for d in high[high > y1]:
            for x in np.flatnonzero(t.dq[:, d]):
                for y2 in range(y1):
                    poly = np.zeros((2, 3))  # [clean at y1: 0, 1][clean at y2: 0, 1, 2+]
                    poly[0, 0] = 1.0
                    for j in range(horses):
                        if j != x:
                            new = poly * (1 - t.c_ge[j, y2] - t.p_gt[j, y1] - t.p_gt[j, d])
                            new[1] += poly[0] * t.c[j, y1]
                            new[:, 1] += poly[:, 0] * t.c[j, y2]
                            new[:, 2] += (poly[:, 1] + poly[:, 2]) * t.c[j, y2]
                            poly = new
                    result[x] += t.dq[x, d] / 6 * poly[1, 2]
    return result


def case_b_reference(t: Tables, low: Ints, high: Ints, w: ef.Windows) -> tuple[Any, Any]:
    """Case B as ``_disqualified_target`` sums it (with its two clean horses only)."""
    weight, y_ge, _, c_y, _, p_gt_d, c_ge_d = lanes_of(t, low, high)
    ahead = Others(1 - y_ge - 2 * p_gt_d, weight)
    with_leader = ahead.two(c_y, c_ge_d)
    one_q = ef._one_q_between(ahead.allowed, c_y, w.one[high])
    squares = ef._squares(ahead, c_y, w, high, 2)

    def windows_at_d(_: Ints, cols: Ints) -> Any:
        return w.two[high[cols]]

    q = ahead.weight(p_gt_d)
    extra, bound, heavy = ef._two_in_window(
        ahead, c_y, with_leader, q, squares, windows_at_d, HEAVY_DQ_PAIR
    )
    alone = Others(1 - t.c_tot[:, None, None] - 2 * p_gt_d, weight)
    less, _, _ = ef._two_in_window(alone, c_y, with_leader, q, None, windows_at_d, heavy)
    return (ahead.total(with_leader + one_q) + extra - less) / 6, bound / 6


def case_b_single_reference(t: Tables, w: ef.Windows) -> Any:
    """What ``_single_threshold`` takes off case B: the two clean horses alone."""
    pair_alone = Others(1 - t.c_tot[:, None] - 2 * t.p_gt, t.dq)
    with_leader = pair_alone.two(t.c_lt, t.c_ge)
    one_q = ef._one_q_between(pair_alone.allowed[:, None], t.c_lt[:, None], w.one)[:, 0]
    return pair_alone.total(with_leader + one_q) / 6


def case_b_by_enumeration(t: Tables) -> Any:
    """Case B as the lead reads it, over every (d, y1 >= d, y < d)."""
    horses, keys = t.c.shape
    result = np.zeros(horses)
    for x, d in zip(*np.nonzero(t.dq), strict=True):
        for y1 in range(d, keys):
            for y in range(d):
                poly = np.zeros((2, 2, 2))  # [clean at y1][clean at y][clean below y]
                poly[0, 0, 0] = 1.0
                for j in range(horses):
                    if j == x:
                        continue
                    below = t.c_lt[j, y]
                    free = 1 - t.c_ge[j, y] - t.p_gt[j, d] - t.p_gt[j, y1] - below
                    new = np.zeros_like(poly)
                    new[:, :, 0] = poly[:, :, 0] * free
                    new[:, :, 1] = poly[:, :, 1] * (free + below) + poly[:, :, 0] * below
                    new[1] += poly[0] * t.c[j, y1]
                    new[:, 1] += poly[:, 0] * t.c[j, y]
                    poly = new
                result[x] += t.dq[x, d] / 6 * poly[1, 1, 1]
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--outcomes", default="0,8,17")
    parser.add_argument("--scale", type=float, default=1.0)
    options = parser.parse_args()
    if options.small:
        by_enumeration()
    else:
        outcomes = [int(index) for index in options.outcomes.split(",")]
        real_outcomes(options.horses, outcomes, options.scale)


if __name__ == "__main__":
    main()
