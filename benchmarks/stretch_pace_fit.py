"""How the Fullplay Race Pace charts and their field-size terms were fitted (ruling S18).

    nice .venv/bin/python benchmarks/stretch_pace_fit.py          # the charts as they stand
    nice .venv/bin/python benchmarks/stretch_pace_fit.py --search # fit them again

Quickplay's pace is exact per field (the Pace Scenario chart on the top two Pace ratings).
Fullplay's top-two race points are simulated on the Break and Pace Setup charts, once per
field, as a histogram, so any Race Pace chart and field-size term is scored at once.

The field-size term is in sixths of a point: ``race_pace_field.csv`` takes whole points
off the top-two total (``shift``, ``sprint_shift``) and one more on faces 1 to ``faces``
(``sprint_faces``) of the Field die, so a field size can lose any sixth of a point on
average. Each field size's sprints and routes have a term of their own.

The fit uses its own corpus (seeds 1001-1003, 2,400 everyday fields and the usual share
of even, big and dream ones), and the result is shown on the calibration corpus (seed 1,
400 everyday fields), which the fit never saw. For each field size it prints both
versions' slow and fast shares, their difference, and the difference's standard error
over the fields (the two versions run the same fields, so the difference is paired).

``--search`` fits the sprint chart (race_pace_sprint.csv) and the route chart
(race_pace.csv) apart, by coordinate descent over the rows the rulebook does not quote
(one die; a row's slow faces never rising and fast faces never falling with the total;
the 44-45 line as on page 19): each row in turn takes the (slow faces, fast faces) that
fits best, until none changes. For each chart tried, each field size's term is the one
in sixths (-2 to +5 points) that brings that size and distance's mean slow and fast
shares nearest Quickplay's, each field's own pace a tie-breaker; six-runner routes keep
none, as the Champagne Stakes reads the 44-45 line with no Field die. Run from the
standard charts it finds them again. benchmarks/stretch_pace_agreement.py then judges
the result on two corpora the fit never saw (ruling S18).
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
TERMS = range(-12, 31)  # field-size terms in sixths of a point: -2 to +5
SIZES = range(5, 15)
FIELD_WEIGHT = 0.3
"""How much each field's own disagreement counts beside its field size's mean: a
tie-breaker among terms that match the mean as well (the same field should run the same
pace in both versions), not a rival to it."""


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


def whole_shares(hist: np.ndarray, slow: np.ndarray, fast: np.ndarray, shift: int) -> tuple:  # type: ignore[type-arg]
    """Each field's Fullplay (slow, fast) shares for a whole-point term."""
    at = np.clip(np.arange(SPAN) - shift, 0, SPAN - 1)
    return hist @ slow[at] / 6, hist @ fast[at] / 6


def term_shares(hist: np.ndarray, slow: np.ndarray, fast: np.ndarray, sixths: int) -> tuple:  # type: ignore[type-arg]
    """The same for a term in sixths: ``sixths // 6`` points, one more on
    ``sixths % 6`` faces of the Field die."""
    whole, faces = divmod(sixths, 6)
    s0, f0 = whole_shares(hist, slow, fast, whole)
    if not faces:
        return s0, f0
    s1, f1 = whole_shares(hist, slow, fast, whole + 1)
    p = faces / 6
    return (1 - p) * s0 + p * s1, (1 - p) * f0 + p * f1


def shares_by_field(data: tuple, rows: dict, terms: dict) -> tuple:  # type: ignore[type-arg]
    quick, hist, size, sprint = data
    s, f = np.zeros(len(size)), np.zeros(len(size))
    for (n, is_sprint), sixths in terms.items():
        m = (size == n) & (sprint == is_sprint)
        s[m], f[m] = term_shares(hist[m], *rows[is_sprint], sixths)
    return s, f


def fit_terms(
    data: tuple, slow: np.ndarray, fast: np.ndarray, is_sprint: bool
) -> tuple[float, dict]:  # type: ignore[type-arg]
    """Each field size's terms (in sixths) for sprints or routes that best match
    Quickplay's mean slow and fast shares there."""
    quick, hist, size, sprint = data
    pre = {t: term_shares(hist, slow, fast, t) for t in TERMS}
    total, terms = 0.0, {}
    for n in SIZES:
        m = (size == n) & (sprint == is_sprint)
        # the Champagne Stakes (six runners, a mile) reads the 44-45 line as on page 19
        options = [0] if n == 6 and not is_sprint else list(TERMS)
        costs = []
        for t in options:
            s, f = pre[t][0][m], pre[t][1][m]
            miss = (quick[m, 0].mean() - s.mean()) ** 2 + (quick[m, 2].mean() - f.mean()) ** 2
            own = ((quick[m, 0] - s) ** 2 + (quick[m, 2] - f) ** 2).mean()
            costs.append(miss + FIELD_WEIGHT * own / m.sum())
        best = int(np.argmin(costs))
        total += costs[best]
        terms[(n, is_sprint)] = options[best]
    return total, terms


