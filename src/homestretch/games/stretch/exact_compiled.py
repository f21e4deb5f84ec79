"""The key-pair sums of ``exact_finish`` as compiled loops (Numba).

The same cases and the same algebra as ``exact_finish._clean_target`` and
``_disqualified_target`` (their docstrings say what each term means), arranged for a
compiler: for each higher key, every lower key at once, in loops over [horse, lower key]
arrays that run along whole rows (so the processor does several at a time) and make no
temporary arrays. One difference: where a key pair's window terms (disqualified horses
between two clean ones, the costly part) are bounded below ``NEGLIGIBLE`` they are added
to the show bound instead of summed. The loops let go of the interpreter lock, so the threads of
``exact.quickplay_chances`` really work at once. The numbers agree with the NumPy path
to rounding (tests/games/stretch/test_stretch_exact_compiled.py).

Compiled code is kept in ``__pycache__`` beside this file (``cache=True``): ``make setup``
compiles it once (``python -m homestretch.games.stretch.exact_compiled``), so nobody waits
for a compile at their first ``odds``. Importing Numba takes about half a second, so only
``exact_finish.place_and_show`` imports this module, when the sums are wanted.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.exact_finish import HEAVY_PAIR, Floats, Tables, Windows

NEGLIGIBLE = 1e-18
"""Key pairs whose window terms are bounded below this are bounded, not summed: about
two thirds of the pairs of a 12-horse field, adding some 1e-15 to its show bound."""

# nogil: threads run the loops at once; cache: compiled once, kept in __pycache__;
# contract: a * b + c in one instruction (rounded once, not twice)
kernel = njit(nogil=True, cache=True, error_model="numpy", fastmath={"contract"})
Ints = Any  # numba reads no annotations; these name what each argument holds

# Every helper works on the first n columns of [horse, lower key] arrays: r holds
# 1 / allowed, each horse's chance of an outcome that harms no claim (exact_finish.Others).


@kernel
def _others(allowed: Floats, weight: Floats, r: Floats, weighted: Floats, n: int) -> None:
    """r = 1 / allowed; weighted = the product of the others' allowed times weight."""
    horses = allowed.shape[0]
    product = np.ones(n)
    for h in range(horses):
        for i in range(n):
            product[i] *= allowed[h, i]
    for h in range(horses):
        for i in range(n):
            r[h, i] = 1 / allowed[h, i]
            weighted[h, i] = product[i] / allowed[h, i] * weight[h, i]


@kernel
def _sum_of(r: Floats, a: Floats, n: int) -> Floats:
    total = np.zeros(n)
    for h in range(r.shape[0]):
        for i in range(n):
            total[i] += a[h, i] * r[h, i]
    return total


@kernel
def _one(r: Floats, a: Floats, into: Floats, scale: float, n: int) -> None:
    """into += scale * (exactly one other horse marked a)."""
    total = _sum_of(r, a, n)
    for h in range(r.shape[0]):
        for i in range(n):
            into[h, i] += scale * (total[i] - a[h, i] * r[h, i])


@kernel
def _two(r: Floats, a: Floats, b: Floats, into: Floats, scale: float, n: int) -> None:
    """into += scale * (one other marked a, a different one marked b)."""
    horses = r.shape[0]
    sum_a, sum_b, both = np.zeros(n), np.zeros(n), np.zeros(n)
    for h in range(horses):
        for i in range(n):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb
    for h in range(horses):
        for i in range(n):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            into[h, i] += scale * ((sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb))


@kernel
def _pair(r: Floats, a: Floats, into: Floats, scale: float, n: int) -> None:
    """into += scale * (two different others both marked a)."""
    horses = r.shape[0]
    total, squares = np.zeros(n), np.zeros(n)
    for h in range(horses):
        for i in range(n):
            ra = a[h, i] * r[h, i]
            total[i] += ra
            squares[i] += ra * ra
    for h in range(horses):
        for i in range(n):
            ra = a[h, i] * r[h, i]
            pairs = (total[i] * total[i] - squares[i]) / 2
            into[h, i] += scale * (pairs - ra * (total[i] - ra))


