"""Exact place and show chances from each horse's wire-key distribution (ruling S8).

With the rolls the whole field shares fixed, horses are independent: each finishes clean
at a wire key, disqualified at a key (its die still to roll), or out. Keys are ordered,
higher is better; equal keys dead-heat. This module turns those distributions into each
horse's chance to be placed first or second (place) and in the first three (show) after
the stewards, without sampling.

What decides a place (derived from ``finish.official_order``):
- A clean horse X at key x finishes 1 + A + S, where A counts the clean horses strictly
  ahead of it and S the disqualified horses that stay above it. A disqualified horse at
  key d stays above X exactly when its die is at most the number of clean horses strictly
  between x and d. So with A = 1 (clean Y at y) only a 1 above y counts ("P" below); with
  A = 2 (clean horses at y1 >= y2) a 1 above y2 or a 2 ("Q") above y1 does.
- A disqualified horse X lands in gap r (the clean horses ahead of it in the end) and
  finishes 1 + r + G, G counting the disqualified horses in a lower gap or in the same gap
  and ahead at the wire. The cases with r <= 2 are listed in ``_disqualified_target``.

Every case is a sum over one or two thresholds of products over the other horses; the
products are taken once and each horse's own factor divided out again, which needs every
factor above zero (every horse must have some chance of going out: ``NotExact`` if not).

Place is exact (the compiled loops leave out key pairs that could add below 1e-14 in
all for each kind, ``exact_compiled.LEFT_OUT``, 1e-13 for a disqualified target's lowest
lanes, ``DQ_LANES_LEFT_OUT``, and add that to the show bound). Three show cases couple
a third key, through the disqualified horses allowed in a window between two keys: a
clean third with 2s between the two clean horses ahead of it (allowed while the upper
one stays ahead of them); a disqualified horse that rolled 1 with 2s above it behind its
one clean leader; one that rolled 2 with 1s between
its two clean leaders. Each is summed exactly with no horse and with one horse in the
window. With two in it, it is summed exactly where its bound (``HEAVY_PAIR``, and
``HEAVY_DQ_PAIR`` for a disqualified target) is not negligible, and three or more are
bounded there (by the two times ``beyond_two(q)``), except a clean third's: where that is
not negligible either (``HEAVY_THREE``) three are summed (``WindowsOfThree``) and four or
more bounded (by the three times ``beyond_three(q)``); elsewhere two or more are bounded
together (``_two_in_window``). What is bounded is the ``show_bound``: every show chance is
at least ``show`` and at most ``show + show_bound`` (under 1e-9 on the recorded races and
on fields of 6 to 20 horses). Summing everything would cost a sum over every triple of
keys, or over every set of horses.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]
CELLS_PER_CHUNK = 60_000  # key pairs x horses at once: small arrays stay in cache
HEAVY_PAIR = 1e-13
"""Key pairs of a clean target whose bound on two or more disqualified horses in a window
is above this get two of them summed."""
HEAVY_DQ_PAIR = 1e-12
"""The same for a disqualified target's windows: their sums cost more (two per key pair,
and a window per pair for 1s below a leader). These two and ``HEAVY_THREE`` keep the show
bound under 1e-9 on the recorded races and fields of 6 to 20 horses
(``benchmarks/stretch_show_bound_terms.py`` splits it into its terms); at 1e-12, 1e-11 and
no three summed (before 2026-12-03) it was 3.3e-8 for the Champagne Stakes and 4.9e-9 for
12 horses, for about two thirds of the CPU (half at 20 horses)."""
HEAVY_THREE = 1e-14
"""Key pairs of a clean target whose bound on three or more disqualified horses in the
window (two summed, times ``beyond_two``) is above this get three of them summed, four or
more bounded by the three times ``beyond_three``."""
PAIRS_PER_WINDOW_CHUNK = 512  # heavy key pairs whose windows W2[m, n, j] are held at once
CELLS_PER_THREE_CHUNK = 2**20  # key pairs x h^3: W3[m, n, k, j] with one index summed, at once


class NotExact(Exception):
    """The chart set gives some horse no chance of going out; use Monte Carlo."""


@dataclass(frozen=True)
class PlaceShow:
    place: Floats
    show: Floats
    show_bound: Floats
    """How far the true show chance may lie above ``show`` (never below it)."""


@dataclass(frozen=True)
class Tables:
    """Per-key cumulative chances, [horse, key]."""

    c: Floats  # clean at the key
    dq: Floats  # disqualified at the key
    out: Floats  # [horse]
    c_ge: Floats  # clean at the key or better
    c_gt: Floats
    c_tot: Floats  # [horse]
    c_lt: Floats
    d_gt: Floats
    d_le: Floats

    @classmethod
    def of(cls, clean: Floats, dq: Floats, out: Floats) -> Tables:
        c_ge = np.cumsum(clean[:, ::-1], axis=1)[:, ::-1]
        d_ge = np.cumsum(dq[:, ::-1], axis=1)[:, ::-1]
        c_tot, d_tot = clean.sum(axis=1), dq.sum(axis=1)
        d_gt = d_ge - dq
        return cls(
            clean,
            dq,
            out,
            c_ge,
            c_ge - clean,
            c_tot,
            c_tot[:, None] - c_ge,
            d_gt,
            d_tot[:, None] - d_gt,
        )

    @property
    def p_gt(self) -> Floats:
        """Disqualified above the key with a 1 to roll (a 2 has the same chance)."""
        return self.d_gt / 6


class Others:
    """Sums over the other horses' outcomes, for every target horse (the first axis).

    ``allowed`` is each horse's chance of an outcome that harms nobody's claim; markers are
    the chances of the outcomes a case needs from one or two other horses. The methods give
    the factor by which a case multiplies ``without``, the product of the others' allowed.
    """

    def __init__(self, allowed: Floats, weight: Floats) -> None:
        self.allowed = allowed
        self.without = np.prod(allowed, axis=0) / allowed
        self.weight_of_target = weight
        self._weighted = self.without * weight  # each target's chance of its own part

    def _ratio(self, marker: Floats) -> tuple[Floats, Floats]:
        r = marker / self.allowed
        return r, r.sum(axis=0)

    def one(self, a: Floats) -> Floats:
        """Exactly one other horse marked ``a``, the rest allowed."""
        r, total = self._ratio(a)
        return total - r

    def two(self, a: Floats, b: Floats) -> Floats:
        """One other horse marked ``a`` and a different one marked ``b``."""
        ra, sum_a = self._ratio(a)
        rb, sum_b = self._ratio(b)
        both = ra * rb
        return (sum_a - ra) * (sum_b - rb) - (_over_horses(ra, rb) - both)

    def pair(self, a: Floats) -> Floats:
        """Two different other horses both marked ``a``."""
        r, total = self._ratio(a)
        pairs = (total * total - _over_horses(r, r)) / 2
        return pairs - r * (total - r)

    def pairs(self, matrix: Floats) -> Floats:
        """Two different other horses j, j' together, with chance matrix[y, j, j'] at each
        key y of the last axis (symmetric, zero diagonal)."""
        r = 1 / self.allowed
        m_r = np.einsum("...ymj,j...y->m...y", matrix, r)
        return (r * m_r).sum(axis=0) / 2 - r * m_r

    def weight(self, marker: Floats) -> Floats:
        """Sum of marker / allowed: the chance of s marked others is at most weight^s / s!."""
        return self._ratio(marker)[1]

    def total(self, factor: Floats | float) -> Floats:
        """Sum over the keys of weight * without * factor, for each target horse."""
        weighted = self._weighted
        keys = "ijk"[: weighted.ndim - 1]
        return np.einsum(f"h{keys},h{keys}->h", weighted, np.broadcast_to(factor, weighted.shape))


def _over_horses(a: Floats, b: Floats) -> Floats:
    """Sum over the horses (first axis) of a * b, without the product array."""
    return np.einsum("h...,h...->...", a, np.broadcast_to(b, a.shape))


def place_and_show(
    clean: Floats, dq: Floats, out: Floats, compiled: bool = True, loosen: float = 1.0
) -> PlaceShow:
    """Exact chances for one set of shared rolls; rows are horses, columns keys (ascending).

    The key-pair sums run as compiled loops (``exact_compiled``) when Numba is installed
    and ``compiled`` is not turned off, else as NumPy operations: the same numbers.
    ``loosen`` multiplies the heavy thresholds (``HEAVY_PAIR``, ``HEAVY_DQ_PAIR``,
    ``HEAVY_THREE``): an outcome that counts little in the answer may bound more
    (``exact.quickplay_chances``).
    """
    if (out <= 0).any():
        raise NotExact("every horse needs some chance of going out")
    return _place_and_show(*_fresh_merged_keys(clean, dq), out, compiled, loosen)


def _fresh_merged_keys(clean: Floats, dq: Floats) -> tuple[Floats, Floats]:
    """The same field on fewer keys: keys no horse reaches dropped, and each run of
    consecutive keys that only one horse reaches (the same horse, clean or disqualified)
    made one key holding the run's chances. Nothing but the order of different horses'
    keys (above, level, below) decides a place, and within such a run no other horse can
    be, so every other horse's key is above, level with or below all of the run alike:
    every chance is the same (to rounding), and every sum over pairs of keys has fewer
    pairs. Such runs lie at the top and bottom of a field (the best and worst figures,
    one horse alone): some 73 of 781 keys at 12 horses."""
    reached = (clean > 0) | (dq > 0)
    kept = reached.any(axis=0)
    if not kept.all():
        clean, dq, reached = clean[:, kept], dq[:, kept], reached[:, kept]
    alone = np.where(reached.sum(axis=0) == 1, reached.argmax(axis=0), -1)
    same = (alone[1:] == alone[:-1]) & (alone[1:] >= 0)  # as the key below: one run
    if not same.any():
        return clean, dq
    starts = np.flatnonzero(np.concatenate(([True], ~same)))
    return np.add.reduceat(clean, starts, axis=1), np.add.reduceat(dq, starts, axis=1)


def _place_and_show(
    clean: Floats, dq: Floats, out: Floats, compiled: bool, loosen: float
) -> PlaceShow:
    """``place_and_show`` on the keys given."""
    kernels = compiled_kernels() if compiled else None
    t = Tables.of(clean, dq, out)
    w = Windows.of(t) if kernels is None else kernels.windows(t)
    place, show, bound = (_single_threshold if kernels is None else kernels.single_threshold)(t, w)
    clean_keys = np.flatnonzero(t.c.any(axis=0))  # keys some horse can finish clean at
    dq_keys = np.flatnonzero(t.dq.any(axis=0))
    if kernels is not None:
        p, s, b = kernels.key_pair_sums(t, w, clean_keys, dq_keys, loosen=loosen)
        return PlaceShow(place + p, show + s, np.maximum(bound + b, 0))
    threes = WindowsOfThree(t)
    for low, high in _key_pairs(clean_keys, clean_keys, t.c.shape[0]):
        p, s, b = _clean_target(t, low, high, w, threes, loosen)
        place, show, bound = place + p, show + s, bound + b
    for low, high in _key_pairs(clean_keys, dq_keys, t.c.shape[0]):
        p, s, b = _disqualified_target(t, low, high, w, loosen)
        place, show, bound = place + p, show + s, bound + b
    s, b = threes.sums()
    show, bound = show + s, bound + b
    # the bound is a sum of nonnegative terms; rounding can leave a few 1e-22 below zero
    return PlaceShow(place, show, np.maximum(bound, 0))


def compiled_kernels() -> ModuleType | None:
    """``exact_compiled`` if Numba is installed (imported on first use: it is slow to load)."""
    try:
        return importlib.import_module("homestretch.games.stretch.analysis.exact_compiled")
    except ImportError:
        return None


def _key_pairs(
    lows: NDArray[np.int64], highs: NDArray[np.int64], horses: int
) -> Iterator[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """Chunks of low keys, each with the high keys above its lowest (masked per pair)."""
    start = 0
    while start < lows.size:
        above = highs[highs > lows[start]]
        if not above.size:
            return
        rows = max(1, CELLS_PER_CHUNK // (above.size * horses))
        yield lows[start : start + rows], above
        start += rows


def _single_threshold(t: Tables, w: Windows) -> tuple[Floats, Floats, Floats]:
    """A clean horse nobody clean beats; a disqualified one at d whose place needs no other key.

    The last are the cases of ``_disqualified_target`` with every clean horse behind d
    counted in one sum: their others' chances depend on d alone.
    """
    first = Others(1 - t.c_gt, t.c).total(1.0)
    # disqualified at d: the others not clean, not disqualified ahead of d ...
    others = Others(t.out[:, None] + t.d_le, t.dq)
    above = t.d_gt  # ... except these, ahead at the wire
    anywhere = np.broadcast_to(t.c_tot[:, None], t.c.shape)
    # no clean horse (1: every other horse allowed): every disqualified horse ahead at the
    # wire stays ahead
    place = 1 + others.one(above)
    show = place + others.pair(above)
    # one clean horse: every disqualified horse ahead at the wire lands level, ahead of it
    place = place + others.one(anywhere)
    show = show + others.one(anywhere) + others.two(anywhere, above)
    # two clean horses, at least one of them at or ahead of d: third, if nobody is ahead;
    # both behind d and level: third too (their tie counts as both, whatever X rolled)
    show = show + others.pair(t.c_ge) + others.two(t.c_ge, t.c_lt) + others.pairs(w.level)
    any_die = (others.total(place), others.total(show))

    # the other cases count a clean horse heading the rest behind d only when another
    # clean horse follows it: these are the ones where none does, taken off again
    alone = Others(1 - t.c_tot[:, None] - t.p_gt, t.dq)  # no 1 from ahead of d either
    alone_place = alone.one(t.c_lt)
    alone_show = alone_place + alone.two(t.c_lt, t.p_gt)
    pair_alone = Others(1 - t.c_tot[:, None] - 2 * t.p_gt, t.dq)  # nor a 2
    with_leader = pair_alone.two(t.c_lt, t.c_ge)
    one_q = _one_q_between(pair_alone.allowed[:, None], t.c_lt[:, None], w.one)[:, 0]
    die_one = (
        alone.total(alone_place),
        alone.total(alone_show) + pair_alone.total(with_leader + one_q),
    )
    die_one_or_two = pair_alone.total(pair_alone.pairs(w.level))
    place = first + any_die[0] - die_one[0] / 6
    show = first + any_die[1] - die_one[1] / 6 - die_one_or_two * 2 / 6
    return place, show, np.zeros_like(first)


@dataclass(frozen=True)
class Windows:
    """Chances that tie two other horses together, as a matrix [m, j] for each key y.

    ``one[y, m, j]``: horse m disqualified above y with a 2 (or a 1: same chance), horse j
    clean level with it or ahead: one disqualified horse inside a window below a clean one
    (m != j). ``two[y, m, n, j]``: j clean at some y1 > y, m and n both with a 2 in
    (y, y1], summed over y1 (indices distinct; symmetric in m and n). ``spread[y, m, j]``: for j clean at some
    y1 > y, m's chance of a 2 in (y, y1] times every other horse's, summed over y1: what
    bounds two in the window (r_m r_n <= (r_m^2 + r_n^2) / 2 takes each horse's own weight
    r = 1 / allowed out of the sum over y1). ``exact_compiled.windows`` keeps ``two`` as
    [y, set]: for each set of three horses a < b < c the sum of its three entries, each
    horse as j (``exact_compiled._sets_of``), all its loops read.
    """

    one: Floats
    two: Floats
    spread: Floats
    level: Floats
    """level[d, j, j']: horses j and j' clean at the same key below d (zero diagonal)."""
    at: Floats
    """at[y, m, j]: m disqualified at y with a 2 (or a 1), j clean at or ahead of y."""

    @classmethod
    def of(cls, t: Tables) -> Windows:
        """The tables as NumPy sums (``exact_compiled.windows`` makes them as loops)."""
        q, c = t.p_gt, t.c  # a 2 above the key has the same chance as a 1
        q_all = q.sum(axis=0)
        at = np.einsum("mz,jz->zmj", t.dq / 6, t.c_ge)
        one = _above(at)
        idx = np.arange(c.shape[0])
        one[:, idx, idx] = 0
        # (q_m(y) - q_m(y1)) (Q(y) - Q(y1)) expanded, each product summed over y1 > y
        by_all = _above((c * q_all).T)  # [y, j]
        by_m = _above(np.einsum("mz,jz->zmj", q, c))
        by_both = _above(np.einsum("mz,jz->zmj", q * q_all, c))
        by_square = _above(np.einsum("mz,jz->zmj", q * q, c))
        spread = (
            np.einsum("my,y,jy->ymj", q, q_all, t.c_gt)
            - np.einsum("my,yj->ymj", q, by_all)
            - q_all[:, None, None] * by_m
            + by_both
        )
        # less m's own square: (q_m(y) - q_m(y1))^2 expanded
        spread -= np.einsum("my,jy->ymj", q * q, t.c_gt) - 2 * q.T[:, :, None] * by_m + by_square
        # (q_m(y) - q_m(y1)) (q_n(y) - q_n(y1)) expanded the same way
        two = _windows_two(q, c, t.c_gt, by_m)
        two[:, idx, idx, :] = 0
        two[:, idx, :, idx] = 0
        two[:, :, idx, idx] = 0
        at_same = np.einsum("jz,kz->zjk", c, c)
        level = np.cumsum(at_same, axis=0) - at_same
        level[:, idx, idx] = 0
        at[:, idx, idx] = 0
        spread[:, idx, idx] = 0
        return cls(one, np.maximum(two, 0, out=two), np.maximum(spread, 0), level, at)


def _above(per_key: Floats) -> Floats:
    """Sums over the keys strictly above each key (the first axis)."""
    return np.cumsum(per_key[::-1], axis=0)[::-1] - per_key


KEYS_PER_WINDOW_CHUNK = 32
"""Keys of ``Windows.two`` whose terms are made at once (each [key, h, h, h])."""


def _windows_two(q: Floats, c: Floats, c_gt: Floats, by_m: Floats) -> Floats:
    """``Windows.two`` before its diagonals are cleared: [y, m, n, j], the sum over y1 > y
    of c_j(y1) (q_m(y) - q_m(y1)) (q_n(y) - q_n(y1)), expanded. Made into one array a few
    keys at a time, the same operations in the same order as the whole arrays at once
    (the same numbers to the last bit), so that no more than one array of its size is
    held: at 20 horses it is 58 MB, and the terms at once held 250 MB."""
    horses, keys = c.shape
    two = np.empty((keys, horses, horses, horses))
    # the last term, _above(q_m q_n c_j): the running sum from the top key down, then
    # less each key's own (as np.cumsum adds, one key after another)
    running = np.zeros((horses, horses, horses))
    for y in range(keys - 1, -1, -1):
        own = np.einsum("m,n,j->mnj", q[:, y], q[:, y], c[:, y])
        running += own
        np.subtract(running, own, out=two[y])
    for start in range(0, keys, KEYS_PER_WINDOW_CHUNK):
        at = slice(start, start + KEYS_PER_WINDOW_CHUNK)
        two[at] = (
            np.einsum("my,ny,jy->ymnj", q[:, at], q[:, at], c_gt[:, at])
            - np.einsum("my,ynj->ymnj", q[:, at], by_m[at])
            - np.einsum("ny,ymj->ymnj", q[:, at], by_m[at])
            + two[at]
        )
    return two


def _clean_target(
    t: Tables, low: NDArray[np.int64], high: NDArray[np.int64], w: Windows,
    threes: WindowsOfThree, loosen: float = 1.0,
) -> tuple[Floats, Floats, Floats]:  # fmt: skip
    """A clean horse X at key x (low) with one or two clean horses ahead, the lower at y.

    Returns place, show and show bound, summed over the chunk, each weighted by X's chance
    of finishing clean at x.
    """
    weight = t.c[:, low][:, :, None] * (high[None, :] > low[:, None])  # y > x
    x_gt = t.c_gt[:, low][:, :, None]
    c_y, c_gt_y, p_gt_y = t.c[:, None, high], t.c_gt[:, None, high], t.p_gt[:, None, high]

    # A = 1: one clean horse at y, no disqualified 1 above it (show: at most one)
    one = Others(1 - x_gt - p_gt_y, weight)
    alone = one.one(c_y)
    place = one.total(alone)
    show = one.total(alone + one.two(c_y, p_gt_y))

    # A = 2, lower at y: no disqualified 1 or 2 above y ...
    two = Others(1 - x_gt - 2 * p_gt_y, weight)
    distinct = two.two(c_y, c_gt_y)
    # ... or exactly one disqualified 2 above y, at or behind the upper clean horse
    one_q = _one_q_between(two.allowed, c_y, w.one[high])
    show = show + two.total(distinct + two.pair(c_y) + one_q)
    # two or more such: summed exactly for two where their bound is not negligible
    squares = _squares(two, c_y, w, high, 2)
    extra, bound, _ = _two_in_window(
        two, c_y, distinct, two.weight(p_gt_y), squares, lambda _, cols: w.two[high[cols]],
        HEAVY_PAIR * loosen, three=(threes, high, HEAVY_THREE * loosen),
    )  # fmt: skip
    show = show + extra
    return place, show, bound


def _squares(
    others: Others, lower: Floats, w: Windows, keys: NDArray[np.int64], axis: int
) -> Floats:
    """A bound on two disqualified horses in the windows of ``w`` at ``keys`` (those of
    the last pair axis if ``axis`` is 2, else of the first), below a clean j1 and with a
    clean horse marked ``lower``: ``others.two`` with j1's marker sum_m r_m^2 spread[m, j1]
    (r = 1 / allowed), twice at least the sum of two over the window."""
    squared = others.allowed**-2
    if axis == 2:
        return others.two(lower, _per_key_times(squared, w.spread[keys]))
    return others.two(lower, _horse_first(np.einsum("mxy,xmj->jxy", squared, w.spread[keys])))


def _squares_below(
    others: Others, lower: Floats, w: Windows, t: Tables, low: NDArray[np.int64],
    high: NDArray[np.int64],
) -> Floats:  # fmt: skip
    """``_squares`` of the windows at the low keys y (axis 1) with the upper clean horse j1
    below the high key d, not anywhere above y: a disqualified target at d that rolled 2.

    spread[y, m, j1] sums over y1 > y the terms c_j1(y1) alpha_m (A - alpha_m), each at
    least 0, with alpha_m = q_m(y) - q_m(y1) and A = sum_n alpha_n. Those with y1 >= d do
    not belong to the window. There alpha_n = a_n + b_n, a_n = q_n(y) - q_n(d) >= 0 and
    b_n = q_n(d) - q_n(y1) >= 0, and a term is a_m (A_a - a_m) + a_m (B - b_m) + b_m (A_a -
    a_m) + b_m (B - b_m) (A_a, B the sums of a and b); summed over y1 >= d with c_j1(y1),
    for m != j1, at least
        c_ge(j1, d) a_m (A_a - a_m) + a_m (O_j1 - one[d, m, j1])
        + (A_a - a_m) one[d, m, j1] + spread[d, m, j1],
    one[d, m, j1] being the sum of c_j1(y1) b_m over y1 > d (b is 0 at y1 = d) and O_j1 its
    sum over m (``Windows.one`` leaves out m = j1: smaller, still a lower bound), and
    spread[d] the sum of the last terms. That is taken off, times r_m^2: the rest is at least
    sum_m r_m^2 (spread over y < y1 < d only), what ``_squares`` needs.
    """
    squared = others.allowed**-2
    spread = _horse_first(np.einsum("mxy,xmj->jxy", squared, w.spread[low]))
    a = np.maximum(t.p_gt[:, low][:, :, None] - t.p_gt[:, None, high], 0)
    total_a, ra = a.sum(axis=0), squared * a
    own = ra * (total_a - a)
    one_d, by_j = w.one[high], w.one[high].sum(axis=1).T[:, None, :]  # [y, m, j], [j, 1, y]
    above = (
        t.c_ge[:, None, high] * (own.sum(axis=0) - own)
        + by_j * (ra.sum(axis=0) - ra)
        + np.einsum("mxy,ymj->jxy", squared * (total_a - 2 * a), one_d)
        + np.einsum("mxy,ymj->jxy", squared, w.spread[high])
    )
    return others.two(lower, np.maximum(spread - above, 0))


def _two_in_window(
    others: Others,
    lower: Floats,
    none_in: Floats,
    q: Floats,
    squares: Floats | None,
    windows: Callable[[NDArray[np.int64], NDArray[np.int64]], Floats],
    heavy: NDArray[np.bool_] | float = HEAVY_PAIR,
    tighter: Floats | None = None,
    three: tuple[WindowsOfThree, NDArray[np.int64], float] | None = None,
) -> tuple[Floats, Floats, NDArray[np.bool_]]:
    """Two or more disqualified horses in a window below a clean horse j1 (``windows``
    gives W2[m, n, j1] for the key pairs at the given rows and columns), with a clean
    horse marked ``lower`` besides: show summed exactly for two, and the show bound.

    ``none_in`` is the case with nobody in the window and q the others' weight of any
    marker that can be in it (at least the sum e1 of the ratios of those in the window):
    the chance of two or more is at most none_in (exp(q) - 1 - q), and at most
    squares * exp(q) / 2 (``_squares``: e2 <= squares / 2, and e_k <= e_{k-1} e1 / k).
    Where that is above ``heavy`` (a float) exactly two are summed and three or more bounded
    by the two times ``beyond_two(q)``; elsewhere the whole is bounded. Both are weighted by each
    target's share and summed over the pairs; returned with the pairs summed (``heavy`` as
    pairs: those are, whatever the bound). ``tighter``, if given, is a smaller ``squares``
    (``_squares_below``) for the bound of the pairs not summed: which pairs are summed
    stays as ``squares`` chooses, so show does not move. ``three``, if given, is where to
    log the pairs whose two summed times ``beyond_two`` is above a threshold (``HEAVY_THREE``
    scaled as ``heavy``), with the key of the upper clean horse's window of each pair
    column, and that threshold: ``WindowsOfThree`` sums three for them later (and bounds
    four or more), so their three or more are left out of the bound returned here.
    """
    grows = none_in * (np.expm1(q) - q)
    two_on = grows if squares is None else np.minimum(grows, squares * np.exp(q) / 2)
    share = np.broadcast_to(others.without * others.weight_of_target, two_on.shape)
    pairs = (share * two_on).sum(axis=0) > heavy if isinstance(heavy, float) else heavy
    if tighter is not None:
        two_on = np.minimum(grows, tighter * np.exp(q) / 2)
    bound = (share * two_on)[:, ~pairs].sum(axis=1)
    show = np.zeros_like(bound)
    rows, cols = np.nonzero(pairs)
    for start in range(0, rows.size, PAIRS_PER_WINDOW_CHUNK):
        r, c = (
            rows[start : start + PAIRS_PER_WINDOW_CHUNK],
            cols[start : start + PAIRS_PER_WINDOW_CHUNK],
        )
        allowed = np.broadcast_to(others.allowed, two_on.shape)[:, r, c][:, None, :]
        marked = np.broadcast_to(lower, two_on.shape)[:, r, c][:, None, :]
        two = _two_q_between(allowed, marked, windows(r, c))[:, 0] * share[:, r, c]
        show = show + two.sum(axis=1)
        more = two * beyond_two(q[r, c])
        if three is not None:
            threes, keys, heavy_three = three
            at = np.flatnonzero(more.sum(axis=0) > heavy_three)
            r3, c3 = r[at], c[at]
            threes.log(keys[c3], allowed[:, 0, at], marked[:, 0, at], share[:, r3, c3], q[r3, c3])
            more[:, at] = 0
        bound = bound + more.sum(axis=1)
    return show, bound, pairs


class WindowsOfThree:
    """Three disqualified horses in a clean third's window, summed for the key pairs logged
    by ``_two_in_window``, and four or more bounded (by the three times ``beyond_three``).

    The window at a clean key y is W3[m, n, k, j]: j clean at some y1 > y, m, n and k each
    with a 2 in (y, y1] (the same chance as a 1: ``Tables.p_gt``), summed over y1; zero
    unless all four differ. A 2 in (y, y1] has chance q(y) - q(y1), so expanded, W3 at y
    is made from sums over the keys above y of q_m c_j, q_m q_n c_j and q_m q_n q_k c_j.
    ``sums`` keeps those as it goes down the keys once, adding the keys passed on the way,
    and makes W3 only at the keys some logged pair needs, one key at a time: memory is a
    few h^4 numbers and h^2 for each key passed, the logged pairs' 3h + 2 each
    (``exact_compiled_three`` does the same arithmetic as loops).
    """

    def __init__(self, t: Tables) -> None:
        self.q, self.c, self.c_gt = t.p_gt, t.c, t.c_gt
        self.distinct = _all_differ(t.c.shape[0])
        self.logged: list[tuple[NDArray[np.int64], Floats, Floats, Floats, Floats]] = []

    def log(
        self, keys: NDArray[np.int64], allowed: Floats, marked: Floats, share: Floats, q: Floats
    ) -> None:
        """Key pairs to sum three for: their window's key y and, [horse, pair], the
        others' allowed, the lower clean horse's marker at y and each target's share; q
        the others' weight of a 2 above y."""
        if keys.size:
            self.logged.append((keys, allowed, marked, share, q))

    def sums(self) -> tuple[Floats, Floats]:
        """Show and show bound [horse] of every logged pair, the keys taken from the top."""
        horses = self.q.shape[0]
        show, bound = np.zeros(horses), np.zeros(horses)
        if not self.logged:
            return show, bound
        keys, allowed, marked, share, q = (
            np.concatenate(parts, axis=-1) for parts in zip(*self.logged, strict=True)
        )
        sums = _SumsAbove(self.q, self.c)
        chunk = max(1, CELLS_PER_THREE_CHUNK // horses**3)
        for y in np.unique(keys)[::-1]:
            w3 = self._at(int(y), sums)
            pairs = np.flatnonzero(keys == y)
            for first in range(0, pairs.size, chunk):
                at = pairs[first : first + chunk]
                triples = _three_q_between(allowed[:, at], marked[:, at], w3) * share[:, at]
                show = show + triples.sum(axis=1)
                bound = bound + (triples * beyond_three(q[at])).sum(axis=1)
        return show, bound

    def _at(self, y: int, sums: _SumsAbove) -> Floats:
        """W3 at key y: the product of the three (q(y) - q(y1)) expanded, each term summed
        over y1 > y with c_j(y1) (rounding can leave a few just below zero: at least 0)."""
        sums.down_to(y)
        q, by_one, by_two = self.q[:, y], sums.by_one, sums.by_two
        qq = np.outer(q, q)  # (einsum of two operands: several times faster than of four)
        w3 = (
            np.einsum("mn,kj->mnkj", qq, np.outer(q, self.c_gt[:, y]))
            - np.einsum("mn,kj->mnkj", qq, by_one)
            - np.einsum("mk,nj->mnkj", qq, by_one)
            - np.einsum("nk,mj->mnkj", qq, by_one)
            + np.einsum("m,nkj->mnkj", q, by_two)
            + np.einsum("n,mkj->mnkj", q, by_two)
            + np.einsum("k,mnj->mnkj", q, by_two)
            - sums.by_three
        )
        return np.where(self.distinct, np.maximum(w3, 0), 0.0)


class _SumsAbove:
    """Sums over the keys above a key y of q_m c_j, q_m q_n c_j and q_m q_n q_k c_j, as
    y goes down the keys (``down_to``): each key is added once."""

    def __init__(self, q: Floats, c: Floats) -> None:
        self.q, self.c = q, c
        horses = q.shape[0]
        self.by_one = np.zeros((horses,) * 2)
        self.by_two = np.zeros((horses,) * 3)
        self.by_three = np.zeros((horses,) * 4)
        self.lowest_added = q.shape[1]

    def down_to(self, y: int) -> None:
        """Add the keys above y not added yet (keys may only go down)."""
        keys = slice(y + 1, self.lowest_added)
        self.lowest_added = min(y + 1, self.lowest_added)
        q, c = self.q[:, keys].T, self.c[:, keys].T  # [key, horse]
        by_pair = (q.shape[0], q.shape[1] ** 2)  # (no -1: there may be no keys to add)
        qq = (q[:, :, None] * q[:, None, :]).reshape(by_pair)  # [key, (m, n)]
        qc = (q[:, :, None] * c[:, None, :]).reshape(by_pair)  # [key, (k, j)]
        self.by_one += q.T @ c
        self.by_two += (qq.T @ c).reshape(self.by_two.shape)
        self.by_three += (qq.T @ qc).reshape(self.by_three.shape)


def _all_differ(horses: int) -> NDArray[np.bool_]:
    """[m, n, k, j]: True where the four indices all differ."""
    idx = np.indices((horses,) * 4)
    distinct = np.ones((horses,) * 4, dtype=bool)
    for a, b in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        distinct &= idx[a] != idx[b]
    return distinct


def _three_q_between(allowed: Floats, c_y: Floats, w3: Floats) -> Floats:
    """Sum over j2 (clean at y) and distinct m, n, k, j1 (m, n, k unordered) of
    c(j2) W3[m, n, k, j1] / (g_j2 g_m g_n g_k g_j1), every index other than the target:
    [horse, pair] for allowed and c_y [horse, pair], one window w3 [m, n, k, j1] for all.

    With T the terms without j2 (r = 1/g, a = c/g), Z their sum, Z_i the sum of those
    holding horse i and U_i that of T times the a of the others they hold: for target X,
    (A - a_X)(Z - Z_X) - (sum_i a_i Z_i - a_X Z_X) + U_X (j2 neither X nor in the term).
    W3 is symmetric in m, n, k and zero unless all four differ, so each is W3 with three
    axes summed against r (or one of them against r a): Z_i = r_i (last_i / 6 + first_i /
    2), the unordered triples holding i as j1 or among m, n, k; U_i = r_i (the same sums
    with each r of the others replaced by r a in turn) / 2, the terms' own a_i left out.
    """
    r, a = 1 / allowed, c_y / allowed  # [horse, pair]
    ra = r * a
    horses = r.shape[0]
    # m summed against r by one matrix product; i may stand at n (m, n, k alike)
    by_m = (w3.reshape(horses, -1).T @ r).reshape((horses,) * 3 + (-1,))  # [n, k, j1, pair]
    with_j = np.einsum("nkjp,jp->nkp", by_m, r)
    with_ra_j = np.einsum("nkjp,jp->nkp", by_m, ra)
    with_n = np.einsum("nkjp,np->kjp", by_m, r)
    first = np.einsum("ikp,kp->ip", with_j, r)  # [i, pair]: i among m, n, k, all else r
    first_ra = 2 * np.einsum("ikp,kp->ip", with_j, ra) + np.einsum("ikp,kp->ip", with_ra_j, r)
    last = np.einsum("kjp,kp->jp", with_n, r)  # i as j1
    last_ra = 3 * np.einsum("kjp,kp->jp", with_n, ra)
    whole = (r * last).sum(axis=0) / 6
    z = r * (last / 6 + first / 2)
    u = r * (last_ra / 6 + first_ra / 2)
    az = a * z
    result = (a.sum(axis=0) - a) * (whole - z)
    return result - (az.sum(axis=0) - az) + u


SERIES_TERMS = 16
"""beyond_two's series below q = 1/2: what it leaves out is under 1e-21 of the sum."""


def beyond_two(q: Floats) -> Floats:
    """Three or more disqualified horses in a window, per two: sum over k >= 3 of
    2 q^(k - 2) / k!, with q at least the sum e1 of the window's ratios.

    Each set of k counts k times in e_(k-1) e1 (and e1 adds only terms at least 0), so
    e_k <= e_(k-1) e1 / k <= e_2 q^(k-2) 2 / k!: summed over k >= 3, at most e_2 times
    this, in every window, so the sum of three or more is at most the sum of two times
    this. (It is below q exp(q) / 3, the bound before: 2 / k! <= 1 / (3 (k - 3)!).)
    ``exact_compiled._beyond_two`` is the same arithmetic."""
    q = np.asarray(q, dtype=np.float64)
    small = np.zeros_like(q)  # Horner, where the closed form would cancel: 2 / (j + 2)!
    for j in range(SERIES_TERMS, 0, -1):  # from j = 16 down (the rest: under 1e-21 of it)
        small = (small + 2 / math.factorial(j + 2)) * q
    safe = np.maximum(q, 0.5)
    closed = 2 * (np.expm1(safe) - safe - safe * safe / 2) / (safe * safe)
    return np.where(q < 0.5, small, closed)


def beyond_three(q: Floats) -> Floats:
    """Four or more disqualified horses in a window, per three: sum over k >= 4 of
    6 q^(k - 3) / k! (e_k <= e_3 q^(k-3) 3! / k!, as ``beyond_two``).
    ``exact_compiled_three._beyond_three`` is the same arithmetic."""
    q = np.asarray(q, dtype=np.float64)
    small = np.zeros_like(q)
    for j in range(SERIES_TERMS, 0, -1):
        small = (small + 6 / math.factorial(j + 3)) * q
    safe = np.maximum(q, 0.5)
    closed = 6 * (np.expm1(safe) - safe - safe * safe / 2 - safe**3 / 6) / safe**3
    return np.where(q < 0.5, small, closed)


def _two_q_between(allowed: Floats, c_y: Floats, w_two: Floats) -> Floats:
    """Sum over j2 (clean at y) and distinct m, n, j1 (m, n unordered) of
    c(j2) W2[m, n, j1] / (g_j2 g_m g_n g_j1), every index other than the target.

    With r = 1/g and a = c/g: all distinct triples, less those holding the target or j2,
    plus those holding both (inclusion-exclusion); every piece is W2 contracted with r
    and a*r on two of its axes, done as matrix products per key.
    """
    horses, rows, keys = allowed.shape
    r = (1 / allowed).transpose(2, 0, 1)  # [y, horse, x]
    a = (c_y / allowed).transpose(2, 0, 1)
    ar = a * r

    def outer(u: Floats, v: Floats) -> Floats:  # [y, (k, j), x]
        return (u[:, :, None, :] * v[:, None, :, :]).reshape(keys, horses * horses, rows)

    rr, r_ar = outer(r, r), outer(r, ar)
    by_first = w_two.reshape(keys, horses, horses * horses)  # [y, i, (k, j)]
    by_last = w_two.transpose(0, 3, 1, 2).reshape(keys, horses, horses * horses)  # [y, j, (m, k)]
    first = np.matmul(by_first, np.concatenate([rr, outer(ar, r) + r_ar], axis=2))
    last = np.matmul(by_last, np.concatenate([rr, r_ar], axis=2))
    # A_i: triples with i first (or second, by symmetry); B_j: with j last
    a_first, b_last = first[:, :, :rows], last[:, :, :rows]
    # triples holding both the target and j2, summed over j2 with weight a_j2
    shared = first[:, :, rows:] + last[:, :, rows:]
    whole = (a_first * r).sum(axis=1, keepdims=True)
    own = (2 * a_first + b_last) * r  # triples holding a given horse, times its r
    result = (
        (a.sum(axis=1, keepdims=True) - a) * (whole - own)
        - ((a * own).sum(axis=1, keepdims=True) - a * own)
        + 2 * r * shared
    ) / 2
    return _horse_first(result.transpose(1, 2, 0))


def _per_key_times(vector: Floats, matrices: Floats) -> Floats:
    """[j, x, y] = sum over m of vector[m, x, y] * matrices[y, m, j]."""
    return _horse_first(np.matmul(vector.transpose(2, 1, 0), matrices).transpose(2, 1, 0))


def _horse_first(array: Floats) -> Floats:
    """A copy laid out horse by horse: sums over horses then run along whole rows."""
    return np.ascontiguousarray(array)


Action = Callable[[Floats], Floats]
"""A coupling matrix W[m, j] applied, per key pair, to a vector over horses [j, x, y]."""


def _per_high(matrices: Floats) -> tuple[Action, Action]:
    """W and its transpose from one matrix per high key: matrices[y, m, j]."""
    transposed = matrices.transpose(0, 2, 1)

    def times(vector: Floats) -> Floats:
        return _horse_first(np.matmul(matrices, vector.transpose(2, 0, 1)).transpose(1, 2, 0))

    def times_t(vector: Floats) -> Floats:
        return _horse_first(np.matmul(transposed, vector.transpose(2, 0, 1)).transpose(1, 2, 0))

    return times, times_t


def _one_q_between(allowed: Floats, c_y: Floats, w: Floats) -> Floats:
    """``_one_between`` with the first-order Q window W[y] of the high key."""
    return _one_between(allowed, c_y, *_per_high(w))


def _one_between(allowed: Floats, c_y: Floats, times: Action, times_t: Action) -> Floats:
    """Sum over j2 (clean at y) and distinct m, j1 of c(j2) W[m, j1] / (g_j2 g_m g_j1),
    every index other than the target (first axis) and each other."""
    r = 1 / allowed
    a = c_y * r
    row, col = r * times(r), r * times_t(r)
    ra = r * a
    spread = a * (row + col)
    return (
        (a.sum(axis=0) - a) * (row.sum(axis=0) - row - col)
        - (spread.sum(axis=0) - spread)
        + r * times(ra)
        + r * times_t(ra)
    )


def _p_window(
    w: Windows, low: NDArray[np.int64], high: NDArray[np.int64], t: Tables
) -> tuple[Action, Action, Floats]:
    """W[m, j] for key pairs (y, d): m disqualified with a 1 strictly between y and d, and
    j clean at or ahead of it but behind d; with each horse's chance of such a 1."""
    low_w, low_w_t = w.one[low], w.one[low].transpose(0, 2, 1)  # 1s above y (the lows)
    high_times, high_times_t = _per_high(w.one[high] + w.at[high])  # ... at or above d
    ones = t.p_gt[:, low][:, :, None] - t.p_gt[:, None, high] - t.dq[:, None, high] / 6
    c_ge_d = t.c_ge[:, None, high]

    def per_low(matrices: Floats, vector: Floats) -> Floats:
        return _horse_first(np.matmul(matrices, vector.transpose(1, 0, 2)).transpose(1, 0, 2))

    def times(vector: Floats) -> Floats:  # minus the clean horses at or ahead of d
        rank_one = ones * ((c_ge_d * vector).sum(axis=0) - c_ge_d * vector)
        return per_low(low_w, vector) - high_times(vector) - rank_one

    def times_t(vector: Floats) -> Floats:
        rank_one = c_ge_d * ((ones * vector).sum(axis=0) - ones * vector)
        return per_low(low_w_t, vector) - high_times_t(vector) - rank_one

    return times, times_t, ones


def _p_window_two(w: Windows, t: Tables, low: NDArray[np.int64], high: NDArray[np.int64]) -> Floats:
    """W2[m, n, j] for key pairs (y, d) = (low, high), one pair a row: j clean at some y1
    strictly between y and d, m and n both with a 1 in (y, y1]. ``Windows.two`` at y less
    its part with y1 at or above d, where each 1 in (y, y1] lies in (y, d] (alpha below) or
    in (d, y1] (``Windows.two`` and ``one`` at d)."""
    alpha = (t.p_gt[:, low] - t.p_gt[:, high]).T  # [pair, m]: a 1 in (y, d]
    ahead_of_d = t.c_ge[:, high].T  # [pair, j]
    one_d = w.one[high]  # [pair, n, j]
    # summed in place, in the order of one expression (the same numbers to the last bit):
    # a [pair, h, h, h] array is 33 MB at 20 horses, and the expression held four
    above = np.einsum("pm,pn,pj->pmnj", alpha, alpha, ahead_of_d)
    above += alpha[:, :, None, None] * one_d[:, None, :, :]
    above += alpha[:, None, :, None] * one_d[:, :, None, :]
    above += w.two[high]
    two = w.two[low]
    two -= above
    del above
    idx = np.arange(two.shape[1])
    two[:, idx, idx, :] = 0
    two[:, idx, :, idx] = 0
    two[:, :, idx, idx] = 0
    return np.maximum(two, 0, out=two)


def _disqualified_target(
    t: Tables, low: NDArray[np.int64], high: NDArray[np.int64], w: Windows, loosen: float = 1.0
) -> tuple[Floats, Floats, Floats]:
    """A disqualified horse X at key d (high) with the top clean horse behind it at y (low).

    Returns place, show and show bound, each weighted by X's chance of a disqualification
    at d and the die each case needs. Cases (r: clean horses ahead of X in the end):
    - r = 1, die 1, one clean horse at y heading the rest: ahead only a 1 from above d;
    - r = 2 with exactly two clean horses, both behind d: a tie at y (any die), or apart
      and X rolled 2 or more (nobody ahead at the wire; no 1 above the upper);
    - r = 2 with three or more: X rolled 1 with one clean horse ahead of d (no 1 above d,
      no 2 above that horse: one 2 between d and it summed, more bounded); a tie for the
      top at y and a 1 or 2 (no 1 or 2 above d); X rolled 2, clean horses at y1 > y alone
      (no 1 above y1, no 2 above d: one 1 between y and y1 summed, more bounded).
    The cases with no clean horse behind the one at y are taken off in
    ``_single_threshold``, where they need d alone.
    """
    weight = t.dq[:, None, high] * (high[None, :] > low[:, None])  # d > y
    y_ge, y_gt = t.c_ge[:, low][:, :, None], t.c_gt[:, low][:, :, None]
    c_y, c_lt_y = t.c[:, low][:, :, None], t.c_lt[:, low][:, :, None]
    p_gt_y = t.p_gt[:, low][:, :, None]
    p_gt_d, c_ge_d = t.p_gt[:, None, high], t.c_ge[:, None, high]
    out_or_dq_d = t.out[:, None, None] + t.d_le[:, None, high]
    rest = 1 - t.c_tot[:, None, None]  # another clean horse is forbidden (below y)

    # r = 1: X rolled 1, the clean horse at y heads the others (the cases with no other
    # clean horse are taken off in _single_threshold)
    lead = Others(1 - y_ge - p_gt_d, weight)
    place = lead.total(lead.one(c_y)) / 6
    show = place + lead.total(lead.two(c_y, p_gt_d)) / 6

    # exactly two clean horses, both behind d and apart: X rolled 2 or more
    apart = Others(out_or_dq_d - (p_gt_y - p_gt_d), weight)  # nor a 1 between y and d (or at d)
    show = show + apart.total(apart.two(c_y, c_lt_y)) * 5 / 6

    # three or more: X rolled 1 with one clean horse at or ahead of d, no 1 or 2 above d
    ahead = Others(1 - y_ge - 2 * p_gt_d, weight)
    with_leader = ahead.two(c_y, c_ge_d)
    # ... or exactly one 2 above d, at or behind the clean horse ahead
    one_q = _one_q_between(ahead.allowed, c_y, w.one[high])
    show = show + ahead.total(with_leader + one_q) / 6

    # ... or two or more (the window above d is that of a clean third's at d), less the
    # same with no other clean horse (``_single_threshold`` counts them apart)
    def windows_at_d(_: NDArray[np.int64], cols: NDArray[np.int64]) -> Floats:
        return w.two[high[cols]]

    squares = _squares(ahead, c_y, w, high, 2)
    q_weight = ahead.weight(p_gt_d)
    extra, bound, heavy = _two_in_window(
        ahead, c_y, with_leader, q_weight, squares, windows_at_d, HEAVY_DQ_PAIR * loosen
    )
    alone = Others(rest - 2 * p_gt_d, weight)
    less, _, _ = _two_in_window(alone, c_y, with_leader, q_weight, None, windows_at_d, heavy)
    show, bound = show + (extra - less) / 6, bound / 6
    # a tie for the top clean place at y, X rolled 1 or 2
    show = show + ahead.total(ahead.pair(c_y)) * 2 / 6
    # X rolled 2, clean horses alone at y and between y and d, no 1 above y ...
    between = y_gt - c_ge_d
    two_ahead = Others(1 - y_ge - p_gt_y - p_gt_d, weight)
    two_only = Others(rest - p_gt_y - p_gt_d, weight)
    two_clean = two_ahead.two(c_y, between)
    show = show + (two_ahead.total(two_clean) - two_only.total(two_only.two(c_y, between))) / 6
    # ... or exactly one 1 above y, at or behind the upper clean horse
    times, times_t, ones = _p_window(w, low, high, t)
    one_p = two_ahead.total(_one_between(two_ahead.allowed, c_y, times, times_t))
    one_p = one_p - two_only.total(_one_between(two_only.allowed, c_y, times, times_t))
    show = show + one_p / 6

    # ... or two or more: those with no other clean horse are fewer at every count, so
    # the difference of the two sums of exactly two is at least 0 and the rest at most
    # what bounds the first
    def windows(rows: NDArray[np.int64], cols: NDArray[np.int64]) -> Floats:
        return _p_window_two(w, t, low[rows], high[cols])

    p_weight = two_ahead.weight(ones)
    # (the windows at y, with y1 anywhere above it, bound those with y1 below d)
    squares = _squares(two_ahead, c_y, w, low, 1)
    tighter = _squares_below(two_ahead, c_y, w, t, low, high)  # ... and those below d
    extra, more, heavy = _two_in_window(
        two_ahead, c_y, two_clean, p_weight, squares, windows, HEAVY_DQ_PAIR * loosen, tighter
    )
    less, _, _ = _two_in_window(two_only, c_y, two_clean, p_weight, None, windows, heavy)
    return place, show + (extra - less) / 6, bound + more / 6
