"""Exact place and show chances against every joint outcome of small fields.

The reference below enumerates every combination of the horses' outcomes (out, clean at
a key, disqualified at a key with its die) and places them with the engine's own
``official_order``: the law the exact sums must reproduce. Small made-up fields with
heavy disqualification rates and shared keys reach every case (dead heats, several
disqualified horses, few clean horses).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact_finish import NotExact, PlaceShow
from homestretch.games.stretch.rules.finish import official_order

Floats = NDArray[np.float64]
PATHS = [False] + [True] * (exact_finish.compiled_kernels() is not None)
"""The NumPy sums, and the compiled ones where Numba is installed."""


def place_and_show(clean: Floats, dq: Floats, out: Floats) -> PlaceShow:
    """Both paths' answer, after checking they agree (to rounding)."""
    numpy, *compiled = (exact_finish.place_and_show(clean, dq, out, path) for path in PATHS)
    for other in compiled:
        assert other.place == pytest.approx(numpy.place, abs=1e-14)
        assert other.show == pytest.approx(numpy.show, abs=1e-14)
        assert other.show_bound == pytest.approx(numpy.show_bound, abs=1e-14)
    return numpy


# Dice of 3 to 6 leave the first three alike: a horse needs a 1 or a 2 to keep a place
# in them over a clean horse behind it.
DICE = ((1, 1 / 6), (2, 1 / 6), (3, 4 / 6))


def every_outcome(clean: Floats, dq: Floats, out: Floats) -> tuple[Floats, Floats]:
    """Place and show chances by enumerating every joint outcome."""
    horses, keys = clean.shape
    states = []
    for h in range(horses):
        own = [(None, None, out[h])] + [(k, None, clean[h, k]) for k in range(keys)]
        own += [(k, die, dq[h, k] * p) for k in range(keys) for die, p in DICE]
        states.append([s for s in own if s[2] > 0])
    place, show = np.zeros(horses), np.zeros(horses)
    for combo in itertools.product(*states):
        chance = float(np.prod([s[2] for s in combo]))
        at: dict[int, list[int]] = {}
        for h, (key, _, _) in enumerate(combo):
            if key is not None:
                at.setdefault(key, []).append(h)
        wire = [at[key] for key in sorted(at, reverse=True)]
        dice = {h: die for h, (_, die, _) in enumerate(combo) if die is not None}
        position = 1
        for group in official_order(wire, dice):
            for h in group:
                place[h] += chance * (position <= 2)
                show[h] += chance * (position <= 3)
            position += len(group)
    return place, show


def field(seed: int, horses: int, keys: int) -> tuple[Floats, Floats, Floats]:
    """A field where a third of all finishes are disqualifications."""
    rng = np.random.default_rng(seed)
    clean = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.8)
    dq = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.7)
    clean[:, 0] += 0.01  # every horse can finish clean
    dq[:, -1] += 0.01
    out = 0.1 * rng.uniform(0.3, 1, horses)
    dq_share = 0.3 * rng.uniform(0.3, 1, horses)
    clean *= ((1 - out - dq_share) / clean.sum(axis=1))[:, None]
    dq *= (dq_share / dq.sum(axis=1))[:, None]
    return clean, dq, out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_horses_place_and_show_are_exact(seed: int) -> None:
    # with four horses the cases left to the bound (three disqualified horses in a
    # window) cannot happen: show is exact too
    clean, dq, out = field(seed, 4, 4)
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    assert exact.show == pytest.approx(show, abs=1e-12)


