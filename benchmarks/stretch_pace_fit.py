"""How the Fullplay Race Pace chart and its field-size term were fitted (ruling S18).

    nice .venv/bin/python benchmarks/stretch_pace_fit.py          # the charts as they stand
    nice .venv/bin/python benchmarks/stretch_pace_fit.py --search # fit them again

Quickplay's pace is exact per field (the Pace Scenario chart on the top two Pace ratings).
Fullplay's top-two race points are simulated on the Break and Pace Setup charts, once per
field, as a histogram, so any Race Pace chart and field-size term is scored at once.

The fit uses its own corpus (seeds 1001-1003, 1,200 everyday fields and the usual share
of even, big and dream ones), and the result is shown on the calibration corpus (seed 1,
400 everyday fields), which the fit never saw. For each field size it prints both
versions' slow and fast shares, their difference, and the difference's standard error
over the fields (the two versions run the same fields, so the difference is paired).

``--search`` anneals the rows the rulebook does not quote (one die, a row's slow faces
never rising and fast faces never falling with the total; the 44-45 line as on page 19)
and, for each chart tried, picks the field-size terms for sprints and routes that never
fall as the field grows, with none for the six-runner Champagne Stakes (a route). It
finds the standard rows, a route term from 7 runners and a sprint term from 14; the
standard set's sprint term starts at 13, where both held-out corpora (seeds 1 and 101,
benchmarks/stretch_pace_agreement.py) ran 13-runner fields 4 points fast (ruling S18).
"""

from __future__ import annotations

import sys

import numpy as np

from homestretch.games.stretch.calibrate import build_corpus, dream_fields, extra_fields
from homestretch.games.stretch.cards import load_card_set
from homestretch.games.stretch.charts import SETUP_MIN_FURLONGS, load_chart_set
from homestretch.games.stretch.kernel import ChartArrays, FieldArrays

TOTALS = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel()
SPAN = 100  # top-two totals 0-99
QUOTED = {44: (0, 4), 45: (0, 4)}  # page 19: 44-45 reads 1-2 normal, 3-6 fast
SHIFTS = range(-2, 5)
SIZES = range(5, 15)
PAIRS = [(sprint, route) for sprint in SHIFTS for route in SHIFTS]
FIELD_WEIGHT = 3.0
"""How much each field's own disagreement counts beside its field size's: 0.1 matched
the sizes' shares as well, but by sprints reading slow and routes fast (fields' fast
shares then 17 points apart on average between the versions, against 8 here)."""


def corpus(fields: int, seed: int) -> list:  # type: ignore[type-arg]
    cards = load_card_set()
    races = build_corpus(cards, fields, seed).races
    races += build_corpus(cards, extra_fields(fields), seed + 1, kind="even").races
    races += build_corpus(cards, extra_fields(fields), seed + 2, kind="big").races
    races += build_corpus(cards, dream_fields(fields), seed, greats=True).races
    return races


def measure(races: list, n: int, seed: int) -> tuple[np.ndarray, ...]:  # type: ignore[type-arg]
    """Per field: Quickplay's exact (slow, normal, fast), the histogram of Fullplay's
    top-two totals before any field-size term, the field size, and whether a sprint."""
    charts = load_chart_set()
    tables = ChartArrays.from_charts(charts)
    rng = np.random.default_rng(seed)
    quick, hist, size, sprint = [], [], [], []
    for race in races:
        field = FieldArrays.from_race(race, charts)
        q = np.zeros(3)
        for roll in TOTALS:
            q[tables.pace_scenario[field.top_two_pace, roll]] += 1 / 36
        h = len(field.pace)
        points = tables.break_points[field.pace, TOTALS[rng.integers(0, 36, (n, h))]]
        if race.furlongs >= SETUP_MIN_FURLONGS:
            points = points + tables.pace_setup[field.pace, TOTALS[rng.integers(0, 36, (n, h))]]
        top_two = -np.partition(-points, 1, axis=1)[:, :2].sum(axis=1)
        quick.append(q)
        hist.append(np.bincount(top_two, minlength=SPAN)[:SPAN] / n)
        size.append(h)
        sprint.append(race.furlongs < SETUP_MIN_FURLONGS)
    return np.array(quick), np.array(hist), np.array(size), np.array(sprint)


def full_shares(hist: np.ndarray, slow: np.ndarray, fast: np.ndarray, shift: int) -> tuple:  # type: ignore[type-arg]
    """Each field's Fullplay (slow, fast) shares for one field-size term."""
    at = np.clip(np.arange(SPAN) - shift, 0, SPAN - 1)
    return hist @ slow[at] / 6, hist @ fast[at] / 6


def shares_by_field(data: tuple, slow: np.ndarray, fast: np.ndarray, shifts: dict) -> tuple:  # type: ignore[type-arg]
    quick, hist, size, sprint = data
    s, f = np.zeros(len(size)), np.zeros(len(size))
    for n, (sprint_shift, route_shift) in shifts.items():
        for is_sprint, shift in ((True, sprint_shift), (False, route_shift)):
            m = (size == n) & (sprint == is_sprint)
            s[m], f[m] = full_shares(hist[m], slow, fast, shift)
    return s, f


