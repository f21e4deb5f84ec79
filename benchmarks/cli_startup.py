"""How long `homestretch --help` and every command's `--help` take (issue 17).

Each command is started afresh in its own process, as a person at the terminal starts
it; the best of ``RUNS`` is kept (the least disturbed by other work on the machine),
both on the wall clock and in CPU time (user + system of the child). Target: under
0.3 s for each. Also prints what ``import homestretch.cli.main`` costs, and which heavy
libraries each command's help pulls in (none should). Run with
`.venv/bin/python benchmarks/cli_startup.py`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import typer

from homestretch.cli.main import HEAVY_LIBRARIES, app

TARGET = 0.3
RUNS = 5
ENTRY = "from homestretch.cli.main import run; run()"
PROBE = (
    "import sys, atexit\n"
    f"atexit.register(lambda: print(*[m for m in {HEAVY_LIBRARIES!r} if m in sys.modules], file=sys.stderr))\n"
    + ENTRY
)


def command_paths() -> list[list[str]]:
    """Every command and group, found by walking the click tree (this loads them all)."""
    paths: list[list[str]] = [[]]

    def walk(command: typer.core.TyperGroup | object, path: list[str]) -> None:
        if not isinstance(command, typer.core.TyperGroup):
            return
        ctx = typer._click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            paths.append([*path, name])
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return paths


def timed(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds for one fresh process."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu


def best(args: list[str]) -> tuple[float, float]:
    runs = [timed(args) for _ in range(RUNS)]
    return min(w for w, _ in runs), min(c for _, c in runs)


def heavy_imports(path: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *path, "--help"], capture_output=True, text=True
    )
    return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""


def main() -> None:
    bare_wall, bare_cpu = best([sys.executable, "-c", "pass"])
    import_wall, import_cpu = best([sys.executable, "-c", "import homestretch.cli.main"])
    print(f"python itself: {bare_wall:.3f} s wall, {bare_cpu:.3f} s CPU (best of {RUNS})")
    print(f"import homestretch.cli.main: {import_wall:.3f} s wall, {import_cpu:.3f} s CPU")
    print(f"{'command':34} {'wall s':>7} {'CPU s':>6} {'of target':>9}  heavy imports")
    worst = 0.0
    for path in command_paths():
        wall, cpu = best([sys.executable, "-c", ENTRY, *path, "--help"])
        worst = max(worst, cpu)
        name = " ".join(["homestretch", *path, "--help"])
        print(f"{name:34} {wall:7.3f} {cpu:6.3f} {cpu / TARGET:9.2f}  {heavy_imports(path) or '-'}")
    verdict = "met" if worst < TARGET else "NOT met"
    print(
        f"slowest --help: {worst:.3f} s CPU, {worst / TARGET:.2f} of the {TARGET} s target: {verdict}"
    )


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