def test_keys_only_one_horse_reaches_are_merged_and_the_chances_stay_exact() -> None:
    # keys 0-3 only A reaches (clean, disqualified, nobody at 2), 5-6 only D: each run is
    # one key for the sums (exact_finish._fresh_merged_keys), since no other horse can
    # finish inside it; the chances stay those of every joint outcome on the nine keys
    clean, dq = np.zeros((4, 9)), np.zeros((4, 9))
    clean[0, [0, 3]], dq[0, [1, 7]] = (0.3, 0.2), (0.15, 0.25)  # A
    clean[1, [4, 7]], dq[1, 8] = (0.4, 0.3), 0.2  # B
    clean[2, [4, 7]], dq[2, 8] = (0.35, 0.35), 0.1  # C
    clean[3, 6], dq[3, 5] = 0.5, 0.3  # D
    out = 1 - clean.sum(axis=1) - dq.sum(axis=1)
    merged_clean, merged_dq = exact_finish._fresh_merged_keys(clean, dq)
    assert merged_clean.shape == merged_dq.shape == (4, 5)  # 0-3, 4, 5-6, 7, 8
    assert merged_clean.sum() == pytest.approx(clean.sum())
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    assert exact.show == pytest.approx(show, abs=1e-12)  # four horses: show exact too
    for path in PATHS:  # the same sums on the keys as given
        unmerged = exact_finish._place_and_show(clean, dq, out, path, 1.0)
        assert unmerged.place == pytest.approx(exact.place, abs=1e-15)
        assert unmerged.show == pytest.approx(exact.show, abs=1e-15)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_five_horses_place_and_show_exact_within_a_bound(seed: int) -> None:
    # two disqualified horses in a window are summed, and three need six horses (seven
    # for a disqualified target): show is exact, and its bound holds what cannot happen
    clean, dq, out = field(seed, 5, 3)
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    assert exact.show == pytest.approx(show, abs=1e-12)
    assert (exact.show <= show + 1e-12).all()
    assert (show <= exact.show + exact.show_bound + 1e-12).all()
    # the bound is a real bound, not a shrug: well under the chances themselves
    assert (exact.show_bound < 0.02 * show).all()


def test_one_disqualified_horse_in_a_window_is_exact() -> None:
    # Horses 0 and 1 never finish clean; 0 is disqualified only ahead of every clean
    # horse, 1 among them. Then no case can have two disqualified horses in a window
    # (two 2s between the clean horses ahead of a third, two 1s under a disqualified
    # horse's leaders), yet one can be there: show must come out exact to the last digit.
    rng = np.random.default_rng(11)
    keys = 5
    clean, dq = np.zeros((5, keys)), np.zeros((5, keys))
    dq[0, 4] = 0.9
    dq[1, 1:4] = rng.uniform(0.2, 0.4, 3)
    clean[2:, :3] = rng.uniform(0.1, 0.3, (3, 3))
    dq[2:, :3] = rng.uniform(0.0, 0.1, (3, 3))
    out = np.full(5, 0.1)
    total = clean.sum(axis=1) + dq.sum(axis=1)
    clean *= (0.9 / total)[:, None]
    dq *= (0.9 / total)[:, None]
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    assert exact.show == pytest.approx(show, abs=1e-12)


def two_in_a_window(x_dq_key: int | None) -> tuple[Floats, Floats, Floats]:
    """Six horses on keys 0-3 where two disqualified horses fall in one window often.

    A and B are disqualified at 2 or 3 (or out); J is clean at 2 or 3, Y at 1, Z at 0.
    X is clean at 0, and disqualified at ``x_dq_key`` if given: at 2 it needs a 1 to
    show over Y and Z with J ahead, so A and B may not roll 1 above it but may roll 2
    at 3, J's key; at 3 it needs a 2 to pass J at 2 and Y, so A and B may not roll 2
    above it but may roll 1 at 2. Z shows behind Y and J with A and B both rolling 2.
    """
    clean, dq = np.zeros((6, 4)), np.zeros((6, 4))
    dq[0, 2:] = dq[1, 2:] = 0.45
    clean[2, 0] = 0.3 if x_dq_key else 0.9
    if x_dq_key:
        dq[2, x_dq_key] = 0.6
    clean[3, 2:] = 0.45
    clean[4, 1] = clean[5, 0] = 0.9
    return clean, dq, np.full(6, 0.1)


