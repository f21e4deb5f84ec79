"""`stretch odds` titles its table on a line of its own: as the table's title it wrapped at
the table's width (some 70 columns for eight), mid-sentence on an 80-column terminal
("Claiming $5,000 (quickplay): exact chances, every chart outcome" / "counted")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app

RUNNER = CliRunner()


@pytest.mark.parametrize(
    ("options", "title"),
    [
        (
            ["--mode", "quick"],
            "Claiming $5,000 (quickplay): exact chances, every chart outcome counted",
        ),
        (
            ["--mode", "full", "--runs", "4000", "--seed", "2"],
            "Claiming $5,000 (fullplay): 4,000 races run; win chances within ",
        ),
    ],
)
def test_the_odds_title_is_one_line_at_80_columns(options: list[str], title: str) -> None:
    said = RUNNER.invoke(
        app, ["stretch", "odds", "claiming-route-big-field", *options], env={"COLUMNS": "80"}
    )
    assert said.exit_code == 0, said.output
    (line,) = [line for line in said.stdout.splitlines() if line.startswith("Claiming $5,000")]
    assert line.startswith(title) and line.rstrip().endswith(("counted", "(95%)"))
    assert len(line.rstrip()) <= 80
