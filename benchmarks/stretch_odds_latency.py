"""An answer nobody waits for: how soon `stretch odds` shows something true (issue 17).

For fields of 6 to 20 horses, in CPU time (best of ``REPEATS``, in this one run): the
exact win chances alone, the win chances with proven place and show brackets (target:
under 0.1 s), and a kept answer read back from the cache; with the widest bracket.
Then a fresh `homestretch stretch odds` process (6 horses), as a person or a script
starts it, for the text table and for `--format json --early`: how long until the
brackets are out, and, asked again, until the exact answer is; on the wall clock and in
the CPU time the process has used when it writes the line, best of ``FRESH`` runs, as
ratios to the target (on a busy machine the CPU is the figure to trust). Beside them the floor: a process that only imports what every
`stretch odds` must (typer, which brings pydantic, rich, numpy). The exact place and
show sums themselves are timed by benchmarks/stretch_exact.py.
Run with `.venv/bin/python benchmarks/stretch_odds_latency.py`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from homestretch.games.stretch import exact_cache
from homestretch.games.stretch.charts import load_chart_set
from homestretch.games.stretch.exact import ExactChances, quickplay_bounds, quickplay_win_chances
from homestretch.games.stretch.exact_finish import PlaceShow
from stretch_fields import field_of

SIZES = (6, 8, 10, 12, 14, 20)
REPEATS = 5
TARGET = 0.1
FRESH = 5


def cpu(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


CLOCKED = """
import os, sys, time

class Clocked:
    # stdout, telling stderr the CPU this process has used when MARKER first goes out
    def __init__(self, out):
        self.out, self.told = out, False

    def write(self, text):
        if not self.told and os.environ["MARKER"] in text:  # told first: killed once seen
            self.told = True
            print("cpu", time.process_time(), file=sys.stderr, flush=True)
        return self.out.write(text)

    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = Clocked(sys.stdout)
"""
"""Run before a command: its CPU time (start-up included) when the line is written, as
the process itself counts it, so a busy machine's delay in reading the line adds none."""


def first_line_after(
    code: str, args: list[str], env: dict[str, str], marker: str
) -> tuple[float, float]:
    """(wall, CPU) seconds from starting ``python -c code args`` until it writes a line
    holding ``marker``: the wall as seen here, the CPU as the process counted it."""
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", CLOCKED + code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env, MARKER=marker),
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        for line in child.stdout:
            if marker in line:
                seen = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{marker!r} never shown")
        child.kill()
        told = [line for line in child.stderr.read().splitlines() if line.startswith("cpu ")]
    return seen, float(told[0].split()[1])


def best_of(code: str, args: list[str], env: dict[str, str], marker: str) -> tuple[float, float]:
    wall, cpu = zip(*(first_line_after(code, args, env, marker) for _ in range(FRESH)), strict=True)
    return min(wall), min(cpu)


def fresh_process(folder: str) -> None:
    """The brackets, then (asked again) the kept exact answer, from a fresh process."""
    command = "from homestretch.cli.main import run; run()"
    odds = ["stretch", "odds", "2009-champagne-stakes"]
    floor_code = "import typer, typer._adapters, rich.table, numpy; print('up')"
    floor = best_of(floor_code, [], dict(os.environ), "up")
    print(
        f"\na fresh process, 6 horses (best of {FRESH}; wall and CPU seconds, x the {TARGET} s target)"
    )
    print(f"{'':48} {'wall':>6} {'x':>5} {'CPU':>6} {'x':>5}")

    def row(what: str, figures: tuple[float, float]) -> None:
        wall, cpu = figures
        print(f"{what:48} {wall:6.3f} {wall / TARGET:5.1f} {cpu:6.3f} {cpu / TARGET:5.1f}")

    row("floor: python importing typer, rich, numpy", floor)
    for name, extra, early_marker, exact_marker in (
        ("text", [], "proven within", "exact chances"),
        ("json --early", ["--format", "json", "--early"], '"final": false', '"final": true'),
    ):
        runs = []
        for run in range(FRESH):
            env = dict(os.environ, HOMESTRETCH_CACHE=str(Path(folder) / f"{name}-{run}"))
            runs.append(first_line_after(command, odds + extra, env, early_marker))
        early = min(w for w, _ in runs), min(c for _, c in runs)
        env = dict(os.environ, HOMESTRETCH_CACHE=str(Path(folder) / "kept"))
        keeping = [sys.executable, "-c", command, *odds]
        subprocess.run(keeping, env=env, check=True, capture_output=True)  # computes, keeps
        again = best_of(command, odds + extra, env, exact_marker)
        row(f"{name}: brackets out, nothing kept", early)
        row(f"{name}: asked again, the exact answer out", again)
        print(f"{'':48} first line {early[1] / floor[1]:.2f}x the floor's CPU")


def main() -> None:
    charts = load_chart_set()
    print(
        f"{'horses':>6} {'win s':>7} {'brackets s':>10} {'of target':>9} {'widest':>7} {'kept s':>7}"
    )
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        os.environ["HOMESTRETCH_CACHE"] = folder
        for horses in SIZES:
            race = field_of(horses)
            win = cpu(lambda race=race: quickplay_win_chances(race, charts))
            brackets = cpu(lambda race=race: quickplay_bounds(race, charts))
            widest = quickplay_bounds(race, charts).widest
            full = np.full(horses, 0.5)
            exact_cache.keep(race, charts, ExactChances(full, PlaceShow(full, full, full)))
            kept = cpu(lambda race=race: exact_cache.cached(race, charts))
            worst = max(worst, brackets)
            print(
                f"{horses:6} {win:7.3f} {brackets:10.3f} {brackets / TARGET:9.2f} "
                f"{widest:7.2%} {kept:7.3f}"
            )
        print(f"slowest brackets: {worst:.3f} s CPU, {worst / TARGET:.2f} of the {TARGET} s target")

        fresh_process(folder)


if __name__ == "__main__":
    main()
