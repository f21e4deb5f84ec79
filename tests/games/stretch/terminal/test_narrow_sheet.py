"""The scoresheet in a narrow terminal (80 columns): every runner's finish is shown."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _run(width: int, *args: str) -> str:
    """`stretch run` in a process of its own whose terminal is `width` columns: rich fixes a
    console's width when it is made, so in the test process a console made earlier under
    another COLUMNS (the whole suite's order) would draw at that width instead."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", "stretch", "run"]
        + list(args),
        env={**os.environ, "COLUMNS": str(width)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _sheet_rows(text: str, entries: list[dict]) -> dict[int, list[str]]:
    """Each post's rows on the scoresheet (one per table the sheet is drawn in), as cells."""
    sheet = text[text.index("Scoresheet") : text.index("Result  (")]
    rows: dict[int, list[str]] = {e["post"]: [] for e in entries}
    for line in sheet.splitlines():
        for entry in entries:
            if line.startswith(f"{entry['post']:>3}  {entry['horse']} "):
                rows[entry["post"]].append(line)
    return rows


@pytest.mark.parametrize(
    ("mode", "seed"),
    [("full", "3"), ("full", "12"), ("quick", "21"), ("quick", "3")],
    # Fullplay with and without a DQ die; Quickplay with one (a DQ'd runner) and without
)
def test_every_finish_is_on_the_sheet_in_80_columns(mode: str, seed: str) -> None:
    """The Fullplay sheet ran past 80 columns and rich cut its last columns (Speed
    figure, Photo, DQ die, Fin) without a word: a fan could not see who finished where."""
    race = ["dream-derby", "--mode", mode, "--seed", seed, "--no-save"]
    entries = json.loads(_run(140, *race, "-f", "json"))["entries"]
    text = _run(80, *race)
    assert all(len(line) <= 80 for line in text.splitlines())
    for post, rows in _sheet_rows(text, entries).items():
        entry = next(e for e in entries if e["post"] == post)
        finish = {"disqualified": f"{entry['finish']} DQ"}.get(
            entry["status"], str(entry["finish"])
        )
        assert rows and rows[-1].rstrip().endswith(f"  {finish}"), (post, rows)
        speed = f"  {entry['final_speed']}  "
        assert any(speed in row for row in rows), (post, rows)  # the figure is whole


def test_a_wide_terminal_keeps_the_sheet_whole() -> None:
    text = _run(140, "dream-derby", "--mode", "full", "--seed", "3", "--no-save")
    titles = [line.strip() for line in text.splitlines() if line.startswith("Scoresheet")]
    assert titles == ["Scoresheet"]
    narrow = _run(80, "dream-derby", "--mode", "full", "--seed", "3", "--no-save")
    assert "Scoresheet: to the stretch" in narrow and "Scoresheet: the stretch" in narrow
