"""The compiled key-pair sums (exact_compiled.py, Numba) against the NumPy path.

Both paths must give the same numbers: the NumPy one is what runs where Numba is not
installed. The enumerated truth of small fields is checked for both in
test_stretch_exact_finish.py; here they meet on real chart outcomes of a bundled race.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes, quickplay_chances
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race

pytest.importorskip("numba")
BASELINE = json.loads(Path(__file__).with_name("exact_baseline.json").read_text())
"""Recorded by the NumPy sums (benchmarks/stretch_exact_baseline.py records it again)."""


@pytest.mark.parametrize("race_name", ["2009-champagne-stakes", "claiming-route-big-field"])
def test_compiled_chances_are_the_recorded_ones(race_name: str) -> None:
    known = {name: np.array(values) for name, values in BASELINE[race_name].items()}
    chances = quickplay_chances(load_race(race_name), load_chart_set(), compiled=True)
    places = chances.places
    assert places is not None
    assert np.abs(chances.win - known["win"]).max() < 1e-12
    assert np.abs(places.place - known["place"]).max() < 1e-12
    # show is proven to lie in [show, show + bound]: the new range inside the recorded one
    assert (places.show >= known["show"] - 1e-12).all()
    assert (places.show + places.show_bound <= known["show"] + known["show_bound"] + 1e-12).all()


@pytest.mark.parametrize("race_name", ["2009-champagne-stakes", "claiming-route-big-field"])
def test_compiled_and_numpy_sums_agree_on_real_outcomes(race_name: str) -> None:
    from homestretch.games.stretch.analysis.exact_compiled import (
        CLEAN_LOWEST_BOUNDED,
        DQ_LANES_LEFT_OUT,
        LOWEST_BOUNDED,
    )

    outcomes = list(_outcomes(load_race(race_name), load_chart_set()))
    for _, clean, dq, out in outcomes[:: len(outcomes) // 2]:  # a few: each takes seconds
        reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
        clean, dq = clean[:, reached], dq[:, reached]
        compiled = exact_finish.place_and_show(clean, dq, out, compiled=True)
        numpy = exact_finish.place_and_show(clean, dq, out, compiled=False)
        assert np.abs(compiled.place - numpy.place).max() < 1e-13
        # the compiled loops bound the window terms of pairs where they are below 1e-18,
        # a disqualified target's lowest lanes of each key d (two cases) and highest (one)
        # while their bounds stay below LOWEST_BOUNDED together, and a clean target's
        # lowest of each key y below CLEAN_LOWEST_BOUNDED: show lacks at most what the
        # bound gains
        gained = compiled.show_bound - numpy.show_bound
        most = 3 * LOWEST_BOUNDED * (dq > 0).any(axis=0).sum()
        most += CLEAN_LOWEST_BOUNDED * (clean > 0).any(axis=0).sum() + DQ_LANES_LEFT_OUT
        assert gained.min() > -1e-13 and gained.max() < most + 1e-13
        assert (compiled.show - numpy.show < 1e-13).all()
        assert (numpy.show - compiled.show < gained + 1e-13).all()
        assert compiled.show.min() > 0 and compiled.show_bound.max() > 0  # real sums


def test_without_numba_the_numpy_path_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba now fails
    monkeypatch.delitem(
        sys.modules, "homestretch.games.stretch.analysis.exact_compiled", raising=False
    )
    assert exact_finish.compiled_kernels() is None
    rng = np.random.default_rng(3)
    clean, dq = rng.random((4, 5)), rng.random((4, 5)) * 0.2
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    clean, dq, out = clean * scale[:, None], dq * scale[:, None], np.full(4, 0.1)
    fallback = exact_finish.place_and_show(clean, dq, out)
    monkeypatch.undo()
    compiled = exact_finish.place_and_show(clean, dq, out, compiled=True)
    assert exact_finish.compiled_kernels() is not None
    assert fallback.place == pytest.approx(compiled.place, abs=1e-14)
    assert fallback.show == pytest.approx(compiled.show, abs=1e-14)


def _three_in_window_beside_numpy(clean: Any, dq: Any) -> tuple[Any, Any, Any, Any, Any]:
    """Every key pair of a made-up field (chances ``clean`` and ``dq`` by horse and key,
    scaled to 0.9 with 0.1 left over) logged as clean_targets logs them: exact_compiled_three
    (sets of four horses, lanes of pairs) and exact_finish.WindowsOfThree (a window per key,
    matrix products) on the same pairs. Returns the tables and both versions' show and
    bound by horse."""
    from homestretch.games.stretch.analysis.exact_compiled_three import three_in_window

    horses, width = clean.shape
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    t = exact_finish.Tables.of(clean * scale[:, None], dq * scale[:, None], np.full(horses, 0.1))
    keys = np.arange(width)
    lower, upper = (pair.ravel() for pair in np.meshgrid(keys, keys, indexing="ij"))
    at, ys = lower[lower < upper], upper[lower < upper]
    at, ys = at[np.argsort(-ys, kind="stable")], ys[np.argsort(-ys, kind="stable")]
    show, bound = np.zeros((horses, width)), np.zeros((horses, width))
    three_in_window(t.c, t.c_gt, t.p_gt, keys, at, ys, at.size, show, bound)

    # the others of each pair as clean_targets logs them: none may be clean above x (the
    # lower key) nor roll a 1 or 2 above y; each target's share is their product times
    # its own chance at x, and q weighs a 2 above y
    allowed = (1 - 2 * t.p_gt[:, ys]) - t.c_gt[:, at]
    share = allowed.prod(axis=0) / allowed * t.c[:, at]
    q = (t.p_gt[:, ys] / allowed).sum(axis=0)
    reference = exact_finish.WindowsOfThree(t)
    reference.log(ys, allowed, t.c[:, ys], share, q)
    numpy_show, numpy_bound = reference.sums()
    return t, show.sum(axis=1), bound.sum(axis=1), numpy_show, numpy_bound


@pytest.mark.parametrize("horses", [5, 6, 9])
def test_three_in_a_window_matches_the_numpy_reference(horses: int) -> None:
    # heavy disqualification logged, so three in a window weigh a lot
    rng = np.random.default_rng(horses)
    clean, dq = rng.random((horses, 10)), rng.random((horses, 10)) * 0.4
    _, show, bound, numpy_show, numpy_bound = _three_in_window_beside_numpy(clean, dq)
    assert show == pytest.approx(numpy_show, rel=1e-13, abs=1e-17)
    assert bound == pytest.approx(numpy_bound, rel=1e-13, abs=1e-17)
    if horses == 5:  # a term needs six: the target, three in the window, two clean ahead
        assert np.abs(show).max() < 1e-17  # rounding: the terms taken off cancel
    else:
        assert numpy_show.min() > 1e-7  # real sums (rounding is under 1e-18)


@pytest.mark.parametrize("horses", [8, 11])
def test_three_in_a_window_skips_horses_never_disqualified_above_y(horses: int) -> None:
    # exact_compiled_three leaves out the sets of four horses whose window is 0 (fewer than
    # three of them with a 2 above y; most sets at 20 horses): a made-up field where a
    # third of the horses are never disqualified and the rest only at the lower keys,
    # against exact_finish.WindowsOfThree, which sums every set
    rng = np.random.default_rng(horses + 100)
    clean, dq = rng.random((horses, 12)), rng.random((horses, 12)) * 0.5
    dq[: horses // 3] = 0.0  # never disqualified
    for h in range(horses // 3, horses):
        dq[h, rng.integers(4, 11) :] = 0.0  # disqualified only below some key
    t, show, bound, numpy_show, numpy_bound = _three_in_window_beside_numpy(clean, dq)
    assert show == pytest.approx(numpy_show, rel=1e-13, abs=1e-17)
    assert bound == pytest.approx(numpy_bound, rel=1e-13, abs=1e-17)
    assert numpy_show.min() > 1e-9  # real sums
    with_a_two = (t.p_gt[:, : clean.shape[1]] > 0).sum(axis=0)
    assert with_a_two.min() < 3 <= with_a_two.max()  # keys with every set 0, and not


@pytest.mark.parametrize("horses", [3, 4, 7, 12])
def test_two_in_a_window_by_sets_of_three_matches_the_numpy_reference(horses: int) -> None:
    # exact_compiled._fresh_two_q_by_sets sums a window over sets of three horses (one
    # number a set); exact_finish._two_q_between contracts it index by index: the same sums
    from homestretch.games.stretch.analysis.exact_compiled import _fresh_two_q_by_sets, _sets_of

    rng = np.random.default_rng(horses)
    lanes = 37  # not a whole number of vectors
    window = rng.random((horses,) * 3) * 1e-3
    window = window + window.transpose(1, 0, 2)  # symmetric in m and n, zero unless distinct
    idx = np.arange(horses)
    window[idx, idx, :], window[idx, :, idx], window[:, idx, idx] = 0.0, 0.0, 0.0
    window[0, 1, :] = window[1, 0, :] = 0.0  # some terms zero, as in a real window
    allowed = rng.random((horses, lanes)) * 0.6 + 0.3
    c_y = rng.random((horses, lanes)) * 0.2
    r = 1 / allowed
    result = np.zeros((horses, lanes))
    sets = _sets_of(np.ascontiguousarray(window))
    _fresh_two_q_by_sets(
        r, lanes, c_y, sets, result, np.empty((3, horses, lanes)), np.empty((7, lanes))
    )
    reference = exact_finish._two_q_between(
        allowed[:, None, :], c_y[:, None, :], np.broadcast_to(window, (lanes,) + window.shape)
    )[:, 0, :]
    assert result == pytest.approx(reference, rel=1e-12, abs=1e-15)  # rounding of the cancels
    if horses >= 5:  # a target, the lower clean horse and three more: real sums
        assert reference.min() > 0


@pytest.mark.parametrize("horses", [3, 4, 6, 12])
def test_window_tables_keep_two_by_sets_of_three(horses: int) -> None:
    # exact_compiled.windows keeps Windows.two as [key, set of three horses]: each set the
    # sum of its three entries (each horse as j), as _sets_of makes them from the NumPy one
    from homestretch.games.stretch.analysis.exact_compiled import _sets_of, windows

    rng = np.random.default_rng(70 + horses)
    clean, dq = rng.random((horses, 25)), rng.random((horses, 25)) * 0.4
    clean[rng.random(clean.shape) < 0.3] = 0.0
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    t = exact_finish.Tables.of(clean * scale[:, None], dq * scale[:, None], np.full(horses, 0.1))
    numpy, compiled = exact_finish.Windows.of(t), windows(t)
    sets = np.array([_sets_of(np.ascontiguousarray(numpy.two[y])) for y in range(25)])
    assert compiled.two.shape == sets.shape == (25, horses * (horses - 1) * (horses - 2) // 6)
    assert compiled.two == pytest.approx(sets, rel=1e-12, abs=1e-18)
    assert sets.max() > 1e-4  # real windows
    for name in ("one", "spread", "level", "at"):
        assert getattr(compiled, name) == pytest.approx(getattr(numpy, name), rel=1e-12, abs=1e-18)


@pytest.mark.parametrize("horses", [6, 10, 12])
def test_disqualified_targets_weighed_only_where_disqualified(horses: int) -> None:
    """A disqualified target at key d is weighed only for the horses disqualified at d
    (every other horse's weight there is 0): made-up fields where each key d holds one or
    two disqualified horses, with chances large enough that the window terms are summed,
    against the NumPy sums, which weigh every horse."""
    from homestretch.games.stretch.analysis.exact_compiled import (
        CLEAN_LOWEST_BOUNDED,
        DQ_LANES_LEFT_OUT,
        LOWEST_BOUNDED,
    )

    rng = np.random.default_rng(horses)
    keys = 40
    clean = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.5)
    dq = np.zeros((horses, keys))
    for d in range(keys):  # one or two horses disqualified at each key
        dq[rng.choice(horses, size=rng.integers(1, 3), replace=False), d] = rng.random()
    scale = 0.85 / (clean.sum(axis=1) + 0.3 * dq.sum(axis=1))
    clean, dq = clean * scale[:, None], 0.3 * dq * scale[:, None]
    out = 1 - clean.sum(axis=1) - dq.sum(axis=1)
    compiled = exact_finish.place_and_show(clean, dq, out, compiled=True)
    numpy = exact_finish.place_and_show(clean, dq, out, compiled=False)
    assert np.abs(compiled.place - numpy.place).max() < 1e-13
    gained = compiled.show_bound - numpy.show_bound
    most = 3 * LOWEST_BOUNDED * keys + CLEAN_LOWEST_BOUNDED * keys + DQ_LANES_LEFT_OUT
    assert gained.min() > -1e-13 and gained.max() < most + 1e-13
    assert (compiled.show - numpy.show < 1e-13).all()
    assert (numpy.show - compiled.show < gained + 1e-13).all()
    assert numpy.show_bound.max() > 1e-12  # window terms that count, not all bounded away


@pytest.mark.parametrize("horses", [6, 12])
def test_left_out_lanes_hold_what_they_could_add(horses: int) -> None:
    """A disqualified target's lowest lanes left out (``_left_out_lanes``): together they
    add at most ``DQ_LANES_LEFT_OUT`` to the bound, and for every horse that covers all the
    NumPy sums give those lanes (place, and show with its bound), made-up fields whose
    lowest lanes are small (most horses clean high)."""
    from homestretch.games.stretch.analysis.exact_compiled import (
        DQ_LANES_LEFT_OUT,
        _led_from,
        _left_out_lanes,
        _left_out_rows,
    )

    rng = np.random.default_rng(horses)
    keys = 60
    rising = np.linspace(0.02, 1.0, keys) ** 6  # clean chances pile up at the high keys
    clean = rng.random((horses, keys)) * rising
    dq = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.3)
    scale = 0.85 / (clean.sum(axis=1) + 0.2 * dq.sum(axis=1))
    clean, dq = clean * scale[:, None], 0.2 * dq * scale[:, None]
    out = 1 - clean.sum(axis=1) - dq.sum(axis=1)
    t = exact_finish.Tables.of(clean, dq, out)
    w = exact_finish.Windows.of(t)
    clean_keys, dq_keys = np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))
    rows = _left_out_rows(t.c_ge, t.dq, dq_keys, np.zeros((horses, clean_keys.size)))
    added = np.zeros((horses, clean_keys.size))
    first = _left_out_lanes(t.c, t.c_ge, t.dq, clean_keys, dq_keys, rows, added)
    assert 0 < added.sum() < DQ_LANES_LEFT_OUT
    led = np.zeros((horses, clean_keys.size))  # B_X(y): what a lane may add over dq_X(d)
    before, after = np.zeros((horses, 3)), np.zeros((horses, 3))
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0
    for i, y in enumerate(clean_keys):
        _led_from(t.c, t.c_ge, y, led[:, i], before, after, np.empty(horses))
    held_in_all, summed = np.zeros(horses), 0.0
    for index, d in enumerate(dq_keys):
        if rows[index] or first[index] == 0:
            continue
        low, high = clean_keys[: first[index]], np.array([d])
        place, show, bound = exact_finish._disqualified_target(t, low, high, w)
        held = t.dq[:, d] * led[:, : first[index]].sum(axis=1)
        held_in_all += held
        summed += (show + bound).sum()
        assert (place <= held + 1e-25).all()
        assert (show + bound <= held + 1e-25).all()
    assert added.sum(axis=1) == pytest.approx(held_in_all, rel=1e-12)
    assert summed > 1e-20  # lanes left out that add something


@pytest.mark.parametrize("horses", [3, 6, 12])
def test_single_threshold_compiled_matches_the_numpy_reference(horses: int) -> None:
    from homestretch.games.stretch.analysis.exact_compiled import single_threshold

    # made-up chances with heavy disqualification, so every case of the sum counts
    rng = np.random.default_rng(40 + horses)
    clean, dq = rng.random((horses, 30)), rng.random((horses, 30)) * 0.5
    clean[rng.random(clean.shape) < 0.3] = 0.0  # keys some horses never reach
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    t = exact_finish.Tables.of(clean * scale[:, None], dq * scale[:, None], np.full(horses, 0.1))
    w = exact_finish.Windows.of(t)
    place, show, bound = single_threshold(t, w)
    numpy_place, numpy_show, numpy_bound = exact_finish._single_threshold(t, w)
    assert place == pytest.approx(numpy_place, rel=1e-13, abs=1e-16)
    assert show == pytest.approx(numpy_show, rel=1e-13, abs=1e-16)
    assert (bound == 0).all() and (numpy_bound == 0).all()
    assert numpy_place.min() > 1e-3 and (numpy_show > numpy_place).all()  # real sums
