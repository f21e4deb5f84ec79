"""A designer's own Across the Board track, made from docs/across.md alone
(samples/across: the title cards and Fenwick Heath, a fifth track): it loads, plays and
passes the handicapper's checks; the mistakes a designer makes in a track file are each
refused in one line naming the file, the place and what is wanted."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from tests.conftest import planted, refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.across.analysis.design import track_checks
from homestretch.games.across.analysis.handicapper import simulate_track
from homestretch.games.across.content.loader import Handicap, load_content

RUNNER = CliRunner()
SAMPLE = Path(__file__).parents[4] / "samples" / "across"
TRACK = "tracks/fenwick-heath.toml"


def test_the_sample_track_loads_with_the_title_cards() -> None:
    content = load_content(str(SAMPLE))
    track = content.track("fenwick-heath")
    assert list(content.tracks) == ["fenwick-heath"] and len(content.cards) == 11
    assert track.name == "Fenwick Heath" and track.best_pick == 7
    assert [n for n, h in track.handicaps.items() if h.shaded] == [6, 7, 8]


def test_the_sample_track_plays_a_meet(tmp_path: Path) -> None:
    args = ["across", "play", "--bots", "4", "--content", str(SAMPLE), "--track"]
    args += ["fenwick-heath", "--seed", "3", "--db", str(tmp_path / "g.sqlite")]
    result = RUNNER.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    played = json.loads(result.stdout)
    assert played["status"] == "finished" and len(played["races"]) == 8


def test_a_track_file_in_the_content_folder_may_be_named_by_its_path(tmp_path: Path) -> None:
    """`--track samples/across/tracks/fenwick-heath.toml` with `--content samples/across`
    is the track fenwick-heath (it was "no such track")."""
    args = ["across", "simulate", "--content", str(SAMPLE), "--track", str(SAMPLE / TRACK)]
    result = RUNNER.invoke(app, [*args, "-n", "200", "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["track"] == "Fenwick Heath"


def test_a_track_file_outside_the_content_folder_is_told_how_to_play_it(
    tmp_path: Path,
) -> None:
    loose = tmp_path / "my-heath.toml"
    shutil.copy(SAMPLE / TRACK, loose)
    line = refused(tmp_path, "across", "simulate", "--track", str(loose), "-n", "10")
    assert "not a file" in line and "put the file in DIR/tracks/" in line, line
    assert "--content DIR --track my-heath" in line, line


def test_simulate_says_which_checks_the_sample_and_the_built_in_tracks_meet() -> None:
    """The handicapper's checks (docs/across.md, "Does a track do what it is for?"): every
    built-in track and the sample meet all nine at 20,000 races a policy."""
    for folder in (None, str(SAMPLE)):
        for track in load_content(folder).tracks.values():
            report = simulate_track(track, 20_000, 1)
            people = simulate_track(track, 20_000, 1, policy="people")
            unmet = [c.check for c in track_checks(track, report, people) if not c.met]
            assert unmet == [], (track.name, unmet)


def test_a_track_that_favours_the_longshots_fails_its_checks() -> None:
    """The sample with its longshots at 4.5 preprinted X's: they win most races, the
    favourites next to none, the race is short and the bids and the pick out of line."""
    track = load_content(str(SAMPLE)).track("fenwick-heath")
    caps = {
        n: Handicap(n, 9 if n in (2, 3, 11, 12) else h.preprinted_halves, h.shaded, h.suggested_bid)
        for n, h in track.handicaps.items()
    }
    lopsided = type(track)(**{**vars(track), "handicaps": caps})
    report = simulate_track(lopsided, 20_000, 1)
    people = simulate_track(lopsided, 20_000, 1, policy="people")
    unmet = {c.check for c in track_checks(lopsided, report, people) if not c.met}
    assert {"favourites ahead of longshots", "race length as people play"} <= unmet
    assert {"suggested bids in line", "best pick a likely winner"} <= unmet
    assert "every horse can win" in unmet  # the favourites hardly get home first


def test_simulate_json_carries_the_checks_and_the_seed() -> None:
    args = ["across", "simulate", "--content", str(SAMPLE), "--track", "fenwick-heath"]
    result = RUNNER.invoke(app, [*args, "-n", "2000", "--seed", "4", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seed"] == 4 and report["people_rolls_per_race"] > report["mean_rolls_per_race"]
    assert [c["check"] for c in report["checks"]][:2] == [
        "every horse can win",
        "no horse a certainty",
    ]
    assert report["met"] == sum(c["met"] for c in report["checks"])
    text = RUNNER.invoke(app, [*args, "-n", "2000", "--seed", "4"])
    assert "Does Fenwick Heath do what a track is for?" in text.stdout
    assert f"{report['met']} of 9 checks met" in text.stdout


MISTAKES = {
    # name: (file, text in the sample, written instead, the one line's words)
    "a missing field": (TRACK, 'city = "Norwich"\n', "", "the key 'city' is missing"),
    "a number out of range": (
        TRACK,
        "preprinted_x = 3\n",
        "preprinted_x = 7\n",
        "horse 2: preprinted_x must be at most 5, not 7.0",
    ),
    "a duplicate horse": (
        TRACK,
        "number = 3\n",
        "number = 2\n",
        "[[horse]] must hold each number 2-12 exactly once (2 given twice; 3 missing)",
    ),
    "a typo in a key": (
        TRACK,
        "suggested_bid = 3\n",
        "sugested_bid = 3\n",
        "horse 2: unknown key(s) sugested_bid (known: number, preprinted_x, shaded, "
        "suggested_bid). Nearest: suggested_bid.",
    ),
    "a typo in a file's own key": (
        TRACK,
        'colour = "green"',
        'color = "green"',
        "unknown key(s) color (known: name, city, colour, news, horse). Nearest: colour.",
    ),
    "a typo in a table's name": (
        TRACK,
        "[news]",
        "[newz]",
        "unknown key(s) newz (known: name, city, colour, news, horse). Nearest: news.",
    ),
    "a wrong type": (
        TRACK,
        "shaded = false\n",
        'shaded = "no"\n',
        "horse 2: shaded must be true or false, not 'no'",
    ),
    "true misspelt": (
        TRACK,
        "shaded = false\n",
        "shaded = flase\n",
        "line 15, 'shaded = flase': Invalid value; true or false is written in small letters",
    ),
    "a number in quotes": (
        TRACK,
        "number = 2\n",
        'number = "2"\n',
        "[[horse]] 1: number must be a whole number, not '2' (write it without quotes)",
    ),
    "a bid below one fifty": (
        TRACK,
        "suggested_bid = 3\n",
        "suggested_bid = -1\n",
        "horse 2: suggested_bid must be at least 1 fifty, not -1",
    ),
    "a shaded longshot": (
        TRACK,
        "shaded = false\n",
        "shaded = true\n",
        "horse 2: only favourites (6, 7, 8) may be shaded",
    ),
    "an empty file": (TRACK, None, "", "the file is empty"),
    "bad TOML syntax": (
        TRACK,
        'city = "Norwich"',
        'city = "Norwich',
        "line 5, 'city = \"Norwich': the text's closing quote is missing",
    ),
    "a best pick off the card": (
        TRACK,
        "best_pick = 7",
        "best_pick = 13",
        "news: best_pick must be a horse 2-12, not 13",
    ),
    "an opening bid above a player's fifties": (
        "horses.toml",
        "opening_bid = 1\n",
        "opening_bid = 45\n",
        "horse 2: opening_bid must be 1 to 40 fifties, not 45",
    ),
    "too few title cards": (
        "horses.toml",
        None,
        '[[horse]]\nnumber = 2\nname = "A"\nsire = "B"\ndam = "C"\nopening_bid = 1\n',
        "[[horse]] must hold each number 2-12 exactly once (3, 4, 5, 6, 7, 8, 9, 10, 11, 12 "
        "missing)",
    ),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_a_designers_mistake_is_one_line_naming_file_place_and_want(
    tmp_path: Path, mistake: str
) -> None:
    name, old, new, said = MISTAKES[mistake]
    folder = planted(tmp_path, SAMPLE, name, old, new)
    line = refused(tmp_path, "across", "tracks", "--content", str(folder))
    assert line.startswith(f"error: {folder / name}: "), line
    assert " ".join(said.split()) in line, line


def test_every_key_of_the_tracks_json_is_in_the_docs() -> None:
    """docs/across.md names every key `tracks --format json` prints (it said "the title
    cards and every track's handicaps and news" and no key)."""
    text = (Path(__file__).parents[4] / "docs" / "across.md").read_text(encoding="utf-8")
    named = set(re.findall(r"[`\"]([a-z_]+)[`\"]", text.split("- `tracks --format json`")[1]))
    result = RUNNER.invoke(app, ["across", "tracks", "--content", str(SAMPLE), "-f", "json"])
    shown = json.loads(result.stdout)
    track = shown["tracks"][0]
    keys = set(shown) | set(shown["horses"][0]) | set(track) | set(track["handicaps"][0])
    assert keys - named == set()
    assert track["handicaps"][0] == {
        "number": 2,
        "preprinted_halves": 6,
        "shaded": False,
        "suggested_bid": 3,
    }
