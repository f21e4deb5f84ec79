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

How it is organised: each logged pair sums the window against its own r and a, W3[m, n, k,
j] r_m r_n r_k r_j. The four terms over the same four horses (any of them as j) hold the
same r, so they are one number a set of four horses, K, made once a key (``_quads_of``:
495 sets at 12 horses against 2,640 W3); sets whose K is 0 are skipped (a horse with no
chance of a 2 above y makes every term holding it 0). ``_contract`` goes down a < b < c < d
and writes each term at d only, what belongs to c summed over d first and to a and b over
c; ``_lanes`` and ``_finish`` (the pairs' others and their show) run a horse at a time
along the lanes. Lanes are padded to whole vectors (``PAD``) and every row of lanes starts
a cache line (``_aligned``). docs/stretch-exact-design.md has the measurements behind each
of these and what was tried and dropped (``benchmarks/stretch_exact_three.py`` pairs it
against a revision).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.analysis.exact_finish import Floats
from homestretch.games.stretch.analysis.exact_noalias import options as noalias_options

# as exact_compiled's kernels (noalias: exact_noalias.py; every call audited)
kernel = njit(
    nogil=True, cache=True, error_model="numpy", fastmath={"contract"}, **noalias_options()
)
BLOCK = 256  # logged key pairs taken at once
PAD = 8  # lanes a vector holds (of AVX-512; two of AVX2)
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
    quads = np.zeros(horses * (horses - 1) * (horses - 2) * max(horses - 3, 0) // 24)
    r, a, share = _aligned(horses), _aligned(horses), _aligned(horses)
    held, weighed, q, whole = _aligned(horses), _aligned(horses), np.empty(BLOCK), np.empty(BLOCK)
    work, keys_x = _aligned(8), np.empty(BLOCK, np.int64)
    s = 0
    for index in range(clean_keys.size - 1, -1, -1):
        y = clean_keys[index]
        first = s
        while s < count and log_y[s] == y:
            s += 1
        if s > first:
            _window_three_at(p_gt, c_gt, y, by_one, by_two, by_three, w3)
            _quads_of(w3, quads)
            for start in range(first, s, BLOCK):
                nb = min(BLOCK, s - start)
                _lanes(c, c_gt, p_gt, clean_keys, log_at, y, start, nb, r, a, share, q, work[0],
                       keys_x)  # fmt: skip
                # whole vectors of lanes (the padding's r and a are 0, so are its terms)
                padded = -(-nb // PAD) * PAD
                r[:, nb:padded], a[:, nb:padded] = 0.0, 0.0
                _contract(quads, r, a, padded, whole, held, weighed, work)
                _finish(a, share, q, whole, held, weighed, log_at, start, nb, show, bound, work)
        if s == count:
            break  # the keys below the last logged pair's window are never needed
        _window_three_add(p_gt, c, y, by_one, by_two, by_three)


@kernel
def _aligned(rows: int) -> Floats:
    """[rows, BLOCK], each row starting a cache line (64 bytes: a vector of AVX-512 in one
    line, not two; Numba aligns arrays to 32)."""
    space = np.empty(rows * BLOCK + 8)
    skip = (-space.ctypes.data) % 64 // 8
    return space[skip : skip + rows * BLOCK].reshape((rows, BLOCK))


@kernel
def _lanes(
    c: Floats, c_gt: Floats, p_gt: Floats, clean_keys: Ints, log_at: Ints, y: int, start: int,
    nb: int, r: Floats, a: Floats, share: Floats, q: Floats, product: Floats, keys_x: Ints,
) -> None:  # fmt: skip
    """Each logged pair's others (exact_compiled.clean_targets' A = 2: no 1 or 2 above y,
    nothing clean above x), the same arithmetic: r = 1 / allowed, a = c(y) r, each target's
    share (the others' allowed times its chance at x) and q (the weight of a 2 above y).
    A horse at a time along the lanes (a lane at a time, its horses in a loop, took a fifth
    of ``three_in_window``'s time at 12 horses); each lane's product and q are taken over
    the horses in the same order, so the same numbers."""
    horses = c.shape[0]
    for i in range(nb):
        keys_x[i] = clean_keys[log_at[start + i]]
    product[:nb], q[:nb] = 1.0, 0.0
    for h in range(horses):
        for i in range(_lane(nb)):
            allowed = (1 - 2 * p_gt[h, y]) - c_gt[h, keys_x[i]]
            r[h, i] = 1 / allowed
            product[i] *= allowed
    for h in range(horses):
        for i in range(_lane(nb)):
            a[h, i] = c[h, y] * r[h, i]
        for i in range(_lane(nb)):
            share[h, i] = product[i] * r[h, i] * c[h, keys_x[i]]
        for i in range(_lane(nb)):
            q[i] += r[h, i] * p_gt[h, y]


@kernel
def _quads_of(w3: Floats, quads: Floats) -> None:
    """K for each set of four horses a < b < c < d (in that loop order): the window's four
    terms over them, W3 with each of the four as j and the other three as m < n < k."""
    horses = w3.shape[0]
    at = 0
    for a in range(horses):
        for b in range(a + 1, horses):
            for c in range(b + 1, horses):
                for d in range(c + 1, horses):
                    quads[at] = w3[b, c, d, a] + w3[a, c, d, b] + w3[a, b, d, c] + w3[a, b, c, d]
                    at += 1


@kernel
def _contract(
    quads: Floats, r: Floats, a: Floats, nb: int, whole: Floats, held: Floats, weighed: Floats,
    work: Floats,
) -> None:  # fmt: skip
    """whole = the sum over the terms T = W3[m, n, k, j] r_m r_n r_k r_j (m < n < k, all
    distinct); held[i] = that over the terms holding i, weighed[i] = over those of T times
    the sum of a over the others they hold. A term holds all four of its horses, so the
    terms over the same four add up to one: T = K r_a r_b r_c r_d (``_quads_of``) for each
    a < b < c < d, adding T to held and T (a_a + a_b + a_c + a_d) to weighed at each of the
    four, a_i held[i] taken off weighed[i] at the end, and whole = the sum of held / 4. The
    loop over d writes held and weighed at d only: what is added at c is summed over d
    first, and at a and b over c and d (every pass over the lanes costs loads and stores).
    A K of 0 adds exactly 0: skipped, and so is a whole (a, b) or (a, b, c) with every
    K 0 (most sets of four at 20 horses: the module's note). (Loops over lanes: the compiler runs them several lanes at a time.)"""
    horses = r.shape[0]
    rab, aab, rabc, aabc = work[0], work[1], work[2], work[3]
    t_sum, ta_sum, s_ab, sa_ab = work[4], work[5], work[6], work[7]
    held[:, :nb], weighed[:, :nb] = 0.0, 0.0
    at = 0
    for h_a in range(horses - 3):
        for h_b in range(h_a + 1, horses - 2):
            tail = horses - h_b - 1
            group_end = at + tail * (tail - 1) // 2  # the sets of four holding a and b
            if not _any(quads, at, group_end):
                at = group_end
                continue
            for i in range(_lane(nb)):
                rab[i] = r[h_a, i] * r[h_b, i]
                aab[i] = a[h_a, i] + a[h_b, i]
                s_ab[i], sa_ab[i] = 0.0, 0.0
            for h_c in range(h_b + 1, horses - 1):
                end = at + horses - h_c - 1  # those holding a, b and c
                while at < end and quads[at] == 0.0:
                    at += 1
                if at == end:
                    continue
                first, k = horses - (end - at), quads[at]  # the first d not 0
                at += 1
                for i in range(_lane(nb)):  # the first d: a, b, c's products, and its terms
                    rabc[i] = rab[i] * r[h_c, i]
                    aabc[i] = aab[i] + a[h_c, i]
                    t = k * r[first, i] * rabc[i]
                    ta = t * (aabc[i] + a[first, i])
                    held[first, i] += t
                    weighed[first, i] += ta
                    t_sum[i], ta_sum[i] = t, ta
                for h_d in range(first + 1, horses):
                    k = quads[at]
                    at += 1
                    if k == 0.0:  # adds exactly 0
                        continue
                    for i in range(_lane(nb)):
                        t = k * r[h_d, i] * rabc[i]
                        ta = t * (aabc[i] + a[h_d, i])
                        held[h_d, i] += t
                        weighed[h_d, i] += ta
                        t_sum[i] += t
                        ta_sum[i] += ta
                for i in range(_lane(nb)):  # c's terms, and a and b's summed over c
                    held[h_c, i] += t_sum[i]
                    weighed[h_c, i] += ta_sum[i]
                    s_ab[i] += t_sum[i]
                    sa_ab[i] += ta_sum[i]
            for i in range(_lane(nb)):
                held[h_a, i] += s_ab[i]
                held[h_b, i] += s_ab[i]
                weighed[h_a, i] += sa_ab[i]
                weighed[h_b, i] += sa_ab[i]
    for i in range(_lane(nb)):
        whole[i] = 0.0
    for h in range(horses):
        for i in range(_lane(nb)):
            whole[i] += held[h, i]
            weighed[h, i] -= a[h, i] * held[h, i]
    for i in range(_lane(nb)):
        whole[i] /= 4


@kernel
def _any(values: Floats, start: int, end: int) -> bool:
    """Whether any of values[start:end] is not 0."""
    at = start
    while at < end and values[at] == 0.0:
        at += 1
    return at < end


@kernel
def _finish(
    a: Floats, share: Floats, q: Floats, whole: Floats, held: Floats, weighed: Floats,
    log_at: Ints, start: int, nb: int, show: Floats, bound: Floats, work: Floats,
) -> None:  # fmt: skip
    """For each target X: (A - a_X)(whole - held_X) - (sum a held - a_X held_X) + weighed_X,
    the terms with the lower clean horse j2 neither X nor in them, times X's share. (A horse
    at a time along the lanes, as ``_lanes``; the sums over the horses in the same order.)"""
    horses = a.shape[0]
    total_a, total_held, beyond, three = work[0], work[1], work[2], work[3]
    total_a[:nb], total_held[:nb] = 0.0, 0.0
    for h in range(horses):
        for i in range(_lane(nb)):
            total_a[i] += a[h, i]
            total_held[i] += a[h, i] * held[h, i]
    for i in range(nb):
        beyond[i] = _beyond_three(q[i])
    for h in range(horses):
        for i in range(_lane(nb)):
            value = (total_a[i] - a[h, i]) * (whole[i] - held[h, i])
            value += weighed[h, i] - (total_held[i] - a[h, i] * held[h, i])
            three[i] = value * share[h, i]
        for i in range(nb):
            at = log_at[start + i]
            show[h, at] += three[i]
            bound[h, at] += three[i] * beyond[i]


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
        if qm == 0.0:  # then so at every key above: W3 stays 0 where m is (as made)
            continue
        for n in range(m + 1, horses):
            qn = q[n, y]
            if qn == 0.0:
                continue
            for k in range(n + 1, horses):
                qk = q[k, y]
                if qk == 0.0:
                    continue
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
    """Count key y in the sums over the keys above (for the next key down). (Its column of
    c copied first: the loops over j read it in a row, several at once.)"""
    horses = q.shape[0]
    here = c[:, y].copy()
    for m in range(horses):
        if q[m, y] == 0.0:  # adds 0 where m is
            continue
        for j in range(horses):
            by_one[m, j] += q[m, y] * here[j]
        for n in range(m + 1, horses):
            qmn = q[m, y] * q[n, y]
            if qmn == 0.0:
                continue
            for j in range(horses):
                by_two[m, n, j] += qmn * here[j]
            for k in range(n + 1, horses):
                qmnk = qmn * q[k, y]
                if qmnk == 0.0:
                    continue
                for j in range(horses):
                    by_three[m, n, k, j] += qmnk * here[j]