@kernel
def _one_between(
    r: Floats, c_y: Floats, matrix: Floats, into: Floats, scale: float, start: int, n: int
) -> None:
    """into += scale * ``exact_finish._one_between`` on the columns start to n; the
    coupling matrix[m, j, i] is each lower key's own (``matrix.shape[2] == 1``: one
    matrix for all)."""
    horses = r.shape[0]
    if start >= n:
        return
    each = matrix.shape[2] > 1
    a, ra = np.empty((horses, n)), np.empty((horses, n))
    row, col = np.zeros((horses, n)), np.zeros((horses, n))
    m_ra, mt_ra = np.zeros((horses, n)), np.zeros((horses, n))
    for h in range(horses):
        for i in range(start, n):
            a[h, i] = c_y[h, i] * r[h, i]
            ra[h, i] = r[h, i] * a[h, i]
    for m in range(horses):
        for j in range(horses):
            if m == j:
                continue
            if each:
                for i in range(start, n):
                    w = matrix[m, j, i]
                    row[m, i] += w * r[j, i]
                    m_ra[m, i] += w * ra[j, i]
                    col[j, i] += w * r[m, i]
                    mt_ra[j, i] += w * ra[m, i]
            else:
                w = matrix[m, j, 0]
                if w == 0.0:
                    continue
                for i in range(start, n):
                    row[m, i] += w * r[j, i]
                    m_ra[m, i] += w * ra[j, i]
                    col[j, i] += w * r[m, i]
                    mt_ra[j, i] += w * ra[m, i]
    sum_a, sum_row, sum_spread = np.zeros(n), np.zeros(n), np.zeros(n)
    for h in range(horses):
        for i in range(start, n):
            row[h, i] *= r[h, i]
            col[h, i] *= r[h, i]
            sum_a[i] += a[h, i]
            sum_row[i] += row[h, i]
            sum_spread[i] += a[h, i] * (row[h, i] + col[h, i])
    for h in range(horses):
        for i in range(start, n):
            spread = a[h, i] * (row[h, i] + col[h, i])
            into[h, i] += scale * (
                (sum_a[i] - a[h, i]) * (sum_row[i] - row[h, i] - col[h, i])
                - (sum_spread[i] - spread)
                + r[h, i] * (m_ra[h, i] + mt_ra[h, i])
            )


@kernel
def _two_q_between(r: Floats, c_y: Floats, w_two: Floats) -> Floats:
    """``exact_finish._two_q_between`` for key pairs: r is [horse, pair], c_y [horse, pair]
    each horse's chance at the lower clean horse's key, w_two[m, n, j, pair] the windows
    (symmetric in m and n; a last axis of 1: one window for all). Its contractions as
    sums over one index at a time."""
    horses, n = r.shape
    each = w_two.shape[3] > 1
    a, ar = np.empty((horses, n)), np.empty((horses, n))
    for h in range(horses):
        for i in range(n):
            a[h, i] = c_y[h, i] * r[h, i]
            ar[h, i] = a[h, i] * r[h, i]
    first, last, shared = np.zeros((horses, n)), np.zeros((horses, n)), np.zeros((horses, n))
    u, v = np.empty(n), np.empty(n)
    for m in range(horses):
        for k in range(horses):
            u[:] = 0.0  # sum over j of W[m, k, j] r_j, and of W[m, k, j] ar_j
            v[:] = 0.0
            for j in range(horses):
                if each:
                    for i in range(n):
                        u[i] += w_two[m, k, j, i] * r[j, i]
                        v[i] += w_two[m, k, j, i] * ar[j, i]
                    continue
                w = w_two[m, k, j, 0]
                for i in range(n):
                    u[i] += w * r[j, i]
                    v[i] += w * ar[j, i]
            for i in range(n):
                first[m, i] += r[k, i] * u[i]
                shared[m, i] += ar[k, i] * u[i] + r[k, i] * v[i]
    for m in range(horses):
        for j in range(horses):
            u[:] = 0.0  # sum over k of W[m, k, j] r_k
            for k in range(horses):
                if each:
                    for i in range(n):
                        u[i] += w_two[m, k, j, i] * r[k, i]
                    continue
                w = w_two[m, k, j, 0]
                for i in range(n):
                    u[i] += w * r[k, i]
            for i in range(n):
                last[j, i] += r[m, i] * u[i]
                shared[j, i] += ar[m, i] * u[i]  # W[m, k, j] = W[k, m, j]
    result = np.empty((horses, n))
    sum_a, whole, sum_a_own = np.zeros(n), np.zeros(n), np.zeros(n)
    for h in range(horses):
        for i in range(n):
            own = (2 * first[h, i] + last[h, i]) * r[h, i]
            sum_a[i] += a[h, i]
            whole[i] += first[h, i] * r[h, i]
            sum_a_own[i] += a[h, i] * own
    for h in range(horses):
        for i in range(n):
            own = (2 * first[h, i] + last[h, i]) * r[h, i]
            result[h, i] = (
                (sum_a[i] - a[h, i]) * (whole[i] - own)
                - (sum_a_own[i] - a[h, i] * own)
                + 2 * r[h, i] * shared[h, i]
            ) / 2
    return result


