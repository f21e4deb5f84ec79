"""The cases issue 16 lists, each named: one line and exit 2 (or a sane exit 0), with the
words that say what and where."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.fuzz.harness import Homestretch

GAMES = Path(__file__).parents[2] / "src" / "homestretch" / "games"
RACE = "2009-champagne-stakes"
ENTRIES = ["-e", "secretariat-1973", "-e", "citation-1948"]


def _race_named(folder: Path, name: str) -> Path:
    text = (GAMES / "stretch" / "content" / "races" / f"{RACE}.toml").read_text()
    lines = [
        f"name = {json.dumps(name)}" if line.startswith("name =") else line
        for line in text.splitlines()
    ]
    path = folder / "named.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _totopoly_with(folder: Path, file: str, old: str, new: str) -> Path:
    content = folder / "toto"
    shutil.rmtree(content, ignore_errors=True)
    shutil.copytree(GAMES / "totopoly" / "content", content)
    target = content / file
    text = target.read_text()
    assert old in text, (file, old)
    target.write_text(text.replace(old, new, 1))
    return content


def _charts_with(folder: Path, file: str, text: str) -> Path:
    charts = folder / "charts"
    shutil.rmtree(charts, ignore_errors=True)
    shutil.copytree(GAMES / "stretch" / "content" / "charts" / "standard", charts)
    (charts / file).write_text(text)
    return charts


def _results(folder: Path, body: object) -> Path:
    path = folder / "results.json"
    path.write_text(json.dumps(body))
    return path


CASES = {
    "superscript die face": (
        lambda f: ["stretch", "run", RACE, "--dice", "3 ²"],
        "item 2 is '²'",
    ),
    "a 5000-digit die face": (
        lambda f: ["stretch", "run", RACE, "--dice", "1" * 5000],
        "die faces",
    ),
    "huge odds": (
        lambda f: ["derbycast", "points", "9" * 400 + "/21", "--bet", "win"] + ["--finish", "1"],
        "cannot read odds",
    ),
    "30-digit --bots": (lambda f: ["across", "play", "--bots", "1" + "0" * 30], "--bots"),
    "/dev/zero as a race": (lambda f: ["stretch", "run", "/dev/zero"], "not an ordinary file"),
    "/dev/zero as dice": (
        lambda f: ["stretch", "run", RACE, "--dice-file", "/dev/zero"],
        "not an ordinary file",
    ),
    "calibrate --seed -1": (lambda f: ["stretch", "calibrate", "--seed", "-1"], "--seed"),
    "undecodable --players": (
        lambda f: ["across", "play", "--players", "Ann,B\udcff", "--bots", "2"],
        "undecodable",
    ),
    "undecodable new --name": (
        lambda f: ["stretch", "new", "x.toml", "--name", "Caf\udce9", *ENTRIES],
        "undecodable",
    ),
    "terminal reset in a race name": (
        lambda f: ["stretch", "run", str(_race_named(f, "Reset\x1bc")), "--no-save"],
        "control character",
    ),
    "100k-character race name": (
        lambda f: ["stretch", "run", str(_race_named(f, "x" * 100_000)), "--no-save"],
        "characters long",
    ),
    "a Totopoly table as a number": (
        lambda f: (
            ["totopoly", "board", "--content"]
            + [str(_totopoly_with(f, "training_ring.toml", "[ring]\nsquares = 32\n", "ring = 5\n"))]
        ),
        "ring must be a table",
    ),
    "a billion copies of a report": (
        lambda f: (
            ["totopoly", "board", "--content"]
            + [str(_totopoly_with(f, "reports.toml", "copies = ", "copies = 100000000"))]
        ),
        "copies must be at most 100",
    ),
    "a ring of a trillion squares": (
        lambda f: (
            ["totopoly", "board", "--content"]
            + [str(_totopoly_with(f, "training_ring.toml", "squares = 32", "squares = 10**12"))]
        ),
        "not valid TOML",
    ),
    "a ring of a trillion squares, written out": (
        lambda f: (
            ["totopoly", "board", "--content"]
            + [
                str(
                    _totopoly_with(
                        f, "training_ring.toml", "squares = 32", "squares = 1000000000000"
                    )
                )
            ]
        ),
        "squares must be at most",
    ),
    "final_time.csv with no rows": (
        lambda f: (
            ["stretch", "run", RACE, "--no-save", "--charts"]
            + [
                str(
                    _charts_with(
                        f, "final_time.csv", "furlongs,par_figure,par_time,seconds_per_point\n"
                    )
                )
            ]
        ),
        "no rows",
    ),
    "an empty race_pace.csv": (
        lambda f: (
            ["stretch", "run", RACE, "--no-save", "--mode", "full", "--charts"]
            + [str(_charts_with(f, "race_pace.csv", ""))]
        ),
        "the file is empty",
    ),
    "a deep TOML file": (
        lambda f: [
            "stretch",
            "run",
            str(_charts_with(f, "deep.toml", "a = " + "[" * 5000) / "deep.toml"),
        ],
        "nested more than",
    ),
    "a horse as a JSON object": (
        lambda f: [
            "derbycast",
            "races",
            str(
                _results(
                    f,
                    {
                        "races": [
                            {
                                "race": "R",
                                "runners": [
                                    {"horse": {"name": "A"}, "odds": "2-1", "finish": 1},
                                    {"horse": "B", "odds": "3-1", "finish": 2},
                                ],
                            }
                        ]
                    },
                )
            ),
        ],
        'needs a "horse" name',
    ),
    "an OSC sequence in a race name": (
        lambda f: [
            "derbycast",
            "races",
            str(
                _results(
                    f,
                    {
                        "races": [
                            {
                                "race": "\x1b]0;owned\x07",
                                "runners": [
                                    {"horse": "A", "odds": "2-1", "finish": 1},
                                    {"horse": "B", "odds": "3-1", "finish": 2},
                                ],
                            }
                        ]
                    },
                )
            ),
        ],
        "control character",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_case_of_the_issue_is_one_line(hs: Homestretch, tmp_path: Path, case: str) -> None:
    argv, words = CASES[case]
    outcome = hs.run(argv(tmp_path), tmp_path / "t.sqlite", cwd=tmp_path)
    assert outcome.problem() is None, (outcome.problem(), outcome.stderr[-2000:])
    assert outcome.rc == 2 and words in outcome.stderr, outcome.stderr[-2000:]


def test_json_mode_keeps_stdout_for_json_and_one_line_for_an_error(
    hs: Homestretch, tmp_path: Path
) -> None:
    (tmp_path / "a-file").write_text("")
    failed = hs.run(  # the store cannot be opened: the run never starts, so names no seed
        ["stretch", "run", RACE, "--format", "json", "--db", str(tmp_path / "a-file" / "x")],
        tmp_path / "t.sqlite",
        cwd=tmp_path,
    )
    assert failed.rc == 2 and failed.stdout == "", failed
    assert len(failed.stderr.strip().splitlines()) == 1 and "seed" not in failed.stderr
    ran = hs.run(["stretch", "run", RACE, "--format", "json"], tmp_path / "t.sqlite", cwd=tmp_path)
    assert ran.rc == 0 and isinstance(json.loads(ran.stdout), dict)
    assert "repeat with --seed" in ran.stderr


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--plot", "x.png"], "Fullplay race (--mode full)"),  # Quickplay has no running lines
        (["--mode", "full", "--plot", "x.xyz"], "cannot draw a .xyz picture"),
        (["--mode", "full", "--plot", "no/such/x.png"], "no folder"),
        (["--mode", "full", "--plot", "."], "needs a file name ending"),
    ],
)
def test_a_picture_that_cannot_be_drawn_is_refused_before_the_race(
    hs: Homestretch, tmp_path: Path, options: list[str], words: str
) -> None:
    """The race is not run (nothing is called, nothing saved) for a picture refused after."""
    db = tmp_path / "t.sqlite"
    outcome = hs.run(["stretch", "run", RACE, "--seed", "3", *options], db, cwd=tmp_path)
    assert outcome.problem() is None and outcome.rc == 2, outcome
    assert words in outcome.stderr and outcome.stdout == "", outcome
    listed = hs.run(["history", "--format", "json"], db, cwd=tmp_path)
    assert json.loads(listed.stdout) == [], listed