@pytest.mark.parametrize("x_dq_key", [2, 3, None])
def test_two_disqualified_horses_in_a_window_are_summed(x_dq_key: int | None) -> None:
    # Without the sums of two disqualified horses in a window (before 2026-12-03 only a
    # clean third's were summed) A, B and X each fell 2.1e-4 short of the truth: at most
    # three horses can be disqualified, so only Z (X's 2 in its window too) needs a bound
    clean, dq, out = two_in_a_window(x_dq_key)
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    exact_ones = [0, 1, 2, 3, 4] if x_dq_key else [0, 1, 2, 3, 4, 5]
    assert exact.show[exact_ones] == pytest.approx(show[exact_ones], abs=1e-12)
    assert (exact.show <= show + 1e-12).all()
    assert (show <= exact.show + exact.show_bound + 1e-12).all()


@pytest.mark.parametrize("x_dq_key", [2, 3])
def test_loosened_thresholds_still_bound_the_truth(x_dq_key: int) -> None:
    # exact.quickplay_chances loosens an unlikely outcome's heavy thresholds: whatever they
    # are, place is exact and show within its bound; loosened far enough, nothing heavy
    # is summed and the bound carries Z's two and three in a window (2e-4 of its show)
    clean, dq, out = two_in_a_window(x_dq_key)
    place, show = every_outcome(clean, dq, out)
    answers = {}
    for loosen in (1e-6, 1.0, 1e12):
        numpy, *compiled = (
            exact_finish.place_and_show(clean, dq, out, path, loosen) for path in PATHS
        )
        for other in compiled:
            assert other.show == pytest.approx(numpy.show, abs=1e-14)
            assert other.show_bound == pytest.approx(numpy.show_bound, abs=1e-14)
        assert numpy.place == pytest.approx(place, abs=1e-12)
        assert (numpy.show <= show + 1e-12).all()
        assert (show <= numpy.show + numpy.show_bound + 1e-12).all()
        answers[loosen] = numpy
    z = 5
    assert answers[1e-6].show == pytest.approx(answers[1.0].show, abs=1e-15)
    assert show[z] - answers[1e12].show[z] > 1e-4
    assert answers[1e12].show_bound[z] > 2 * answers[1.0].show_bound[z]


