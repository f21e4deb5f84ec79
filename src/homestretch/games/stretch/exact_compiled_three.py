"""Three disqualified horses in a clean third's window, summed exactly (compiled, Numba).

``exact_compiled.clean_targets`` sums two disqualified horses with a 2 in the window below
the upper of the two clean horses ahead of a clean target, and bounds three or more by
the two times ``beyond_two``. Where that bound is not negligible (``exact_finish.
HEAVY_THREE``) it logs the key pair instead (its lower key's index and its higher key,
higher keys descending), and ``three_in_window`` sums three exactly for the logged pairs,
four or more bounded by the three times ``beyond_three``: ``exact_finish.WindowsOfThree``
and ``_three_q_between`` are the same arithmetic, and say what it means.

The window W3[m, n, k, j] at a key y sums over y1 > y the product of c_j(y1) and the three
chances of a 2 in (y, y1], (q(y) - q(y1)) each: expanded, it is made from sums over the
keys above y of q_m c_j, q_m q_n c_j and q_m q_n q_k c_j, kept as the keys go down (only
m < n < k: the window is symmetric in them). Compiled apart from ``exact_compiled`` (whose
loops this does not call, nor they it) so that Numba's cache, which watches only the file
of each function, never serves one of them compiled against an old version of the other.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.exact_finish import Floats

kernel = njit(nogil=True, cache=True, error_model="numpy", fastmath={"contract"})
BLOCK = 256  # logged key pairs taken at once
Ints = Any
_lane = np.uint64  # unsigned lane indices: see exact_compiled._lane


@kernel
def three_in_window(
    c: Floats, c_gt: Floats, p_gt: Floats, clean_keys: Ints, log_at: Ints, log_y: Ints,
    count: int, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """Add to show ([horse, lower key index]) three 2s in the window of each logged pair,
    and to bound four or more. The pairs are logged with their higher keys descending."""
    horses = c.shape[0]
    by_one, by_two = np.zeros((horses, horses)), np.zeros((horses, horses, horses))
    by_three = np.zeros((horses, horses, horses, horses))
    w3 = np.zeros((horses, horses, horses, horses))
    shape = (horses, BLOCK)
    r, a, share = np.empty(shape), np.empty(shape), np.empty(shape)
    held, weighed, q, whole = np.empty(shape), np.empty(shape), np.empty(BLOCK), np.empty(BLOCK)
    work = np.empty((5, horses, BLOCK))
    s = 0
    for index in range(clean_keys.size - 1, -1, -1):
        y = clean_keys[index]
        first = s
        while s < count and log_y[s] == y:
            s += 1
        if s > first:
            _window_three_at(p_gt, c_gt, y, by_one, by_two, by_three, w3)
            for start in range(first, s, BLOCK):
                nb = min(BLOCK, s - start)
                _lanes(c, c_gt, p_gt, clean_keys, log_at, y, start, nb, r, a, share, q)
                _contract(w3, r, a, nb, whole, held, weighed, work)
                _finish(a, share, q, whole, held, weighed, log_at, start, nb, show, bound)
        _window_three_add(p_gt, c, y, by_one, by_two, by_three)


@kernel
def _lanes(
    c: Floats, c_gt: Floats, p_gt: Floats, clean_keys: Ints, log_at: Ints, y: int, start: int,
    nb: int, r: Floats, a: Floats, share: Floats, q: Floats,
) -> None:  # fmt: skip
    """Each logged pair's others (exact_compiled.clean_targets' A = 2: no 1 or 2 above y,
    nothing clean above x), the same arithmetic: r = 1 / allowed, a = c(y) r, each target's
    share (the others' allowed times its chance at x) and q (the weight of a 2 above y)."""
    horses = c.shape[0]
    for i in range(nb):
        x = clean_keys[log_at[start + i]]
        product, q[i] = 1.0, 0.0
        for h in range(horses):
            allowed = (1 - 2 * p_gt[h, y]) - c_gt[h, x]
            r[h, i] = 1 / allowed
            product *= allowed
        for h in range(horses):
            a[h, i] = c[h, y] * r[h, i]
            share[h, i] = product * r[h, i] * c[h, x]
            q[i] += r[h, i] * p_gt[h, y]


@kernel
def _contract(
    w3: Floats, r: Floats, a: Floats, nb: int, whole: Floats, held: Floats, weighed: Floats,
    work: Floats,
) -> None:  # fmt: skip
    """whole = the sum over the terms T = W3[m, n, k, j] r_m r_n r_k r_j (m < n < k, all
    distinct); held[i] = that over the terms holding i, weighed[i] = over those of T times
    the sum of a over the others they hold. For each triple m < n < k, with P = r_m r_n r_k
    and u, v the sums over j of W3 r_j and W3 r_j a_j: its terms add P u to whole and to
    held at m, n and k, P (u (a_m + a_n + a_k - a_i) + v) to weighed at i of m, n, k, and
    W3 r_j P (and that times a_m + a_n + a_k) to held (weighed) at j. (Loops over lanes
    that write one array each: the compiler runs them several lanes at a time.)"""
    horses = r.shape[0]
    ra, p, pa, u, v = work[0], work[1], work[2], work[3], work[4]
    whole[:nb], held[:, :nb], weighed[:, :nb] = 0.0, 0.0, 0.0
    for h in range(horses):
        for i in range(_lane(nb)):
            ra[h, i] = r[h, i] * a[h, i]
    for m in range(horses):
        for n in range(m + 1, horses):
            for k in range(n + 1, horses):
                for i in range(_lane(nb)):
                    p[0, i] = r[m, i] * r[n, i] * r[k, i]
                for i in range(_lane(nb)):
                    pa[0, i] = p[0, i] * (a[m, i] + a[n, i] + a[k, i])
                u[0, :nb], v[0, :nb] = 0.0, 0.0
                for j in range(horses):
                    w = w3[m, n, k, j]
                    if w == 0.0:
                        continue
                    _add(w, r[j], u[0], nb)
                    _add(w, ra[j], v[0], nb)
                    _add_product(w, r[j], p[0], held[j], nb)
                    _add_product(w, r[j], pa[0], weighed[j], nb)
                for i in range(_lane(nb)):
                    whole[i] += p[0, i] * u[0, i]
                for member in (m, n, k):
                    for i in range(_lane(nb)):
                        held[member, i] += p[0, i] * u[0, i]
                    for i in range(_lane(nb)):
                        weighed[member, i] += pa[0, i] * u[0, i] - p[0, i] * (
                            a[member, i] * u[0, i] - v[0, i]
                        )


@kernel
def _add(w: float, x: Floats, into: Floats, nb: int) -> None:
    """into += w x on the first nb lanes."""
    for i in range(_lane(nb)):
        into[i] += w * x[i]


@kernel
def _add_product(w: float, x: Floats, y: Floats, into: Floats, nb: int) -> None:
    """into += w x y on the first nb lanes."""
    for i in range(_lane(nb)):
        into[i] += w * x[i] * y[i]


@kernel
def _finish(
    a: Floats, share: Floats, q: Floats, whole: Floats, held: Floats, weighed: Floats,
    log_at: Ints, start: int, nb: int, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """For each target X: (A - a_X)(whole - held_X) - (sum a held - a_X held_X) + weighed_X,
    the terms with the lower clean horse j2 neither X nor in them, times X's share."""
    horses = a.shape[0]
    for i in range(nb):
        total_a, total_held = 0.0, 0.0
        for h in range(horses):
            total_a += a[h, i]
            total_held += a[h, i] * held[h, i]
        beyond = _beyond_three(q[i])
        at = log_at[start + i]
        for h in range(horses):
            three = (total_a - a[h, i]) * (whole[i] - held[h, i])
            three += weighed[h, i] - (total_held - a[h, i] * held[h, i])
            three *= share[h, i]
            show[h, at] += three
            bound[h, at] += three * beyond


@kernel
def _beyond_three(q: float) -> float:
    """``exact_finish.beyond_three``, the same arithmetic."""
    if q < 0.5:
        small, factorial = 0.0, 121645100408832000.0  # 19!, exact in a float
        for j in range(16, 0, -1):  # exact_finish.SERIES_TERMS; factorial = (j + 3)!
            small = (small + 6 / factorial) * q
            factorial /= j + 3
        return small
    return 6 * (math.expm1(q) - q - q * q / 2 - q * q * q / 6) / (q * q * q)


@kernel
def _window_three_at(
    q: Floats, c_gt: Floats, y: int, by_one: Floats, by_two: Floats, by_three: Floats,
    w3: Floats,
) -> None:  # fmt: skip
    """W3 at y (m < n < k, j none of them; at least 0) from the sums over the keys above.
    (Every j first, those among m, n, k zeroed after: the loop over j runs several at once.)"""
    horses = q.shape[0]
    ahead = c_gt[:, y].copy()
    for m in range(horses):
        qm = q[m, y]
        for n in range(m + 1, horses):
            qn = q[n, y]
            for k in range(n + 1, horses):
                qk = q[k, y]
                qmn, qmk, qnk = qm * qn, qm * qk, qn * qk
                qmnk = qmn * qk
                for j in range(horses):
                    value = (
                        qmnk * ahead[j]
                        - qmn * by_one[k, j]
                        - qmk * by_one[n, j]
                        - qnk * by_one[m, j]
                        + qm * by_two[n, k, j]
                        + qn * by_two[m, k, j]
                        + qk * by_two[m, n, j]
                        - by_three[m, n, k, j]
                    )
                    w3[m, n, k, j] = max(value, 0.0)
                w3[m, n, k, m], w3[m, n, k, n], w3[m, n, k, k] = 0.0, 0.0, 0.0


@kernel
def _window_three_add(
    q: Floats, c: Floats, y: int, by_one: Floats, by_two: Floats, by_three: Floats
) -> None:
    """Count key y in the sums over the keys above (for the next key down)."""
    horses = q.shape[0]
    for m in range(horses):
        for j in range(horses):
            by_one[m, j] += q[m, y] * c[j, y]
        for n in range(m + 1, horses):
            qmn = q[m, y] * q[n, y]
            for j in range(horses):
                by_two[m, n, j] += qmn * c[j, y]
            for k in range(n + 1, horses):
                qmnk = qmn * q[k, y]
                for j in range(horses):
                    by_three[m, n, k, j] += qmnk * c[j, y]