def fit_shifts(data: tuple, slow: np.ndarray, fast: np.ndarray) -> tuple[float, dict]:  # type: ignore[type-arg]
    """The field-size terms that best match Quickplay by size, never falling with size."""
    quick, hist, size, sprint = data
    pre = {s: full_shares(hist, slow, fast, s) for s in SHIFTS}
    cost = np.zeros((len(SIZES), len(PAIRS)))
    for i, n in enumerate(SIZES):
        m = size == n
        for j, (a, b) in enumerate(PAIRS):
            s = np.where(sprint[m], pre[a][0][m], pre[b][0][m])
            f = np.where(sprint[m], pre[a][1][m], pre[b][1][m])
            miss = (quick[m, 0].mean() - s.mean()) ** 2 + (quick[m, 2].mean() - f.mean()) ** 2
            # each field's own pace counts too: the same field should run the same pace
            own = ((quick[m, 0] - s) ** 2 + (quick[m, 2] - f) ** 2).sum() / len(size)
            cost[i, j] = miss + FIELD_WEIGHT * own + (1e9 if n == 6 and b != 0 else 0)
    rising = np.array([[p[0] <= q[0] and p[1] <= q[1] for q in PAIRS] for p in PAIRS])
    best, back = cost[0].copy(), []
    for i in range(1, len(SIZES)):
        options = np.where(rising, best[:, None], np.inf)
        came = options.argmin(axis=0)
        best = options[came, np.arange(len(PAIRS))] + cost[i]
        back.append(came)
    path = [int(best.argmin())]
    for came in reversed(back):
        path.append(int(came[path[-1]]))
    path.reverse()
    return float(best.min()), {n: PAIRS[j] for n, j in zip(SIZES, path, strict=True)}


def allowed(slow: np.ndarray, fast: np.ndarray) -> bool:
    return bool(
        (slow + fast <= 6).all()
        and not ((slow > 0) & (fast > 0)).any()
        and (np.diff(slow) <= 0).all()
        and (np.diff(fast) >= 0).all()
    )


def search(data: tuple, slow: np.ndarray, fast: np.ndarray, steps: int = 1500) -> tuple:  # type: ignore[type-arg]
    rng = np.random.default_rng(1)
    current = fit_shifts(data, slow, fast)[0]
    best = (current, slow.copy(), fast.copy())
    temperature = current * 0.05
    for _ in range(steps):
        total = int(rng.integers(30, 56))
        s, f = slow.copy(), fast.copy()
        s[total] = int(rng.integers(0, 7))
        f[total] = int(rng.integers(0, 7 - s[total]))
        if total in QUOTED or not allowed(s, f):
            continue
        cost = fit_shifts(data, s, f)[0]
        if cost < current or rng.random() < np.exp(-(cost - current) / max(temperature, 1e-12)):
            slow, fast, current = s, f, cost
            if cost < best[0]:
                best = (cost, s.copy(), f.copy())
        temperature *= 0.995
    return best[1], best[2]


def report(title: str, data: tuple, slow: np.ndarray, fast: np.ndarray, shifts: dict) -> None:  # type: ignore[type-arg]
    quick, _, size, _ = data
    s, f = shares_by_field(data, slow, fast, shifts)
    print(
        f"\n{title}\nsize fields  term sprint/route   quick slow/fast   full slow/fast   "
        "difference (paired s.e.)"
    )
    for n in SIZES:
        m = size == n
        ds, df = s[m] - quick[m, 0], f[m] - quick[m, 2]
        se_s, se_f = ds.std(ddof=1) / np.sqrt(m.sum()), df.std(ddof=1) / np.sqrt(m.sum())
        print(
            f"{n:4d} {m.sum():6d}  {shifts[n][0]:+d} / {shifts[n][1]:+d}"
            f"            {quick[m, 0].mean():5.1%} {quick[m, 2].mean():5.1%}"
            f"      {s[m].mean():5.1%} {f[m].mean():5.1%}"
            f"     slow {ds.mean():+5.1%} ({se_s:4.1%}) fast {df.mean():+5.1%} ({se_f:4.1%})"
        )


def main(fit: bool) -> None:
    charts = load_chart_set()
    slow = np.array([charts.race_pace_row(t).count("slow") for t in range(SPAN)])
    fast = np.array([charts.race_pace_row(t).count("fast") for t in range(SPAN)])
    shifts = {n: (charts.pace_shift(n, True), charts.pace_shift(n, False)) for n in SIZES}
    held_out = measure(corpus(400, 1), 4000, 6)
    if fit:
        data = measure(corpus(1200, 1001), 4000, 5)
        slow, fast = search(data, slow, fast)
        shifts = fit_shifts(data, slow, fast)[1]
        report("the fit's own corpus", data, slow, fast, shifts)
        print("\nrace_pace.csv rows (total: slow faces, fast faces):")
        for total in range(26, 60):
            print(f"  {total}: {slow[total]} slow, {fast[total]} fast")
    report("the calibration corpus (seed 1)", held_out, slow, fast, shifts)


if __name__ == "__main__":
    main("--search" in sys.argv[1:])