def without_three_summed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three disqualified horses in a window bounded, not summed (as before 2026-12-03)."""
    for module in filter(None, (exact_finish, exact_finish.compiled_kernels())):
        monkeypatch.setattr(module, "HEAVY_THREE", 1.0)


@pytest.mark.parametrize("x_dq_key", [2, 3])
def test_three_disqualified_horses_in_a_window_are_summed(
    x_dq_key: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Z shows behind Y and J with A, B and X all rolling 2 in its window, 1e-3 of its
    # show: summed exactly (exact_finish.WindowsOfThree, _three_q_between), Z's show is
    # exact, as every horse's is (no fourth horse can be disqualified)
    clean, dq, out = two_in_a_window(x_dq_key)
    _, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.show == pytest.approx(show, abs=1e-12)
    # left to the bound, two of them summed times exact_finish.beyond_two, it falls short
    # by 1e-3, and the bound holds it, smaller than q exp(q) / 3 before
    z = 5
    without_three_summed(monkeypatch)
    bounded = place_and_show(clean, dq, out)
    assert show[z] - bounded.show[z] > 5e-4  # the bound carries real weight
    assert (show <= bounded.show + bounded.show_bound + 1e-12).all()
    assert exact.show_bound[z] < 0.1 * bounded.show_bound[z]
    monkeypatch.setattr(exact_finish, "beyond_two", lambda q: q * np.exp(q) / 3)
    before = exact_finish.place_and_show(clean, dq, out, compiled=False)
    assert bounded.show == pytest.approx(before.show, abs=1e-15)
    assert bounded.show_bound[z] < 0.75 * before.show_bound[z]
    assert (bounded.show_bound <= before.show_bound + 1e-15).all()


def test_four_disqualified_horses_in_a_window_are_bounded_from_three(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A, B, C and D disqualified at 2 or 3, J clean there, Y at 1, Z at 0: Z shows behind
    # Y and J with all four rolling 2 in its window, 2e-4 of its show. Three are summed,
    # four bounded by the three times exact_finish.beyond_three: that holds the truth, and
    # is a tenth of what bounds three or more from two
    clean, dq = np.zeros((7, 4)), np.zeros((7, 4))
    dq[:4, 2:] = 0.45
    clean[4, 2:] = 0.45
    clean[5, 1] = clean[6, 0] = 0.9
    out = np.full(7, 0.1)
    _, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    z = 6
    assert show[z] - exact.show[z] > 1e-4  # the bound carries real weight
    assert (exact.show <= show + 1e-12).all()
    assert (show <= exact.show + exact.show_bound + 1e-12).all()
    without_three_summed(monkeypatch)
    bounded = place_and_show(clean, dq, out)
    assert show[z] - bounded.show[z] > 3e-3
    assert exact.show[z] > bounded.show[z] + 3e-3  # the three summed
    assert exact.show_bound[z] < 0.1 * bounded.show_bound[z]
    assert (show <= bounded.show + bounded.show_bound + 1e-12).all()


def test_a_window_below_the_disqualified_horse_bounds_its_two_1s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # X (disqualified at 3) rolls 2 to pass J at 2 and Y at 1, with A and B rolling 1 at
    # 2, in the window (Y, J]: nothing summed (every such bound deemed negligible), so
    # the bound holds two or more 1s there, 2e-4 of X's show. Its window ends below X's
    # key, but J may finish at 4 and A and B be disqualified at 3 or 4: taking off the part
    # of the spread with J at or above 3 keeps it a bound (exact_finish._squares_below)
    # and makes it smaller than the whole spread's.
    clean, dq = np.zeros((6, 5)), np.zeros((6, 5))
    dq[0, 2:] = dq[1, 2:] = 0.3  # A and B
    clean[2, 0], dq[2, 3] = 0.3, 0.6  # X
    clean[3, [2, 4]] = 0.45  # J
    clean[4, 1] = clean[5, 0] = 0.9  # Y and Z
    out = np.full(6, 0.1)
    _, show = every_outcome(clean, dq, out)
    for module in filter(None, (exact_finish, exact_finish.compiled_kernels())):
        monkeypatch.setattr(module, "HEAVY_DQ_PAIR", 1.0)
    exact = place_and_show(clean, dq, out)
    x = 2
    assert show[x] - exact.show[x] > 1e-4  # the bound carries real weight
    assert (exact.show <= show + 1e-12).all()
    assert (show <= exact.show + exact.show_bound + 1e-12).all()

    def whole_spread(others, lower, w, t, low, high):  # type: ignore[no-untyped-def]
        return exact_finish._squares(others, lower, w, low, 1)

    monkeypatch.setattr(exact_finish, "_squares_below", whole_spread)
    before = exact_finish.place_and_show(clean, dq, out, compiled=False)
    assert exact.show == pytest.approx(before.show, abs=1e-15)
    assert exact.show_bound[x] < 0.9 * before.show_bound[x]
    assert (exact.show_bound <= before.show_bound + 1e-15).all()


def _window_field(horses: int, keys: int) -> exact_finish.Tables:
    rng = np.random.default_rng(horses * keys)
    clean, dq = rng.random((horses, keys)), rng.random((horses, keys)) * 0.4
    clean[rng.random(clean.shape) < 0.3] = 0.0
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    return exact_finish.Tables.of(clean * scale[:, None], dq * scale[:, None], np.full(horses, 0.1))


def test_two_in_a_window_table_is_its_definition() -> None:
    # Windows.two[y, m, n, j]: the sum over y1 > y of c_j(y1) (q_m(y) - q_m(y1)) (q_n(y) -
    # q_n(y1)), indices distinct; made a few keys at a time over more keys than one chunk
    horses, keys = 5, 2 * exact_finish.KEYS_PER_WINDOW_CHUNK + 11
    t = _window_field(horses, keys)
    q, c = t.p_gt, t.c
    above = np.arange(keys)[None, :] > np.arange(keys)[:, None]  # [y, y1]
    gap = q.T[:, None, :] - q.T[None, :, :]  # [y, y1, m]
    direct = np.einsum("ab,abm,abn,jb->amnj", above, gap, gap, c)
    for m, n, j in itertools.product(range(horses), repeat=3):
        if len({m, n, j}) < 3:
            direct[:, m, n, j] = 0
    two = exact_finish.Windows.of(t).two
    assert two == pytest.approx(direct, rel=1e-9, abs=1e-15)
    assert direct.max() > 1e-4  # real windows


def test_two_in_a_window_table_is_the_same_whatever_its_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each chunk runs the same operations in the same order: the same numbers to the bit
    t = _window_field(6, 70)
    tables = []
    for keys_at_once in (1, 7, 32, 1000):
        monkeypatch.setattr(exact_finish, "KEYS_PER_WINDOW_CHUNK", keys_at_once)
        tables.append(exact_finish.Windows.of(t).two)
    for other in tables[1:]:
        assert np.array_equal(other, tables[0])


def test_a_horse_that_cannot_go_out_is_refused() -> None:
    clean, dq, out = field(7, 4, 3)
    out[2] = 0.0
    for path in PATHS:
        with pytest.raises(NotExact):
            exact_finish.place_and_show(clean, dq, out, path)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4),
    st.integers(1, 3),
    st.integers(0, 2**32 - 1),
    st.floats(0.0, 0.5),
)
def test_any_field_of_up_to_four_is_exact(
    horses: int, keys: int, seed: int, dq_share: float
) -> None:
    # fields of every shape: keys nobody reaches, horses that cannot finish clean,
    # no disqualifications at all, or half the field's finishes disqualified. With four
    # horses or fewer no window can hold two disqualified horses, so show is exact too.
    rng = np.random.default_rng(seed)
    clean = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.7)
    dq = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.5)
    out = rng.uniform(0.01, 0.3, horses)
    share = dq_share * rng.random(horses)  # each horse's disqualified share
    share[dq.sum(axis=1) == 0] = 0.0
    share[clean.sum(axis=1) == 0] = 1.0
    nothing = (clean.sum(axis=1) == 0) & (dq.sum(axis=1) == 0)
    clean[nothing, 0], share[nothing] = 1.0, 0.0
    clean *= ((1 - out) * (1 - share) / np.maximum(clean.sum(axis=1), 1e-300))[:, None]
    dq *= ((1 - out) * share / np.maximum(dq.sum(axis=1), 1e-300))[:, None]
    assert np.allclose(clean.sum(axis=1) + dq.sum(axis=1) + out, 1)
    place, show = every_outcome(clean, dq, out)
    exact = place_and_show(clean, dq, out)
    assert exact.place == pytest.approx(place, abs=1e-12)
    assert exact.show == pytest.approx(show, abs=1e-12)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_quick_brackets_hold_the_exact_chances(seed: int) -> None:
    """The millisecond brackets shown before the exact sums contain the enumerated truth,
    with a third of all finishes disqualified (far more than any chart set gives)."""
    from homestretch.games.stretch.analysis.exact import place_show_brackets

    clean, dq, out = field(seed, 4, 3)
    place, show = every_outcome(clean, dq, out)
    place_low, place_high, show_low, show_high = place_show_brackets(clean, dq, out)
    tiny = 1e-12
    assert (place_low <= place + tiny).all() and (place <= place_high + tiny).all()
    assert (show_low <= show + tiny).all() and (show <= show_high + tiny).all()
    assert (place_high - place_low).max() < 0.5  # a bracket that says something
