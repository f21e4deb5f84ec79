"""Exact Quickplay chances: every chart outcome with its probability, no sampling.

In Quickplay a horse's Final Speed Figure comes from the dice rolled for it and from
three rolls the whole field shares (the Pace Scenario roll and the two Race Factors
dice). Given the shared rolls the horses are independent, so for each of the 18 shared
outcomes every horse's wire key (figure, photo total) is enumerated as a distribution:
clean, disqualified, or out of the race.

A clean horse wins when no clean horse finishes ahead of it: by ruling S8 a disqualified
horse in front always drops below at least the first clean horse behind it, and a clean
horse level with it dead-heats. A disqualified horse wins only when no horse finishes
clean and no other disqualified horse is ahead of it at the wire.

Place and show (exact_finish.py, compiled in exact_compiled.py) sum over pairs of wire
keys instead of single keys, so they take seconds rather than milliseconds; the shared
outcomes are shared out between the processor's cores. ``quickplay_bounds`` brackets them in milliseconds meanwhile.
"""

from __future__ import annotations

import ctypes
import math
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import NDArray

from homestretch.games.stretch.analysis.kernel import PHOTO_SPAN, FieldArrays
from homestretch.games.stretch.content.chart_arrays import PACES, TROUBLE_CODES, ChartArrays
from homestretch.games.stretch.content.chart_set import ChartSet

if TYPE_CHECKING:
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow
    from homestretch.games.stretch.content.race_plain import AnyRace  # not pydantic yet

Floats = NDArray[np.float64]

TWO_DICE = np.array([0.0, 0.0] + [min(t - 1, 13 - t) / 36 for t in range(2, 13)])
"""Chance of each two-dice total, indexed by the total."""
ROLLS = range(2, 13)
APRS = 30
LOOSEN = 0.75
"""Each shared outcome's heavy thresholds are scaled by this times the mean chance of an
outcome over its own (``loosening``). At 1 the bound is about as before, but the top of
show's range rose for some horse by up to 1.3e-11 (the recorded races, 12 horses); at
0.75 each new range lies inside the old one on every field of 6 to 14 horses and
recorded race measured, the bound a fifth to a third lower, CPU 0.91 of before at 12
horses (``benchmarks/stretch_exact_by_chance.py``)."""


@dataclass(frozen=True)
class ExactChances:
    """Each horse's exact chances, in post order."""

    win: Floats
    places: PlaceShow | None
    """Place and show; None when some horse cannot go out (exact_finish.NotExact)."""


def quickplay_win_chances(race: AnyRace, charts: ChartSet) -> Floats:
    """Each horse's exact chance to win (dead heats included), in post order."""
    win = np.zeros(len(race.runners))
    for chance, clean, dq, out in _outcomes(race, charts):
        win += chance * _win_chances(clean, dq, out)
    return win


def quickplay_chances(
    race: AnyRace,
    charts: ChartSet,
    advance: Callable[[int], None] | None = None,
    workers: int | None = None,
    compiled: bool = True,
) -> ExactChances:
    """Exact win, place and show chances; ``advance(1)`` after each shared outcome.

    ``workers`` threads share the outcomes (default: the processor's cores, at most two);
    ``compiled=False`` keeps to the NumPy sums (exact_finish.place_and_show).

    Each outcome's heavy thresholds are loosened or tightened by its chance
    (``loosening``).
    """
    # imported here, not above: the brackets never wait for them
    from concurrent.futures import ThreadPoolExecutor, as_completed

    from homestretch.games.stretch.analysis.exact_finish import PlaceShow, place_and_show

    outcomes = list(_outcomes(race, charts, reached=True))
    loosen = loosening([chance for chance, _, _, _ in outcomes])
    # equal to the win over every key to rounding (fewer zeros summed)
    win = sum((chance * _win_chances(clean, dq, out) for chance, clean, dq, out in outcomes))
    if any((out <= 0).any() for _, _, _, out in outcomes):
        return ExactChances(np.asarray(win), None)
    _keep_freed_memory()
    h = len(race.runners)
    place, show, bound = np.zeros(h), np.zeros(h), np.zeros(h)
    with ThreadPoolExecutor(max_workers=workers or min(2, os.cpu_count() or 1)) as pool:
        # the compiled loops, and numpy inside its array loops, let go of the interpreter
        # lock, so the threads really work at once
        jobs = [
            pool.submit(place_and_show, clean, dq, out, compiled, scale)
            for (_, clean, dq, out), scale in zip(outcomes, loosen, strict=True)
        ]
        if advance is not None:
            for _ in as_completed(jobs):
                advance(1)
    # added in the outcomes' order, not as the threads finish: the same answer every run
    for (chance, _, _, _), job in zip(outcomes, jobs, strict=True):
        result = job.result()
        place += chance * result.place
        show += chance * result.show
        bound += chance * result.show_bound
    return ExactChances(np.asarray(win), PlaceShow(place, show, bound))