@kernel
def _negligible_prefix(
    weighted: Floats, s_a: Floats, s_b: Floats, q: Floats, bound: Floats, scale: float, n: int
) -> int:
    """The first lower key whose window terms may matter; those below it get their bound.

    The window terms (one or more disqualified horses in a window, besides a horse
    marked a and another marked b) of a key pair are at most weighted * s_a * s_b *
    (exp(q) - 1): the sums over the others of a, b and the window's markers, each over
    allowed (the product over subsets of markers, bounded by the exponential). Low keys
    are where a horse is rarely so far ahead that the window matters: below ``NEGLIGIBLE``
    they are bounded (``bound += scale * ...``) instead of summed, at no cost to place.
    """
    start = 0
    while start < n:
        share = s_a[start] * s_b[start] * math.expm1(q[start]) * scale
        total = 0.0
        for h in range(weighted.shape[0]):
            total += weighted[h, start] * share
        if total >= NEGLIGIBLE:
            break
        for h in range(weighted.shape[0]):
            bound[h, start] += weighted[h, start] * share
        start += 1
    return start


@kernel
def _spread(column: Floats, horses: int, n: int) -> Floats:
    """One value per horse, the same at every lower key."""
    out = np.empty((horses, n))
    for h in range(horses):
        for i in range(n):
            out[h, i] = column[h]
    return out


@kernel
def _add(into: Floats, weighted: Floats, factor: Floats, scale: float, n: int) -> None:
    for h in range(into.shape[0]):
        for i in range(n):
            into[h, i] += scale * weighted[h, i] * factor[h, i]


