"""Vectorized race kernels: many races of one field at once, on the same chart files.

The reference engine (engine.py) is written for clarity and produces the scoresheet; the
kernels run the same rules on NumPy arrays for heavy simulation. They draw dice in bulk
from a NumPy generator, so they agree with the engine in distribution, not race by race
(tests/games/stretch/analysis/test_stretch_kernel.py checks that).

Two equivalences keep the kernels simple without changing any probability:
- every horse rolls a photo total, but it is only read when Final Speed Figures tie, as
  in the engine, where only tied horses roll;
- disqualified horses are placed by comparing finishing places, which is what the
  engine's ``official_order`` does with its ordered groups.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from homestretch.games.stretch.content.chart_arrays import (
    FACTORS,
    MAX_POINTS,
    PACES,
    TROUBLE_CODES,
    ChartArrays,
    IntArray,
)
from homestretch.games.stretch.content.chart_set import (
    FORMS,
    ODDS_CLASSES,
    SETUP_MIN_FURLONGS,
    ChartSet,
)
from homestretch.games.stretch.rules.odds_payoffs import balance_book_array

if TYPE_CHECKING:  # the models' Race or its plain record (race_plain): pydantic is not
    from homestretch.games.stretch.content.race_plain import AnyRace  # imported before the brackets

PHOTO_SPAN = 64  # composite key: figure * 64 + photo total (photo totals stay below 64)

SmallInts = NDArray[np.signedinteger[Any]]
"""Integers in the smallest type that holds them (the kernels' working arrays)."""


@dataclass(frozen=True)
class FieldArrays:
    """One field's ratings as arrays over horses (post order)."""

    start_apr: IntArray
    pace: IntArray
    form: IntArray
    factors: IntArray  # [factor index, horse]
    ride: IntArray
    wire: IntArray
    trouble: IntArray
    odds_class: IntArray
    top_two_pace: int

    @classmethod
    def from_race(cls, race: AnyRace, charts: ChartSet) -> FieldArrays:
        from homestretch.games.stretch.rules.odds_payoffs import odds_classes

        horses = [r.horse for r in race.runners]
        jockeys = [r.jockey for r in race.runners]
        aprs = [r.start_apr for r in race.runners]
        return cls(
            start_apr=np.array(aprs),
            pace=np.array([h.pace for h in horses]),
            form=np.array([FORMS.index(h.form) for h in horses]),
            factors=np.array([[h.factor(f) for h in horses] for f in FACTORS]),
            ride=np.array([j.ride for j in jockeys]),
            wire=np.array([h.wire for h in horses]),
            trouble=np.array([j.trouble for j in jockeys]),
            odds_class=np.array([ODDS_CLASSES.index(c) for c in odds_classes(aprs, charts)]),
            top_two_pace=int(sum(sorted((h.pace for h in horses), reverse=True)[:2])),
        )


@dataclass
class Batch:
    """What a batch of races produced, one row per race, one column per horse."""

    finish: SmallInts  # 1 = winner (ties equal), 0 = out of the race
    final_speed: SmallInts  # meaningless where out
    out: NDArray[np.bool_]
    disqualified: NDArray[np.bool_]
    pace: IntArray  # per race: 0 slow, 1 normal, 2 fast
    factor: IntArray  # per race
    odds: NDArray[np.float64] | None  # the morning line (odds to one), if asked for


_TOTALS = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel().astype(np.int8)


def _two_dice(rng: np.random.Generator, shape: tuple[int, ...]) -> NDArray[np.int8]:
    """Totals of two dice: one draw of 36 equally likely (red, white) pairs each."""
    return _TOTALS[rng.integers(0, 36, size=shape, dtype=np.uint8)]


def _trouble(
    rng: np.random.Generator,
    table: IntArray,
    flagged: NDArray[np.bool_],
    jockey: IntArray,
    adjust: SmallInts,
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """The Trouble chart for flagged horses only: (out, disqualified); adjusts APR."""
    where = np.flatnonzero(flagged)
    code = table[_two_dice(rng, (where.size,))]
    failed = _two_dice(rng, (where.size,)) > jockey[where % flagged.shape[1]]
    adjust.flat[where] -= 2 * ((code == TROUBLE_CODES["check-points"]) & failed)
    out = np.zeros(flagged.shape, dtype=bool)
    dq = np.zeros(flagged.shape, dtype=bool)
    out.flat[where] = code == TROUBLE_CODES["out"]
    dq.flat[where] = (code == TROUBLE_CODES["dq"]) | ((code == TROUBLE_CODES["check-dq"]) & failed)
    return out, dq


def simulate(
    field: FieldArrays,
    tables: ChartArrays,
    mode: str,
    races: int,
    rng: np.random.Generator,
    furlongs: float,
    with_odds: bool = False,
) -> Batch:
    """Run ``races`` races of one field by the Quickplay or Fullplay rules.

    The dice are drawn in one fixed order (a seed gives the same batch whatever the
    arrays' types). Everything else runs in the smallest integer types that hold it,
    with per-horse tables looked up by one flat index instead of two broadcast ones.
    """
    if mode not in ("quick", "full"):
        raise ValueError(f"mode must be 'quick' or 'full', not {mode!r}")
    n, h = races, len(field.start_apr)
    odds = _generate_odds(field, tables, rng, n) if with_odds else None
    horses = np.arange(h, dtype=np.int16)
    if mode == "quick":
        pace = tables.pace_scenario[field.top_two_pace, _two_dice(rng, (n,))]
        roll = _two_dice(rng, (n, h))
        # start APR + pace effect + form adjustment, by (horse, pace, form roll)
        apr_table = (
            field.start_apr[:, None, None]
            + tables.pace_effects_quick[field.pace][:, :, None]
            + tables.form_adj[field.form][:, None, :]
        )
        at = ((horses * len(PACES))[None, :] + pace[:, None].astype(np.int16)) * 13 + roll
        apr = np.take(apr_table.ravel().astype(_apr_type(apr_table)), at)
        flagged = np.take(tables.form_trouble[field.form].ravel(), horses * 13 + roll)
    else:
        breaks, setup = tables.break_points[field.pace], tables.pace_setup[field.pace]
        sprint = furlongs < SETUP_MIN_FURLONGS
        if sprint:
            setup = np.zeros_like(setup)
        points_type = _small_type(*_range(breaks, setup))
        points = _lookup(breaks, horses, _two_dice(rng, (n, h)), points_type)
        if not sprint:
            points += _lookup(setup, horses, _two_dice(rng, (n, h)), points_type)
        die = rng.integers(1, 7, size=n)
        at = int(sprint), min(h, tables.race_pace_shift.shape[1] - 1)
        top_two = _top_two(points) - tables.race_pace_shift[at]
        faces = tables.race_pace_faces[at]
        if faces:
            # the Field die: the engine rolls it only where it decides the row, which
            # leaves the distribution the same (ruling S18)
            top_two -= rng.integers(1, 7, size=n) <= faces
        pace = tables.race_pace[int(sprint), np.clip(top_two, 0, 2 * MAX_POINTS), die]
        roll = _two_dice(rng, (n, h))
        # start APR + power, by (horse, roll); + pace effect, by (points, pace)
        power = field.start_apr[:, None] + tables.power[field.form]
        apr_type = _apr_type(power, tables.pace_effects_full)
        apr = _lookup(power, horses, roll, apr_type)
        points = np.clip(points, 0, MAX_POINTS).astype(np.int16)
        at = points * len(PACES) + pace[:, None].astype(np.int16)
        apr += np.take(tables.pace_effects_full.ravel().astype(apr_type), at)
        flagged = np.take(tables.position_trouble[field.form].ravel(), horses * 13 + roll)
    out, dq = _trouble(rng, tables.trouble, flagged, field.trouble, apr)

    red, white = rng.integers(1, 7, size=(2, n))
    factor = tables.factor_of_red[red]
    # the Race Factors adjustment by (factor, ride or not) and horse
    ride = np.stack([np.zeros_like(field.ride), field.ride])
    factor_table = field.factors[:, None, :] + ride[None, :, :]
    combo = factor * 2 + tables.ride_of_white[white]
    # at least 16 bits: callers mark horses out with figures such as -10,000
    low, high = _range(tables.final_speed, factor_table)
    speed_type = _small_type(min(low, -(2**15)), high)
    np.clip(apr, 0, 29, out=apr)
    at = apr.astype(np.int16) * 13 + _two_dice(rng, (n, h))
    speed = np.take(tables.final_speed.ravel().astype(speed_type), at)
    speed += np.take(factor_table.reshape(-1, h).astype(speed_type), combo, axis=0)
    photo = _two_dice(rng, (n, h)) + (field.wire + field.ride).astype(np.int8)
    key = _wire_keys(speed, photo, out)
    finish = _places(key)
    finish[out] = 0
    dq &= ~out
    _disqualify(finish, dq, rng)
    return Batch(finish, speed, out, dq, pace, factor, odds)


def _small_type(low: int, high: int) -> type[np.signedinteger[Any]]:
    """The smallest signed integer type holding ``low`` to ``high``."""
    for kind in (np.int8, np.int16, np.int32):
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return kind
    return np.int64


def _range(*arrays: NDArray[np.integer[Any]] | IntArray) -> tuple[int, int]:
    """The range of a sum of one value from each array."""
    return sum(int(a.min()) for a in arrays), sum(int(a.max()) for a in arrays)


def _apr_type(*tables: IntArray) -> type[np.signedinteger[Any]]:
    """A type for APRs made of one value from each table, less a Trouble check (2)."""
    low, high = _range(*tables)
    return _small_type(low - 2, high)


def _lookup(
    table: IntArray,
    horses: NDArray[np.int16],
    roll: NDArray[np.int8],
    kind: type[np.signedinteger[Any]],
) -> SmallInts:
    """table[horse, roll] for every race and horse, as ``kind``: one flat take."""
    return np.take(table.ravel().astype(kind), horses * table.shape[1] + roll)


def _top_two(points: SmallInts) -> IntArray:
    """Each race's sum of its two highest break points (a tie for the top counts twice)."""
    top = points.max(axis=1)
    at_top = points == top[:, None]
    second = np.where(at_top, np.iinfo(points.dtype).min, points).max(axis=1)
    twice = at_top.sum(axis=1) > 1
    return top.astype(np.int64) + np.where(twice, top, second)


def _wire_keys(speed: SmallInts, photo: NDArray[np.int8], out: NDArray[np.bool_]) -> SmallInts:
    """figure * 64 + photo total, the lowest possible for a horse out of the race."""
    low, high = int(speed.min(initial=0)), int(speed.max(initial=0))
    kind = _small_type(low * PHOTO_SPAN - 1, high * PHOTO_SPAN + PHOTO_SPAN)
    key = speed.astype(kind)
    key *= PHOTO_SPAN
    key += photo
    key[out] = np.iinfo(kind).min
    return key


PLACES_CHUNK = 8192
"""Races ranked at once: the field's comparisons then stay in the processor's cache."""


def _places(key: SmallInts) -> NDArray[np.int8]:
    """1 + how many horses crossed the wire strictly ahead: dead heats share a place.

    One comparison of a column against the field per horse is far quicker than one
    (races x horses x horses) comparison."""
    places = np.ones(key.shape, dtype=np.int8)
    ahead = np.empty((min(PLACES_CHUNK, key.shape[0]), key.shape[1]), dtype=bool)
    for start in range(0, key.shape[0], PLACES_CHUNK):
        rows = key[start : start + PLACES_CHUNK]
        into, seen = places[start : start + PLACES_CHUNK], ahead[: rows.shape[0]]
        for horse in range(key.shape[1]):
            np.greater(rows[:, horse : horse + 1], rows, out=seen)
            np.add(into, seen, out=into, casting="unsafe")
    return places


def _generate_odds(
    field: FieldArrays, tables: ChartArrays, rng: np.random.Generator, n: int
) -> NDArray[np.float64]:
    h = len(field.start_apr)
    red, white = rng.integers(1, 7, size=(2, n, h))
    return odds_from_dice(field, tables, red, white)


def odds_from_dice(
    field: FieldArrays, tables: ChartArrays, red: IntArray, white: IntArray
) -> NDArray[np.float64]:
    """Each race's morning line from its odds rolls (red, white: [race, horse]): the
    chart's prices (pages 13-14, doubles read the next chart), then the book balanced
    as the engine balances a board of rolled prices (ruling S17)."""
    chart = np.clip(
        field.odds_class[None, :] + tables.odds_class_shift[red, white], 0, len(ODDS_CLASSES) - 1
    )
    return balance_book_array(tables.odds_value[chart, red], tables.book)


def _disqualify(finish: SmallInts, dq: NDArray[np.bool_], rng: np.random.Generator) -> None:
    """Official places after disqualifications, as the engine's ``official_order``.

    A disqualified horse lands in the gap after ``ahead + passed`` clean horses: those
    that finished with it or in front, then whole dead-heat groups behind it until the
    die is reached. A clean horse keeps its clean rivals in front and gains every
    disqualified horse that lands above it; disqualified horses in one gap keep their
    order at the wire. Races are handled together, one disqualified horse of each at a
    time (most races with a disqualification have just one).
    """
    rows = np.flatnonzero(dq.any(axis=1))
    if not rows.size:
        return
    # wide integers here: the sentinel below needs them (few races have a disqualification)
    places, disqualified = finish[rows].astype(np.int64), dq[rows]
    die = rng.integers(1, 7, size=places.shape)
    running = places > 0
    clean = running & ~disqualified
    unreached = np.iinfo(np.int64).max
    turn = np.argsort(np.where(disqualified, places, unreached), axis=1, kind="stable")
    count = disqualified.sum(axis=1)
    index = np.arange(rows.size)
    gap = np.zeros_like(places)
    dq_in_front = np.zeros_like(places)
    for k in range(int(count.max())):
        horse, active = turn[:, k], k < count
        own = places[index, horse][:, None]
        behind = clean & (places > own)
        order_behind = np.sort(np.where(behind, places, unreached), axis=1)
        pick = np.maximum(np.minimum(die[index, horse], behind.sum(axis=1)) - 1, 0)
        threshold = order_behind[index, pick][:, None]
        passed = (behind & (places <= threshold)).sum(axis=1)
        ahead_or_level = (clean & (places <= own)).sum(axis=1)
        gap[index[active], horse[active]] = (ahead_or_level + passed)[active]
        dq_in_front += active[:, None] & (own < places)
    clean_ahead = places - 1 - dq_in_front
    gains = np.zeros_like(places)  # disqualified horses that end up in front
    for k in range(int(count.max())):
        horse, active = turn[:, k], (k < count)[:, None]
        their_gap, their_place = gap[index, horse][:, None], places[index, horse][:, None]
        in_front_of_dq = (their_gap < gap) | ((their_gap == gap) & (their_place < places))
        gains += active & np.where(disqualified, in_front_of_dq, their_gap <= clean_ahead)
    official = np.where(disqualified, gap, clean_ahead) + gains + 1
    finish[rows] = np.where(running, official, 0)
