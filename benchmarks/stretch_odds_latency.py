"""An answer nobody waits for: how soon `stretch odds` shows something true (issue 17).

For fields of 6 to 20 horses, in CPU time (best of ``REPEATS``, in this one run): the
exact win chances alone, the win chances with proven place and show brackets (target:
under 0.1 s), and a kept answer read back from the cache; with the widest bracket.
Then a fresh `homestretch stretch odds` process (6 horses), as a person or a script
starts it, for the text table and for `--format json --early`: how long until the
brackets are out, and, asked again, until the exact answer is; on the wall clock and in
the child's CPU time (to the moment the line is read), best of ``FRESH`` runs, as
ratios to the target. Beside them the floor: a process that only imports what every
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


def first_line_after(args: list[str], env: dict[str, str], marker: str) -> tuple[float, float]:
    """(wall, CPU) seconds from starting a process to its first stdout line holding
    ``marker``; the child's CPU is counted up to the moment it is stopped, at that line."""
    start = time.perf_counter()
    child = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    assert child.stdout is not None
    for line in child.stdout:
        if marker in line:
            seen = time.perf_counter() - start
            child.kill()
            break
    else:
        raise RuntimeError(f"{marker!r} never shown")
    _, _, usage = os.wait4(child.pid, 0)
    child.stdout.close()
    return seen, usage.ru_utime + usage.ru_stime


def best_of(args: list[str], env: dict[str, str], marker: str) -> tuple[float, float]:
    wall, cpu = zip(*(first_line_after(args, env, marker) for _ in range(FRESH)), strict=True)
    return min(wall), min(cpu)


def fresh_process(folder: str) -> None:
    """The brackets, then (asked again) the kept exact answer, from a fresh process."""
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
    command += ["stretch", "odds", "2009-champagne-stakes"]
    floor_code = "import typer, typer._adapters, rich.table, numpy; print('up', flush=True)"
    floor = best_of([sys.executable, "-c", floor_code], dict(os.environ), "up")
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
            runs.append(first_line_after(command + extra, env, early_marker))
        early = min(w for w, _ in runs), min(c for _, c in runs)
        env = dict(os.environ, HOMESTRETCH_CACHE=str(Path(folder) / "kept"))
        subprocess.run(command, env=env, check=True, capture_output=True)  # computes, keeps
        again = best_of(command + extra, env, exact_marker)
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