class Bounds(NamedTuple):
    """Proven brackets on each horse's place and show chances, in post order: the exact
    chance lies in [low, high] (to rounding). (A NamedTuple: a frozen dataclass is built
    at every start by compiling its methods, seven times the cost.)"""

    win: Floats
    place_low: Floats
    place_high: Floats
    show_low: Floats
    show_high: Floats

    @property
    def widest(self) -> float:
        return float(
            max((self.place_high - self.place_low).max(), (self.show_high - self.show_low).max())
        )


def quickplay_bounds(race: AnyRace, charts: ChartSet) -> Bounds:
    """Exact win chances, and place and show bracketed from single wire keys (ruling S8).

    A clean horse X at key x finishes 1 + A + S: A clean horses strictly ahead of it, S
    disqualified horses that stay above it, and only one strictly ahead at the wire can
    (a disqualified horse never climbs past a clean one). So X is in the first k when
    A + (disqualified ahead) <= k - 1, and only if A <= k - 1. A disqualified horse ends
    below every clean horse at or ahead of its key, so it is in the first k only if
    those number at most k - 1; it is surely there when at most k - 1 others finish.
    Each bracket is a sum over one key of the chance that few enough other horses, each
    independent given the shared rolls, do a thing: milliseconds, like the win.
    """
    _keep_freed_memory()  # in a new process a fifth of the time went on fresh pages
    h = len(race.runners)
    win, brackets = np.zeros(h), np.zeros((4, h))
    # a shared outcome at a time: the working arrays of one fit in a few megabytes, taken
    # again by the next, where every outcome's side by side took 33 MB of fresh pages at
    # 20 horses (8,000 page faults, as long as the sums themselves in a new process)
    for chance, clean, dq, out in _outcomes(race, charts, reached=True, rows=True):
        wins, four = _win_and_brackets(clean, dq, out)
        win += chance * wins  # equal to rounding (fewer zeros)
        brackets += chance * four
    place_low, place_high, show_low, show_high = brackets
    place_low = np.maximum(place_low, win)  # placing includes winning
    return Bounds(win, place_low, place_high, np.maximum(show_low, place_low), show_high)


def place_show_brackets(clean: Floats, dq: Floats, out: Floats) -> Floats:
    """[place low, place high, show low, show high] by horse, for one set of shared rolls
    (rows horses, columns wire keys ascending, as ``exact_finish.place_and_show``)."""
    return _brackets(clean, dq, _at_most(_what_counts(clean, dq, out)))


def _what_counts(clean: Floats, dq: Floats, out: Floats, ahead: Ahead | None = None) -> Floats:
    """Each other horse's chance of doing what counts against a horse at each key: [clean or
    disqualified ahead, by key | clean at or ahead of the first key, then clean ahead, by
    key | finishing at all]. Clean at or ahead of a key is clean ahead of the key before
    (none between is reached), so that middle run serves both, a third fewer columns."""
    c_gt, _, d_gt = ahead or _ahead(clean, dq)
    return np.concatenate(
        [c_gt + d_gt, clean.sum(axis=1, keepdims=True), c_gt, (1 - out)[:, None]], axis=1
    )


def _brackets(clean: Floats, dq: Floats, few: Floats, dq_total: Floats | None = None) -> Floats:
    """The four brackets from ``_at_most`` of ``_what_counts`` (``dq_total``: each horse's
    ``dq`` summed over its keys in order, if already known)."""
    h, keys = clean.shape
    surely, dq_maybe, dq_surely = few[:, :, :keys], few[:, :, keys:-2], few[:, :, -1:]
    maybe = few[:, :, keys + 1 : -1]
    result = np.empty((4, h))  # rows: place then show (at most one other counts, two)
    dq_all = dq.sum(axis=1) if dq_total is None else dq_total
    # (a product of the keys and ``few`` comes laid out as ``few``, a row to a horse: its
    # sums add pairwise, whichever way the keys are laid out)
    result[0::2] = (clean * surely).sum(axis=2) + dq_all * dq_surely[:, :, 0]
    result[1::2] = (clean * maybe).sum(axis=2) + (dq * dq_maybe).sum(axis=2)
    return result


