"""A copy of the standard chart set edited but left with the standard's name is said to
be one in the race's header (it read "charts: homestretch standard", as the bundled set
does); an unedited copy reads as the standard, a renamed one by its own name."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import run_cache

STANDARD = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
RACE = ("stretch", "run", "2009-champagne-stakes", "--seed", "3")


def _run(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command run in the folder ``where``, with a store beside it."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        cwd=where,
        env={"HOMESTRETCH_DB": str(where.parent / "runs.sqlite"), "PATH": "/usr/bin:/bin"}
        | {"COLUMNS": "200"}
        | run_cache(),
    )
    assert done.returncode == 0, done.stderr
    return done


def _charts_line(where: Path, *args: str) -> str:
    """The header's charts: what follows "charts: "."""
    done = _run(where, *args)
    (line,) = [line for line in done.stdout.splitlines() if "; charts: " in line]
    return line.split("; charts: ", 1)[1].strip()


def test_an_edited_copy_with_the_standard_name_is_said_to_be_one(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "races", tmp_path / "elsewhere"
    elsewhere.mkdir()
    for name in ("same", "edited", "renamed"):
        shutil.copytree(STANDARD, home / name)
    for name in ("edited", "renamed"):  # one table's cell changed
        chart = home / name / "break.csv"
        rows = chart.read_text(encoding="utf-8").splitlines(keepends=True)
        cells = rows[1].rstrip("\n").split(",")
        cells[-1] = str(int(cells[-1]) + 1)
        chart.write_text("".join([rows[0], ",".join(cells) + "\n", *rows[2:]]), "utf-8")
    toml = home / "renamed" / "chartset.toml"
    toml.write_text(
        toml.read_text("utf-8").replace('"homestretch standard"', '"fast breaks"'), "utf-8"
    )
    assert _charts_line(home, *RACE, "--no-save") == "homestretch standard"
    said = {
        name: _charts_line(home, *RACE, "--no-save", "--charts", str(home / name))
        for name in ("same", "edited", "renamed")
    }
    assert said == {
        "same": "homestretch standard",  # a copy as it was made is the standard set
        "edited": "homestretch standard (edited copy: edited)",
        "renamed": "fast breaks",
    }, said
    saved = _run(home, *RACE, "--charts", str(home / "edited"), "-f", "json")
    run_id = str(json.loads(saved.stdout)["run_id"])  # replayed from another folder
    replayed = _charts_line(elsewhere, "replay", run_id)
    assert replayed == "homestretch standard (edited copy: ../races/edited)", replayed


def test_an_edited_copy_named_from_inside_it_is_this_folder(tmp_path: Path) -> None:
    """`--charts .` from inside an edited copy read "(edited copy: .)" in the header, a
    stray dot: it now says "this folder (.)", as the refusals name the current folder
    (core/inputs.shown_folder). A run replayed from inside the folder says the same."""
    edited = tmp_path / "races" / "edited"
    shutil.copytree(STANDARD, edited)
    chart = edited / "break.csv"
    rows = chart.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = rows[1].rstrip("\n").split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    chart.write_text("".join([rows[0], ",".join(cells) + "\n", *rows[2:]]), "utf-8")
    said = _charts_line(edited, *RACE, "--no-save", "--charts", ".")
    assert said == "homestretch standard (edited copy: this folder (.))", said
    beside = tmp_path / "races" / "beside"  # its store races/runs.sqlite, as edited's
    beside.mkdir()
    saved = _run(beside, *RACE, "--charts", "../edited", "-f", "json")
    replayed = _charts_line(edited, "replay", str(json.loads(saved.stdout)["run_id"]))
    assert replayed == "homestretch standard (edited copy: this folder (.))", replayed


def test_a_runs_json_says_an_edited_copy_and_its_folder(tmp_path: Path) -> None:
    """The JSON's ``charts`` is the set's name alone: ``charts_edited`` and
    ``charts_folder`` give it the header's facts (it read as the standard set)."""
    home, elsewhere = tmp_path / "races", tmp_path / "elsewhere"
    elsewhere.mkdir()
    for name in ("same", "edited"):
        shutil.copytree(STANDARD, home / name)
    chart = home / "edited" / "break.csv"
    rows = chart.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = rows[1].rstrip("\n").split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    chart.write_text("".join([rows[0], ",".join(cells) + "\n", *rows[2:]]), "utf-8")

    def facts(*args: str) -> tuple[object, ...]:
        result = json.loads(_run(home, *RACE, "-f", "json", *args).stdout)
        return result["charts"], result["charts_edited"], result["charts_folder"], result["run_id"]

    name = "homestretch standard"
    assert facts("--no-save")[:3] == (name, False, None)
    assert facts("--no-save", "--charts", "same")[:3] == (name, False, str(home / "same"))
    *said, run_id = facts("--charts", "edited")
    assert said == [name, True, str(home / "edited")], said
    replayed = json.loads(_run(elsewhere, "replay", str(run_id), "-f", "json").stdout)
    assert (replayed["charts_edited"], replayed["charts_folder"]) == (True, str(home / "edited"))