@kernel
def clean_targets(
    c: Floats,
    c_gt: Floats,
    p_gt: Floats,
    w_one: Floats,
    w_two: Floats,
    w_spread: Floats,
    clean_keys: Ints,
    place: Floats,
    show: Floats,
    bound: Floats,
    heavy_pair: float,
) -> None:
    """``exact_finish._clean_target`` for every key pair (x, y), x < y clean keys;
    place, show and bound are [horse, x] sums over y."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_gt = c[:, clean_keys].copy(), c_gt[:, clean_keys].copy()
    allowed, r = np.empty((horses, count)), np.empty((horses, count))
    weighted, factor = np.empty((horses, count)), np.empty((horses, count))
    distinct = np.empty((horses, count))
    for k in range(1, count):
        y, n = clean_keys[k], k
        c_y, p_y = _spread(c[:, y], horses, n), _spread(p_gt[:, y], horses, n)
        c_gt_y = _spread(c_gt[:, y], horses, n)
        # A = 1: one clean horse at y, no disqualified 1 above it
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - low_gt[h, i] - p_y[h, i]
        _others(allowed, low_c, r, weighted, n)
        factor[:, :n] = 0.0
        _one(r, c_y, factor, 1.0, n)
        _add(place, weighted, factor, 1.0, n)
        _two(r, c_y, p_y, factor, 1.0, n)
        _add(show, weighted, factor, 1.0, n)
        # A = 2, the lower at y
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - low_gt[h, i] - 2 * p_y[h, i]
        _others(allowed, low_c, r, weighted, n)
        distinct[:, :n] = 0.0
        _two(r, c_y, c_gt_y, distinct, 1.0, n)
        factor[:, :n] = distinct[:, :n]
        _pair(r, c_y, factor, 1.0, n)
        q = _sum_of(r, p_y, n)
        start = _negligible_prefix(
            weighted, _sum_of(r, c_y, n), _sum_of(r, c_gt_y, n), q, bound, 1.0, n
        )
        _one_between(r, c_y, w_one[y][:, :, None], factor, 1.0, start, n)
        _add(show, weighted, factor, 1.0, n)
        # two or more disqualified 2s in the window: summed where that matters
        heavy = _heavy_windows(
            r, weighted, c_y, distinct, q, w_spread[y][:, :, None], bound, 1.0, heavy_pair,
            start, n,
        )  # fmt: skip
        chosen = np.flatnonzero(heavy)
        if chosen.size:
            two_q = _two_q_between(r[:, chosen], c_y[:, chosen], w_two[y][..., None])
            _add_two(show, bound, weighted, two_q, chosen, q, 1.0)


@kernel
def _heavy_windows(
    r: Floats,
    weighted: Floats,
    lower: Floats,
    none_in: Floats,
    q: Floats,
    spread: Floats,
    bound: Floats,
    scale: float,
    heavy_pair: float,
    start: int,
    n: int,
) -> Any:
    """``exact_finish._two_in_window`` up to the sums: the columns from start whose bound
    on two or more disqualified horses in the window is above heavy_pair (returned,
    for the sums of two), the others' bound added (times ``scale``). ``spread`` is
    [m, j, column] (``Windows.spread``; a last axis of 1: one matrix for every column)."""
    horses = r.shape[0]
    each = spread.shape[2] > 1
    squared = np.zeros((horses, n))
    for m in range(horses):
        for j in range(horses):
            if each:
                for i in range(start, n):
                    squared[j, i] += spread[m, j, i] * r[m, i] * r[m, i]
                continue
            w = spread[m, j, 0]
            for i in range(start, n):
                squared[j, i] += w * r[m, i] * r[m, i]
    two_on = np.zeros((horses, n))
    _two(r, lower, squared, two_on, 1.0, n)
    heavy = np.zeros(n, dtype=np.bool_)
    for i in range(start, n):
        grows, share = math.expm1(q[i]) - q[i], 0.0
        for h in range(horses):
            two_on[h, i] = min(none_in[h, i] * grows, two_on[h, i] * math.exp(q[i]) / 2)
            share += weighted[h, i] * two_on[h, i]
        heavy[i] = share > heavy_pair
        if not heavy[i]:
            for h in range(horses):
                bound[h, i] += scale * weighted[h, i] * two_on[h, i]
    return heavy


@kernel
def _add_two(
    show: Floats,
    bound: Floats,
    weighted: Floats,
    two_q: Floats,
    chosen: Ints,
    q: Floats,
    scale: float,
) -> None:
    """Exactly two in the window (two_q, a column per chosen pair) to show, and three or
    more to the bound: the two times q exp(q) / 3."""
    for s, x in enumerate(chosen):
        beyond = q[x] * math.exp(q[x]) / 3
        for h in range(show.shape[0]):
            two = weighted[h, x] * two_q[h, s]
            show[h, x] += scale * two
            bound[h, x] += scale * two * beyond


@kernel
def _p_window_two(
    w_two: Floats, w_one: Floats, c_ge: Floats, p_gt: Floats, y: int, d: int, two: Floats
) -> None:
    """two = ``exact_finish._p_window_two`` for one key pair (y, d)."""
    horses = c_ge.shape[0]
    two[:] = 0.0
    for m in range(horses):
        alpha_m = p_gt[m, y] - p_gt[m, d]
        for n in range(horses):
            if n == m:
                continue
            alpha_n = p_gt[n, y] - p_gt[n, d]
            for j in range(horses):
                if j in (m, n):
                    continue
                above = (
                    alpha_m * alpha_n * c_ge[j, d]
                    + alpha_m * w_one[d, n, j]
                    + alpha_n * w_one[d, m, j]
                    + w_two[d, m, n, j]
                )
                two[m, n, j] = max(w_two[y, m, n, j] - above, 0.0)


@kernel
def disqualified_targets(
    c: Floats,
    dq: Floats,
    out: Floats,
    c_ge: Floats,
    c_gt: Floats,
    c_lt: Floats,
    c_tot: Floats,
    p_gt: Floats,
    d_le: Floats,
    w_one: Floats,
    w_two: Floats,
    w_spread: Floats,
    w_at: Floats,
    clean_keys: Ints,
    dq_keys: Ints,
    place: Floats,
    show: Floats,
    bound: Floats,
    heavy_pair: float,
) -> None:
    """``exact_finish._disqualified_target`` for every pair (y, d), y a clean key below
    the disqualified key d; place, show and bound are [horse, y] sums over d."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_ge = c[:, clean_keys].copy(), c_ge[:, clean_keys].copy()
    low_gt, low_lt = c_gt[:, clean_keys].copy(), c_lt[:, clean_keys].copy()
    low_p = p_gt[:, clean_keys].copy()
    low_w = np.empty((horses, horses, count))  # w_one at the lower keys, lower key last
    low_spread = np.empty((horses, horses, count))
    for m in range(horses):
        for j in range(horses):
            for i in range(count):
                low_w[m, j, i] = w_one[clean_keys[i], m, j]
                low_spread[m, j, i] = w_spread[clean_keys[i], m, j]
    allowed, r = np.empty((horses, count)), np.empty((horses, count))
    weighted, factor = np.empty((horses, count)), np.empty((horses, count))
    between, ones = np.empty((horses, count)), np.empty((horses, count))
    two_clean = np.empty((horses, count))
    alone, r_alone = np.empty((horses, count)), np.empty((horses, count))
    weighted_alone = np.empty((horses, count))
    window = np.empty((horses, horses, count))
    for d in dq_keys:
        n = int(np.searchsorted(clean_keys, d))
        if n == 0:
            continue
        weight = _spread(dq[:, d], horses, n)
        p_d, c_ge_d = _spread(p_gt[:, d], horses, n), _spread(c_ge[:, d], horses, n)
        for h in range(horses):
            for i in range(n):
                between[h, i] = low_gt[h, i] - c_ge_d[h, i]
                ones[h, i] = low_p[h, i] - p_d[h, i] - dq[h, d] / 6
        # r = 1: X rolled 1, the clean horse at y heads the others
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - low_ge[h, i] - p_d[h, i]
        _others(allowed, weight, r, weighted, n)
        factor[:, :n] = 0.0
        _one(r, low_c, factor, 1.0, n)
        _add(place, weighted, factor, 1 / 6, n)
        _two(r, low_c, p_d, factor, 1.0, n)
        _add(show, weighted, factor, 1 / 6, n)
        # exactly two clean horses, both behind d and apart: X rolled 2 or more
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = out[h] + d_le[h, d] - (low_p[h, i] - p_d[h, i])
        _others(allowed, weight, r, weighted, n)
        factor[:, :n] = 0.0
        _two(r, low_c, low_lt, factor, 1.0, n)
        _add(show, weighted, factor, 5 / 6, n)
        # three or more: X rolled 1 with one clean horse at or ahead of d
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - low_ge[h, i] - 2 * p_d[h, i]
        _others(allowed, weight, r, weighted, n)
        factor[:, :n] = 0.0
        _two(r, low_c, c_ge_d, factor, 1.0, n)
        q = _sum_of(r, p_d, n)
        start = _negligible_prefix(
            weighted, _sum_of(r, low_c, n), _sum_of(r, c_ge_d, n), q, bound, 1 / 6, n
        )
        # ... and two or more 2s in the window above d (a clean third's window at d)
        heavy = _heavy_windows(
            r, weighted, low_c, factor, q, w_spread[d][:, :, None], bound, 1 / 6, heavy_pair,
            start, n,
        )  # fmt: skip
        chosen = np.flatnonzero(heavy)
        if chosen.size:
            two_q = _two_q_between(r[:, chosen], low_c[:, chosen], w_two[d][..., None])
            _add_two(show, bound, weighted, two_q, chosen, q, 1 / 6)
            # less the same with no other clean horse (_single_threshold counts them)
            for h in range(horses):
                for i in range(n):
                    alone[h, i] = 1 - c_tot[h] - 2 * p_d[h, i]
            _others(alone, weight, r_alone, weighted_alone, n)
            two_q = _two_q_between(r_alone[:, chosen], low_c[:, chosen], w_two[d][..., None])
            for s, col in enumerate(chosen):
                for h in range(horses):
                    show[h, col] -= weighted_alone[h, col] * two_q[h, s] / 6
        _one_between(r, low_c, w_one[d][:, :, None], factor, 1.0, start, n)
        _pair(r, low_c, factor, 2.0, n)
        _add(show, weighted, factor, 1 / 6, n)
        # X rolled 2: clean horses alone at y and between y and d, no 1 above y, or one
        # 1 above y at or behind the upper clean horse (the window of exact_finish._p_window)
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - low_ge[h, i] - low_p[h, i] - p_d[h, i]
        _others(allowed, weight, r, weighted, n)
        two_clean[:, :n] = 0.0
        _two(r, low_c, between, two_clean, 1.0, n)
        p = _sum_of(r, ones, n)
        # the window's sum is the one below less the one with no other clean horse
        # (both with one 1 in it, so it is at most the first): bounded together
        start = _negligible_prefix(
            weighted, _sum_of(r, low_c, n), _sum_of(r, between, n), p, bound, 1 / 6, n
        )
        # two or more 1s in the window: summed for two where that matters, less the same
        # with no other clean horse (the same pairs: the difference is at least 0)
        heavy = _heavy_windows(
            r, weighted, low_c, two_clean, p, low_spread, bound, 1 / 6, heavy_pair, start, n,
        )  # fmt: skip
        chosen = np.flatnonzero(heavy)
        windows = np.empty((horses, horses, horses, chosen.size))
        for s, col in enumerate(chosen):
            _p_window_two(w_two, w_one, c_ge, p_gt, clean_keys[col], d, windows[:, :, :, s])
        two_q = _two_q_between(r[:, chosen], low_c[:, chosen], windows)
        _add_two(show, bound, weighted, two_q, chosen, p, 1 / 6)
        for m in range(horses):
            for j in range(horses):
                fixed = w_one[d, m, j] + w_at[d, m, j]
                for i in range(start, n):
                    window[m, j, i] = low_w[m, j, i] - fixed - ones[m, i] * c_ge_d[j, i]
        _one_between(r, low_c, window, two_clean, 1.0, start, n)
        _add(show, weighted, two_clean, 1 / 6, n)
        for h in range(horses):
            for i in range(n):
                allowed[h, i] = 1 - c_tot[h] - low_p[h, i] - p_d[h, i]
        _others(allowed, weight, r, weighted, n)
        factor[:, :n] = 0.0
        _two(r, low_c, between, factor, 1.0, n)
        _one_between(r, low_c, window, factor, 1.0, start, n)
        _add(show, weighted, factor, -1 / 6, n)
        two_q = _two_q_between(r[:, chosen], low_c[:, chosen], windows)
        for s, col in enumerate(chosen):
            for h in range(horses):
                show[h, col] -= weighted[h, col] * two_q[h, s] / 6


