"""Every content, result and dice file format, damaged one change at a time, read by the
command that uses it: exit 0 with a sane result or exit 2 with one line naming the file.
The commands answer in JSON, so a damaged file quietly taken for a good one shows as a
result that makes no sense (``results.py``), not only as a crash."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.fuzz.conftest import examples
from tests.fuzz.harness import Homestretch
from tests.fuzz.mutate import csv_mutation, json_mutation, toml_mutation

GAMES = Path(__file__).parents[2] / "src" / "homestretch" / "games"
SAMPLES = Path(__file__).parents[2] / "samples" / "derbycast"
RACE = GAMES / "stretch" / "content" / "races" / "2009-champagne-stakes.toml"
CHARTS = GAMES / "stretch" / "content" / "charts" / "standard"
CARDS = GAMES / "stretch" / "content" / "cards"
ACROSS = GAMES / "across" / "content"
TOTOPOLY = GAMES / "totopoly" / "content"


def _copy(source: Path, place: Path) -> Path:
    target = place / uuid.uuid4().hex[:8]
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        target.mkdir()
        target = target / source.name
        shutil.copy(source, target)
    return target


def _pick(data: st.DataObject, folder: Path, pattern: str) -> Path:
    return data.draw(st.sampled_from(sorted(folder.glob(pattern))), label="file")


# (what, the original, the command reading a copy, the files in it to damage)
FORMATS: dict[str, tuple[Path, Callable[[Path], list[str]], str]] = {
    "race": (
        RACE,
        lambda p: [
            "stretch",
            "run",
            str(p),
            "--seed",
            "1",
            "--no-save",
            "--mode",
            "full",
            "-f",
            "json",
        ],
        "*.toml",
    ),
    "race at odds": (  # read without pydantic where surely valid (race_plain), else the models
        RACE,
        lambda p: (
            ["stretch", "odds", str(p), "--mode", "full", "-n", "1000", "--seed", "1"]
            + ["-f", "json"]
        ),
        "*.toml",
    ),
    "chart set": (
        CHARTS,
        lambda p: (
            ["stretch", "run", "2009-champagne-stakes", "--seed", "1", "--no-save"]
            + ["--mode", "full", "--charts", str(p), "--format", "json"]
        ),
        "*",
    ),
    "card set": (
        CARDS,
        lambda p: (
            ["stretch", "new", str(p / "new.toml"), "--cards", str(p), "--force"]
            + ["-e", "secretariat-1973", "-e", "citation-1948"]
        ),
        "*.csv",
    ),
    "across content": (
        ACROSS,
        lambda p: (
            ["across", "simulate", "--track", "woodbine", "-n", "50", "--seed", "1"]
            + ["--content", str(p), "--format", "json"]
        ),
        "**/*.toml",
    ),
    "totopoly content": (
        TOTOPOLY,
        lambda p: [
            "totopoly",
            "simulate",
            "-n",
            "1",
            "--seed",
            "1",
            "--content",
            str(p),
            "-f",
            "json",
        ],
        "*.toml",
    ),
    "odds table": (
        GAMES / "derbycast" / "content" / "odds_table.csv",
        lambda p: ["derbycast", "table", "--table", str(p), "-f", "json"],
        "*",
    ),
    "results csv": (
        SAMPLES / "saturday_card.csv",
        lambda p: ["derbycast", "races", str(p), "-f", "json"],
        "*",
    ),
    "results json": (
        SAMPLES / "saturday_card.json",
        lambda p: ["derbycast", "races", str(p), "-f", "json"],
        "*",
    ),
}
_MUTATE = {".toml": toml_mutation, ".csv": csv_mutation, ".json": json_mutation}


@pytest.mark.parametrize("what", sorted(FORMATS))
def test_a_damaged_file_is_one_line(hs: Homestretch, place: Path, what: str) -> None:
    source, command, pattern = FORMATS[what]

    @settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(12))
    @given(data=st.data())
    def damaged(data: st.DataObject) -> None:
        copy = _copy(source, place)
        folder = copy if copy.is_dir() else copy.parent
        target = _pick(data, folder, pattern) if copy.is_dir() else copy
        change = _MUTATE[target.suffix](data, target)
        outcome = hs.run(command(copy), place / "files.sqlite", cwd=place)
        problem = outcome.problem()
        assert problem is None, (problem, what, target.name, change, outcome.stderr[-2000:])
        if outcome.rc == 2:
            assert str(folder.name) in outcome.stderr, ("the file is not named", outcome.stderr)

    damaged()


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(20))
@given(text=st.text(max_size=60))
def test_any_dice_file(hs: Homestretch, place: Path, text: str) -> None:
    dice = place / f"dice-{uuid.uuid4().hex[:8]}.txt"
    dice.write_bytes(text.encode("utf-8", "surrogateescape"))
    argv = ["stretch", "run", "2009-champagne-stakes", "--no-save", "--dice-file", str(dice)]
    outcome = hs.run(argv, place / "files.sqlite", cwd=place)
    assert outcome.problem() is None, (outcome.problem(), text, outcome.stderr[-2000:])
