"""A saved run that used a folder of its own (``--charts``, ``--content``) replays
exactly from any working folder, and is refused with one line once the folder changed."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from tests.fuzz.harness import Homestretch

GAMES = Path(__file__).parents[2] / "src" / "homestretch" / "games"


def _replayed(hs: Homestretch, db: Path, cwd: Path) -> str:
    outcome = hs.run(["replay", "1", "--format", "json"], db, cwd=cwd)
    assert outcome.rc == 0 and outcome.problem() is None, outcome
    return json.dumps(json.loads(outcome.stdout), sort_keys=True)


def test_a_race_on_a_chart_folder_replays_exactly_or_says_why_not(
    hs: Homestretch, tmp_path: Path
) -> None:
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(GAMES / "stretch" / "content" / "charts" / "standard", work / "charts")
    db = tmp_path / "runs.sqlite"
    argv = ["stretch", "run", "2009-champagne-stakes", "--seed", "7", "--format", "json"]
    ran = hs.run([*argv, "--charts", "charts"], db, cwd=work)  # a relative folder
    assert ran.rc == 0, ran
    original = json.dumps(json.loads(ran.stdout), sort_keys=True)
    assert _replayed(hs, db, elsewhere) == _replayed(hs, db, work)
    final_time = work / "charts" / "final_time.csv"
    final_time.write_text(final_time.read_text().replace("1:3", "1:4", 1))
    refused = hs.run(["replay", "1"], db, cwd=elsewhere)
    assert refused.rc == 2 and refused.problem() is None, refused
    assert "changed after this run was saved" in refused.stderr
    assert original  # the run itself gave its result


def test_an_across_game_on_a_content_folder_resumes_only_on_that_content(
    hs: Homestretch, tmp_path: Path
) -> None:
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(GAMES / "across" / "content", work / "content")
    db = tmp_path / "games.sqlite"
    argv = ["across", "play", "--bots", "3", "--content", "content", "--dice", "3 4 6 1 2 2"]
    stopped = hs.run(argv, db, cwd=work)
    assert stopped.rc == 2 and "ran out" in stopped.stderr, stopped
    assert hs.run(["replay", "1"], db, cwd=elsewhere).rc == 0
    horses = work / "content" / "horses.toml"
    horses.write_text(horses.read_text() + "\n# an edit\n")
    for command in ("replay", "resume"):
        refused = hs.run([command, "1"], db, cwd=elsewhere)
        assert refused.rc == 2 and refused.problem() is None, refused
        assert "changed after this run was saved" in refused.stderr


def _as_saved_before_digests(db: Path, key: str, folder: str) -> None:
    """Make run 1 look as runs saved before this version did: its folder (``key``, with
    ``key``_digest beside it) as typed, relative, and no digest of it."""
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute("SELECT config FROM games WHERE id = 1").fetchone()
        config = json.loads(text)
        config[key] = folder
        del config[key.removesuffix("_dir") + "_digest"]
        connection.execute("UPDATE games SET config = ? WHERE id = 1", (json.dumps(config),))


def _replays_only_from_where_it_ran(hs: Homestretch, db: Path, work: Path, elsewhere: Path) -> None:
    """Run 1's relative folder is not there from ``elsewhere`` (one line), and from
    ``work`` it replays, checked against the result it saved (it has no digest)."""
    lost = hs.run(["replay", "1"], db, cwd=elsewhere)
    assert lost.rc == 2 and lost.problem() is None, lost
    assert "relative to the folder it was run from" in lost.stderr
    same = hs.run(["replay", "1"], db, cwd=work)
    assert same.rc == 0 and same.problem() is None, same
    assert "checked only against the result it saved" in same.stderr


def test_a_run_saved_before_digests_is_checked_against_its_saved_result(
    hs: Homestretch, tmp_path: Path
) -> None:
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(GAMES / "stretch" / "content" / "charts" / "standard", work / "charts")
    db = tmp_path / "runs.sqlite"
    ran = hs.run(
        ["stretch", "run", "2009-champagne-stakes", "--seed", "7"] + ["--charts", "charts"],
        db,
        cwd=work,
    )
    assert ran.rc == 0, ran
    _as_saved_before_digests(db, "charts", "charts")
    _replays_only_from_where_it_ran(hs, db, work, elsewhere)
    final_time = work / "charts" / "final_time.csv"
    final_time.write_text(final_time.read_text().replace("1:3", "1:4", 1))
    changed = hs.run(["replay", "1"], db, cwd=work)
    assert changed.rc == 2 and changed.problem() is None, changed
    assert "is not the one this run used" in changed.stderr


def test_an_across_game_saved_before_digests_is_checked_against_its_saved_result(
    hs: Homestretch, tmp_path: Path
) -> None:
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copytree(GAMES / "across" / "content", work / "content")
    db = tmp_path / "games.sqlite"
    argv = ["across", "play", "--bots", "3", "--bot", "random", "--seed", "4"]
    played = hs.run([*argv, "--content", "content"], db, cwd=work)
    assert played.rc == 0, played
    _as_saved_before_digests(db, "content_dir", "content")
    _replays_only_from_where_it_ran(hs, db, work, elsewhere)
    with sqlite3.connect(db) as connection:  # a result this content does not give
        connection.execute("UPDATE games SET summary = 'Nobody won with 99 fifties'")
    changed = hs.run(["replay", "1"], db, cwd=work)
    assert changed.rc == 2 and changed.problem() is None, changed
    assert "is not what this game used" in changed.stderr