def allowed(slow: np.ndarray, fast: np.ndarray) -> bool:
    return bool(
        (slow + fast <= 6).all()
        and not ((slow > 0) & (fast > 0)).any()
        and (np.diff(slow) <= 0).all()
        and (np.diff(fast) >= 0).all()
    )


def search(data: tuple, slow: np.ndarray, fast: np.ndarray, is_sprint: bool) -> tuple:  # type: ignore[type-arg]
    """Coordinate descent over the rows the rulebook does not quote: each row in turn
    takes the (slow faces, fast faces) that fits best, until no row changes."""
    quick, hist, size, sprint = data
    mine = sprint == is_sprint
    data = (quick[mine], hist[mine], size[mine], sprint[mine])
    current = fit_terms(data, slow, fast, is_sprint)[0]
    changed = True
    while changed:
        changed = False
        for total in range(28, 56):
            if total in QUOTED:
                continue
            for s_faces in range(7):
                for f_faces in range(7 - s_faces):
                    s, f = slow.copy(), fast.copy()
                    s[total], f[total] = s_faces, f_faces
                    if not allowed(s, f):
                        continue
                    cost = fit_terms(data, s, f, is_sprint)[0]
                    if cost < current - 1e-12:
                        slow, fast, current, changed = s, f, cost, True
    return slow, fast


def sixths(term: int) -> str:
    whole, faces = divmod(term, 6)
    return f"{whole:+d}" + (f"+{faces}/6" if faces else "    ")


def report(title: str, data: tuple, rows: dict, terms: dict) -> None:  # type: ignore[type-arg]
    quick, _, size, sprint = data
    s, f = shares_by_field(data, rows, terms)
    print(
        f"\n{title}\nsize dist.  fields  term    quick slow/fast  full slow/fast  "
        "difference (paired s.e.)"
    )
    for n in SIZES:
        for is_sprint in (True, False):
            m = (size == n) & (sprint == is_sprint)
            ds, df = s[m] - quick[m, 0], f[m] - quick[m, 2]
            se_s, se_f = ds.std(ddof=1) / np.sqrt(m.sum()), df.std(ddof=1) / np.sqrt(m.sum())
            print(
                f"{n:4d} {'sprint' if is_sprint else 'route '} {m.sum():6d}  "
                f"{sixths(terms[(n, is_sprint)])}  {quick[m, 0].mean():5.1%} {quick[m, 2].mean():5.1%}"
                f"     {s[m].mean():5.1%} {f[m].mean():5.1%}"
                f"    slow {ds.mean():+5.1%} ({se_s:4.1%}) fast {df.mean():+5.1%} ({se_f:4.1%})"
            )


def standard_terms() -> dict:  # type: ignore[type-arg]
    charts = load_chart_set()
    terms = {}
    for n in SIZES:
        for is_sprint in (True, False):
            shift, faces = charts.pace_term(n, is_sprint)
            terms[(n, is_sprint)] = 6 * shift + faces
    return terms


def chart_rows(sprint: bool) -> tuple[np.ndarray, np.ndarray]:
    charts = load_chart_set()
    slow = np.array([charts.race_pace_row(t, sprint=sprint).count("slow") for t in range(SPAN)])
    fast = np.array([charts.race_pace_row(t, sprint=sprint).count("fast") for t in range(SPAN)])
    return slow, fast


def main(fit: bool) -> None:
    rows = {sprint: chart_rows(sprint) for sprint in (True, False)}
    terms = standard_terms()
    held_out = measure(corpus(400, 1), 4000, 6)
    if fit:
        data = measure(corpus(2400, 1001), 4000, 5)
        terms = {}
        for sprint in (True, False):
            rows[sprint] = search(data, *rows[sprint], sprint)
            for (n, _), t in fit_terms(data, *rows[sprint], sprint)[1].items():
                terms[(n, sprint)] = t
        report("the fit's own corpus", data, rows, terms)
        for sprint, name in ((True, "race_pace_sprint.csv"), (False, "race_pace.csv")):
            print(f"\n{name} rows (total: slow faces, fast faces):")
            slow, fast = rows[sprint]
            for total in range(26, 60):
                print(f"  {total}: {slow[total]} slow, {fast[total]} fast")
        print("\nrace_pace_field.csv:\nrunners,shift,sprint_shift,faces,sprint_faces")
        for n in range(2, 15):
            route, sprint = terms.get((n, False), 0), terms.get((n, True), 0)
            print(f"{n},{route // 6},{sprint // 6},{route % 6},{sprint % 6}")
    report("the calibration corpus (seed 1)", held_out, rows, terms)


if __name__ == "__main__":
    main("--search" in sys.argv[1:])
