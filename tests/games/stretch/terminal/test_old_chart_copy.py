"""A chart set copied out before the standard set gained its drop-back charts (rulings S30,
S31) runs without them and is named an "edited copy" though nobody edited it: `stretch
run` and `stretch odds` say so in one line, what it changes and how to add what is
missing, and following that line brings the copy up to date (no note, no "edited")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import run_cache

STANDARD = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
RUN = ("stretch", "run", "2009-champagne-stakes", "--mode", "full", "--seed", "1", "--no-save")
ODDS = ("stretch", "odds", "2009-champagne-stakes")


def _command(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        cwd=where,
        env={"HOMESTRETCH_DB": str(where / "runs.sqlite"), "PATH": "/usr/bin:/bin"} | run_cache(),
        timeout=300,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done


def _notes(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("note:")]


def test_a_copy_from_before_s31_says_what_it_lacks_and_how_to_add_it(tmp_path: Path) -> None:
    shutil.copytree(STANDARD, tmp_path / "old")
    for name in ("race_position_rank.csv", "race_position_rank_even.csv"):
        (tmp_path / "old" / name).unlink()
    for command in (RUN, ODDS):
        (note,) = _notes(_command(tmp_path, *command, "--charts", "old"))
        assert note.startswith(
            "note: old has no race_position_rank.csv or race_position_rank_even.csv (copied "
            "before 2026-12-07), all that makes it an edited copy: in Fullplay, turning for "
            "home, a horse rated 9th or worse in a field of nine or more does not drop back;"
        ), note
        assert "(rulings S31, S33); no result or chance changes." in note, note
        assert note.endswith(
            "run `homestretch stretch content NEW --part charts` and copy "
            "NEW/charts/race_position_rank.csv and NEW/charts/race_position_rank_even.csv "
            "into old."
        ), note
    # done as the note says: the copy is today's standard set again
    _command(tmp_path, "stretch", "content", "NEW", "--part", "charts")
    for name in ("race_position_rank.csv", "race_position_rank_even.csv"):
        shutil.copy(tmp_path / "NEW/charts" / name, tmp_path / "old")
    ran = _command(tmp_path, *RUN, "--charts", "old")
    assert _notes(ran) == [] and "edited copy" not in ran.stdout, ran.stderr
    assert "charts: homestretch standard\n" in ran.stdout, ran.stdout[:400]


def test_a_copy_from_before_s30_names_both_and_an_edited_one_is_not_called_unedited(
    tmp_path: Path,
) -> None:
    shutil.copytree(STANDARD, tmp_path / "older")
    added = ("race_position_gap.csv", "race_position_rank.csv", "race_position_rank_even.csv")
    for name in added:
        (tmp_path / "older" / name).unlink()
    (note,) = _notes(_command(tmp_path, *RUN, "--charts", "older"))
    assert note.startswith(
        "note: older has no race_position_gap.csv, race_position_rank.csv or "
        "race_position_rank_even.csv (copied before 2026-12-06), all that makes it an "
        "edited copy: in Fullplay, turning for home, a horse 4 or more points below the "
        "best rating does not drop back;"
    ), note
    assert "(rulings S30, S31, S33)" in note and note.endswith(
        "copy NEW/charts/race_position_gap.csv, NEW/charts/race_position_rank.csv and "
        "NEW/charts/race_position_rank_even.csv into older."
    ), note
    trouble = tmp_path / "older" / "trouble.csv"  # edited besides: not "all that makes it"
    trouble.write_text(trouble.read_text() + "\n")
    (note,) = _notes(_command(tmp_path, *RUN, "--charts", "older"))
    assert note.startswith(
        "note: older has no race_position_gap.csv, race_position_rank.csv or "
        "race_position_rank_even.csv (copied before 2026-12-06): in Fullplay"
    ), note


def test_the_standard_set_and_a_whole_copy_say_nothing(tmp_path: Path) -> None:
    shutil.copytree(STANDARD, tmp_path / "whole")
    assert _notes(_command(tmp_path, *RUN)) == []
    assert _notes(_command(tmp_path, *RUN, "--charts", "whole")) == []
