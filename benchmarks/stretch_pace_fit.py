"""How the Fullplay Race Pace charts and their field-size terms were fitted (ruling S18).

    nice .venv/bin/python benchmarks/stretch_pace_fit.py          # the charts as they stand
    nice .venv/bin/python benchmarks/stretch_pace_fit.py --search # fit them again
        [--charts DIR] [--slow-term] [--fit-fields N] [--held-out SEED ...] [--write DIR]

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

Options for measuring alternatives: ``--charts DIR`` starts from another chart set (its
Break and Pace Setup charts give the histograms; its Race Pace rows start the search);
``--slow-term`` fits each size a slow-side term of its own beside the term (the slow
faces read on the total less it, the fast faces on the total less the term; six-runner
routes may take one that reads no slow face at 44 on any Field die face), a second
degree of freedom per size that no chart set has adopted (ruling S18 records what it
measured); ``--fit-fields`` sizes the fit corpus (its seeds stay 1001-1003);
``--held-out`` names the corpora reported after the fit (none: the fit's only);
``--write DIR`` writes a copy of the starting set with the fitted charts and terms (with
``--slow-term`` its race_pace_field.csv has ``slow_shift``, ``sprint_slow_shift``,
``slow_faces`` and ``sprint_slow_faces`` columns, which only the reader measured with
can load: see S18).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import numpy as np

from homestretch.games.stretch.analysis.calibrate import build_corpus, dream_fields, extra_fields
from homestretch.games.stretch.analysis.kernel import FieldArrays
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import (
    SETUP_MIN_FURLONGS,
    STANDARD,
    ChartSet,
    load_chart_set,
)

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


def measure(races: list, n: int, seed: int, charts: ChartSet) -> tuple[np.ndarray, ...]:  # type: ignore[type-arg]
    """Per field: Quickplay's exact (slow, normal, fast), the histogram of Fullplay's
    top-two totals before any field-size term, the field size, and whether a sprint."""
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
    """Each field's Fullplay (slow, fast) shares; a term is (slow side, fast side) in
    sixths, the two equal unless the set has a slow-side term."""
    quick, hist, size, sprint = data
    s, f = np.zeros(len(size)), np.zeros(len(size))
    for (n, is_sprint), (slow_term, fast_term) in terms.items():
        m = (size == n) & (sprint == is_sprint)
        s[m] = term_shares(hist[m], *rows[is_sprint], slow_term)[0]
        f[m] = term_shares(hist[m], *rows[is_sprint], fast_term)[1]
    return s, f


def overlap_free(slow: np.ndarray, fast: np.ndarray, slow_term: int, fast_term: int) -> bool:
    """Whether no face of the one Race Pace die can read both slow (at the total less
    the slow-side term) and fast (less the fast-side term), on any Field die face."""
    for die in range(1, 7):
        at_s = np.arange(SPAN) - slow_term // 6 - (die <= slow_term % 6)
        at_f = np.arange(SPAN) - fast_term // 6 - (die <= fast_term % 6)
        if (slow[np.clip(at_s, 0, SPAN - 1)] + fast[np.clip(at_f, 0, SPAN - 1)] > 6).any():
            return False
    return True


def fit_terms(
    data: tuple, slow: np.ndarray, fast: np.ndarray, is_sprint: bool, split: bool = False
) -> tuple[float, dict]:  # type: ignore[type-arg]
    """Each field size's terms (in sixths) for sprints or routes that best match
    Quickplay's mean slow and fast shares there: one term for both, or with ``split``
    a slow-side and a fast-side term."""
    quick, hist, size, sprint = data
    pre = {t: term_shares(hist, slow, fast, t) for t in TERMS}
    total, terms = 0.0, {}
    for n in SIZES:
        m = (size == n) & (sprint == is_sprint)
        # the Champagne Stakes (six runners, a mile) reads the 44-45 line as on page 19,
        # with no Field die: no term, and a slow-side term only if it reads no slow face
        # at 44 on any face of the Field die
        pinned = n == 6 and not is_sprint
        options = {1: [0] if pinned else list(TERMS), 0: list(TERMS)}
        if pinned:
            options[0] = [t for t in TERMS if not slow[44 - t // 6 - 1 : 44 - t // 6 + 1].any()]
            options[0] = options[0] if split else [0]
        cost = {}
        for side, column in ((0, 0), (1, 2)):
            for t in options[side]:
                x = pre[t][side][m]
                miss = (quick[m, column].mean() - x.mean()) ** 2
                own = ((quick[m, column] - x) ** 2).mean()
                cost[side, t] = miss + FIELD_WEIGHT * own / m.sum()
        if split:
            pairs = sorted(
                (cost[0, a] + cost[1, b], (a, b)) for a in options[0] for b in options[1]
            )
            best, pair = next(p for p in pairs if overlap_free(slow, fast, *p[1]))
        else:
            best, pair = min((cost[0, t] + cost[1, t], (t, t)) for t in options[1])
        total += best
        terms[(n, is_sprint)] = pair
    return total, terms


def allowed(slow: np.ndarray, fast: np.ndarray) -> bool:
    return bool(
        (slow + fast <= 6).all()
        and not ((slow > 0) & (fast > 0)).any()
        and (np.diff(slow) <= 0).all()
        and (np.diff(fast) >= 0).all()
    )


def search(data: tuple, slow: np.ndarray, fast: np.ndarray, is_sprint: bool, split: bool) -> tuple:  # type: ignore[type-arg]
    """Coordinate descent over the rows the rulebook does not quote: each row in turn
    takes the (slow faces, fast faces) that fits best, until no row changes."""
    quick, hist, size, sprint = data
    mine = sprint == is_sprint
    data = (quick[mine], hist[mine], size[mine], sprint[mine])
    current = fit_terms(data, slow, fast, is_sprint, split)[0]
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
                    cost = fit_terms(data, s, f, is_sprint, split)[0]
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
                f"{sixths(terms[(n, is_sprint)][0])} {sixths(terms[(n, is_sprint)][1])}  {quick[m, 0].mean():5.1%} {quick[m, 2].mean():5.1%}"
                f"     {s[m].mean():5.1%} {f[m].mean():5.1%}"
                f"    slow {ds.mean():+5.1%} ({se_s:4.1%}) fast {df.mean():+5.1%} ({se_f:4.1%})"
            )


def standard_terms() -> dict:  # type: ignore[type-arg]
    charts = load_chart_set()
    terms = {}
    for n in SIZES:
        for is_sprint in (True, False):
            shift, faces = charts.pace_term(n, is_sprint)
            terms[(n, is_sprint)] = (6 * shift + faces,) * 2
    return terms


def chart_rows(sprint: bool, charts: ChartSet) -> tuple[np.ndarray, np.ndarray]:
    slow = np.array([charts.race_pace_row(t, sprint=sprint).count("slow") for t in range(SPAN)])
    fast = np.array([charts.race_pace_row(t, sprint=sprint).count("fast") for t in range(SPAN)])
    return slow, fast


def write(source: Path, folder: Path, rows: dict, terms: dict, split: bool) -> None:  # type: ignore[type-arg]
    """A copy of ``source`` with the fitted Race Pace charts and field-size terms."""
    shutil.copytree(source, folder)
    for sprint, name in ((True, "race_pace_sprint.csv"), (False, "race_pace.csv")):
        slow, fast = rows[sprint]
        paces = [("slow",) * slow[t] + ("normal",) * (6 - slow[t] - fast[t]) + ("fast",) * fast[t]
                 for t in range(SPAN)]  # fmt: skip
        lines, low = ["low,high,1,2,3,4,5,6"], 0
        for t in range(1, SPAN + 1):
            if t == SPAN or paces[t] != paces[low]:
                lines.append(f"{low},{999 if t == SPAN else t - 1}," + ",".join(paces[low]))
                low = t
        (folder / name).write_text("\n".join(lines) + "\n")
    columns = ["shift", "sprint_shift", "faces", "sprint_faces"]
    header = columns + [f"{c.replace('sprint_', 'sprint_slow_')}" if "sprint" in c else f"slow_{c}"
                        for c in columns] * split  # fmt: skip
    lines = ["runners," + ",".join(header)]
    for n in range(2, 15):
        route, sprint = terms.get((n, False), (0, 0)), terms.get((n, True), (0, 0))
        cells = []
        for side in (1, 0)[: 1 + split]:
            r, p = route[side], sprint[side]
            cells += [r // 6, p // 6, r % 6, p % 6]
        lines.append(f"{n}," + ",".join(str(c) for c in cells))
    (folder / "race_pace_field.csv").write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", action="store_true", help="fit the charts and terms again")
    parser.add_argument("--charts", type=Path, default=None, help="a chart set's folder")
    parser.add_argument(
        "--slow-term", action="store_true",
        help="fit a slow-side term of its own for each size (a measurement; no set has one)",
    )  # fmt: skip
    parser.add_argument("--fit-fields", type=int, default=2400, help="the fit corpus's size")
    parser.add_argument("--held-out", type=int, nargs="*", default=[1], help="corpus seeds")
    parser.add_argument(
        "--write", type=Path, default=None,
        help="with --search: a copy of the chart set with the fitted charts and terms",
    )  # fmt: skip
    args = parser.parse_args()
    charts = load_chart_set(args.charts)
    rows = {sprint: chart_rows(sprint, charts) for sprint in (True, False)}
    terms = standard_terms()
    if args.search:
        data = measure(corpus(args.fit_fields, 1001), 4000, 5, charts)
        terms = {}
        for sprint in (True, False):
            rows[sprint] = search(data, *rows[sprint], sprint, args.slow_term)
            for (n, _), t in fit_terms(data, *rows[sprint], sprint, args.slow_term)[1].items():
                terms[(n, sprint)] = t
        report("the fit's own corpus", data, rows, terms)
        for sprint, name in ((True, "race_pace_sprint.csv"), (False, "race_pace.csv")):
            print(f"\n{name} rows (total: slow faces, fast faces):")
            slow, fast = rows[sprint]
            for total in range(26, 60):
                print(f"  {total}: {slow[total]} slow, {fast[total]} fast")
        print("\nrace_pace_field.csv (slow side / fast side if they differ):")
        print("runners,shift,sprint_shift,faces,sprint_faces")
        for n in range(2, 15):
            route, sprint = terms.get((n, False), (0, 0)), terms.get((n, True), (0, 0))
            for side in {0, 1} if route[0] != route[1] or sprint[0] != sprint[1] else {1}:
                r, p = route[side], sprint[side]
                print(f"{n},{r // 6},{p // 6},{r % 6},{p % 6}" + ("  slow" if side == 0 else ""))
        if args.write:
            write(args.charts or STANDARD, args.write, rows, terms, args.slow_term)
    for seed in args.held_out:
        held_out = measure(corpus(400, seed), 4000, 6, charts)
        report(f"corpus seed {seed}", held_out, rows, terms)


if __name__ == "__main__":
    main()
