"""What docs/stretch-formats.md's chart-set table says a designer must and may write,
held to the loader: a set written from the doc alone ran into refusals the doc did not
mention (a missing `seconds_per_length` or `[payoffs]` key; a field size, an odds-class
difference or a pace band skipped), and left the optional keys unsaid."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.stretch.content.chart_set import STANDARD

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "stretch-formats.md").read_text(encoding="utf-8")
RUNNER = CliRunner()
PAYOFFS = ("stake", "win_share", "place_share", "show_share", "minimum")


RACE = ["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--seed", "2", "--no-save"]


def _runs(charts: Path) -> None:
    """A bundled race runs on ``charts``."""
    done = RUNNER.invoke(app, [*RACE, "--charts", str(charts), "--format", "json"])
    assert done.exit_code == 0, done.output


def _refusal(charts: Path) -> str:
    """The one line a bundled race on ``charts`` is refused in (exit status 2)."""
    return refused(charts.parent, *RACE, "--charts", str(charts))


@pytest.fixture
def charts(tmp_path: Path) -> Path:
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    return folder


def _chartset(charts: Path, drop: str) -> None:
    """chartset.toml without the line setting ``drop`` (or the whole ``[drop]`` table)."""
    path = charts / "chartset.toml"
    text = path.read_text(encoding="utf-8")
    if drop in ("payoffs", "odds"):
        text = re.sub(rf"(?ms)^\[{drop}\].*?(?=^\[|\Z)", "", text)
    else:
        text = re.sub(rf"(?m)^{drop} *=.*\n", "", text)
    assert text != path.read_text(encoding="utf-8"), drop
    path.write_text(text, encoding="utf-8")


def test_the_doc_names_what_chartset_toml_may_leave_out() -> None:
    row = next(line for line in DOC.splitlines() if line.startswith("| `chartset.toml`"))
    assert "`description` (optional)" in row and "(optional) `[odds]`" in row
    assert "(optional) `[turning_for_home]` `even_runners`, `even_dropped`" in row
    assert "The rest is required" in row


@pytest.mark.parametrize("drop", ["description", "odds"])
def test_what_the_doc_calls_optional_may_be_left_out(charts: Path, drop: str) -> None:
    _chartset(charts, drop)
    _runs(charts)


@pytest.mark.parametrize("drop", ["name", "seconds_per_length", "payoffs", *PAYOFFS])
def test_the_rest_of_chartset_toml_is_required(charts: Path, drop: str) -> None:
    _chartset(charts, drop)
    said = _refusal(charts)
    assert "chartset.toml" in said and drop in said, said


@pytest.mark.parametrize(
    ("chart", "first", "said_in_the_doc"),
    [
        ("race_pace_field.csv", "2,", "a row for each field size, none skipped"),
        ("odds_class.csv", "0,", "`difference` 0, 1, ..., none skipped"),
        ("race_position_gap.csv", "0,", "`difference` 0, 1, 2, ..., none skipped"),
        ("race_position_rank.csv", "1,", "`rank` 1, 2, 3, ..., none skipped"),
        ("race_position_rank_even.csv", "1,", "`rank` 1, 2, 3, ..., none skipped"),
    ],
)
def test_a_row_left_out_of_a_counted_chart_is_refused(
    charts: Path, chart: str, first: str, said_in_the_doc: str
) -> None:
    """The chart's second row (a field of 3, a difference of 1) left out."""
    path = charts / chart
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[1].startswith(first)
    path.write_text("".join(lines[:2] + lines[3:]), encoding="utf-8")
    said = _refusal(charts)
    assert chart in said and "without gaps" in said, said
    assert said_in_the_doc in DOC


def test_race_pace_bands_must_adjoin(charts: Path) -> None:
    path = charts / "race_pace.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    low, high, *rest = lines[1].split(",")
    lines[1] = ",".join([low, str(int(high) - 1), *rest])  # a gap before the next band
    path.write_text("".join(lines), encoding="utf-8")
    said = _refusal(charts)
    assert "race_pace.csv" in said and "gap" in said, said
    assert "each starting one above the last's `high`" in DOC
