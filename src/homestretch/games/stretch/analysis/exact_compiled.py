"""The key-pair sums of ``exact_finish`` as compiled loops (Numba).

The same cases and the same algebra as ``exact_finish._clean_target`` and
``_disqualified_target`` (their docstrings say what each term means), arranged for a
compiler. Two differences: window terms (disqualified horses between two clean ones, the
costly part) bounded below ``NEGLIGIBLE``, or a key's lowest lanes while their bounds stay
below ``CLEAN_LOWEST_BOUNDED`` / ``LOWEST_BOUNDED`` together, go to the show bound instead
of being summed; and the key pairs that could add least (below ``LEFT_OUT`` together, a
disqualified target's lowest lanes below ``DQ_LANES_LEFT_OUT``) are left out, what they
could add going to the show bound. Place agrees with the NumPy path to some 1e-14, show to
what the bound gains (tests/games/stretch/analysis/test_stretch_exact_compiled.py). The
loops let go of the interpreter lock, so the threads of ``exact.quickplay_chances`` run
at once.

How the loops are organised:
- The entry points: ``windows`` (the window tables, one sweep down the keys),
  ``single_threshold``, and ``key_pair_sums``, which runs ``clean_targets`` (with
  ``exact_compiled_three.three_in_window`` after it) and ``disqualified_targets``.
- One outer loop over the higher key of the pairs (y for a clean target, descending; d
  for a disqualified one), and inside it the lower keys in blocks of ``BLOCK`` lanes:
  every array is a [horse, lane] block allocated once a call, each row starting a cache
  line (``_aligned``), and every inner loop runs along the lanes, indexed by unsigned
  lanes (``_lane``) so that the compiler takes several at a time.
- Per block, each case's others (1 / allowed and their product, ``_others``) and its sums
  over the horses (``_sum``, ``_dot``, ``_sums_*``, ``_dq_*``) are taken once; each term
  adds each target's share (``_two``, ``_pair``) and is weighed into place, show or bound
  (``_weigh*``). A disqualified target at d works only on the rows of the horses
  disqualified there (``targets``).
- One disqualified horse in a window: a symmetric matrix times the block (``_times_fixed``,
  ``_times_sym``, ``_times_window``), then ``_one_in_window``. Two or more: bounded by
  ``_two_or_more`` / ``_two_or_more_fixed``; where that is not negligible the lane is a
  heavy lane and two are summed over sets of three horses (``_fresh_two_q_by_sets``): a
  clean target's at its y (``_two_qs_summed``), a disqualified target's with 2s above d at
  d (``_sum_at_d``), with 1s in the window begun by d (``_keep``) and finished by y
  (``_sum_by_y``), short loops padded to whole vectors (``_padded``).

docs/stretch-exact-design.md says what is computed and why it is arranged so, where the
time goes, and what was measured, tried and dropped (issue 17's journal).

Compiled code is kept in ``__pycache__`` beside this file (``cache=True``): ``make setup``
compiles it once (``python -m homestretch.games.stretch.analysis.exact_compiled``), so nobody waits
for a compile at their first ``odds``. Importing Numba takes about half a second, so only
``exact_finish.place_and_show`` imports this module, when the sums are wanted.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.analysis.exact_compiled_three import three_in_window
from homestretch.games.stretch.analysis.exact_finish import (
    HEAVY_DQ_PAIR,
    HEAVY_PAIR,
    HEAVY_THREE,
    Floats,
    Tables,
    Windows,
)
from homestretch.games.stretch.analysis.exact_noalias import options as noalias_options

NEGLIGIBLE = 1e-18
"""Key pairs whose window terms are bounded below this are bounded, not summed: about
two thirds of the pairs of a 12-horse field, adding some 1e-15 to its show bound."""
CLEAN_LOWEST_BOUNDED = 3e-15
"""What a clean target's lowest lanes of a key y may add to the show bound together
(``_negligible`` with a budget, as a disqualified target's ``LOWEST_BOUNDED``)."""
LEFT_OUT = 1e-14
"""A clean target's lowest keys are left out while all they could add (each horse's chance
to be clean there with one or two others clean ahead) stays below this together, and so
are a disqualified target's keys that could add least, and then, of the keys kept, each
one's lowest lower keys while together they could add below ``DQ_LANES_LEFT_OUT``:
each part is added to the show bound (place may be that much low, 1.2e-13 at most;
``_left_out``, ``_left_out_rows``, ``_left_out_lanes``). Why 1e-14, not 1e-15: see
docs/stretch-exact-design.md (xtune, 2026-12-05)."""
BLOCK = 256
"""Lower keys taken at once: a [horse, lane] block of 12 horses is 24 kB, in the first two
caches (measured: 64 and 512 lanes are a little slower)."""

# nogil: threads run the loops at once; cache: compiled once, kept in __pycache__;
# contract: a * b + c in one instruction (rounded once, not twice); noalias: no array
# argument is written where another reaches it (exact_noalias.py; every call audited)
kernel = njit(
    nogil=True, cache=True, error_model="numpy", fastmath={"contract"}, **noalias_options()
)
_lane = np.uint64
"""Lane indices are unsigned: a signed one may be negative, counted from the end, and
that check keeps the compiler from running the loop several lanes at a time."""
Ints = Any  # numba reads no annotations; these name what each argument holds


# ---------------------------------------------------------------- block helpers
# Each works on the first nb lanes (key pairs) of [horse, lane] blocks; r holds
# 1 / allowed, each horse's chance of an outcome that harms no claim (exact_finish.Others),
# and `lo` is the first lane a window term is summed at (those below it are bounded).


@kernel
def _dot(a: Floats, b: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = the sum over the horses of a * b. (One array written a loop, as in every
    loop over lanes here: with more the compiler cannot rule out that they overlap, and
    runs the loop one lane at a time.)"""
    into[lo:nb] = 0.0
    for h in range(a.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * b[h, i]


@kernel
def _dot_at(a: Floats, b: Floats, into: Floats, lo: int, nb: int, targets: Ints) -> None:
    """``_dot`` over the target horses only (in order: where b is 0 at every other horse,
    the same numbers to the last bit)."""
    into[lo:nb] = 0.0
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * b[h, i]


@kernel
def _dot_r2(r: Floats, a: Floats, b: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = the sum over the horses of (a / allowed) (b / allowed)."""
    into[lo:nb] = 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * r[h, i] * b[h, i] * r[h, i]


@kernel
def _sum(r: Floats, a: Floats, into: Floats, nb: int) -> None:
    """into = the sum over the horses of a / allowed (how many are marked a, weighed)."""
    _dot(r, a, into, 0, nb)


@kernel
def _others(base: Floats, low: Floats, at: int, r: Floats, product: Floats, nb: int) -> None:
    """allowed = base (by horse) - low (at the lower keys from ``at``): r = 1 / allowed
    and product = the product of every horse's allowed."""
    product[:nb] = 1.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            r[h, i] = 1 / allowed
            product[i] *= allowed


@kernel
def _sums_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int
) -> None:
    """The sums over the horses of a / allowed, of b / allowed and of their product, in one
    pass (a loop that writes three arrays: the compiler still runs it several lanes at a
    time, measured)."""
    sum_a[:nb], sum_b[:nb], both[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _weigh_one_two(
    place: Floats, show: Floats, at: int, product: Floats, r: Floats, weight: Floats,
    a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, scale: float, nb: int,
    targets: Ints,
) -> None:  # fmt: skip
    """``_one`` (a) weighed into place, and it plus ``_two`` (a, b) into show, in one pass;
    the sums are ``_sums_two``'s. Only the ``targets`` are weighed (a disqualified target's
    weight is 0 at every other horse: docs/stretch-exact-design.md)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            one = sum_a[i] - ra
            share = scale * product[i] * r[h, i] * weight[h, i]
            place[h, _lane(at) + i] += share * one
            show[h, _lane(at) + i] += share * (one + (one * (sum_b[i] - rb) - (both[i] - ra * rb)))


@kernel
def _weigh_two(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, a: Floats, b: Floats,
    sum_a: Floats, sum_b: Floats, both: Floats, scale: float, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_two`` (a, b) weighed into ``into`` in one pass; the sums are ``_sums_two``'s."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            into[h, _lane(at) + i] += scale * product[i] * r[h, i] * weight[h, i] * two


@kernel
def _gather(low: Floats, at: int, minus: Floats, into: Floats, nb: int) -> None:
    """into = low (at the lower keys from ``at``) - minus (by horse)."""
    for h in range(into.shape[0]):
        for i in range(_lane(nb)):
            into[h, i] = low[h, _lane(at) + i] - minus[h]


@kernel
def _two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, into: Floats, scale: float,
    lo: int, nb: int, work: Floats, targets: Ints,
) -> None:  # fmt: skip
    """into += scale * (one other marked a, a different one marked b), lanes lo to nb,
    rows of the ``targets``; sum_a and sum_b are ``_sum(r, a)`` and ``_sum(r, b)``, which
    other terms share."""
    both = work[0]
    _dot_r2(r, a, b, both, lo, nb)
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            into[h, i] += scale * ((sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb))


@kernel
def _pair(
    r: Floats, a: Floats, total: Floats, into: Floats, scale: float, nb: int, work: Floats,
    targets: Ints,
) -> None:  # fmt: skip
    """into += scale * (two different others both marked a), rows of the ``targets``;
    total is ``_sum(r, a)``."""
    squares = work[0]
    _dot_r2(r, a, a, squares, 0, nb)
    for h in targets:
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            into[h, i] += scale * ((total[i] * total[i] - squares[i]) / 2 - ra * (total[i] - ra))


@kernel
def _weigh(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, factor: Floats,
    scale: float, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """into[:, at + lane] += scale * (the others' allowed) * weight * factor, the rows of
    the ``targets`` (weight is 0 at every other horse)."""
    _weigh_lanes(into, at, product, r, weight, factor, scale, 0, nb, targets)


@kernel
def _weigh_lanes(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, factor: Floats,
    scale: float, lo: int, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_weigh`` on the lanes lo to nb."""
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            into[h, _lane(at) + i] += scale * product[i] * r[h, i] * weight[h, i] * factor[h, i]


@kernel
def _spread(column: Floats, block: Floats) -> None:
    """One value per horse, the same in every lane."""
    for h in range(block.shape[0]):
        block[h, :] = column[h]


@kernel
def _negligible(
    product: Floats, r: Floats, weight: Floats, s_a: Floats, s_b: Floats, q: Floats,
    into: Floats, at: int, per: float, nb: int, work: Floats, spent: Floats, case: int,
    budget: float, targets: Ints,
) -> int:  # fmt: skip
    """The first lane whose window terms may matter; the lanes before it get their bound.

    The window terms (one or more disqualified horses in a window, besides a horse
    marked a and another marked b) of a key pair are at most weighted * s_a * s_b *
    (exp(q) - 1): the sums over the others of a, b and the window's markers, each over
    allowed (the product over subsets of markers, bounded by the exponential). Low keys
    are where a horse is rarely so far ahead that the window matters: below ``NEGLIGIBLE``
    they are bounded instead of summed, at no cost to place. The window terms weigh
    1 / ``per`` of the case. A lane above ``NEGLIGIBLE`` is bounded too while the bounds
    of the lanes bounded so far (``spent[case]``, kept by the caller over a key's blocks)
    stay below ``budget`` (0: none is).
    """
    share, total = work[0], work[1]
    _dot_at(r, weight, total, 0, nb, targets)
    lo = 0
    while lo < nb:
        share[lo] = s_a[lo] * s_b[lo] * math.expm1(q[lo]) * product[lo] / per
        lane = total[lo] * share[lo]
        if lane >= NEGLIGIBLE and spent[case] + lane >= budget:
            break
        spent[case] += lane
        lo += 1
    for h in targets:
        for i in range(_lane(lo)):
            into[h, _lane(at) + i] += r[h, i] * weight[h, i] * share[i]
    return lo


# ------------------------------------------------- one disqualified horse in a window


@kernel
def _one_in_window(
    r: Floats, c: Floats, sum_a: Floats, by_r: Floats, by_ra: Floats, into: Floats,
    scale: float, lo: int, nb: int, work: Floats, targets: Ints,
) -> None:  # fmt: skip
    """into += scale * ``exact_finish._one_between`` (rows of the ``targets``), from the
    window's symmetric matrix S = W + W^T applied to r and to r * a (a = c * r): by_r =
    S r, by_ra = S (r a) (read in the targets' rows alone); sum_a is ``_sum(r, c)``.

    Every term of the sum uses W and W^T together (row + col, W ra + W^T ra), so half
    the products of the two separately do.
    """
    whole, spread = work[0], work[1]
    _dot(r, by_r, whole, lo, nb)
    _dot_r2(r, c, by_r, spread, lo, nb)
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            a, s = c[h, i] * r[h, i], r[h, i] * by_r[h, i]
            into[h, i] += scale * (
                (sum_a[i] - a) * (whole[i] / 2 - s) - (spread[i] - a * s) + r[h, i] * by_ra[h, i]
            )


@kernel
def _times_fixed(
    sym: Floats, r: Floats, ra: Floats, by_r: Floats, by_ra: Floats, lo: int, nb: int,
    is_target: Any,
) -> None:  # fmt: skip
    """by_r = S r and by_ra = S ra for one symmetric matrix S (zero diagonal); by_ra only
    in the rows of the targets (``is_target``), the only ones ``_one_in_window`` reads."""
    horses = r.shape[0]
    by_r[:, lo:nb], by_ra[:, lo:nb] = 0.0, 0.0
    for m in range(horses):
        for j in range(m + 1, horses):
            w = sym[m, j]
            if w == 0.0:
                continue
            _add_times(w, r, j, by_r, m, lo, nb)
            _add_times(w, r, m, by_r, j, lo, nb)
            if is_target[m]:
                _add_times(w, ra, j, by_ra, m, lo, nb)
            if is_target[j]:
                _add_times(w, ra, m, by_ra, j, lo, nb)


@kernel
def _add_times(w: float, v: Floats, j: int, u: Floats, m: int, lo: int, nb: int) -> None:
    """u[m] += w * v[j] on the lanes lo to nb."""
    for i in range(_lane(lo), _lane(nb)):
        u[m, i] += w * v[j, i]


@kernel
def _add_times_lanes(w: Floats, v: Floats, j: int, u: Floats, m: int, lo: int, nb: int) -> None:
    """u[m] += w * v[j] on the lanes lo to nb, w one per lane."""
    for i in range(_lane(lo), _lane(nb)):
        u[m, i] += w[i] * v[j, i]


@kernel
def _times_r_c_r(r: Floats, c: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = r * c * r, the vector ``_one_in_window`` needs S applied to besides r."""
    for h in range(r.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[h, i] = r[h, i] * c[h, i] * r[h, i]


@kernel
def _times_window(
    low_sym: Floats, at: int, fixed: Floats, ones: Floats, c_ge_d: Floats,
    vectors: Floats, kinds: int, into: Floats, lo: int, nb: int, work: Floats,
    is_target: Any, targets: Ints, every: Ints,
) -> None:  # fmt: skip
    """into[k] = S vectors[k], k < kinds, for the window of each lane (clean key y below the
    disqualified key d): y's matrix (low_sym, lanes from ``at``) less d's (fixed), less the
    1s between y and d (ones) paired with the clean horses at or ahead of d (a rank-two
    part, diagonal left out, taken with sums over the horses). The odd kinds (S r a, which
    ``_one_in_window`` reads in the rows of the targets alone) only in those rows."""
    horses = vectors.shape[1]
    for k in range(0, kinds, 2):  # the odd kinds are read in the targets' rows alone
        into[k, :, lo:nb] = 0.0
        _dq_zero_rows(into[k + 1], targets, lo, nb)
    w = work[0]
    for m in range(horses):
        for j in range(m + 1, horses):
            f = fixed[m, j]
            for i in range(_lane(lo), _lane(nb)):
                w[i] = low_sym[m, j, _lane(at) + i] - f
            for k in range(0, kinds, 2):
                _add_times_lanes(w, vectors[k], j, into[k], m, lo, nb)
                _add_times_lanes(w, vectors[k], m, into[k], j, lo, nb)
                if is_target[m]:
                    _add_times_lanes(w, vectors[k + 1], j, into[k + 1], m, lo, nb)
                if is_target[j]:
                    _add_times_lanes(w, vectors[k + 1], m, into[k + 1], j, lo, nb)
    for k in range(kinds):
        rows = every if k % 2 == 0 else targets
        _less_rank_two(ones, c_ge_d, vectors[k], into[k], lo, nb, work, rows)


@kernel
def _less_rank_two(
    ones: Floats, c_ge_d: Floats, v: Floats, u: Floats, lo: int, nb: int, work: Floats,
    rows: Ints,
) -> None:  # fmt: skip
    """u -= (ones c^T + c ones^T) v, diagonal left out, in the given rows of u."""
    by_c, by_ones = work[0], work[1]
    _dot(c_ge_d, v, by_c, lo, nb)
    _dot(ones, v, by_ones, lo, nb)
    for h in rows:
        for i in range(_lane(lo), _lane(nb)):
            u[h, i] -= ones[h, i] * (by_c[i] - c_ge_d[h, i] * v[h, i]) + c_ge_d[h, i] * (
                by_ones[i] - ones[h, i] * v[h, i]
            )


@kernel
def _dq_others_two(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    sum_a: Floats, sum_b: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """``_others`` and ``_sums_two`` in one pass: the same numbers."""
    product[:nb], sum_a[:nb], sum_b[:nb], both[:nb] = 1.0, 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            ra, rb = a[h, i] * ri, b[h, i] * ri
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _dq_others_sums(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """A disqualified target's case in one pass: its others (``_others``: r = 1 / allowed,
    product the product of every horse's allowed) and its sums over the horses, of a, b and
    c over allowed (``_sum`` three times) and of (a / allowed) (b / allowed) (``_dot_r2``,
    which ``_two`` takes). The same numbers as those five passes."""
    product[:nb], sum_a[:nb], sum_b[:nb], sum_c[:nb], both[:nb] = 1.0, 0.0, 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            sum_a[i] += ri * a[h, i]
            sum_b[i] += ri * b[h, i]
            sum_c[i] += ri * c[h, i]
            both[i] += a[h, i] * ri * b[h, i] * ri


@kernel
def _dq_others_sums_squares(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats, both: Floats, squares: Floats,
    nb: int,
) -> None:  # fmt: skip
    """``_dq_others_sums`` and the sum of (a / allowed)^2 (``_dot_r2``, which ``_pair``
    takes) in one pass."""
    product[:nb], sum_a[:nb], sum_b[:nb], sum_c[:nb] = 1.0, 0.0, 0.0, 0.0
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            sum_a[i] += ri * a[h, i]
            sum_b[i] += ri * b[h, i]
            sum_c[i] += ri * c[h, i]
            both[i] += a[h, i] * ri * b[h, i] * ri
            squares[i] += a[h, i] * ri * a[h, i] * ri


@kernel
def _dq_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, into: Floats,
    nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_two`` (scale 1, from lane 0) with its sum of products given (``_dq_others_sums``)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            into[h, i] += (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)


@kernel
def _dq_pair(
    r: Floats, a: Floats, total: Floats, squares: Floats, into: Floats, scale: float, nb: int,
    targets: Ints,
) -> None:  # fmt: skip
    """``_pair`` with its sum of squares given (``_dq_others_sums_squares``)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            into[h, i] += scale * ((total[i] * total[i] - squares[i]) / 2 - ra * (total[i] - ra))


@kernel
def _dq_zero_rows(block: Floats, rows: Ints, lo: int, nb: int) -> None:
    """block = 0 in the given rows, lanes lo to nb (a disqualified target's work blocks,
    of which only the targets' rows are read)."""
    for h in rows:
        block[h, lo:nb] = 0.0


# ------------------------------------------------------------------ clean targets


@kernel
def clean_targets(
    c: Floats,
    c_gt: Floats,
    p_gt: Floats,
    w_one: Floats,
    w_two: Floats,
    w_spread: Floats,
    clean_keys: Ints,
    heavy_pair: float,
    first: int,
    place: Floats,
    show: Floats,
    bound: Floats,
    three_log: Any,
) -> None:
    """``exact_finish._clean_target`` for every key pair (x, y), x < y clean keys;
    place, show and bound are [horse, x] sums over y. ``heavy_pair`` is
    ``exact_finish.HEAVY_PAIR``, an argument: a compiled constant would outlive a change
    to it in the cache, which watches this file only. The lower keys before ``first`` are
    left out (``_left_out``). ``w_two`` is the window of two 2s as ``windows`` keeps it,
    [key, set of three]. ``three_log`` (``HEAVY_THREE``, and
    where to log the pairs whose three or more are to be summed: ``_two_qs_summed``)."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_gt = c[:, clean_keys].copy(), c_gt[:, clean_keys].copy()
    blocks = _aligned(9 * horses, BLOCK).reshape((9, horses, BLOCK))  # rows start lines
    r1, r2, weight = blocks[0], blocks[1], blocks[2]
    factor, distinct, ra = blocks[3], blocks[4], blocks[5]
    by_r, by_ra, squared = blocks[6], blocks[7], blocks[8]
    c_y, p_y, c_gt_y = np.empty(horses), np.empty(horses), np.empty(horses)  # y's, by horse
    lanes = _aligned(10, BLOCK)
    product1, product2, q, s_a, s_b = lanes[0], lanes[1], lanes[2], lanes[3], lanes[4]
    sums, more = lanes[5:8], lanes[8:10]
    sym = _padded_square(horses)
    base1, base2, nothing = np.empty(horses), np.empty(horses), np.zeros(horses)
    spent = np.zeros(1)  # the bounds of y's lowest lanes (``CLEAN_LOWEST_BOUNDED``)
    picked = np.empty(BLOCK, np.int64)  # a block's heavy lanes (``_two_or_more_fixed``)
    every = np.arange(horses)  # the targets: a clean key's lanes hold several
    heavy = _heavy_lanes_aligned(horses, count)
    width = -(-count // 8) * 8
    heavy_work = _aligned(6 * horses, count).reshape((6, horses, width))
    heavy_lanes = _aligned(7, count)
    for k in range(count - 1, 0, -1):  # downwards, as show and bound have always been summed
        y = clean_keys[k]
        _symmetric(w_one[y], sym)
        for h in range(horses):  # the others: no 1 above y (A = 1), nor a 2 (A = 2)
            base1[h], base2[h] = 1 - p_gt[h, y], 1 - 2 * p_gt[h, y]
            c_y[h], p_y[h], c_gt_y[h] = c[h, y], p_gt[h, y], c_gt[h, y]
        summing, heavy_count = False, 0
        spent[0] = 0.0
        for start in range(first, k, BLOCK):
            nb = min(BLOCK, k - start)
            _gather(low_c, start, nothing, weight, nb)
            _others(base1, low_gt, start, r1, product1, nb)
            _others(base2, low_gt, start, r2, product2, nb)
            # A = 1: one clean horse at y, no disqualified 1 above it (show: at most one)
            _clean_sums_two(r1, c_y, p_y, s_a, s_b, sums[0], nb)
            _clean_weigh_one_two(place, show, start, product1, r1, weight, c_y, p_y, s_a, s_b,
                                 sums[0], nb)  # fmt: skip
            # A = 2, the lower at y: no disqualified 1 or 2 above y ...
            _clean_sums_three(r2, c_y, c_gt_y, p_y, s_a, s_b, q, nb)
            _clean_distinct_and_pair(r2, c_y, c_gt_y, s_a, s_b, distinct, factor, nb, sums)
            lo = 0
            if not summing:
                lo = _negligible(product2, r2, weight, s_a, s_b, q, bound, start, 1.0, nb, sums,
                                spent, 0, CLEAN_LOWEST_BOUNDED, every)  # fmt: skip
                summing = lo < nb
            # ... or exactly one disqualified 2 above y, at or behind the upper clean horse
            if lo < nb:
                _clean_times_r_c_r(r2, c_y, ra, lo, nb)
                _times_sym(sym, r2, by_r, lo, nb)
                _times_sym(sym, ra, by_ra, lo, nb)
                _clean_one_in_window(r2, c_y, s_a, by_r, by_ra, factor, lo, nb, sums)
            _weigh(show, start, product2, r2, weight, factor, 1.0, nb, every)
            if lo < nb:
                heavy_count = _two_or_more_fixed(
                    w_spread[y], r2, c_y, s_a, distinct, weight, product2, q, squared, factor,
                    bound, start, lo, nb, sums, more, heavy_pair, heavy, heavy_count, picked,
                )  # fmt: skip
        if heavy_count:
            _two_qs_summed(
                w_two[y], heavy, heavy_count, heavy_work, heavy_lanes, show, bound, 1.0, y,
                three_log,
            )  # fmt: skip


@kernel
def _aligned(rows: int, lanes: int) -> Floats:
    """[rows, lanes] with each row starting a cache line (lanes rounded up to whole lines:
    a vector of AVX-512 in one line, not two; Numba aligns arrays to 32 bytes only)."""
    width = -(-lanes // 8) * 8
    space = np.empty(rows * width + 8)
    skip = (-space.ctypes.data) % 64 // 8
    return space[skip : skip + rows * width].reshape((rows, width))


@kernel
def _heavy_lanes_aligned(horses: int, count: int) -> Any:
    """``_heavy_lanes`` with each row starting a cache line (``_aligned``): the heavy lanes'
    sums ran a fifth longer with the rows anywhere (measured on recorded lanes)."""
    rows = _aligned(3 * horses, count).reshape((3, horses, -(-count // 8) * 8))
    return rows[0], rows[1], rows[2], np.empty(count, np.int64), np.empty(count)


@kernel
def _padded_square(horses: int) -> Floats:
    """A [horse, horse] matrix of zeros with rows and columns up to a multiple of four
    (``_times_sym`` reads it in four-by-four blocks)."""
    size = -(-horses // 4) * 4
    return np.zeros((size, size))


@kernel
def _times_sym(sym: Floats, v: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = sym v on the lanes lo to nb, sym (``_padded_square``) a four-by-four block at a
    time: four rows of v loaded once for sixteen multiply-adds, four of ``into`` stored
    once (one at a time, each multiply-add was two loads and a store). Each row's sum
    is taken in the same order as one at a time, the zeros skipped or added exactly (a
    row past the last horse is read as the last, its weights 0): the same numbers."""
    horses = v.shape[0]
    into[:, lo:nb] = 0.0
    for m in range(0, horses, 4):
        for j in range(0, horses, 4):
            w = sym[m : m + 4, j : j + 4]
            if not w.any():
                continue
            j1, j2, j3 = min(j + 1, horses - 1), min(j + 2, horses - 1), min(j + 3, horses - 1)
            if m + 4 > horses:  # the last one to three rows one at a time
                for row in range(m, horses):
                    _add_four(w[row - m], v, j, j1, j2, j3, into, row, lo, nb)
                continue
            w00, w01, w02, w03 = w[0, 0], w[0, 1], w[0, 2], w[0, 3]
            w10, w11, w12, w13 = w[1, 0], w[1, 1], w[1, 2], w[1, 3]
            w20, w21, w22, w23 = w[2, 0], w[2, 1], w[2, 2], w[2, 3]
            w30, w31, w32, w33 = w[3, 0], w[3, 1], w[3, 2], w[3, 3]
            for i in range(_lane(lo), _lane(nb)):
                v0, v1, v2, v3 = v[j, i], v[j1, i], v[j2, i], v[j3, i]
                into[m, i] = into[m, i] + w00 * v0 + w01 * v1 + w02 * v2 + w03 * v3
                into[m + 1, i] = into[m + 1, i] + w10 * v0 + w11 * v1 + w12 * v2 + w13 * v3
                into[m + 2, i] = into[m + 2, i] + w20 * v0 + w21 * v1 + w22 * v2 + w23 * v3
                into[m + 3, i] = into[m + 3, i] + w30 * v0 + w31 * v1 + w32 * v2 + w33 * v3


@kernel
def _add_four(
    w: Floats, v: Floats, j0: int, j1: int, j2: int, j3: int, into: Floats, m: int, lo: int,
    nb: int,
) -> None:  # fmt: skip
    """into[m] += w[0] v[j0] + ... + w[3] v[j3] on the lanes lo to nb, in that order."""
    w0, w1, w2, w3 = w[0], w[1], w[2], w[3]
    for i in range(_lane(lo), _lane(nb)):
        into[m, i] = into[m, i] + w0 * v[j0, i] + w1 * v[j1, i] + w2 * v[j2, i] + w3 * v[j3, i]


@kernel
def _sums_three(
    r: Floats, a: Floats, b: Floats, c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats,
    nb: int,
) -> None:  # fmt: skip
    """The sums over the horses of a / allowed, b / allowed and c / allowed in one pass
    (``_sum`` three times, the same numbers)."""
    sum_a[:nb], sum_b[:nb], sum_c[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            sum_a[i] += r[h, i] * a[h, i]
            sum_b[i] += r[h, i] * b[h, i]
            sum_c[i] += r[h, i] * c[h, i]


@kernel
def _distinct_and_pair(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, distinct: Floats,
    factor: Floats, nb: int, work: Floats,
) -> None:  # fmt: skip
    """distinct = ``_two`` (a, b) and factor = it plus ``_pair`` (a), each from zero: the
    sums of their products in one pass, their terms in another (``_two`` and ``_pair``
    took five)."""
    both, squares = work[0], work[1]
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            both[i] += ra * b[h, i] * r[h, i]
            squares[i] += ra * a[h, i] * r[h, i]
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            distinct[h, i] = two
            factor[h, i] = two + ((sum_a[i] * sum_a[i] - squares[i]) / 2 - ra * (sum_a[i] - ra))


# A clean target's passes with the upper key y's chances one number a horse (``a``, ``b``,
# ``c`` by horse, the same in every lane), not a [horse, lane] block: each pass loads a
# block fewer for each (the same arithmetic in the same order, so the same numbers).


@kernel
def _clean_sums_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int
) -> None:
    """``_sums_two`` with a and b by horse."""
    sum_a[:nb], sum_b[:nb], both[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _clean_weigh_one_two(
    place: Floats, show: Floats, at: int, product: Floats, r: Floats, weight: Floats,
    a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """``_weigh_one_two`` with a and b by horse, every horse a target, scale 1."""
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            one = sum_a[i] - ra
            share = product[i] * r[h, i] * weight[h, i]
            place[h, _lane(at) + i] += share * one
            show[h, _lane(at) + i] += share * (one + (one * (sum_b[i] - rb) - (both[i] - ra * rb)))


@kernel
def _clean_sums_three(
    r: Floats, a: Floats, b: Floats, c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats,
    nb: int,
) -> None:  # fmt: skip
    """``_sums_three`` with a, b and c by horse."""
    sum_a[:nb], sum_b[:nb], sum_c[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h, c_h = a[h], b[h], c[h]
        for i in range(_lane(nb)):
            sum_a[i] += r[h, i] * a_h
            sum_b[i] += r[h, i] * b_h
            sum_c[i] += r[h, i] * c_h


@kernel
def _clean_distinct_and_pair(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, distinct: Floats,
    factor: Floats, nb: int, work: Floats,
) -> None:  # fmt: skip
    """``_distinct_and_pair`` with a and b by horse."""
    both, squares = work[0], work[1]
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra = a_h * r[h, i]
            both[i] += ra * b_h * r[h, i]
            squares[i] += ra * a_h * r[h, i]
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            distinct[h, i] = two
            factor[h, i] = two + ((sum_a[i] * sum_a[i] - squares[i]) / 2 - ra * (sum_a[i] - ra))


@kernel
def _clean_times_r_c_r(r: Floats, c: Floats, into: Floats, lo: int, nb: int) -> None:
    """``_times_r_c_r`` with c by horse."""
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            into[h, i] = r[h, i] * c_h * r[h, i]


@kernel
def _clean_one_in_window(
    r: Floats, c: Floats, sum_a: Floats, by_r: Floats, by_ra: Floats, into: Floats, lo: int,
    nb: int, work: Floats,
) -> None:  # fmt: skip
    """``_one_in_window`` with c by horse, every horse a target, scale 1."""
    whole, spread = work[0], work[1]
    _dot(r, by_r, whole, lo, nb)
    spread[lo:nb] = 0.0  # _dot_r2 (r, c, by_r)
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            spread[i] += c_h * r[h, i] * by_r[h, i] * r[h, i]
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            a, s = c_h * r[h, i], r[h, i] * by_r[h, i]
            into[h, i] += (
                (sum_a[i] - a) * (whole[i] / 2 - s) - (spread[i] - a * s) + r[h, i] * by_ra[h, i]
            )


@kernel
def _left_out(c: Floats, c_gt: Floats, clean_keys: Ints, bound: Floats) -> int:
    """How many of a clean target's lowest keys x to leave out, their chances added to
    ``bound`` ([horse, x]). All a key pair (x, y) adds for a horse X (place, show and what
    bounds show) is a chance that X is clean at x with one or two others clean ahead of it,
    the lower at y; summed over y at most c_X(x) (P1 + P2), Pn the chance that exactly n
    others are clean ahead of x (each horse's count polynomial taken over the horses
    before it and after it, degrees 0 to 2). Keys are left out from the lowest while these
    sum below ``LEFT_OUT``."""
    horses = c.shape[0]
    before, after = np.zeros((horses, 3)), np.zeros((horses, 3))
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0  # nobody before the first, after the last
    chance, total = np.empty(horses), 0.0
    for first in range(clean_keys.size):
        x = clean_keys[first]
        _counts_around(c_gt[:, x], before, after)
        for h in range(horses):
            b, a = before[h], after[h]
            one_or_two = b[0] * a[1] + b[1] * a[0] + b[0] * a[2] + b[1] * a[1] + b[2] * a[0]
            chance[h] = c[h, x] * one_or_two
            total += chance[h]
        if total >= LEFT_OUT:
            return first
        for h in range(horses):
            bound[h, first] += chance[h]
    return clean_keys.size


@kernel
def _left_out_rows(c_ge: Floats, dq: Floats, dq_keys: Ints, bound: Floats) -> Any:
    """Which keys d of a disqualified target to leave out, their chances added to
    ``bound`` (at the first lower key: it is summed over them). All the key pairs (y, d)
    add for a horse X (``exact_finish._disqualified_target``'s cases) are chances that X
    is disqualified at d with at most one other horse clean at or ahead of d: at most
    dq_X(d) (P0 + P1), Pn the chance of exactly n. The keys with the least are left out
    while these sum below ``LEFT_OUT``."""
    horses = dq.shape[0]
    before, after = np.zeros((horses, 3)), np.zeros((horses, 3))
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0
    chance, total = np.empty((horses, dq_keys.size)), np.zeros(dq_keys.size)
    for index in range(dq_keys.size):
        d = dq_keys[index]
        _counts_around(c_ge[:, d], before, after)
        for h in range(horses):
            b, a = before[h], after[h]
            chance[h, index] = dq[h, d] * (b[0] * a[0] + b[0] * a[1] + b[1] * a[0])
            total[index] += chance[h, index]
    left_out, sum_left = np.zeros(dq_keys.size, np.bool_), 0.0
    for index in np.argsort(total):
        sum_left += total[index]
        if sum_left >= LEFT_OUT:
            break
        left_out[index] = True
        for h in range(horses):
            bound[h, 0] += chance[h, index]
    return left_out


@kernel
def _left_out_lanes(
    c: Floats, c_ge: Floats, dq: Floats, clean_keys: Ints, dq_keys: Ints, rows_left_out: Any,
    bound: Floats,
) -> Any:  # fmt: skip
    """The first lower key (an index of ``clean_keys``) of each key d of a disqualified
    target to sum from: the lowest lanes (y, d) of each row are left out while each could
    add below one threshold, the largest that keeps all they could add together below
    ``DQ_LANES_LEFT_OUT``; their chances are added to ``bound`` ([horse, y]); a row
    ``_left_out_rows`` leaves out starts past its last lane.

    All a lane adds for a horse X (``exact_finish._disqualified_target``'s cases, place,
    show and what bounds show) is a chance that X is disqualified at d, another horse j is
    clean at y and at most one of the rest is clean at or above y: at most dq_X(d) B_X(y),
    B_X(y) the sum over j of c_j(y) times the chance that at most one horse but X and j is
    clean at y or above (each horse's count polynomial over the horses before it and after
    it, X counted never). Low y is where nearly every horse is clean above: about two
    fifths of a 12-horse field's lanes add under 1e-20 each, and a quarter of the rest
    under 1e-18. The threshold is ``DQ_LANES_LEFT_OUT`` halved k times, k from 1 to
    ``DQ_LANE_STEPS``: a first pass adds up each row's lanes (up to its first that may add
    the budget) by the k of the largest lane so far in its row (a lane is left out only
    with every lane below it), a second leaves out the lanes below the threshold found."""
    horses, count = c.shape[0], clean_keys.size
    first = np.zeros(dq_keys.size, np.int64)
    keys = 0  # the lower keys of every row kept: B made for them
    for index in range(dq_keys.size):
        if not rows_left_out[index]:
            keys = max(keys, np.searchsorted(clean_keys, dq_keys[index]))
    chance = np.empty((horses, count))  # B_X(y) by horse and lower key
    before, after, p = np.zeros((horses, 3)), np.zeros((horses, 3)), np.empty(horses)
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0  # nobody before the first, after the last
    for i in range(keys):
        _led_from(c, c_ge, clean_keys[i], chance[:, i], before, after, p)
    steps = DQ_LANE_STEPS
    by_step = np.zeros(steps + 1)  # what the lanes add, by the k of their row's largest
    lanes = np.empty(count)
    for index in range(dq_keys.size):
        if rows_left_out[index]:
            continue
        d = dq_keys[index]
        n = np.searchsorted(clean_keys, d)
        _dq_lanes(dq, d, chance, n, lanes)
        k, below = steps, DQ_LANES_LEFT_OUT * 0.5**steps  # the largest k the lanes are under
        for i in range(n):
            while k > 0 and lanes[i] >= below:
                k, below = k - 1, below * 2
            if lanes[i] >= below:  # k = 0: this lane and the rest are never left out
                break
            by_step[k] += lanes[i]
    # the threshold of k leaves out the lanes of k and above: the largest threshold
    # whose lanes add below the budget
    threshold, spent = 0.0, 0.0
    for k in range(steps, 0, -1):
        spent += by_step[k]
        if spent >= DQ_LANES_LEFT_OUT:
            break
        threshold = DQ_LANES_LEFT_OUT * 0.5**k
    for index in range(dq_keys.size):
        d = dq_keys[index]
        n = np.searchsorted(clean_keys, d)
        if rows_left_out[index]:
            first[index] = n
            continue
        _dq_lanes(dq, d, chance, n, lanes)
        i = 0
        while i < n and lanes[i] < threshold:
            i += 1
        for h in range(horses):
            if dq[h, d] > 0.0:
                for y in range(i):
                    bound[h, y] += dq[h, d] * chance[h, y]
        first[index] = i
    return first


@kernel
def _dq_lanes(dq: Floats, d: int, chance: Floats, n: int, into: Floats) -> None:
    """into[y] = the sum over the horses disqualified at d of dq(d) B(y), the n lowest y."""
    into[:n] = 0.0
    for h in range(dq.shape[0]):
        if dq[h, d] > 0.0:
            for i in range(_lane(n)):
                into[i] += dq[h, d] * chance[h, i]


DQ_LANES_LEFT_OUT = 1e-13
"""What a disqualified target's lowest lanes left out may add together, at most
(``_left_out_lanes``): place may lack that much, show too, and its bound holds it."""
DQ_LANE_STEPS = 64
"""Halvings of ``DQ_LANES_LEFT_OUT`` the threshold of ``_left_out_lanes`` is chosen from
(down to some 1e-33: below every lane that counts)."""


@kernel
def _led_from(
    c: Floats, c_ge: Floats, y: int, into: Floats, before: Floats, after: Floats, p: Floats
) -> None:
    """into[X] = B_X(y) of ``_left_out_lanes``: the sum over j of c_j(y) times the chance
    that at most one horse but X and j is clean at y or above."""
    horses = c.shape[0]
    for x in range(horses):
        for h in range(horses):
            p[h] = c_ge[h, y] if h != x else 0.0  # horse x counted never
        _counts_around(p, before, after)
        total = 0.0
        for j in range(horses):
            if j != x:
                b, a = before[j], after[j]
                total += c[j, y] * (b[0] * a[0] + b[0] * a[1] + b[1] * a[0])
        into[x] = total


@kernel
def _counts_around(p: Floats, before: Floats, after: Floats) -> None:
    """before[h] and after[h]: the chances that 0, 1 and 2 of the horses before h, and of
    those after h, are counted, horse k counted with chance p[k] (before[0] and
    after[-1] are set by the caller: nobody before the first, after the last)."""
    horses = p.shape[0]
    for h in range(1, horses):
        _count_one_more(before[h - 1], p[h - 1], before[h])
        _count_one_more(after[horses - h], p[horses - h], after[horses - 1 - h])


@kernel
def _count_one_more(poly: Floats, p: float, into: Floats) -> None:
    """The chances of 0, 1 and 2 counted, with one more horse counted with chance p."""
    into[0] = poly[0] * (1 - p)
    into[1] = poly[1] * (1 - p) + poly[0] * p
    into[2] = poly[2] * (1 - p) + poly[1] * p


@kernel
def _two_or_more(
    spread: Floats, at: int, r: Floats, c_y: Floats, sum_c: Floats, distinct: Floats,
    weight: Floats, product: Floats, q: Floats, squared: Floats, factor: Floats, bound: Floats,
    scale: float, start: int, lo: int, nb: int, sums: Floats, heavy_pair: float, heavy: Any,
    count: int, targets: Ints, below: Any = None,
) -> int:  # fmt: skip
    """Two or more disqualified horses in the window of a key pair (``exact_finish.
    _two_in_window``): bounded, by all the markers above the window's foot or (Cauchy-
    Schwarz) by those inside it, the ``spread`` matrix [m, j, k] of the window's key (k
    = 0: one for every lane; else lane i's at k = at + i). Lanes where that bound is not
    negligible (``heavy_pair``) go to ``heavy`` (their r, the others' share, the lower
    clean horse's chance c_y, key and q, from lane ``count`` on), to be summed exactly
    once the blocks are done; the others' bound times ``scale`` goes to ``bound``.
    ``factor`` is work space. Returns the new count.

    ``below``, if given (a disqualified target at d that rolled 2), is (a, c_ge_d, work,
    lanes): the window's upper clean horse lies below d, so the bound of the lanes not
    summed takes off the part of spread with it at or above d (``exact_finish.
    _squares_below`` says why that stays a bound; a = q(y) - q(d) by horse and lane).
    Which lanes are summed stays as the whole spread chooses."""
    horses = r.shape[0]
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    squared[:, lo:nb] = 0.0
    for m in range(horses):
        for j in range(horses):
            if spread.shape[2] > 1:
                for i in range(_lane(lo), _lane(nb)):
                    squared[j, i] += spread[m, j, _lane(at) + i] * r[m, i] * r[m, i]
                continue
            w = spread[m, j, 0]
            if w == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                squared[j, i] += w * r[m, i] * r[m, i]
    _dq_zero_rows(factor, targets, lo, nb)  # only the targets' rows are read
    sum_squared = sums[1]
    _dot(r, squared, sum_squared, lo, nb)
    # _two's work is sums[:1], not sums: no argument of a kernel overlaps another it writes
    # (exact_noalias)
    _two(r, c_y, squared, sum_c, sum_squared, factor, 1.0, lo, nb, sums[:1], targets)
    grows, spreads, share = sums[0], sums[1], sums[2]
    for i in range(lo, nb):
        grows[i], spreads[i] = math.expm1(q[i]) - q[i], math.exp(q[i]) / 2
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            factor[h, i] = min(distinct[h, i] * grows[i], factor[h, i] * spreads[i])
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            factor[h, i] *= product[i] * r[h, i] * weight[h, i]  # its bound
    for i in range(lo, nb):
        share[i] = 0.0
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            share[i] += factor[h, i]
    tight = factor
    if below is not None:  # the lanes not summed (first to last) bounded from tighter squares
        first, last = nb, lo
        for i in range(lo, nb):
            if share[i] <= heavy_pair:
                first, last = min(first, i), i + 1
        if first < last:
            tight = _squares_below(r, squared, below, sum_c, c_y, first, last, targets)
            for h in targets:
                for i in range(_lane(first), _lane(last)):
                    tight[h, i] = min(distinct[h, i] * grows[i], tight[h, i] * spreads[i])
                    tight[h, i] *= product[i] * r[h, i] * weight[h, i]
    for i in range(lo, nb):
        if share[i] <= heavy_pair:
            for h in targets:
                bound[h, start + i] += scale * tight[h, i]
            continue
        for h in range(horses):
            heavy_r[h, count] = r[h, i]
            heavy_share[h, count] = product[i] * r[h, i] * weight[h, i]
            heavy_c[h, count] = c_y[h, i]
        heavy_at[count], heavy_q[count] = start + i, q[i]
        count += 1
    return count


@kernel
def _two_or_more_fixed(
    spread: Floats, r: Floats, c_y: Floats, sum_c: Floats, distinct: Floats,
    weight: Floats, product: Floats, q: Floats, squared: Floats, factor: Floats,
    bound: Floats, start: int, lo: int, nb: int, sums: Floats, lanes: Floats,
    heavy_pair: float, heavy: Any, count: int, picked: Ints,
) -> int:  # fmt: skip
    """``_two_or_more`` for one spread matrix [m, j] for every lane (a clean target's),
    scale 1 and no ``below``: the same bound and the same heavy lanes in fewer passes;
    c_y is the upper clean horse's chance at y, by horse (the same in every lane).
    Measured in place: exp(q) - 1 - q and exp(q) by ``math``, a lane at a time, took as
    long as the squares (``_grows`` takes them by the series, in vectors), and the
    bounds added a lane at a time, a store a horse strided by the keys, took longer
    (here one pass over the lanes, the heavy ones weighed by 0)."""
    horses = r.shape[0]
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    squared[:, lo:nb] = 0.0
    for m in range(horses):
        for j in range(horses):
            w = spread[m, j]
            if w == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                squared[j, i] += w * r[m, i] * r[m, i]
    sum_squared, both, share = sums[0], sums[1], sums[2]
    sum_squared[lo:nb], both[lo:nb] = 0.0, 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            rb = squared[h, i] * r[h, i]
            sum_squared[i] += rb
            both[i] += c_y[h] * r[h, i] * rb
    grows, spreads = lanes[0], lanes[1]
    _grows(q, grows, spreads, lo, nb)
    share[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            ra, rb = c_y[h] * r[h, i], squared[h, i] * r[h, i]
            two = (sum_c[i] - ra) * (sum_squared[i] - rb) - (both[i] - ra * rb)
            tight = min(distinct[h, i] * grows[i], two * spreads[i])
            factor[h, i] = tight * (product[i] * r[h, i] * weight[h, i])
            share[i] += factor[h, i]
    light = spreads  # 1 where the lane is bounded, 0 where it is summed
    for i in range(_lane(lo), _lane(nb)):
        light[i] = 1.0 if share[i] <= heavy_pair else 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            bound[h, _lane(start) + i] += factor[h, i] * light[i]
    summed = count
    for i in range(lo, nb):
        if light[i] == 0.0:
            heavy_at[summed], heavy_q[summed] = start + i, q[i]
            picked[summed - count] = i
            summed += 1
    for h in range(horses):  # a horse at a time: its row of each heavy array in order
        for into in range(count, summed):  # the heavy lanes alone (most lanes are not)
            i = picked[into - count]
            heavy_r[h, into] = r[h, i]
            heavy_share[h, into] = product[i] * r[h, i] * weight[h, i]
            heavy_c[h, into] = c_y[h]
    return summed


@kernel
def _grows(q: Floats, grows: Floats, spreads: Floats, lo: int, nb: int) -> None:
    """grows = exp(q) - 1 - q and spreads = exp(q) / 2 on the lanes lo to nb: below q = 1/2
    by the series (18 terms, as ``_beyond_two``: the rest is below 1e-21 of the sum), in
    vectors; by ``math``, a lane at a time, at the few lanes above."""
    for i in range(_lane(lo), _lane(nb)):
        x, series = q[i], 0.0
        for k in range(19, 1, -1):
            series = (series + 1.0) * x / k
        grows[i] = series * x
        spreads[i] = (1.0 + x + grows[i]) / 2
    for i in range(lo, nb):
        if q[i] >= 0.5:
            grows[i], spreads[i] = math.expm1(q[i]) - q[i], math.exp(q[i]) / 2


@kernel
def _squares_below(
    r: Floats, squared: Floats, below: Any, sum_c: Floats, c_y: Floats, lo: int, nb: int,
    targets: Ints,
) -> Floats:  # fmt: skip
    """``_two_or_more``'s squares with the window below d (``exact_finish._squares_below``
    says what is taken off, and why it stays a bound), into below's first work block.
    below = (a, c_ge_d, work, lanes, one_d, spread_d, by_j): a = q(y) - q(d) by horse and
    lane, one_d and spread_d the windows at d, by_j[j] the sum over m of one_d[m, j]."""
    a, c_ge_d, work, lanes, one_d, spread_d, by_j = below
    tight, own, v_one, v_spread = work[0], work[1], work[2], work[3]
    total_a, total_own, total_ra, sum_tight = lanes[0], lanes[1], lanes[2], lanes[3]
    sums = lanes[4:]  # _two's work
    horses = r.shape[0]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            a[h, i] = max(a[h, i], 0.0)
    total_a[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            total_a[i] += a[h, i]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            v_spread[h, i] = r[h, i] * r[h, i]
            v_one[h, i] = v_spread[h, i] * (total_a[i] - 2 * a[h, i])
    _dot(v_spread, a, total_ra, lo, nb)
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            own[h, i] = v_spread[h, i] * a[h, i] * (total_a[i] - a[h, i])
    total_own[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            total_own[i] += own[h, i]
    for j in range(horses):  # the part at or above d, less each horse's own
        for i in range(_lane(lo), _lane(nb)):
            own[j, i] = c_ge_d[j, i] * (total_own[i] - own[j, i]) + by_j[j] * (
                total_ra[i] - v_spread[j, i] * a[j, i]
            )
    for m in range(horses):
        for j in range(horses):
            w_one, w_spread = one_d[m, j], spread_d[m, j]
            if w_one == 0.0 and w_spread == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                own[j, i] += w_one * v_one[m, i] + w_spread * v_spread[m, i]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            own[h, i] = max(squared[h, i] - own[h, i], 0.0)
    tight[:, lo:nb] = 0.0
    _dot(r, own, sum_tight, lo, nb)
    _two(r, c_y, own, sum_c, sum_tight, tight, 1.0, lo, nb, sums, targets)
    return tight


@kernel
def _heavy_lanes(horses: int, count: int) -> Any:
    """Space for ``_two_or_more``'s heavy lanes: r, share, c, key and q."""
    return (np.empty((horses, count)), np.empty((horses, count)), np.empty((horses, count)),
            np.empty(count, np.int64), np.empty(count))  # fmt: skip


@kernel
def _two_qs_summed(
    sets: Floats, heavy: Any, count: int, work: Floats, lanes: Floats, show: Floats,
    bound: Floats, scale: float, y: int, log: Any,
) -> None:  # fmt: skip
    """Exactly two disqualified horses in the window given by its ``sets`` of three (a row
    of ``windows``' table; one for all the lanes),
    summed for the heavy lanes; three or more bounded by the two times ``_beyond_two(q)`` (each
    further one adds at most q / k); both times ``scale``. ``log`` is (threshold, at, key,
    count): a lane whose bound of three or more is above the threshold is logged (its at,
    key y) instead, for ``exact_compiled_three.three_in_window`` to sum (nothing is above
    an infinite threshold)."""
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    two_q = work[0]
    _fresh_two_q_by_sets(heavy_r, count, heavy_c, sets, two_q, work[1:], lanes)
    _clean_heavy_done(heavy_share, heavy_at, heavy_q, two_q, count, show, bound, scale, y, log,
                      lanes)  # fmt: skip


@kernel
def _clean_heavy_done(
    heavy_share: Floats, heavy_at: Ints, heavy_q: Floats, two_q: Floats, count: int,
    show: Floats, bound: Floats, scale: float, y: int, log: Any, lanes: Floats,
) -> None:  # fmt: skip
    """``_two_qs_summed``'s show, bound and log from the sums two_q of its heavy lanes. A
    horse at a time along the lanes where that runs in vectors (a lane at a time over the
    horses, it took some 0.02 s at 12 horses); each lane's sum over the horses in the same
    order, and each cell of show and bound written once (a lane's key is its own): the
    same numbers."""
    horses = heavy_share.shape[0]
    more, beyond, logged = lanes[0], lanes[1], lanes[2]
    for s in range(count):
        beyond[s], more[s] = _beyond_two(heavy_q[s]), 0.0
    for h in range(horses):
        for s in range(_lane(count)):
            more[s] += scale * heavy_share[h, s] * two_q[h, s] * beyond[s]
    for s in range(count):
        logged[s] = 0.0
        if more[s] > log[0]:
            at = log[3][0]
            log[1][at], log[2][at], log[3][0] = heavy_at[s], y, at + 1
            logged[s] = 1.0
    for h in range(horses):
        for s in range(count):
            share = scale * heavy_share[h, s] * two_q[h, s]
            show[h, heavy_at[s]] += share
            if logged[s] == 0.0:
                bound[h, heavy_at[s]] += scale * heavy_share[h, s] * two_q[h, s] * beyond[s]


@kernel
def _beyond_two(q: float) -> float:
    """``exact_finish.beyond_two`` (why it bounds three or more per two), the same arithmetic."""
    if q < 0.5:
        small, factorial = 0.0, 6402373705728000.0  # 18!, exact in a float
        for j in range(16, 0, -1):  # exact_finish.SERIES_TERMS; factorial = (j + 2)!
            small = (small + 2 / factorial) * q
            factorial /= j + 2
        return small
    return 2 * (math.expm1(q) - q - q * q / 2) / (q * q)


@kernel
def _window_two_start(horses: int) -> tuple[Floats, Floats, Floats]:
    """The window of two 2s at a key, and the sums over the keys above it that make it:
    of q_m c_j, and of q_m q_n c_j (none yet: start at the top key)."""
    shape = (horses, horses, horses)
    return np.zeros(shape), np.zeros((horses, horses)), np.zeros(shape)


@kernel
def _window_two_at(
    q: Floats, c_gt: Floats, y: int, by_m: Floats, by_both: Floats, two: Floats
) -> None:
    """``exact_finish.Windows.two`` at y: two[m, n, j] the sum over y1 > y of c_j(y1)
    (q_m(y) - q_m(y1)) (q_n(y) - q_n(y1)), m, n, j distinct, at least 0; only m < n is
    made (it is symmetric): what the loops here read."""
    horses = q.shape[0]
    column = c_gt[:, y].copy()  # read along the rows below
    for m in range(horses):
        q_m = q[m, y]
        for n in range(m + 1, horses):
            q_n, qq = q[n, y], q[m, y] * q[n, y]
            # every j in one loop along the row (vectors), then j = m and j = n back to 0
            for j in range(horses):
                value = qq * column[j] - q_m * by_m[n, j] - q_n * by_m[m, j] + by_both[m, n, j]
                two[m, n, j] = max(value, 0.0)
            two[m, n, m], two[m, n, n] = 0.0, 0.0


@kernel
def _window_two_add(q: Floats, c: Floats, y: int, by_m: Floats, by_both: Floats) -> None:
    """Count key y in the sums over the keys above (for the next key down)."""
    horses = q.shape[0]
    for m in range(horses):
        for j in range(horses):
            by_m[m, j] += q[m, y] * c[j, y]
    column = c[:, y].copy()
    for m in range(horses):  # only m < n: all ``_window_two_at`` reads
        for n in range(m + 1, horses):
            qq = q[m, y] * q[n, y]
            for j in range(horses):  # along the row
                by_both[m, n, j] += qq * column[j]


@kernel
def _window_tables(
    dq: Floats, c_ge: Floats, q: Floats, c: Floats, c_gt: Floats
) -> tuple[Floats, Floats, Floats, Floats, Floats]:
    """``exact_finish.Windows.of``'s tables [key, ...] as one sweep down the keys, each sum
    over the keys above a key kept running (the same expansions, so the same numbers to
    rounding); ``two`` as sets of three horses ([key, set], ``_fresh_sets_into``: all the
    loops here read of it)."""
    horses, keys = c.shape
    one, spread = np.empty((keys, horses, horses)), np.empty((keys, horses, horses))
    level, at = np.empty((keys, horses, horses)), np.empty((keys, horses, horses))
    table = np.empty((keys, max(horses * (horses - 1) * (horses - 2) // 6, 1)))
    scratch, by_m, by_both = _window_two_start(horses)  # a key's window, then its sets
    at_above, by_q, by_square = np.zeros((3, horses, horses))
    by_all = np.zeros(horses)
    for y in range(keys - 1, -1, -1):
        q_all = 0.0
        for m in range(horses):
            q_all += q[m, y]
        for m in range(horses):
            for j in range(horses):
                if m == j:
                    one[y, m, j], spread[y, m, j], at[y, m, j] = 0.0, 0.0, 0.0
                    continue
                one[y, m, j] = at_above[m, j]
                at[y, m, j] = dq[m, y] / 6 * c_ge[j, y]
                # (q_m(y) - q_m(y1)) (Q(y) - Q(y1)) expanded, less m's own square
                value = (
                    q[m, y] * q_all * c_gt[j, y]
                    - q[m, y] * by_all[j]
                    - q_all * by_m[m, j]
                    + by_q[m, j]
                )
                value -= q[m, y] * q[m, y] * c_gt[j, y] - 2 * q[m, y] * by_m[m, j] + by_square[m, j]
                spread[y, m, j] = max(value, 0.0)
        _window_two_at(q, c_gt, y, by_m, by_both, scratch)
        _fresh_sets_into(scratch, table[y])
        for m in range(horses):  # count key y in the sums over the keys above
            for j in range(horses):
                at_above[m, j] += dq[m, y] / 6 * c_ge[j, y]
                by_q[m, j] += q[m, y] * q_all * c[j, y]
                by_square[m, j] += q[m, y] * q[m, y] * c[j, y]
        for j in range(horses):
            by_all[j] += c[j, y] * q_all
        _window_two_add(q, c, y, by_m, by_both)
    level_sum = np.zeros((horses, horses))
    for y in range(keys):  # horses level below each key
        for j in range(horses):
            for k in range(horses):
                level[y, j, k] = level_sum[j, k] if j != k else 0.0
                level_sum[j, k] += c[j, y] * c[k, y]
    return one, table, spread, level, at


def windows(t: Tables) -> Windows:
    """``exact_finish.Windows.of`` for the compiled sums: the same tables, as loops, but
    ``two`` as [key, set of three horses] (``_sets_of`` of ``Windows.two`` at each key:
    220 numbers a key at 12 horses, not 1,728, all the compiled sums read)."""
    tables = (t.dq, t.c_ge, t.p_gt, t.c, t.c_gt)
    arrays = (np.ascontiguousarray(a, dtype=np.float64) for a in tables)
    return Windows(*_window_tables(*arrays))


def single_threshold(t: Tables, w: Windows) -> tuple[Floats, Floats, Floats]:
    """``exact_finish._single_threshold`` as one loop over the keys (the NumPy one made some
    forty arrays of [horse, key] an outcome): the same sums, added in another order, so
    the same numbers to rounding (tests/games/stretch/analysis/test_stretch_exact_compiled.py)."""
    names = ("c", "dq", "out", "c_ge", "c_gt", "c_tot", "c_lt", "d_gt", "d_le", "p_gt")
    a = [np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in names]
    matrices = (np.ascontiguousarray(m, dtype=np.float64) for m in (w.one, w.level))
    place, show = _tables_single(*a, *matrices)
    return place, show, np.zeros_like(place)


@kernel
def _tables_single(
    c: Floats, dq: Floats, out: Floats, c_ge: Floats, c_gt: Floats, c_tot: Floats,
    c_lt: Floats, d_gt: Floats, d_le: Floats, p_gt: Floats, one: Floats, level: Floats,
) -> tuple[Floats, Floats]:  # fmt: skip
    """``_single_threshold``'s place and show, key by key: at each key the three kinds of
    others (``exact_finish.Others``: allowed g, r = marker / g, the product of the others'
    g) and their sums over the horses, then each horse's share added to its total."""
    horses, keys = c.shape
    first, any_place, any_show = np.zeros(horses), np.zeros(horses), np.zeros(horses)
    die_place, die_show, die_pairs = np.zeros(horses), np.zeros(horses), np.zeros(horses)
    g, weighted, m_r = np.empty(horses), np.empty(horses), np.empty(horses)
    rg = np.empty(horses)  # 1 / g: a division a horse, then products
    work = np.empty((11, horses))
    r_above, r_any, r_ge, r_lt, r_p = work[0], work[1], work[2], work[3], work[4]
    row, col, by_ra, by_ra_t, a, ra = work[5], work[6], work[7], work[8], work[9], work[10]
    for y in range(keys):
        # a clean horse nobody clean beats: the others not clean ahead
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_gt[h, y]
            product *= g[h]
        for h in range(horses):
            first[h] += product / g[h] * c[h, y]
        # disqualified at y: the others out or disqualified at or behind y
        product = 1.0
        for h in range(horses):
            g[h] = out[h] + d_le[h, y]
            product *= g[h]
        s_above = s_any = s_ge = s_lt = sq_above = sq_ge = 0.0
        both_any = both_ge = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_above[h], r_any[h] = d_gt[h, y] * rg[h], c_tot[h] * rg[h]
            r_ge[h], r_lt[h] = c_ge[h, y] * rg[h], c_lt[h, y] * rg[h]
            s_above += r_above[h]
            s_any += r_any[h]
            s_ge += r_ge[h]
            s_lt += r_lt[h]
            sq_above += r_above[h] * r_above[h]
            sq_ge += r_ge[h] * r_ge[h]
            both_any += r_any[h] * r_above[h]
            both_ge += r_ge[h] * r_lt[h]
        whole = _tables_pairs(level[y], rg, m_r)
        for h in range(horses):
            one_above = s_above - r_above[h]
            place = 1 + one_above
            show = place + ((s_above * s_above - sq_above) / 2 - r_above[h] * one_above)
            one_any = s_any - r_any[h]
            place = place + one_any
            two_any = one_any * one_above - (both_any - r_any[h] * r_above[h])
            show = show + one_any + two_any
            one_ge = s_ge - r_ge[h]
            pair_ge = (s_ge * s_ge - sq_ge) / 2 - r_ge[h] * one_ge
            two_ge = one_ge * (s_lt - r_lt[h]) - (both_ge - r_ge[h] * r_lt[h])
            pairs = whole / 2 - m_r[h] * rg[h]
            show = show + pair_ge + two_ge + pairs
            any_place[h] += weighted[h] * place
            any_show[h] += weighted[h] * show
        # no 1 from ahead of y either (alone): its one and two
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_tot[h] - p_gt[h, y]
            product *= g[h]
        s_lt = s_p = both = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_lt[h], r_p[h] = c_lt[h, y] * rg[h], p_gt[h, y] * rg[h]
            s_lt += r_lt[h]
            s_p += r_p[h]
            both += r_lt[h] * r_p[h]
        for h in range(horses):
            alone_place = s_lt - r_lt[h]
            alone_show = alone_place + (alone_place * (s_p - r_p[h]) - (both - r_lt[h] * r_p[h]))
            die_place[h] += weighted[h] * alone_place
            die_show[h] += weighted[h] * alone_show
        # nor a 2 (pair alone): two with a leader, one 2 in the window, and the level pairs
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_tot[h] - 2 * p_gt[h, y]
            product *= g[h]
        s_lt = s_ge = both = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_lt[h], r_ge[h] = c_lt[h, y] * rg[h], c_ge[h, y] * rg[h]
            s_lt += r_lt[h]
            s_ge += r_ge[h]
            both += r_lt[h] * r_ge[h]
        # _one_q_between: r = 1 / g, a = c_lt r, row = r (W r), col = r (W^T r)
        window = one[y]
        s_a = s_row = s_spread = 0.0
        for h in range(horses):
            a[h] = c_lt[h, y] * rg[h]
            ra[h] = a[h] * rg[h]
        for m in range(horses):
            w_r = w_t_r = w_ra = w_t_ra = 0.0
            for j in range(horses):
                w_r += window[m, j] * rg[j]
                w_t_r += window[j, m] * rg[j]
                w_ra += window[m, j] * ra[j]
                w_t_ra += window[j, m] * ra[j]
            row[m], col[m] = w_r * rg[m], w_t_r * rg[m]
            by_ra[m], by_ra_t[m] = w_ra * rg[m], w_t_ra * rg[m]
            s_a += a[m]
            s_row += row[m]
            s_spread += a[m] * (row[m] + col[m])
        whole = _tables_pairs(level[y], rg, m_r)
        for h in range(horses):
            with_leader = (s_lt - r_lt[h]) * (s_ge - r_ge[h]) - (both - r_lt[h] * r_ge[h])
            spread = a[h] * (row[h] + col[h])
            one_q = (
                (s_a - a[h]) * (s_row - row[h] - col[h])
                - (s_spread - spread)
                + by_ra[h]
                + by_ra_t[h]
            )
            die_show[h] += weighted[h] * (with_leader + one_q)
            die_pairs[h] += weighted[h] * (whole / 2 - m_r[h] * rg[h])
    place, show = np.empty(horses), np.empty(horses)
    for h in range(horses):
        place[h] = first[h] + any_place[h] - die_place[h] / 6
        show[h] = first[h] + any_show[h] - die_show[h] / 6 - die_pairs[h] * 2 / 6
    return place, show


@kernel
def _tables_pairs(level: Floats, r: Floats, m_r: Floats) -> float:
    """``exact_finish.Others.pairs`` at one key: m_r = level r by horse (r = 1 / allowed),
    and the sum over the horses of r m_r (each horse's share is then half that less its
    own)."""
    whole = 0.0
    for m in range(r.shape[0]):
        total = 0.0
        for j in range(r.shape[0]):
            total += level[m, j] * r[j]
        m_r[m] = total
        whole += total * r[m]
    return whole


@kernel
def _symmetric(matrix: Floats, into: Floats) -> None:
    """into = matrix + its transpose."""
    for m in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            into[m, j] = matrix[m, j] + matrix[j, m]


# ------------------------------------------------------------- disqualified targets


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
    heavy_pair: float,
    first_lanes: Any,
    place: Floats,
    show: Floats,
    bound: Floats,
) -> None:
    """``exact_finish._disqualified_target`` for every pair (y, d), y a clean key below
    the disqualified key d; place, show and bound are [horse, y] sums over d. ``w_two`` is
    the window of two 2s as ``windows`` keeps it, [key, set of three] (``_sets_of`` of
    ``exact_finish.Windows.two`` at every key). Each key d's lanes start at
    the lower key ``first_lanes`` (one a key of ``dq_keys``: ``_left_out_lanes``)."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_ge = c[:, clean_keys].copy(), c_ge[:, clean_keys].copy()
    low_gt, low_lt = c_gt[:, clean_keys].copy(), c_lt[:, clean_keys].copy()
    low_p = p_gt[:, clean_keys].copy()
    low_ge_p = low_ge + low_p
    # each lower key's window matrix plus its transpose, lower key last; its spread
    low_sym, low_spread = np.zeros((horses, horses, count)), np.empty((horses, horses, count))
    for m in range(horses):
        for j in range(horses):
            for i in range(count):
                low_spread[m, j, i] = w_spread[clean_keys[i], m, j]
    for m in range(horses):
        for j in range(m + 1, horses):
            for i in range(count):
                y = clean_keys[i]
                low_sym[m, j, i] = w_one[y, m, j] + w_one[y, j, m]
    shape = (horses, BLOCK)
    weight, p_d, c_ge_d = np.empty(shape), np.empty(shape), np.empty(shape)
    lc, llt, between, ones = np.empty(shape), np.empty(shape), np.empty(shape), np.empty(shape)
    r1, r2, r3 = np.empty(shape), np.empty(shape), np.empty(shape)
    factor, two_clean, ra = np.empty(shape), np.empty(shape), np.empty(shape)
    by_r, by_ra, squared, scratch = (
        np.empty(shape),
        np.empty(shape),
        np.empty(shape),
        np.empty(shape),
    )
    # key pairs where two disqualified horses in the window are summed (``_two_or_more``):
    # a leader's 2s above d (and the same with no other clean horse, r and share below),
    # and 1s below a leader between y and d (and the same with no other clean horse)
    heavy2, heavy3 = _heavy_lanes(horses, count), _heavy_lanes(horses, count)
    alone_r, alone_share = np.empty((horses, count)), np.empty((horses, count))
    alone_r2, alone_share2 = np.empty((horses, 1)), np.empty((horses, 1))  # the same at every y
    # ... and its bound (``_alone_bound``)
    alone_bound = np.empty((horses, count))
    # ... the 2s above d share one window: summed by d (``_sum_at_d``), its work
    at_d, d_work, d_lanes = (
        np.empty((3, horses, count)),
        np.empty((7, horses, count)),
        np.empty((7, count)),
    )
    # ... the 1s below a leader: each lane's window less Windows.two at y summed by d, kept
    # for the whole outcome and the rest summed by y (``_keep``, ``_sum_by_y``)
    kept, kept_count = _kept_lanes(horses, 4 * count), 0
    room = 2 * count + VECTOR_LANES
    keep_work, keep_lanes = np.empty((21, horses, room)), np.empty((8, room))
    keep_beyond, keep_at = np.empty(2 * count), np.empty(2 * count, np.int64)
    vectors, products = np.empty((4, horses, BLOCK)), np.empty((4, horses, BLOCK))
    r4, ra4, r5, ra5 = vectors[0], vectors[1], vectors[2], vectors[3]
    product = np.empty((5, BLOCK))
    q, s_a, s_b, sums = np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK), np.empty((3, BLOCK))
    s_c, s_d, q5, squares3 = np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK)
    both5 = np.empty(BLOCK)
    base, by_horse, nothing = np.empty((5, horses)), np.empty((3, horses)), np.zeros(horses)
    below_work, below_lanes = np.empty((4, horses, BLOCK)), np.empty((5, BLOCK))
    a_d, one_by_j = np.empty(shape), np.empty(horses)
    spent = np.empty(3)  # the bounds of d's lowest lanes (leader, window) and highest
    every = np.arange(horses)
    fixed_one, fixed_window, fixed_at = (
        np.empty((horses, horses)),
        np.empty((horses, horses)),
        np.empty((horses, horses)),
    )
    for index in range(dq_keys.size):
        d = dq_keys[index]
        n = int(np.searchsorted(clean_keys, d))
        if first_lanes[index] >= n:
            continue
        _spread(dq[:, d], weight)
        targets = np.flatnonzero(dq[:, d] > 0.0)  # the horses weighed (design doc)
        is_target = dq[:, d] > 0.0
        _spread(p_gt[:, d], p_d)
        _spread(c_ge[:, d], c_ge_d)
        _symmetric(w_one[d], fixed_one)
        _symmetric(w_at[d], fixed_at)
        fixed_window[:, :] = fixed_one + fixed_at
        for h in range(horses):  # allowed = base - (a chance at the lower key), below
            pd = p_gt[h, d]
            base[0, h], base[1, h], base[2, h] = 1 - pd, out[h] + d_le[h, d] + pd, 1 - 2 * pd
            base[3, h], base[4, h] = 1 - pd, 1 - c_tot[h] - pd
            by_horse[0, h], by_horse[1, h] = c_ge[h, d], pd + dq[h, d] / 6
            by_horse[2, h] = pd
            one_by_j[h] = 0.0
            for m in range(horses):
                one_by_j[h] += w_one[d, m, h]
        below_d = (a_d, c_ge_d, below_work, below_lanes, w_one[d], w_spread[d], one_by_j)
        leader_summing, window_summing = False, False
        spent[:] = 0.0
        count2, count3 = 0, 0
        for start in range(first_lanes[index], n, BLOCK):
            nb = min(BLOCK, n - start)
            _gather(low_c, start, nothing, lc, nb)
            _gather(low_lt, start, nothing, llt, nb)
            _gather(low_gt, start, by_horse[0], between, nb)  # clean between y and d
            _gather(low_p, start, by_horse[1], ones, nb)  # a 1 between y and d
            # each case's others (``_others``) and its sums over the horses, one pass a
            # case; the last case's first (the window case reads its r5 and product)
            _dq_others_sums(base[4], low_p, start, r5, product[4], lc, between, ones, s_c, s_d,
                            q5, both5, nb)  # fmt: skip
            # r = 1: X rolled 1, the clean horse at y heads the others (the cases with no
            # other clean horse are taken off in exact_finish._single_threshold)
            _dq_others_two(base[0], low_ge, start, r1, product[0], lc, p_d, s_a, s_b, sums[0], nb)
            _weigh_one_two(place, show, start, product[0], r1, weight, lc, p_d, s_a, s_b, sums[0],
                           1 / 6, nb, targets)  # fmt: skip

            # exactly two clean horses, both behind d and apart: X rolled 2 or more
            _dq_others_two(base[1], low_p, start, r2, product[1], lc, llt, s_a, s_b, sums[0], nb)
            _weigh_two(show, start, product[1], r2, weight, lc, llt, s_a, s_b, sums[0], 5 / 6, nb,
                       targets)  # fmt: skip

            # three or more: X rolled 1 with one clean horse at or ahead of d, no 1 or 2
            # above d ...
            _dq_others_sums_squares(base[2], low_ge, start, r3, product[2], lc, c_ge_d, p_d, s_a,
                                    s_b, q, sums[0], squares3, nb)  # fmt: skip
            _dq_zero_rows(factor, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r3, lc, c_ge_d, s_a, s_b, sums[0], factor, nb, targets)
            lo = 0
            if not leader_summing:
                lo = _negligible(product[2], r3, weight, s_a, s_b, q, bound, start, 6.0, nb, sums,
                                spent, 0, LOWEST_BOUNDED, targets)  # fmt: skip
                leader_summing = lo < nb
            # ... two or more 2s above d (a clean third's window, at d): summed for two
            # where that matters, once d's blocks are done
            if lo < nb:
                count2 = _two_or_more(
                    w_spread[d][:, :, None], 0, r3, lc, s_a, factor, weight, product[2], q,
                    squared, scratch, bound, 1 / 6, start, lo, nb, sums, heavy_pair, heavy2,
                    count2, targets,
                )  # fmt: skip
            # ... or exactly one 2 above d, at or behind the clean horse ahead
            if lo < nb:
                _times_r_c_r(r3, lc, ra, lo, nb)
                _times_fixed(fixed_one, r3, ra, by_r, by_ra, lo, nb, is_target)
                _one_in_window(r3, lc, s_a, by_r, by_ra, factor, 1.0, lo, nb, sums, targets)
            # a tie for the top clean place at y, X rolled 1 or 2
            _dq_pair(r3, lc, s_a, squares3, factor, 2.0, nb, targets)
            _weigh(show, start, product[2], r3, weight, factor, 1 / 6, nb, targets)

            # X rolled 2, clean horses alone at y and between y and d, no 1 above y ...
            _dq_others_sums(base[3], low_ge_p, start, r4, product[3], lc, between, ones, s_a, s_b,
                            q, sums[0], nb)  # fmt: skip
            _dq_zero_rows(two_clean, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r4, lc, between, s_a, s_b, sums[0], two_clean, nb, targets)
            lo = 0
            if not window_summing:
                # the window's sum is the one below less the one with no other clean
                # horse (both with one 1 in it, so it is at most the first): bounded together
                lo = _negligible(product[3], r4, weight, s_a, s_b, q, bound, start, 6.0, nb, sums,
                                spent, 1, LOWEST_BOUNDED, targets)  # fmt: skip
                window_summing = lo < nb
            top = nb  # ... and d's highest (the window between y and d is short there)
            if lo < nb and start + nb == n:
                top = _negligible_highest(product[3], r4, weight, s_a, s_b, q, bound, start, lo,
                                          nb, sums, spent, targets)  # fmt: skip
            # ... two or more 1s in the window (y1 anywhere above y bounds it): summed for
            # two where that matters, less the same with no other clean horse (r5)
            if lo < top:
                first = count3
                _gather(low_p, start, by_horse[2], a_d, nb)  # 1s in (y, d]
                count3 = _two_or_more(
                    low_spread, start, r4, lc, s_a, two_clean, weight, product[3], q, squared,
                    scratch, bound, 1 / 6, start, lo, top, sums, heavy_pair, heavy3, count3,
                    targets, below_d,
                )  # fmt: skip
                for s in range(first, count3):
                    i = heavy3[3][s] - start
                    for h in range(horses):
                        alone_r[h, s] = r5[h, i]
                        alone_share[h, s] = product[4][i] * r5[h, i] * weight[h, i]
                    _alone_bound(alone_r, alone_share, s, lc, i, between, ones, i, alone_bound,
                                 s)  # fmt: skip
            # ... or exactly one 1 above y, at or behind the upper clean horse; less the
            # same with no other clean horse (r5)
            _dq_zero_rows(factor, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r5, lc, between, s_c, s_d, both5, factor, nb, targets)
            if lo < top:
                # the window's one 1 with no other clean horse: bounded where that is
                # negligible in every lane (summed, it took half the window's products)
                alone = _alone_one_bounded(product[4], r5, weight, ones, s_c, s_d, q5, factor,
                                           bound, start, lo, top, sums, targets)  # fmt: skip
                _times_r_c_r(r4, lc, ra4, lo, top)
                if not alone:
                    _times_r_c_r(r5, lc, ra5, lo, top)
                _times_window(low_sym, start, fixed_window, ones, c_ge_d, vectors,
                              2 if alone else 4, products, lo, top, sums, is_target, targets,
                              every)  # fmt: skip
                _one_in_window(r4, lc, s_a, products[0], products[1], two_clean, 1.0, lo, top, sums,
                               targets)  # fmt: skip
                if not alone:
                    _one_in_window(r5, lc, s_c, products[2], products[3], factor, 1.0, lo, top,
                                   sums, targets)  # fmt: skip
            _weigh(show, start, product[3], r4, weight, two_clean, 1 / 6, nb, targets)
            _weigh(show, start, product[4], r5, weight, factor, -1 / 6, nb, targets)
        # two 2s above d with no other clean horse are taken off (exact_finish.
        # _single_threshold counts those apart): the others allowed are the same at every y
        alone_product = 1.0
        for h in range(horses):
            alone_product *= 1 - c_tot[h] - 2 * p_gt[h, d]
        for h in range(horses):
            alone_r2[h, 0] = 1 / (1 - c_tot[h] - 2 * p_gt[h, d])
            alone_share2[h, 0] = alone_product * alone_r2[h, 0] * dq[h, d]
        for s in range(count2):
            _alone_bound(alone_r2, alone_share2, 0, heavy2[2], s, c_ge, p_gt, d, at_d[0], s)
        _sum_at_d(w_two[d], heavy2, count2, alone_r2, alone_share2, at_d, d_work, d_lanes, show,
                  bound)  # fmt: skip
        if count3:
            kept, kept_count = _keep(
                kept, kept_count, heavy3, count3, alone_r, alone_share, alone_bound, p_gt,
                clean_keys, d, w_two[d], w_one[d], c_ge, keep_work, keep_lanes, keep_beyond,
                keep_at, show, bound,
            )  # fmt: skip
    _sum_by_y(kept, kept_count, w_two, clean_keys, show, bound)


@kernel
def _negligible_highest(
    product: Floats, r: Floats, weight: Floats, s_a: Floats, s_b: Floats, q: Floats,
    into: Floats, at: int, lo: int, nb: int, work: Floats, spent: Floats, targets: Ints,
) -> int:  # fmt: skip
    """The same for the highest lanes of a key d's last block (lanes lo to nb) in the
    window case (X rolled 2): the window of 1s between y and d is short there. Returns the
    lane after the last summed; the lanes from it on get their bound."""
    share, total = work[0], work[1]
    _dot_at(r, weight, total, lo, nb, targets)
    top = nb
    while top > lo:
        i = top - 1
        share[i] = s_a[i] * s_b[i] * math.expm1(q[i]) * product[i] / 6
        lane = total[i] * share[i]
        if lane >= NEGLIGIBLE and spent[2] + lane >= LOWEST_BOUNDED:
            break
        spent[2] += lane
        top = i
    for h in targets:
        for i in range(_lane(top), _lane(nb)):
            into[h, _lane(at) + i] += r[h, i] * weight[h, i] * share[i]
    return top


LOWEST_BOUNDED = 3e-15
"""What a disqualified target's lowest lanes of a key d may add to the show bound
together, for each of its two cases with window terms (``_negligible`` with a budget), and the
window case's highest (``_negligible_highest``)."""


@kernel
def _alone_one_bounded(
    product: Floats, r: Floats, weight: Floats, ones: Floats, s_c: Floats, s_d: Floats,
    q: Floats, factor: Floats, bound: Floats, start: int, lo: int, nb: int, work: Floats,
    targets: Ints,
) -> bool:  # fmt: skip
    """Whether a disqualified target's lanes lo to nb have their window term with one 1 and
    no other clean horse (taken off show, r = 1 / allowed of that case) bounded, not
    summed: where every lane's bound of it is below ``ALONE_ONE_BOUNDED``. Then the bound
    goes into ``factor`` (taken off show in its place: show stays below the truth) and into
    ``bound`` ([horse, start + lane]). The term sums c_j2 W[m, j1] r_j2 r_m r_j1 over
    distinct horses, W[m, j1] (m's 1 in the window below j1, clean in it) at most m's
    chance of a 1 in it (``ones``) times j1's of being clean in it: so at most s_c s_d q,
    the sums over the horses of c r (s_c), of that clean chance times r (s_d) and of
    ones r (q, made by the caller: ``_dq_others_sums``)."""
    each = work[0]
    _dot_at(r, weight, each, lo, nb, targets)
    for i in range(lo, nb):
        if product[i] * each[i] * s_c[i] * s_d[i] * q[i] / 6 >= ALONE_ONE_BOUNDED:
            return False
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            alone = s_c[i] * s_d[i] * q[i]
            factor[h, i] += alone
            bound[h, _lane(start) + i] += product[i] * r[h, i] * weight[h, i] * alone / 6
    return True


ALONE_ONE_BOUNDED = 1e-19
"""A block's window terms with one 1 and no other clean horse are bounded where every
lane's bound (summed over the horses) is below this, else summed."""


VECTOR_LANES = 32
"""Lanes the compiled loops take at once (four AVX-512 vectors); the rest of a loop runs a
lane at a time, so short loops are padded to a multiple of this (with lanes of zeros)."""


@kernel
def _padded(n: int) -> int:
    """n rounded up to a multiple of ``VECTOR_LANES``."""
    return (n + VECTOR_LANES - 1) // VECTOR_LANES * VECTOR_LANES


@kernel
def _kept_lanes(horses: int, capacity: int) -> Any:
    """Space for a whole outcome's heavy lanes with 1s in the window (``_keep``): by
    horse and lane r, c, share and ``_two_q_sets``' held and weighed; by lane
    ``_beyond_two`` and the lower key."""
    return np.empty((5, horses, capacity)), np.empty(capacity), np.empty(capacity, np.int64)


@kernel
def _room(kept: Any, count: int, needed: int) -> Any:
    """``kept`` with room for ``needed`` lanes (a larger copy of its first ``count`` if not)."""
    values, beyond, at = kept
    if needed <= beyond.size:
        return kept
    grown = _kept_lanes(values.shape[1], max(needed, 2 * beyond.size))
    grown[0][:, :, :count], grown[1][:count], grown[2][:count] = (
        values[:, :, :count],
        beyond[:count],
        at[:count],
    )
    return grown


@kernel
def _keep(
    kept: Any, kept_count: int, heavy: Any, count: int, alone_r: Floats, alone_share: Floats,
    alone_bound: Floats, p_gt: Floats, clean_keys: Ints, d: int, two_d: Floats, one_d: Floats,
    c_ge: Floats, work: Floats, lanes: Floats, beyond: Floats, at: Ints, show: Floats,
    bound: Floats,
) -> Any:  # fmt: skip
    """The heavy lanes of key d with 1s in the window (``exact_finish._p_window_two``),
    their sums begun and kept (returns ``kept`` and its new count): the window of (y, d)
    is ``Windows.two`` at y less its part with the clean horse at or above d, and
    ``_fresh_two_q_by_sets``' sums are linear in it (its clamp at 0 was shown to catch rounding
    alone, some 1e-19 in all), so that part is summed here, where the lanes share d
    (``Windows.two`` at d for all of them, ``_add_alpha_parts`` the terms with a 1 in
    (y, d]), and ``Windows.two`` at y by y (``_sum_by_y``): no window is made a lane. Where a lane's sum with no other clean horse is not bounded (``_alone_bound``,
    ``ALONE_BOUNDED``) it is kept as a lane of its own, r that case's, share negative."""
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    horses = heavy_r.shape[0]
    r, c, alpha, share = work[0], work[1], work[2], work[3]
    n = 0
    for s in range(count):
        y, total = clean_keys[heavy_at[s]], 0.0
        for h in range(horses):
            total += alone_bound[h, s]
        for h in range(horses):
            r[h, n], c[h, n], share[h, n] = heavy_r[h, s], heavy_c[h, s], heavy_share[h, s]
            alpha[h, n] = p_gt[h, y] - p_gt[h, d]  # a 1 in (y, d]
        beyond[n], at[n] = _beyond_two(heavy_q[s]), heavy_at[s]
        n += 1
        if total >= ALONE_BOUNDED:  # summed, and taken off
            for h in range(horses):
                r[h, n], c[h, n], share[h, n] = alone_r[h, s], heavy_c[h, s], -alone_share[h, s]
                alpha[h, n] = alpha[h, n - 1]
            beyond[n], at[n] = 0.0, heavy_at[s]
            n += 1
            continue
        for h in range(horses):  # bounded: show may lack it
            show[h, heavy_at[s]] -= alone_bound[h, s] / 6
            bound[h, heavy_at[s]] += alone_bound[h, s] / 6
    padded = _padded(n)
    r[:, n:padded], c[:, n:padded], alpha[:, n:padded] = 0.0, 0.0, 0.0
    a, ar, first, last, shared = work[4], work[5], work[6], work[7], work[8]
    held, weighed = work[19], work[20]
    for h in range(horses):
        for i in range(_lane(padded)):
            a[h, i] = c[h, i] * r[h, i]
        for i in range(_lane(padded)):
            ar[h, i] = a[h, i] * r[h, i]
    first[:, :padded], last[:, :padded], shared[:, :padded] = 0.0, 0.0, 0.0
    _add_alpha_parts(r, ar, alpha, one_d, c_ge, d, padded, first, last, shared, work[9:19], lanes)
    # those as _two_q_sets' held and weighed: first r is a term's share at its pair m, k
    # (each term twice), last r twice its share at j, shared r its share times the other
    # two's a; then Windows.two at d by sets of three
    for h in range(horses):
        for i in range(_lane(padded)):
            held[h, i] = (2 * first[h, i] + last[h, i]) * r[h, i] / 2
        for i in range(_lane(padded)):
            weighed[h, i] = shared[h, i] * r[h, i] + a[h, i] * held[h, i]
    _two_q_sets(two_d, r, a, padded, held, weighed, lanes)  # by sets (``windows``)
    kept = _room(kept, kept_count, kept_count + n)
    values, kept_beyond, kept_at = kept
    for h in range(horses):  # r, c, share; held and weighed of the part at or above d, taken off
        for i in range(n):
            values[0, h, kept_count + i], values[1, h, kept_count + i] = r[h, i], c[h, i]
            values[2, h, kept_count + i] = share[h, i]
            values[3, h, kept_count + i] = -held[h, i]
            values[4, h, kept_count + i] = -weighed[h, i]
    kept_beyond[kept_count : kept_count + n] = beyond[:n]
    kept_at[kept_count : kept_count + n] = at[:n]
    return kept, kept_count + n


@kernel
def _add_alpha_parts(
    r: Floats, ar: Floats, alpha: Floats, one_d: Floats, c_ge: Floats, d: int, n: int,
    first: Floats, last: Floats, shared: Floats, work: Floats, lanes: Floats,
) -> None:  # fmt: skip
    """Adds to first, last and shared (n lanes: ``exact_finish._two_q_between``'s
    contractions, by the slot each horse holds; ``_keep`` turns them into ``_two_q_sets``'
    held and weighed) the terms of the part of each lane's window at or above d
    (``exact_finish._p_window_two``) that hold a 1 in (y, d] (alpha): W[m, k, j] =
    alpha_m W1[k, j] + alpha_k W1[m, j] + alpha_m alpha_k c_j, W1 = ``Windows.one`` at d
    (zero diagonal), c_j = c_ge[j, d], for m, k and j distinct (``Windows.two`` at d, the
    rest, is one window for every lane: ``_two_q_sets``).

    Each term is a product of a horse's factor and a lane's, so its sums over the horses
    are taken once a lane, in h^2 (sums over all horses, less the terms with j = m or k),
    not made as a window for each pair m < k (h^3 a lane). With ra = alpha r, aa = alpha
    ar and P, PA, Q, X their sums over the horses of ra, aa, ra^2 and aa ra:
    - last[j] (the sum over the pairs without j of W[m, k, j] 2 r_m r_k) takes
      2 (P T_r[j] - T_x[j] - ra_j T_r[j]) + c_j ((P - ra_j)^2 - (Q - ra_j^2)), where
      T_r[j] = sum_k W1[k, j] r_k and T_x[j] = the same of r_k ra_k;
    - shared[j] (of W[m, k, j] (ar_m r_k + ar_k r_m)) takes T_s[j] - aa_j T_r[j] - ra_j
      T_a[j] + c_j ((PA - aa_j) (P - ra_j) - (X - aa_j ra_j)), where T_a[j] = sum_k W1[k,
      j] ar_k and T_s[j] = sum_k W1[k, j] (r_k (PA - aa_k) + ar_k (P - ra_k));
    - each pair's u (sum over j of W[m, k, j] r_j) is alpha_m (O_r[k] - W1[k, m] r_m) +
      alpha_k (O_r[m] - W1[m, k] r_k) + alpha_m alpha_k (C_r - c_m r_m - c_k r_k), where
      O_r[k] = sum_j W1[k, j] r_j and C_r = sum_j c_j r_j; v the same of ar; both go
      into first and shared as ``_two_q_gather`` takes them."""
    horses = r.shape[0]
    ra, aa, o_r, o_a, t_r = work[0], work[1], work[2], work[3], work[4]
    t_a, t_x, t_s, by_k, r_ra = work[5], work[6], work[7], work[8], work[9]
    p, pa, q, x = lanes[0], lanes[1], lanes[2], lanes[3]
    c_r, c_a, u, v = lanes[4], lanes[5], lanes[6], lanes[7]
    for h in range(horses):
        for i in range(_lane(n)):
            ra[h, i] = alpha[h, i] * r[h, i]
        for i in range(_lane(n)):
            aa[h, i] = alpha[h, i] * ar[h, i]
    _dot(alpha, r, p, 0, n)
    _dot(alpha, ar, pa, 0, n)
    _dot(ra, ra, q, 0, n)
    _dot(aa, ra, x, 0, n)
    c_r[:n], c_a[:n] = 0.0, 0.0
    for h in range(horses):
        ahead = c_ge[h, d]
        for i in range(_lane(n)):
            c_r[i] += ahead * r[h, i]
        for i in range(_lane(n)):
            c_a[i] += ahead * ar[h, i]
    for h in range(horses):  # each k's factor in T_x and in T_s
        for i in range(_lane(n)):
            r_ra[h, i] = r[h, i] * ra[h, i]
        for i in range(_lane(n)):
            by_k[h, i] = r[h, i] * (pa[i] - aa[h, i]) + ar[h, i] * (p[i] - ra[h, i])
    work[2:8, :, :n] = 0.0  # O_r, O_a, T_r, T_a, T_x, T_s
    for k in range(horses):  # W1's products: O by row, T by column
        for j in range(horses):
            w = one_d[k, j]
            if w == 0.0:
                continue
            _add_times(w, r, j, o_r, k, 0, n)
            _add_times(w, ar, j, o_a, k, 0, n)
            _add_times(w, r, k, t_r, j, 0, n)
            _add_times(w, ar, k, t_a, j, 0, n)
            _add_times(w, r_ra, k, t_x, j, 0, n)
            _add_times(w, by_k, k, t_s, j, 0, n)
    for j in range(horses):
        ahead = c_ge[j, d]
        for i in range(_lane(n)):
            rest = p[i] - ra[j, i]
            last[j, i] += 2 * (p[i] * t_r[j, i] - t_x[j, i] - ra[j, i] * t_r[j, i]) + ahead * (
                rest * rest - (q[i] - ra[j, i] * ra[j, i])
            )
        for i in range(_lane(n)):
            rest, rest_a = p[i] - ra[j, i], pa[i] - aa[j, i]
            shared[j, i] += (
                t_s[j, i]
                - aa[j, i] * t_r[j, i]
                - ra[j, i] * t_a[j, i]
                + ahead * (rest_a * rest - (x[i] - aa[j, i] * ra[j, i]))
            )
    for m in range(horses):
        for k in range(m + 1, horses):
            to_k, to_m, c_m, c_k = one_d[k, m], one_d[m, k], c_ge[m, d], c_ge[k, d]
            for i in range(_lane(n)):
                u[i] = (
                    alpha[m, i] * (o_r[k, i] - to_k * r[m, i])
                    + alpha[k, i] * (o_r[m, i] - to_m * r[k, i])
                    + alpha[m, i] * alpha[k, i] * (c_r[i] - c_m * r[m, i] - c_k * r[k, i])
                )
            for i in range(_lane(n)):
                v[i] = (
                    alpha[m, i] * (o_a[k, i] - to_k * ar[m, i])
                    + alpha[k, i] * (o_a[m, i] - to_m * ar[k, i])
                    + alpha[m, i] * alpha[k, i] * (c_a[i] - c_m * ar[m, i] - c_k * ar[k, i])
                )
            _two_q_gather(r, ar, first, shared, u, v, m, k, n)


@kernel
def _sum_by_y(
    kept: Any, count: int, w_two: Floats, clean_keys: Ints, show: Floats, bound: Floats
) -> None:
    """The kept lanes (``_keep``) summed against ``Windows.two`` at their y, the lanes of
    each y together (the loops run along them with one window), and weighed into show and
    its bound at y; three or more bounded by the two times ``_beyond_two``."""
    values, beyond, at = kept
    horses, keys = values.shape[1], show.shape[1]
    starts = np.zeros(keys + 1, np.int64)  # the lanes in order of y
    for e in range(count):
        starts[at[e] + 1] += 1
    for x in range(keys):
        starts[x + 1] += starts[x]
    order, filled = np.empty(count, np.int64), starts[:keys].copy()
    for e in range(count):
        order[filled[at[e]]] = e
        filled[at[e]] += 1
    work, lanes = np.empty((6, horses, BLOCK)), np.empty((7, BLOCK))
    a, held, weighed, r, share, two_q = work[0], work[1], work[2], work[3], work[4], work[5]
    for x in range(keys):
        if starts[x + 1] == starts[x]:
            continue
        sets = w_two[clean_keys[x]]  # by sets already (``windows``)
        for lo in range(starts[x], starts[x + 1], BLOCK):
            nb = min(BLOCK, starts[x + 1] - lo)
            for i in range(nb):
                e = order[lo + i]
                for h in range(horses):
                    r[h, i], share[h, i] = values[0, h, e], values[2, h, e]
                    a[h, i] = values[1, h, e] * r[h, i]
                    held[h, i], weighed[h, i] = values[3, h, e], values[4, h, e]
            padded = _padded(nb)
            work[:4, :, nb:padded] = 0.0
            _two_q_sets(sets, r, a, padded, held, weighed, lanes)
            _two_q_done(a, padded, held, weighed, lanes, two_q)
            for i in range(nb):
                e = order[lo + i]
                for h in range(horses):
                    two = share[h, i] * two_q[h, i]
                    show[h, x] += two / 6
                    bound[h, x] += two * beyond[e] / 6


@kernel
def _alone_bound(
    r: Floats, share: Floats, rc: int, c: Floats, cc: int, b: Floats, u: Floats, bc: int,
    into: Floats, s: int,
) -> None:  # fmt: skip
    """into[:, s] = a bound on a heavy lane's two disqualified horses in its window with no
    other clean horse, the sum ``_keep`` takes off (``exact_finish._disqualified_
    target``'s ``less``), for r = 1 / allowed of that case and each target's share (their
    column rc); c is each horse's chance at the lower clean key (column cc), b at the
    window's top (clean anywhere in it) and u of a die in it (the window's markers: a 1 in
    (y, d), a 2 above d; column bc). Columns, not slices: a slice costs two atomic counts.

    The sum is over distinct j2 (at y), j1 (the top), and m < n (in the window) of
    c_j2 r_j2 W[m, n, j1] r_j1 r_m r_n, and W[m, n, j1] (j1 clean at y1 in the window, m
    and n a die between its foot and y1, summed over y1) is at most b_j1 u_m u_n: so at
    most (A - a_X) (B - b_X) (U - u_X)^2 / 2, a = c r, b r, u r summed over the horses.
    It is some 1e-19 of a 12-horse field in all (every other horse out or disqualified):
    where this is below ``ALONE_BOUNDED`` it is bounded, not summed (summed, it took as
    long as the sums it is taken from)."""
    sum_a, sum_b, sum_u = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        sum_a += c[h, cc] * r[h, rc]
        sum_b += b[h, bc] * r[h, rc]
        sum_u += u[h, bc] * r[h, rc]
    for h in range(r.shape[0]):
        others_u = max(sum_u - u[h, bc] * r[h, rc], 0.0)
        into[h, s] = (
            share[h, rc]
            * max(sum_a - c[h, cc] * r[h, rc], 0.0)
            * max(sum_b - b[h, bc] * r[h, rc], 0.0)
            * others_u
            * others_u
            / 2
        )


ALONE_BOUNDED = 1e-18
"""A heavy lane's sums with no other clean horse are bounded where its bound (summed over
the horses) is below this (with 2s above d: every lane's of that d), else summed: show
loses at most this a lane (some 1e-14 an outcome at most; at 12 horses nearly all are
bounded, at 6 most are summed)."""


@kernel
def _alone_summed(alone_bound: Floats, n: int) -> bool:
    """Whether the n lanes' sums with no other clean horse are summed: some lane's bound
    of them (``_alone_bound``, summed over the horses) is not below ``ALONE_BOUNDED``."""
    for s in range(n):
        total = 0.0
        for h in range(alone_bound.shape[0]):
            total += alone_bound[h, s]
        if total >= ALONE_BOUNDED:
            return True
    return False


@kernel
def _weigh_heavy(
    share: Floats, alone_share: Floats, alone_bound: Floats, at: Ints, q: Floats, two_q: Floats,
    alone_q: Floats, n: int, summed: bool, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """Heavy lanes' sums (two_q, and alone_q where summed, by lane) weighed into show and
    its bound at their lower key ``at``; three or more bounded by ``_beyond_two(q)``."""
    for s in range(n):
        beyond = _beyond_two(q[s])
        for h in range(share.shape[0]):
            two = share[h, s] * two_q[h, s]
            if summed:
                show[h, at[s]] += (two - alone_share[h, s] * alone_q[h, s]) / 6
                bound[h, at[s]] += two * beyond / 6
            else:
                show[h, at[s]] += (two - alone_bound[h, s]) / 6
                bound[h, at[s]] += (two * beyond + alone_bound[h, s]) / 6


@kernel
def _sum_at_d(
    two: Floats, heavy: Any, n: int, alone_r: Floats, alone_share: Floats, at_d: Floats,
    work: Floats, lanes: Floats, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """The n heavy lanes of a key d with two 2s above d summed, less the same with no other
    clean horse (summed too, unless every lane's bound of it is below ``ALONE_BOUNDED``,
    then bounded); three or more bounded by the two times ``_beyond_two(q)``. They share one
    window, ``Windows.two`` at d (``two``), so are summed against it as the clean targets'
    are (``_fresh_two_q_by_sets``, no window made a lane: half the time). at_d[0] holds each
    lane's ``_alone_bound``; alone_r and alone_share (no other clean horse) are the same at
    every lane: spread into at_d[1] and at_d[2]."""
    if n == 0:
        return
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    two_q, alone_q = work[0], work[1]
    summed = _alone_summed(at_d[0], n)
    _fresh_two_q_by_sets(heavy_r, n, heavy_c, two, two_q, work[2:], lanes)  # ``windows``' sets
    if summed:
        for h in range(heavy_r.shape[0]):
            at_d[1, h, :n], at_d[2, h, :n] = alone_r[h, 0], alone_share[h, 0]
        _fresh_two_q_by_sets(at_d[1], n, heavy_c, two, alone_q, work[2:], lanes)
    _weigh_heavy(heavy_share, at_d[2], at_d[0], heavy_at, heavy_q, two_q, alone_q, n, summed,
                 show, bound)  # fmt: skip


@kernel
def _fresh_two_q_by_sets(
    r: Floats, n: int, c_y: Floats, sets: Floats, result: Floats, work: Floats, lanes: Floats
) -> None:
    """``exact_finish._two_q_between`` for n key pairs sharing one window: r is
    [horse, pair], c_y [horse, pair] each horse's chance at the lower clean horse's key,
    the window given as its sets of three (``_sets_of`` of w_two[m, n, j], symmetric in m
    and n, zero unless m, n, j differ; a row of the table ``windows`` makes). result =
    the sum, [horse, pair]. Summed over sets of three horses (``_two_q_sets``)."""
    a, held, weighed = work[0], work[1], work[2]
    for h in range(r.shape[0]):
        for i in range(_lane(n)):
            a[h, i] = c_y[h, i] * r[h, i]
    held[:, :n], weighed[:, :n] = 0.0, 0.0
    _two_q_sets(sets, r, a, n, held, weighed, lanes)
    _two_q_done(a, n, held, weighed, lanes, result)


@kernel
def _sets_of(w_two: Floats) -> Floats:
    """K for each set of three horses a < b < c (in that loop order): the window's three
    terms over them, each of the three as j and the other two as m < n (``_window_two_at``
    makes ``Windows.two`` for m < n only)."""
    horses = w_two.shape[0]
    sets = np.empty(max(horses * (horses - 1) * (horses - 2) // 6, 1))
    _fresh_sets_into(w_two, sets)
    return sets


@kernel
def _fresh_sets_into(w_two: Floats, sets: Floats) -> None:
    """``_sets_of`` into the room given (a row of the [key, set] table ``windows`` makes)."""
    horses = w_two.shape[0]
    at = 0
    for a in range(horses):
        for b in range(a + 1, horses):
            for c in range(b + 1, horses):
                sets[at] = w_two[b, c, a] + w_two[a, c, b] + w_two[a, b, c]
                at += 1


@kernel
def _two_q_sets(
    sets: Floats, r: Floats, a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats
) -> None:  # fmt: skip
    """Adds to held[i] the window's terms W[m, k, j] r_m r_k r_j (m < k, j, all distinct)
    that hold horse i, and to weighed[i] each of those times the sum of a over all three of
    its horses (i's own a included), on the n lanes.

    ``exact_finish._two_q_between`` needs only these: with H = held, G = weighed less
    a_i H_i (the terms holding i times the a of the other two) and T the sum of all terms
    (the sum of H over three), each target X's sum is (A - a_X)(T - H_X) - (the sum of
    a H less a_X H_X) + G_X (``_two_q_done``). A term holds the same three horses and the
    same r whichever of them is j, so the three terms over a set are one, K r_a r_b r_c
    (``_sets_of``): 220 sets at 12 horses against 660 window entries, each of which took
    four multiply-adds a lane (u, v, last, shared). As ``exact_compiled_three._contract``:
    the loop over c writes held and weighed at c only, what belongs to a and b is summed
    over c first."""
    horses = r.shape[0]
    rab, aab, t_sum, ta_sum = lanes[0], lanes[1], lanes[2], lanes[3]
    at = 0
    for h_a in range(horses - 2):
        for h_b in range(h_a + 1, horses - 1):
            for i in range(_lane(n)):
                rab[i] = r[h_a, i] * r[h_b, i]
                aab[i] = a[h_a, i] + a[h_b, i]
                t_sum[i], ta_sum[i] = 0.0, 0.0
            for h_c in range(h_b + 1, horses):
                k = sets[at]
                at += 1
                if k == 0.0:
                    continue
                for i in range(_lane(n)):
                    t = k * rab[i] * r[h_c, i]
                    ta = t * (aab[i] + a[h_c, i])
                    held[h_c, i] += t
                    weighed[h_c, i] += ta
                    t_sum[i] += t
                    ta_sum[i] += ta
            for i in range(_lane(n)):
                held[h_a, i] += t_sum[i]
                held[h_b, i] += t_sum[i]
                weighed[h_a, i] += ta_sum[i]
                weighed[h_b, i] += ta_sum[i]


@kernel
def _two_q_done(
    a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats, result: Floats
) -> None:  # fmt: skip
    """result from ``_two_q_sets``' held and weighed: all the terms, less those holding the
    target or the lower clean horse, plus those holding both (exact_finish._two_q_between)."""
    sum_a, whole, sum_a_held = lanes[4], lanes[5], lanes[6]
    sum_a[:n], whole[:n], sum_a_held[:n] = 0.0, 0.0, 0.0
    for h in range(a.shape[0]):
        for i in range(_lane(n)):
            sum_a[i] += a[h, i]
            whole[i] += held[h, i]
            sum_a_held[i] += a[h, i] * held[h, i]
    for i in range(_lane(n)):
        whole[i] /= 3
    for h in range(a.shape[0]):
        for i in range(_lane(n)):
            own = a[h, i] * held[h, i]
            result[h, i] = (
                (sum_a[i] - a[h, i]) * (whole[i] - held[h, i])
                - (sum_a_held[i] - own)
                + (weighed[h, i] - own)
            )


@kernel
def _two_q_gather(
    r: Floats, ar: Floats, first: Floats, shared: Floats, u: Floats, v: Floats, m: int,
    k: int, n: int,
) -> None:  # fmt: skip
    """The sums over j of the pair m < k (u, v) into first and shared, both orders."""
    for i in range(_lane(n)):
        first[m, i] += r[k, i] * u[i]
    for i in range(_lane(n)):
        first[k, i] += r[m, i] * u[i]
    for i in range(_lane(n)):
        shared[m, i] += ar[k, i] * u[i] + r[k, i] * v[i]
    for i in range(_lane(n)):
        shared[k, i] += ar[m, i] * u[i] + r[m, i] * v[i]


def key_pair_sums(
    t: Tables, w: Windows, clean_keys: Ints, dq_keys: Ints, seconds: dict[str, float] | None = None,
    loosen: float = 1.0,
) -> tuple[Floats, Floats, Floats]:  # fmt: skip
    """Place, show and show bound of both key-pair cases, by horse; the CPU seconds of
    each part added to ``seconds`` if given (benchmarks/stretch_exact.py). The heavy
    thresholds are ``exact_finish``'s times ``loosen`` (``place_and_show`` says why)."""
    clock = [time.process_time()]

    def took(part: str) -> None:
        now = time.process_time()
        if seconds is not None:
            seconds[part] = seconds.get(part, 0.0) + now - clock[0]
        clock[0] = now

    shape = (t.c.shape[0], clean_keys.size)
    place, show, bound = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    # one memory layout and type whatever made the arrays: one compiled version serves all
    a = {name: np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in TABLES}
    b = {name: np.ascontiguousarray(getattr(w, name), dtype=np.float64) for name in WINDOWS}
    clean_keys, dq_keys = clean_keys.astype(np.int64), dq_keys.astype(np.int64)
    logged = clean_keys.size * (clean_keys.size - 1) // 2  # room for every key pair
    three_log = (
        HEAVY_THREE * loosen,
        np.empty(logged, np.int64),
        np.empty(logged, np.int64),
        np.zeros(1, np.int64),
    )
    first = _left_out(a["c"], a["c_gt"], clean_keys, bound)
    clean_targets(
        a["c"], a["c_gt"], a["p_gt"], b["one"], b["two"], b["spread"], clean_keys,
        HEAVY_PAIR * loosen, first, place, show, bound, three_log,
    )  # fmt: skip
    took("clean targets")
    three_in_window(
        a["c"], a["c_gt"], a["p_gt"], clean_keys, three_log[1], three_log[2], int(three_log[3][0]),
        show, bound,
    )  # fmt: skip
    took("three in a window")
    rows_left_out = _left_out_rows(a["c_ge"], a["dq"], dq_keys, bound)
    first_lanes = _left_out_lanes(
        a["c"], a["c_ge"], a["dq"], clean_keys, dq_keys, rows_left_out, bound
    )
    disqualified_targets(
        a["c"], a["dq"], a["out"], a["c_ge"], a["c_gt"], a["c_lt"], a["c_tot"], a["p_gt"],
        a["d_le"], b["one"], b["two"], b["spread"], b["at"], clean_keys, dq_keys,
        HEAVY_DQ_PAIR * loosen, first_lanes, place, show, bound,
    )  # fmt: skip
    took("disqualified targets")
    return place.sum(axis=1), show.sum(axis=1), bound.sum(axis=1)


TABLES = ("c", "dq", "out", "c_ge", "c_gt", "c_lt", "c_tot", "p_gt", "d_le")
WINDOWS = ("one", "two", "spread", "at")


def warm_up() -> None:
    """Compile the loops (or load them from the cache) on a small made-up field."""
    from homestretch.games.stretch.analysis.exact_finish import place_and_show

    rng = np.random.default_rng(17)
    clean, dq = rng.random((4, 6)), rng.random((4, 6)) * 0.1
    out = np.full(4, 0.1)
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    place_and_show(clean * scale[:, None], dq * scale[:, None], out)


if __name__ == "__main__":  # make setup: compile once, so no user waits for it
    warm_up()
