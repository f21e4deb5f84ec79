"""A --cards folder in what the commands print, as --charts is: as the person named it
or relative to the current folder (it was the whole absolute path), in the refusals of
`stretch cards`, `stretch new` and `serve` and in a race file's card set's mistakes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import run_cache

CARDS = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/cards"


def _refused(where: Path, *args: str) -> str:
    """The one line the real command, run in the folder ``where``, refuses with."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        cwd=where,
        env={"HOMESTRETCH_DB": str(where.parent / "runs.sqlite"), "PATH": "/usr/bin:/bin"}
        | run_cache(),
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert str(where.parent) not in line, line  # no whole path when a shorter one reads
    return line


def _edited(folder: Path, name: str, change: str, to: str = "") -> None:
    """``folder`` a copy of the standard cards with ``change`` in ``name`` made ``to``, or
    ``to`` added at its end when ``change`` is empty."""
    shutil.copytree(CARDS, folder)
    text = (folder / name).read_text(encoding="utf-8")
    edited = text.replace(change, to) if change else text + to
    assert edited != text
    (folder / name).write_text(edited, encoding="utf-8")


def test_a_card_set_named_whole_is_shown_as_from_the_current_folder(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "races", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(CARDS, home / "mine")
    _edited(home / "bad", "horses.csv", "", "x,y\n")
    _edited(home / "nohb", "jockeys.csv", "\nhouse-b,", "\nhouse-z,")
    _edited(home / "rb", "riders.csv", "", "nobody-1,turcotte\n")
    mine = str(home / "mine")
    line = _refused(home, "stretch", "cards", "--cards", f"{mine}/horses.csv")
    assert line == (
        "error: mine/horses.csv: is a file, not a card-set folder: name the folder that "
        "holds it (mine)"
    ), line
    line = _refused(home, "stretch", "cards", "--cards", str(home / "mien"))
    assert line == "error: mien: no such card-set folder; did you mean mine?", line
    line = _refused(elsewhere, "stretch", "cards", "--cards", str(home))
    assert line.startswith("error: ../races: is not a card-set folder (it has no horses.csv)")
    assert line.endswith("the one inside it is ../races/bad"), line
    for where, named in ((home, "mine"), (elsewhere, "../races/mine")):
        new = ("stretch", "new", str(tmp_path / "x.toml"), "-e", "secretariat-1973")
        line = _refused(where, *new, "-e", "nobody", "--cards", mine)
        assert f"no horse card 'nobody' in {named}/horses.csv." in line, line
        assert f"--cards {named}` lists the horse cards" in line, line
    new = ("stretch", "new", str(tmp_path / "x.toml"), "-e", "secretariat-1973@turcotte")
    line = _refused(home, *new, "-e", "super-saver-2009", "--cards", str(home / "nohb"))
    assert "stand-in house-b would ride, and nohb/jockeys.csv has no house-b" in line, line
    line = _refused(home, *new, "-e", "citation-1948", "--cards", str(home / "rb"))
    assert line.startswith("error: rb/riders.csv: line "), line
    for command in (("stretch", "cards"), ("serve", "--port", "0")):
        line = _refused(elsewhere, *command, "--cards", str(home / "bad"))
        assert line.startswith("error: ../races/bad/horses.csv: line "), line


def test_a_race_files_card_set_is_named_from_the_current_folder(tmp_path: Path) -> None:
    """A race file's ``cards`` is read from the race file's folder and kept whole; its
    mistakes are named from where the command is run."""
    home = tmp_path / "races"
    _edited(home / "bad", "horses.csv", "", "x,y\n")
    (home / "race.toml").write_text(
        'name = "Mine"\nfurlongs = 6\ncards = "bad"\n\n[[entries]]\nhorse = "citation-1948"\njockey = "arcaro"\n'
        '\n[[entries]]\nhorse = "secretariat-1973"\njockey = "turcotte"\n',
        encoding="utf-8",
    )
    line = _refused(home, "stretch", "run", "race.toml", "--no-save")
    assert line.startswith("error: bad/horses.csv: line "), line
