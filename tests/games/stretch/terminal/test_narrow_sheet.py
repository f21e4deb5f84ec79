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


def _column(text: str, heading: str, entries: list[dict]) -> dict[int, str]:
    """Each post's cell under ``heading`` (its two-line heading's second word) on the
    scoresheet, read off at the heading's right edge (the sheet's numbers are right-aligned)."""
    sheet = text[text.index("Scoresheet") : text.index("Result  (")]
    lines = sheet.splitlines()
    top, word = heading.split()
    at = next(i for i, line in enumerate(lines) if f" {top} " in f"{line} ")
    below = lines[at + 1]
    end = below.index(f" {word}", lines[at].index(top) - 2) + 1 + len(word)
    cells: dict[int, str] = {}
    for line in lines[at + 3 : at + 3 + len(entries)]:  # below the rule, that table's rows
        for entry in entries:
            if line.startswith(f"{entry['post']:>3}  {entry['horse']} "):
                cells[entry["post"]] = line[:end].split()[-1]
    return cells


@pytest.mark.parametrize("width", [80, 140])
def test_the_sheet_shows_who_dropped_back_turning_for_home(width: int) -> None:
    """Ruling S30 drops a horse back at the top of the stretch; the call and the JSON
    said so and the paper scoresheet did not. Seed 4 drops Overlap 4 points, Aspire 2
    and Homeboykris 1 (checked in the JSON first, so a change of charts says so)."""
    race = ["2009-champagne-stakes", "--mode", "full", "--seed", "4", "--no-save"]
    entries = json.loads(_run(140, *race, "-f", "json"))["entries"]
    assert [e["drop_back"] for e in entries] == [0, -4, -2, 0, 0, -1]
    text = _run(width, *race)
    assert all(len(line) <= width for line in text.splitlines())
    cells = _column(text, "Drop back", entries)
    assert cells == {e["post"]: str(e["drop_back"]) for e in entries}
    if width == 80:  # in the half up to the turn, beside the Final APR it is read from
        second = text.index("Scoresheet: the stretch")
        assert "Drop" in text[:second] and "Drop" not in text[second:]
    assert "counted in R3" in text  # the R3 column already has it: not taken off twice


@pytest.mark.parametrize(("mode", "seed"), [("full", "6"), ("quick", "4")])
def test_no_drop_back_column_where_nobody_dropped_back(mode: str, seed: str) -> None:
    """As the Photo and DQ die columns: only when there is something to write in it."""
    race = ["2009-champagne-stakes", "--mode", mode, "--seed", seed, "--no-save"]
    entries = json.loads(_run(140, *race, "-f", "json"))["entries"]
    assert not any(e.get("drop_back") for e in entries)
    assert "Drop" not in _run(140, *race)
