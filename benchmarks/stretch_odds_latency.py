"""An answer nobody waits for: how soon `stretch odds` shows something true (issue 17).

For fields of 6 to 20 horses, in CPU time (best of ``REPEATS``, in this one run): the
exact win chances alone, the win chances with proven place and show brackets (target:
under 0.1 s), and a kept answer read back from the cache; with the widest bracket.
Then, on the wall clock, a fresh `homestretch stretch odds` process: how long until the
first table is on the screen, and, asked again, until the exact table is. The exact
place and show sums themselves are timed by benchmarks/stretch_kernel.py.
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


def cpu(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def first_line_after(args: list[str], env: dict[str, str], marker: str) -> float:
    """Wall seconds from starting a process to its first stdout line holding ``marker``."""
    start = time.perf_counter()
    with subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if marker in line:
                seen = time.perf_counter() - start
                child.kill()
                return seen
    raise RuntimeError(f"{marker!r} never shown")


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

        env = dict(os.environ, HOMESTRETCH_CACHE=str(Path(folder) / "fresh"))
        command = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        command += ["stretch", "odds", "2009-champagne-stakes"]
        shown = first_line_after(command, env, "proven within")
        print(
            f"a fresh `stretch odds` (6 horses, nothing kept): brackets on screen after {shown:.2f} s wall"
        )
        subprocess.run(command, env=env, check=True, capture_output=True)  # computes, keeps
        again = first_line_after(command, env, "exact chances")
        print(f"asked again: the exact table on screen after {again:.2f} s wall")


if __name__ == "__main__":
    main()