@kernel
def _window_two(q: Floats, c: Floats, c_gt: Floats) -> Floats:
    """``exact_finish.Windows.two`` in one pass down the keys: [y, m, n, j] the sum over
    y1 > y of c_j(y1) (q_m(y) - q_m(y1)) (q_n(y) - q_n(y1)), m, n, j distinct, at least 0."""
    horses, keys = c.shape
    two = np.zeros((keys, horses, horses, horses))
    by_m = np.zeros((horses, horses))  # sums over the keys above y of q_m c_j
    by_both = np.zeros((horses, horses, horses))  # ... of q_m q_n c_j
    for y in range(keys - 1, -1, -1):
        for m in range(horses):
            for n in range(horses):
                if n == m:
                    continue
                for j in range(horses):
                    if j == m:
                        continue
                    if j == n:
                        continue
                    value = (
                        q[m, y] * q[n, y] * c_gt[j, y]
                        - q[m, y] * by_m[n, j]
                        - q[n, y] * by_m[m, j]
                        + by_both[m, n, j]
                    )
                    two[y, m, n, j] = max(value, 0.0)
        for m in range(horses):
            for j in range(horses):
                by_m[m, j] += q[m, y] * c[j, y]
                for n in range(horses):
                    by_both[m, n, j] += q[m, y] * q[n, y] * c[j, y]
    return two