def _win_and_brackets(clean: Floats, dq: Floats, out: Floats) -> tuple[Floats, Floats]:
    """One shared outcome's win chances and four brackets (``_wins`` of ``_others`` of the
    ``_win_factors``, ``_brackets``), from wire keys laid out a horse to a row
    (``_wire_keys`` with ``rows``), the same to the bit as from keys laid out key by key.

    Laid out key by key, NumPy adds a sum over a horse's keys in order, one key after the
    other; laid out by rows it would add pairwise (another last bit). So each such sum
    here is the last of a running sum (``np.cumsum``, in order), which ``_ahead`` makes
    anyway. What the rows save: the horse-by-horse passes of ``_others`` and ``_at_most``
    run on the rows as they are, not on a copy laid out afresh (a tenth of an
    instruction an element against several), and every working array is made in place."""
    h, keys = clean.shape
    clean_run, dq_run = np.cumsum(clean, axis=1), np.cumsum(dq, axis=1)
    clean_total, dq_total = clean_run[:, -1:].copy(), dq_run[:, -1:].copy()
    clean_ahead = np.subtract(clean_total, clean_run, out=clean_run)  # as _ahead
    # the win factors side by side (``_win_factors``), then every other horse's product
    factors = np.empty((h, 2 * keys))
    np.subtract(1, clean_ahead, out=factors[:, :keys])
    np.add(out[:, None], dq_run, out=factors[:, keys:])
    others = _others(factors)
    products = np.empty((h, 2, keys))
    np.multiply(clean, others[:, :keys], out=products[:, 0])
    np.multiply(dq, others[:, keys:], out=products[:, 1])
    sums = np.cumsum(products, axis=2)[:, :, -1]
    wins = sums[:, 0] + sums[:, 1]
    # ``_what_counts``: [clean or disqualified ahead | clean in all | clean ahead | out]
    counts = np.empty((h, 2 * keys + 2))
    np.subtract(dq_total, dq_run, out=dq_run)  # disqualified ahead
    np.add(clean_ahead, dq_run, out=counts[:, :keys])
    counts[:, keys] = clean_total[:, 0]
    counts[:, keys + 1 : -1] = clean_ahead
    np.subtract(1, out, out=counts[:, -1])
    return wins, _brackets(clean, dq, _at_most(counts), dq_total[:, 0])


COLUMNS = 2048
"""Keys taken at once by ``_at_most``: its working arrays then stay in the cache."""


def _at_most(chance: Floats) -> Floats:
    """[n - 1, horse, key]: the chance that at most n = 1, 2 of the other horses do a
    thing, each horse independently with ``chance[horse, key]``.

    The count's polynomial over the horses before each one times that over the horses
    after it (no division, so a chance of 1 is no trouble), a block of keys at a time:
    exactly 0, 1 and 2 in the block, then at most 1 and 2 added up from them."""
    h, keys = chance.shape
    result = np.empty((2, h, keys))
    for start in range(0, keys, COLUMNS):
        p = _by_rows(chance[:, start : start + COLUMNS])
        q, width = 1 - p, p.shape[1]
        # [degree, horse, key]: each degree's products below run over one contiguous block
        # (laid out [horse, degree, key], NumPy copied every operand through its buffers)
        a, b, scratch = np.empty((3, h, width)), np.empty((3, h, width)), np.empty((2, width))
        a[:, 0], b[:, h - 1] = ((1,), (0,), (0,)), ((1,), (0,), (0,))  # none counts yet
        for j in range(1, h):
            _add_horse(a[:, j - 1], p[j - 1], q[j - 1], a[:, j], scratch)
            _add_horse(b[:, h - j], p[h - j], q[h - j], b[:, h - 1 - j], scratch)
        exactly = np.empty((3, h, width))
        np.multiply(a[0], b[0], out=exactly[0])
        np.multiply(a[0], b[1], out=exactly[1])
        exactly[1] += a[1] * b[0]
        np.multiply(a[0], b[2], out=exactly[2])
        exactly[2] += a[1] * b[1]
        exactly[2] += a[2] * b[0]
        at_most = result[:, :, start : start + COLUMNS]
        np.add(exactly[0], exactly[1], out=at_most[0])
        np.add(at_most[0], exactly[2], out=at_most[1])
    return result


