"""Names are drawn as they are written: square brackets in a player's, a horse's or a
race's name are part of the name, never colour marks (rich reads "[bold]" as one), and
":smile:" is never an emoji, in every game's terminal output, its replay and the history."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.fuzz.harness import Homestretch, Outcome, homestretch

GAMES = Path(__file__).parents[2] / "src" / "homestretch" / "games"
PEOPLE = "[bold]Ann[/],Bob [team]"
NAMES = {"[bold]Ann[/]": "Ann", "Bob [team]": "Bob", "[red]Red Rum[/]": "Rum"}
"""Each name, and a word of it that shows when the rest was taken for markup."""
EMOJI = ":smile: Seabiscuit"
"""A horse's name rich would draw with an emoji."""
WORDS = {**NAMES, EMOJI: "Seabiscuit"}


@pytest.fixture(scope="module")
def hs() -> Iterator[Homestretch]:
    """A fork server whose screens are wide enough that no name is wrapped across two
    lines of a table cell (rich reads COLUMNS once, when the server imports it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "200")
        with homestretch() as server:
            yield server


def _drawn_as_written(outcome: Outcome, names: list[str]) -> None:
    assert outcome.problem() is None and outcome.rc == 0, (outcome.problem(), outcome.stderr)
    # a call's prose wraps at the screen's edge, between any two words of a name
    shown = re.sub(r"(?<=\S) ?\n(?=\S)", " ", outcome.stdout + outcome.stderr)
    for name in names:
        word = WORDS[name]
        whole = shown.count(name)
        assert whole > 0, (name, shown[-3000:])
        assert len(re.findall(rf"\b{word}\b", shown)) == whole, (name, shown[-3000:])


def _run(hs: Homestretch, folder: Path, argv: list[str], stdin: str = "") -> Outcome:
    return hs.run(argv, folder / "names.sqlite", cwd=folder, stdin=stdin)


def _saved_ids(hs: Homestretch, folder: Path) -> list[int]:
    listed = _run(hs, folder, ["history", "--format", "json"])
    return [row["id"] for row in json.loads(listed.stdout)]


def test_people_named_with_brackets_at_across_and_totopoly(hs: Homestretch, tmp_path: Path) -> None:
    """A hot-seat game to the end (the first choice of every menu), then its replay."""
    people = list(NAMES)[:2]
    for game in ("across", "totopoly"):
        argv = [game, "play", "--players", PEOPLE, "--seed", "1"]
        argv += ["--bots", "1"] if game == "across" else []
        _drawn_as_written(_run(hs, tmp_path, argv, stdin="1\n" * 400), people)
        _drawn_as_written(_run(hs, tmp_path, ["replay", str(_saved_ids(hs, tmp_path)[0])]), people)


def test_derby_cast_people_horses_and_race_with_brackets(hs: Homestretch, tmp_path: Path) -> None:
    runners = [
        {"horse": "[red]Red Rum[/]", "odds": "2-1", "finish": 1},
        {"horse": "Arkle", "odds": "3-1", "finish": 2},
        {"horse": "Mill Reef", "odds": "9-2", "finish": 3},
    ]
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"races": [{"race": "Bob [team] Cup", "runners": runners}]}))
    argv = ["derbycast", "play", "--players", PEOPLE, "--source", "results.json", "--seed", "1"]
    argv += ["--races", "1"]
    picks = "win 1\nshow 3\n" * 20
    _drawn_as_written(_run(hs, tmp_path, argv, stdin=picks), list(NAMES))
    _drawn_as_written(_run(hs, tmp_path, ["replay", "1"]), list(NAMES))
    _drawn_as_written(_run(hs, tmp_path, ["derbycast", "races", "results.json"]), list(NAMES)[1:])


def test_stretch_horses_and_race_with_brackets(hs: Homestretch, tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(GAMES / "stretch" / "content" / "cards", cards)
    horses = cards / "horses.csv"
    text = horses.read_text().replace(",Secretariat,", ',"[red]Red Rum[/]",')
    text = text.replace(",Seabiscuit,", f",{EMOJI},")
    horses.write_text(text.replace(",Citation,", ',"Bob [team]",'))
    entries = ["-e", "secretariat-1973", "-e", "citation-1948", "-e", "seabiscuit-1938"]
    made = ["stretch", "new", "made.toml", "--name", "[bold]Ann[/] Stakes", *entries]
    made += ["--cards", "cards"]
    horses_only = ["[red]Red Rum[/]", "Bob [team]", EMOJI]
    everything = [*NAMES, EMOJI]
    _drawn_as_written(_run(hs, tmp_path, made), horses_only)
    for command in (
        ["stretch", "run", "made.toml", "--seed", "4", "--mode", "full"],
        ["stretch", "odds", "made.toml"],
        ["stretch", "simulate", "made.toml", "-n", "200", "--seed", "1"],
    ):
        _drawn_as_written(_run(hs, tmp_path, command), everything)
    # players named so, at the tote board, its captions and what the tote paid
    bettors = ["--bettor", "Bob [team]", "--computer-bettor", "[bold]Ann[/]"]
    betting = ["stretch", "run", "made.toml", "--seed", "4", *bettors]
    _drawn_as_written(_run(hs, tmp_path, betting, stdin="win 2 10\nshow 1 4\ndone\n"), everything)
    _drawn_as_written(_run(hs, tmp_path, ["replay", "1"]), everything)
    _drawn_as_written(_run(hs, tmp_path, ["stretch", "cards", "", "--cards", "cards"]), horses_only)
    _drawn_as_written(_run(hs, tmp_path, ["history"]), ["[bold]Ann[/]"])
