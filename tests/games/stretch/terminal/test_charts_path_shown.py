"""A --charts folder in what the commands print: as the person named it or relative to
the current folder (it was the whole absolute path), while the path a saved run keeps
still finds the charts from another folder."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import run_cache

from homestretch.core.inputs import shown_path

STANDARD = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"


def _command(where: Path, *args: str, status: int = 0) -> subprocess.CompletedProcess[str]:
    """The real command run in the folder ``where``, with a store beside it."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        cwd=where,
        env={"HOMESTRETCH_DB": str(where.parent / "runs.sqlite"), "PATH": "/usr/bin:/bin"}
        | run_cache(),
    )
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    return done


def _notes(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("note:")]


def test_the_charts_folder_is_named_as_typed_and_a_saved_run_finds_it_elsewhere(
    tmp_path: Path,
) -> None:
    home, elsewhere = tmp_path / "races", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(STANDARD, home / "old")
    (home / "old" / "going.csv").unlink()  # a set copied before going.csv: a note names it
    race = ("stretch", "run", "allowance-turf-route", "--seed", "5", "-f", "json")
    for given in ("old", str(home / "old")):  # typed relative, or whole
        ran = _command(home, *race, "--charts", given)
        (note,) = _notes(ran)
        assert "note: old has no going.csv" in note and "going.csv into old." in note, note
        assert str(tmp_path) not in ran.stderr
    run_id = str(json.loads(ran.stdout)["run_id"])
    for fmt in ("text", "json"):  # replayed from another folder: the kept path still works
        replayed = _command(elsewhere, "replay", run_id, "-f", fmt)
        (note,) = _notes(replayed)
        assert "note: ../races/old has no going.csv" in note, note
    assert json.loads(replayed.stdout)["entries"] == json.loads(ran.stdout)["entries"]


def test_a_mistake_in_the_charts_names_the_file_as_the_person_reads_it(tmp_path: Path) -> None:
    home = tmp_path / "races"
    shutil.copytree(STANDARD, home / "mine")
    (home / "mine" / "break.csv").write_text("roll,0,1\n2,5,x\n")
    race = ("stretch", "run", "2009-champagne-stakes", "--no-save")
    for given in ("mine", str(home / "mine")):
        for command in (race, ("stretch", "simulate", "2009-champagne-stakes", "-n", "10")):
            line = _command(home, *command, "--charts", given, status=2).stderr
            assert line.startswith("error: mine/break.csv: "), line
    (home / "copy" / "charts").mkdir(parents=True)
    (home / "copy" / "charts" / "chartset.toml").write_text("")
    line = _command(home, *race, "--charts", str(home / "copy"), status=2).stderr
    assert line.startswith("error: copy: is not a chart-set folder"), line


def test_a_folder_far_off_is_named_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From deep in another folder, ../../../tmp/x reads worse than /tmp/x; from / the
    whole path, not it less its first slash."""
    deep = tmp_path / "a" / "b" / "c" / "d"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert shown_path(tmp_path / "a" / "b" / "charts") == "../../charts"
    assert shown_path("/srv/charts") == "/srv/charts"
    assert shown_path("typed/charts") == "typed/charts"
    monkeypatch.chdir("/")
    assert shown_path(tmp_path / "charts") == str(tmp_path / "charts")


def test_a_replay_refused_for_its_charts_names_the_folder_from_here(tmp_path: Path) -> None:
    """The run keeps the whole path; the refusal of a replay whose charts changed or went
    names it from the folder the replay is asked in."""
    home, elsewhere = tmp_path / "races", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(STANDARD, home / "mine")
    race = ("stretch", "run", "2009-champagne-stakes", "--seed", "5", "-f", "json")
    run_id = str(json.loads(_command(home, *race, "--charts", "mine").stdout)["run_id"])
    toml = home / "mine" / "chartset.toml"
    toml.write_text(toml.read_text("utf-8") + "\n# a house rule\n", "utf-8")
    line = _command(elsewhere, "replay", run_id, status=2).stderr
    assert line.startswith("error: the chart set in ../races/mine changed after this run"), line
    shutil.rmtree(home / "mine")
    line = _command(elsewhere, "replay", run_id, status=2).stderr
    assert line.startswith("error: this run used the chart set in ../races/mine, which is gone")