def _add_horse(poly: Floats, p: Floats, q: Floats, into: Floats, scratch: Floats) -> None:
    """The count polynomial (degrees 0-2) with one more horse, which counts with chance p
    (q = 1 - p); ``scratch`` holds two rows of working space."""
    np.multiply(poly, q, out=into)
    np.multiply(poly[:2], p, out=scratch)
    into[1:] += scratch


def _keep_freed_memory() -> None:
    """Let the C allocator keep big freed blocks instead of handing them back at once.

    The key-pair sums make thousands of short-lived arrays of a few megabytes; by default
    glibc returns each to the system and takes it back, and the page faults cost more
    time than the arithmetic (measured: 10.0 s against 5.9 s for an 8-horse field).
    Elsewhere (not glibc) this does nothing.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 256 << 20)  # M_MMAP_THRESHOLD: blocks under 256 MB from the heap
        libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD: keep up to 1 GB of freed heap
    except (OSError, AttributeError):
        pass


def loosening(chances: list[float]) -> list[float]:
    """Each shared outcome's scale of the heavy thresholds (exact_finish.place_and_show).

    What an outcome bounds counts in the answer times its chance, so each takes ``LOOSEN``
    times the mean chance over its own: the unlikely ones bound more, the likely ones sum
    more. The time an outcome takes falls about evenly with the log of its scale, so
    where the scales' product is not above 1 (chances close together, every scale under
    1) that would cost more than it saves, and all take 1.
    """
    mean = sum(chances) / max(len(chances), 1)
    scales = [LOOSEN * mean / chance for chance in chances]
    if sum(math.log(scale) for scale in scales) <= 0:
        return [1.0] * len(chances)
    return scales


def shared_outcomes(race: AnyRace, charts: ChartSet) -> int:
    """How many shared outcomes ``quickplay_chances`` works through (for a progress bar)."""
    field, tables = FieldArrays.from_race(race, charts), charts.arrays
    return len(list(_paces(field, tables))) * len(list(_race_factors(tables)))


def _outcomes(
    race: AnyRace, charts: ChartSet, reached: bool = False, rows: bool = False
) -> Iterator[tuple[float, Floats, Floats, Floats]]:
    """Every shared outcome: (chance, clean and disqualified wire keys by horse, out);
    with ``reached``, only the keys some horse can reach (about one in seven: the rest
    add nothing); ``rows``: see ``_wire_keys``."""
    field = FieldArrays.from_race(race, charts)
    tables = charts.arrays
    photo = _photo_totals(field)
    factors = [
        (_figures(field, tables, factor, ride), p_factors)
        for factor, ride, p_factors in _race_factors(tables)
    ]  # the same under every pace: worked out once
    paces = list(_paces(field, tables))
    clean_apr, dq_apr, out = _apr_chances(field, tables, [pace for pace, _ in paces])
    for at, (_, p_pace) in enumerate(paces):
        for figures, p_factors in factors:
            clean, dq = _wire_keys(figures, photo, clean_apr[at], dq_apr[at], reached, rows)
            yield p_pace * p_factors, clean, dq, out


def _paces(field: FieldArrays, tables: ChartArrays) -> Iterator[tuple[int, float]]:
    """The Pace Scenario chart read for every roll: (pace index, chance)."""
    chance = np.zeros(len(PACES))
    for roll in ROLLS:
        chance[tables.pace_scenario[field.top_two_pace, roll]] += TWO_DICE[roll]
    for pace in range(len(PACES)):
        if chance[pace] > 0:
            yield pace, float(chance[pace])


def _race_factors(tables: ChartArrays) -> Iterator[tuple[int, bool, float]]:
    """The Race Factors chart: (factor by the red die, ride by the white die, chance)."""
    for factor in sorted(set(tables.factor_of_red[1:].tolist())):  # np.unique loads numpy.ma
        p_factor = float(np.mean(tables.factor_of_red[1:] == factor))
        for ride in (False, True):
            p_ride = float(np.mean(tables.ride_of_white[1:] == ride))
            if p_ride > 0:
                yield int(factor), ride, p_factor * p_ride


def _apr_chances(
    field: FieldArrays, tables: ChartArrays, paces: list[int]
) -> tuple[Floats, Floats, Floats]:
    """Chance of each final APR, clean and disqualified, under each pace given: [pace,
    horse, APR]; and of being out, the same under every pace: [horse]."""
    h = len(field.start_apr)
    at = np.arange(len(paces))[:, None], np.arange(h)[None, :]  # [pace, horse]
    base = field.start_apr + tables.pace_effects_quick[field.pace][:, paces].T
    jockey_fails = np.array([TWO_DICE[rating + 1 :].sum() for rating in field.trouble])
    clean, dq = np.zeros((len(paces), h, APRS)), np.zeros((len(paces), h, APRS))
    out = np.zeros(h)
    for roll in ROLLS:
        apr = at + (np.clip(base + tables.form_adj[field.form, roll], 0, APRS - 1),)
        checked = at + (np.clip(apr[2] - 2, 0, APRS - 1),)
        flagged = tables.form_trouble[field.form, roll]
        # a roll's chances added to its APRs picked out once, then put back: the same
        # sums in the same order as added in place one by one, with a fifth of the
        # picking (the checked APR is another but at APR 0, where its chance goes to the
        # APR's own: adding 0 elsewhere changes nothing)
        same = checked[2] == apr[2]
        at_apr, dq_at_apr, at_checked = clean[apr], dq[apr], clean[checked]
        at_apr += TWO_DICE[roll] * ~flagged
        for trouble_roll in ROLLS:
            p = TWO_DICE[roll] * TWO_DICE[trouble_roll] * flagged
            code = tables.trouble[trouble_roll]
            if code == TROUBLE_CODES["out"]:
                out += p
            elif code == TROUBLE_CODES["none"]:
                at_apr += p
            elif code == TROUBLE_CODES["check-points"]:
                at_apr += p * (1 - jockey_fails)
                checks = p * jockey_fails
                at_apr += checks * same
                at_checked += checks * ~same
            elif code == TROUBLE_CODES["check-dq"]:
                at_apr += p * (1 - jockey_fails)
                dq_at_apr += p * jockey_fails
            else:
                dq_at_apr += p
        clean[checked] = at_checked
        clean[apr], dq[apr] = at_apr, dq_at_apr  # after: at APR 0 the APR's own sum
    return clean, dq, out


Figures = tuple[NDArray[np.int64], int]
"""Where each horse's figure falls by final APR and roll, among its ``spread`` figures
(see ``_figures``)."""


def _figures(field: FieldArrays, tables: ChartArrays, factor: int, ride: bool) -> Figures:
    """Each horse's Final Speed Figure by final APR and roll under the race factor and
    ride, as a place among the figures: horse * spread + figure - lowest, where the
    figures counted run from the lowest any horse can make (``spread`` of them)."""
    h = len(field.start_apr)
    adjust = field.factors[factor] + (field.ride if ride else 0)
    figures = tables.final_speed[:, 2:13][None, :, :] + adjust[:, None, None]  # [h, APR, roll]
    lowest = int(figures.min())
    spread = int(figures.max()) - lowest + 1
    return (figures - lowest + spread * np.arange(h)[:, None, None]).ravel(), spread


def _photo_totals(field: FieldArrays) -> Floats:
    """Chance of each photo total by horse: [horse, total]."""
    h = len(field.start_apr)
    photo = np.zeros((h, PHOTO_SPAN))
    for roll in ROLLS:
        photo[np.arange(h), roll + field.wire + field.ride] += TWO_DICE[roll]
    return photo


def _wire_keys(
    figures: Figures,
    photo: Floats,
    clean_apr: Floats,
    dq_apr: Floats,
    reached: bool = False,
    rows: bool = False,
) -> tuple[Floats, Floats]:
    """Chance of each wire key, clean and disqualified: [horse, figure * 64 + photo].

    Keys are counted from the lowest figure any horse can make, so the arrays of every
    horse line up and a higher index is a better finish, as in the kernel. With
    ``reached``, only the keys some horse reaches, in the same order: each the same one
    product of a figure's chance and a photo total's, made for those keys alone, laid
    out key by key (picked with an index), or with ``rows`` a horse to a row (the same
    numbers, ``np.take``: what ``_win_and_brackets`` works on).
    """
    where, spread = figures
    h = len(photo)
    # each horse's figures side by side; bincount adds in order, as np.add.at did
    roll_chance = TWO_DICE[2:13][None, None, :]
    clean_figure, dq_figure = (
        np.bincount(where, (chance[:, :, None] * roll_chance).ravel(), h * spread).reshape(
            h, spread
        )
        for chance in (clean_apr, dq_apr)
    )
    if not reached:
        clean = (clean_figure[:, :, None] * photo[:, None, :]).reshape(h, -1)
        dq = (dq_figure[:, :, None] * photo[:, None, :]).reshape(h, -1)
        return clean, dq
    # a key some horse may reach with both its figure and its photo total, then only
    # the keys whose product is above 0 (the same, unless a product underflows)
    figure_seen = (clean_figure > 0) | (dq_figure > 0)
    # (how many horses reach both: a product of 0/1 matrices, exact; one NumPy call, not
    # a [horse, figure, total] array of booleans)
    maybe = (figure_seen.T.astype(float) @ (photo > 0).astype(float) > 0).ravel()
    figure, total = np.divmod(np.flatnonzero(maybe), PHOTO_SPAN)
    if rows:
        photo_at = photo.take(total, axis=1)
        clean = clean_figure.take(figure, axis=1) * photo_at
        dq = dq_figure.take(figure, axis=1) * photo_at
    else:
        photo_at = photo[:, total]
        clean, dq = clean_figure[:, figure] * photo_at, dq_figure[:, figure] * photo_at
    kept = (clean + dq > 0).any(axis=0)  # chances are not negative: either above 0
    if kept.all():
        return clean, dq
    if rows:
        return clean.compress(kept, axis=1), dq.compress(kept, axis=1)
    return clean[:, kept], dq[:, kept]


Ahead = tuple[Floats, Floats, Floats]


def _ahead(clean: Floats, dq: Floats) -> Ahead:
    """By horse and key, the chance of finishing: clean strictly ahead of the key;
    disqualified at or behind it; disqualified strictly ahead."""
    dq_behind = np.cumsum(dq, axis=1)
    clean_ahead = clean.sum(axis=1, keepdims=True) - np.cumsum(clean, axis=1)
    return clean_ahead, dq_behind, dq.sum(axis=1, keepdims=True) - dq_behind


def _win_chances(clean: Floats, dq: Floats, out: Floats, ahead: Ahead | None = None) -> Floats:
    if_clean, if_dq = _win_factors(out, ahead or _ahead(clean, dq))
    return _wins(clean, dq, _others(if_clean), _others(if_dq))


def _win_factors(out: Floats, ahead: Ahead) -> list[Floats]:
    """By horse and key, what each other horse must do for a horse at the key to win:
    clean, not finish clean ahead of it; disqualified, finish neither clean nor
    disqualified ahead of it (out, or disqualified at or behind the key)."""
    clean_ahead, dq_behind, _ = ahead
    return [1 - clean_ahead, out[:, None] + dq_behind]


def _wins(clean: Floats, dq: Floats, others_if_clean: Floats, others_if_dq: Floats) -> Floats:
    """Each horse's win chance from ``_others`` of the two ``_win_factors``."""
    return (clean * others_if_clean).sum(axis=1) + (dq * others_if_dq).sum(axis=1)


def _others(factor: Floats) -> Floats:
    """For each horse, the product of every other horse's factor (no division by zero):
    the product over the horses before it times that over the horses after it, a horse
    at a time (np.cumprod down the horses is ten times slower: it steps across rows)."""
    h, rows = len(factor), _by_rows(factor)
    before, after = np.empty_like(rows), np.empty_like(rows)
    before[0] = after[h - 1] = 1
    for j in range(1, h):
        np.multiply(before[j - 1], rows[j - 1], out=before[j])
        np.multiply(after[h - j], rows[h - j], out=after[h - 1 - j])
    # laid out as the factors came, so the sums over its keys add in the same order
    return np.multiply(before, after, out=np.empty_like(factor))


def _by_rows(chance: Floats) -> Floats:
    """``chance`` with each horse's row contiguous (a copy if it is not).

    The wire keys come laid out key by key (``_wire_keys`` picks the keys some horse
    reaches with an index, and NumPy lays such a result out column by column). A pass a
    horse at a time then steps through memory, which NumPy does in its slow loops and
    through its buffers: four times the instructions of rows laid end to end."""
    return np.ascontiguousarray(chance)
