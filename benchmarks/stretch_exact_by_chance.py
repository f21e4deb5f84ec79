"""Heavy thresholds weighted by each shared outcome's chance, against one for all (issue 17).

``exact.quickplay_chances`` scales each outcome's heavy thresholds by ``exact.LOOSEN``
times the mean chance of an outcome over its own (``exact.loosening``). This times every
outcome's ``exact_finish.place_and_show`` both ways (scale 1, and its own), the least
CPU of ``--tries`` runs of each call, the two ways in turn, and compares the answers
weighted by the outcomes' chances as ``quickplay_chances`` adds them: place must be the
same, and the new show range [show, show + bound] inside the old one (as
tests/games/stretch/analysis/test_stretch_exact_compiled.py asks of the recorded races, to 1e-12).
Run with `.venv/bin/python benchmarks/stretch_exact_by_chance.py [6 12 20
2009-champagne-stakes ...] [--tries 3]` (fields of N horses, or bundled races).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from homestretch.games.stretch.analysis import exact, exact_finish
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import load_race
from stretch_fields import field_of


def least_cpu(tries: int, *arguments):  # type: ignore[no-untyped-def]
    """The least CPU seconds of ``tries`` calls of ``place_and_show``, and the answer."""
    best = float("inf")
    for _ in range(tries):
        start = time.process_time()
        answer = exact_finish.place_and_show(*arguments)
        best = min(best, time.process_time() - start)
    return best, answer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("races", nargs="*", default=["6", "12", "20"])
    parser.add_argument("--tries", type=int, default=3)
    options = parser.parse_args()
    charts = load_chart_set()
    exact_finish.place_and_show(*list(exact._outcomes(field_of(6), charts, True))[0][1:])
    for name in options.races:
        race = field_of(int(name)) if name.isdigit() else load_race(name)
        outcomes = list(exact._outcomes(race, charts, reached=True))
        scales = exact.loosening([chance for chance, *_ in outcomes])
        seconds, sums = np.zeros(2), np.zeros((2, 3, len(race.runners)))
        for (chance, clean, dq, out), scale in zip(outcomes, scales, strict=True):
            for way, loosen in enumerate((1.0, scale)):
                spent, answer = least_cpu(options.tries, clean, dq, out, True, loosen)
                seconds[way] += spent
                sums[way] += chance * np.stack([answer.place, answer.show, answer.show_bound])
        (place, show, bound), (new_place, new_show, new_bound) = sums
        print(
            f"{name}: {len(outcomes)} outcomes (chances {min(c for c, *_ in outcomes):.4f}-"
            f"{max(c for c, *_ in outcomes):.4f}); CPU {seconds[1]:.3f} s against "
            f"{seconds[0]:.3f} ({seconds[1] / seconds[0]:.2f}); show bound {new_bound.max():.2e} "
            f"against {bound.max():.2e}; place within {np.abs(new_place - place).max():.1e}; "
            f"show lower by at most {(show - new_show).max():.1e}, its upper end higher by at "
            f"most {(new_show + new_bound - show - bound).max():.1e}"
        )


if __name__ == "__main__":
    main()
