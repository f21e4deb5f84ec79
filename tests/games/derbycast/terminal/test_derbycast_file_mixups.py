"""A Derby Cast file given where another kind goes: the odds table `derbycast content
FOLDER --part odds-table` copies (its comment lines first) given to `derbycast races`
was refused as a results file with unknown columns, the comment line named as one. Each
command that reads a file says plainly what the file is and where that kind goes, in
one line, exit status 2; and a file of the right kind with a mistake in it is still
told its mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.errors import ContentError
from homestretch.games.derbycast.content.file_kinds import OtherKindOfFile
from homestretch.games.derbycast.content.odds_table import table_from_json
from homestretch.games.derbycast.content.results_file import uploaded_card
from homestretch.games.stretch.api import bundled_race_files

SAMPLES = Path(__file__).parents[4] / "samples" / "derbycast"
PLAY = ["derbycast", "play", "--players", "Ann", "--bots", "1"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The odds table as `content --part odds-table` copies it, a results file (CSV and
    JSON) and a Top of the Stretch race file."""
    folder = tmp_path_factory.mktemp("cast")
    copied = CliRunner().invoke(
        app, ["derbycast", "content", str(folder / "cast"), "--part", "odds-table"]
    )
    assert copied.exit_code == 0, copied.output
    table = folder / "cast" / "odds_table.csv"
    assert table.read_text().startswith("#")  # its comment line, which was named a column
    bare = folder / "bare_table.csv"  # the comment lines taken out by hand
    bare.write_text("".join(ln for ln in table.read_text().splitlines(True) if ln[0] != "#"))
    race = next(p for p in bundled_race_files() if p.suffix == ".toml")
    return {
        "table": table,
        "bare table": bare,
        "results": SAMPLES / "saturday_card.csv",
        "results json": SAMPLES / "saturday_card.json",
        "race": race,
    }


TABLE_SAID = "this is an odds table (its columns are odds,win,place,show)"
RESULTS_SAID = "this is a results file (races and their horses), not an odds table"
RACE_SAID = "this is a Top of the Stretch race file (TOML)"


@pytest.mark.parametrize(
    ("args", "file", "said"),
    [
        # the brief's case: the copied odds table checked as races
        (["derbycast", "races"], "table", f"{TABLE_SAID}, not a results file"),
        (["derbycast", "races"], "bare table", f"{TABLE_SAID}, not a results file"),
        ([*PLAY, "--source"], "table", f"{TABLE_SAID}, not a results file"),
        ([*PLAY, "--source", "simulate", "--race"], "table", f"{TABLE_SAID}, not a Top"),
        (["derbycast", "table", "--table"], "results", RESULTS_SAID),
        (["derbycast", "table", "--table"], "results json", RESULTS_SAID),
        (
            ["derbycast", "points", "5-2", "--bet", "win", "--finish", "1", "--table"],
            "results",
            RESULTS_SAID,
        ),
        ([*PLAY, "--table"], "results", RESULTS_SAID),
        (
            [*PLAY, "--source", "simulate", "--race"],
            "results",
            "this is a results file (races and their horses), not a Top of the Stretch race",
        ),
        (["derbycast", "races"], "race", f"{RACE_SAID}, not a results file"),
        ([*PLAY, "--source"], "race", f"{RACE_SAID}, not a results file"),
        (["derbycast", "table", "--table"], "race", f"{RACE_SAID}, not an odds table"),
    ],
)
def test_a_file_of_another_kind_is_said_what_it_is_and_where_it_goes(
    tmp_path: Path, files: dict[str, Path], args: list[str], file: str, said: str
) -> None:
    path = files[file]
    line = refused(tmp_path, *args, str(path))
    assert line.startswith(f"error: {path}: {said}"), line
    goes = {
        "table": f"give it to --table (homestretch derbycast table --table {path} shows it)",
        "results": f"give it to --source (homestretch derbycast races {path} checks it)",
        "race": f"give it to --race, with --source simulate (homestretch derbycast play "
        f"--source simulate --race {path})",
    }
    kind = "results" if file.startswith("results") else file.split()[-1]
    assert line.endswith(goes[kind]), line


def test_the_right_kind_with_a_mistake_is_still_told_its_mistake(tmp_path: Path) -> None:
    """Only a file plainly of another kind is named so: a results file missing its odds
    column, or an odds table with a column misspelt, is told what is wrong with it."""
    results = tmp_path / "card.csv"
    results.write_text("race,horse,price\nDowns 1,Ace,2-1\n")
    line = refused(tmp_path, "derbycast", "races", str(results))
    assert "missing column(s) odds; unknown column(s) price" in line and "this is" not in line
    table = tmp_path / "mine.csv"
    table.write_text("odds,win,place,shw\n1/9,1,0,0\n")
    line = refused(tmp_path, "derbycast", "table", "--table", str(table))
    assert "the header must be odds,win,place,show (not odds,win,place,shw)" in line
    assert "this is" not in line


def test_the_lobby_is_told_too_without_the_command_line(files: dict[str, Path]) -> None:
    """An odds table uploaded as the day's card, a day's card as the odds table: the
    same words, without an option the lobby has none of."""
    with pytest.raises(OtherKindOfFile) as caught:
        uploaded_card("odds_table.csv", files["table"].read_text())
    assert str(caught.value) == f"odds_table.csv: {TABLE_SAID}, not a day's card"
    with pytest.raises(ContentError) as told:
        table_from_json({"file": "day_card.csv", "text": (SAMPLES / "day_card.csv").read_text()})
    assert str(told.value) == f"day_card.csv: {RESULTS_SAID}"
