"""The benchmark scripts' options: every script answers --help with its usage and does
nothing else (a dozen read sys.argv by hand: --help started the whole measurement, for
minutes, or stopped on "invalid literal for int()", and profiled_serve.py wrote its
profile to a file named --help), and the ones that seat computer players take --bot as
the games' commands do (the tournaments took only --kinds, still read, hidden)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
NOT_SCRIPTS = {"paired.py", "stretch_fields.py", "bot_options.py"}
"""Modules the scripts import, run by none."""
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py") if p.name not in NOT_SCRIPTS)


def script(tmp_path: Path, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``benchmarks/NAME ARGS`` run from an empty folder, as a person would run it."""
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / name), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )


def test_the_modules_that_are_not_scripts_are_named_in_the_readme() -> None:
    readme = (BENCHMARKS / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme or name == "bot_options.py" for name in NOT_SCRIPTS)
    assert len(SCRIPTS) > 40


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_benchmark_script_answers_help(tmp_path: Path, name: str) -> None:
    done = script(tmp_path, name, "--help")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: "), done.stdout[:500]
    assert list(tmp_path.iterdir()) == []  # nothing measured, nothing written


def test_the_tournaments_seat_the_kinds_bot_names(tmp_path: Path) -> None:
    rows = _json(tmp_path, "across_tournament.py", "--bot", "never-bet,random,never-bet")
    assert {row["kind"]: row["seats"] for row in rows} == {"never-bet": 2, "random": 1}
    kinds = {
        row["kind"]: row["seats"]
        for row in _json(tmp_path, "across_tournament.py", "--bots", "3", "--bot", "random")
    }
    assert kinds == {"random": 3}
    old = _json(tmp_path, "across_tournament.py", "--kinds", "random,never-bet")
    assert {row["kind"]: row["seats"] for row in old} == {"random": 2, "never-bet": 2}
    toto = script(tmp_path, "totopoly_tournament.py", "1", "--short", "--bot", "random,random")
    assert toto.returncode == 0 and "2 players" in toto.stdout, toto.stderr
    for name, args, said in (
        ("across_tournament.py", ["--bot", "sensibel"], "--bot sensibel: did you mean sensible?"),
        ("across_tournament.py", ["--bot", "random,random"], "seats 3 to 7 players"),
        ("across_tournament.py", ["--bots", "5"], "--bots 5: say their kinds with --bot"),
        ("totopoly_tournament.py", ["--bot", "random"], "count them with --bots N"),
        ("totopoly_tournament.py", ["--kinds", "random,clever"], "--kinds clever: write"),
    ):
        refused = script(tmp_path, name, *args)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert refused.stderr.startswith("error: ") and said in refused.stderr, refused.stderr


def _json(tmp_path: Path, name: str, *args: str) -> list[dict[str, object]]:
    """The kinds' rows of one game of ``name`` with ``args``."""
    done = script(tmp_path, name, "--games", "1", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["kinds"]
    assert isinstance(rows, list)
    return rows
