"""An answer nobody waits for: how soon `stretch odds` shows something true (issue 17).

The target: within 0.1 s, the exact win chances with proven place and show brackets.

In a running process (the web server's race page), for fields of 6 to 20 horses, in CPU
time (best of ``REPEATS``): the exact win chances alone, the win chances with the
brackets, and a kept answer read back from the cache; with the widest bracket.

Then fresh `homestretch stretch odds` processes, as a person or a script starts them,
for 6 horses (the Champagne Stakes) and 12 (the claiming big field): how long until the
brackets are out, and, asked again, until the kept exact answer is, on the wall clock
and in the CPU time the process has used when it writes the line (on a busy machine the
CPU is the figure to trust), best of ``FRESH`` runs taken in turn. Beside them, measured
in the same run, the floor no `stretch odds` can go under: Python starting, Python
importing typer (with the pydantic it checks options with), rich and NumPy, and a
one-command typer app that imports NumPy and prints a rich table. The odds' own work is
a run's CPU less the import floor's. Each figure is printed against the target with
"met" or "NOT MET". The exact place and show sums are timed by
benchmarks/stretch_exact.py.
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
FRESH = 7
RACES = (("2009-champagne-stakes", 6), ("claiming-route-big-field", 12))


def cpu(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def verdict(seconds: float) -> str:
    return "met" if seconds < TARGET else "NOT MET"


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

ODDS = "from homestretch.cli.main import run; run()"
IMPORTS = "import typer, typer._adapters, rich.console, rich.table, numpy; print('up')"
TYPER_APP = """
import typer

app = typer.Typer()

@app.command()
def odds(race: str, mode: str = "quick", runs: int = 400_000, early: bool = False) -> None:
    import numpy as np
    from rich.console import Console
    from rich.table import Table

    table = Table("PP", "Win", title=race)
    for post, win in enumerate(np.full(6, 1 / 6), start=1):
        table.add_row(str(post), f"{win:.1%}")
    Console().print(table)

app()
"""
"""The least a typer command that prints a NumPy figure in a rich table does."""
LOADED = """
import atexit, sys
atexit.register(lambda: print("numba", "numba" in sys.modules, file=sys.stderr))
"""


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


class Case:
    """A command started afresh FRESH times (taken in turn with the others): its best."""

    def __init__(self, what: str, code: str, args: list[str], marker: str, cache: str | None):
        self.what, self.code, self.args, self.marker, self.cache = what, code, args, marker, cache
        self.wall = self.cpu = float("inf")

    def run(self, folder: str, turn: int) -> None:
        cache = self.cache or str(Path(folder) / f"{self.what}-{turn}")  # nothing kept
        env = dict(os.environ, HOMESTRETCH_CACHE=cache)
        wall, cpu = first_line_after(self.code, self.args, env, self.marker)
        self.wall, self.cpu = min(self.wall, wall), min(self.cpu, cpu)

    def row(self, floor: Case | None = None) -> None:
        figures = f"{self.what:44} {self.wall:6.3f} {self.cpu:6.3f} {self.cpu / TARGET:6.1f}"
        figures += f" {verdict(self.cpu):>7}"
        if floor is None:
            print(figures)
            return
        own = self.cpu - floor.cpu
        print(f"{figures} {own:6.3f} {verdict(own):>7}")


def fresh_processes(folder: str) -> None:
    """The brackets, then (asked again) the kept exact answer, from fresh processes."""
    kept = str(Path(folder) / "kept")
    python = Case("python starting", "print('up')", [], "up", None)
    imports = Case("python importing typer, rich, numpy", IMPORTS, [], "up", None)
    app = Case("a typer command printing a NumPy table", TYPER_APP, ["race"], "PP", None)
    floors = [python, imports, app]
    odds: list[Case] = []
    for race, horses in RACES:
        command = ["stretch", "odds", race]
        env = dict(os.environ, HOMESTRETCH_CACHE=kept)
        subprocess.run(
            [sys.executable, "-c", ODDS, *command], env=env, check=True, capture_output=True
        )
        odds += [
            Case(f"{horses} horses: brackets out", ODDS, command, "proven within", None),
            Case(f"{horses} horses: kept exact answer out", ODDS, command, "exact chances", kept),
        ]
    early = ["stretch", "odds", RACES[0][0], "--format", "json", "--early"]
    odds.insert(1, Case("6 horses, json --early: first line", ODDS, early, '"final": false', None))
    for turn in range(FRESH):
        for case in floors + odds:
            case.run(folder, turn)

    print(
        f"\nfresh processes (best of {FRESH}; wall and CPU seconds; x the {TARGET} s target on "
        "the CPU; own: the CPU less the import floor's)"
    )
    print(f"{'':44} {'wall':>6} {'CPU':>6} {'x':>6} {'':>7} {'own':>6} {'':>7}")
    for case in floors:
        case.row()
    for case in odds:
        case.row(imports)
    loaded = subprocess.run(
        [sys.executable, "-c", LOADED + ODDS, "stretch", "odds", RACES[1][0]],
        env=dict(os.environ, HOMESTRETCH_CACHE=kept),
        check=True,
        capture_output=True,
        text=True,
    ).stderr
    (told,) = [line for line in loaded.splitlines() if line.startswith("numba ")]  # or fail
    print(f"a kept answer from a fresh process loads Numba: {told == 'numba True'}")

    worst = max(case.cpu for case in odds)
    own = max(case.cpu - imports.cpu for case in odds)
    print(
        f"a fresh process to the first answer: {worst:.3f} s CPU at worst, "
        f"{worst / TARGET:.1f}x the target: {verdict(worst)}"
    )
    print(
        f"  of which typer, rich and numpy imported: {imports.cpu:.3f} s, "
        f"{imports.cpu / TARGET:.1f}x the target before any odds work: {verdict(imports.cpu)}"
    )
    print(
        f"  the odds' own work beyond that floor: {own:.3f} s at worst: {verdict(own)} "
        f"({worst - app.cpu:.3f} s beyond a typer command printing a NumPy table)"
    )


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
        print(
            f"in a running process (the web race page), the slowest brackets: {worst:.3f} s CPU, "
            f"{worst / TARGET:.2f} of the {TARGET} s target: {verdict(worst)}"
        )

        fresh_processes(folder)


if __name__ == "__main__":
    main()