def window_two(q: Floats, c: Floats, c_gt: Floats) -> Floats:
    """``_window_two`` on arrays of one layout (one compiled version serves all)."""
    two: Floats = _window_two(*(np.ascontiguousarray(a, dtype=np.float64) for a in (q, c, c_gt)))
    return two


def key_pair_sums(
    t: Tables, w: Windows, clean_keys: Ints, dq_keys: Ints
) -> tuple[Floats, Floats, Floats]:
    """Place, show and show bound of both key-pair cases, by horse."""
    shape = (t.c.shape[0], clean_keys.size)
    place, show, bound = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    # one memory layout and type whatever made the arrays: one compiled version serves all
    a = {name: np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in TABLES}
    b = {name: np.ascontiguousarray(getattr(w, name), dtype=np.float64) for name in WINDOWS}
    clean_keys, dq_keys = clean_keys.astype(np.int64), dq_keys.astype(np.int64)
    clean_targets(
        a["c"], a["c_gt"], a["p_gt"], b["one"], b["two"], b["spread"], clean_keys,
        place, show, bound, HEAVY_PAIR,
    )  # fmt: skip
    disqualified_targets(
        a["c"], a["dq"], a["out"], a["c_ge"], a["c_gt"], a["c_lt"], a["c_tot"], a["p_gt"],
        a["d_le"], b["one"], b["two"], b["spread"], b["at"], clean_keys, dq_keys,
        place, show, bound, HEAVY_PAIR,
    )  # fmt: skip
    return place.sum(axis=1), show.sum(axis=1), bound.sum(axis=1)


TABLES = ("c", "dq", "out", "c_ge", "c_gt", "c_lt", "c_tot", "p_gt", "d_le")
WINDOWS = ("one", "two", "spread", "at")


def warm_up() -> None:
    """Compile the loops (or load them from the cache) on a small made-up field."""
    from homestretch.games.stretch.exact_finish import place_and_show

    rng = np.random.default_rng(17)
    clean, dq = rng.random((4, 6)), rng.random((4, 6)) * 0.1
    out = np.full(4, 0.1)
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    place_and_show(clean * scale[:, None], dq * scale[:, None], out)


if __name__ == "__main__":  # make setup: compile once, so no user waits for it
    warm_up()
