"""A horse named without a jockey (ruling S27): `stretch new` and the browser's builder
put its own rider up, from the card set's riders.csv, and the stand-in only where it has
none free, saying so. `stretch new -e secretariat-1973 -e citation-1948` put House Rider
B on both (on every horse of a field named without riders)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.errors import HomestretchError
from homestretch.games.stretch.content.builder import race_from_picks
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.cards_plain import STANDARD_CARDS
from homestretch.games.stretch.content.riders import card_riders

RUNNER = CliRunner()


def _new(path: Path, *entries: str, json_out: bool = False) -> str:
    args = ["stretch", "new", str(path), *(a for e in entries for a in ("-e", e))]
    result = RUNNER.invoke(app, [*args, *(["-f", "json"] if json_out else [])])
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def _riders(path: Path) -> list[str]:
    return [e["jockey"] for e in tomllib.loads(path.read_text())["entries"]]


def test_a_horse_named_alone_gets_its_own_rider_and_the_stand_in_is_said(tmp_path: Path) -> None:
    path = tmp_path / "dream.toml"
    said = _new(
        path,
        "secretariat-1973",
        "citation-1948",
        "zenyatta-2009",
        "justify-2018",  # Mike Smith is up on Zenyatta, nearer the rail
        "clm-dollar-bill",  # a claimer of our own: no rider on its card
    )
    assert _riders(path) == ["turcotte", "arcaro", "smith-m", "house-b", "house-b"]
    assert "Ron Turcotte" in said and "Eddie Arcaro" in said
    assert (
        "Justify: no jockey named and its rider, Mike Smith, is on Zenyatta, so the stand-in "
        "House Rider B rides." in said
    )
    assert (
        "Dollar Bill: no jockey named and its card names no rider, so the stand-in House "
        "Rider B rides." in said
    )
    assert "Secretariat: no jockey" not in said
    # the race runs
    run = RUNNER.invoke(app, ["stretch", "run", str(path), "--seed", "1", "--no-save"])
    assert run.exit_code == 0, run.output


def test_a_jockey_named_on_one_entry_comes_before_a_horse_named_alone(tmp_path: Path) -> None:
    """Smith named for Justify (post 2) rides Justify: Zenyatta (post 1), named alone,
    gets the stand-in, not a rider named twice (ruling S16 refuses that)."""
    path = tmp_path / "dream.toml"
    data = json.loads(_new(path, "zenyatta-2009", "justify-2018@smith-m", json_out=True))
    assert [(e["jockey"], e["jockey_from"]) for e in data["entries"]] == [
        ("house-b", "stand-in"),
        ("smith-m", "named"),
    ]
    data = json.loads(
        _new(tmp_path / "two.toml", "secretariat-1973", "citation-1948@pincay", json_out=True)
    )
    assert [(e["jockey"], e["jockey_from"]) for e in data["entries"]] == [
        ("turcotte", "own"),
        ("pincay", "named"),
    ]


def test_every_rider_of_the_standard_set_is_a_card_of_it() -> None:
    """riders.csv names only horses and jockeys the standard set has, each horse once
    (card_riders refuses any other), and none of the stand-ins."""
    cards = load_card_set()
    riders = card_riders(cards)
    assert len(riders) >= 70
    assert riders["secretariat-1973"] == "turcotte" and riders["seabiscuit-1938"] == "woolf"
    assert not any(jockey.startswith("house-") for jockey in riders.values())


def test_the_builder_puts_up_the_horses_own_riders() -> None:
    race = race_from_picks(
        {
            "name": "Mine",
            "furlongs": 10.0,
            "entries": [
                {"horse": "secretariat-1973", "jockey": ""},
                {"horse": "affirmed-1978"},
                {"horse": "clm-dollar-bill", "jockey": ""},
            ],
        },
        load_card_set(),
    )
    assert [r.jockey.id for r in race.runners] == ["turcotte", "cauthen", "house-b"]


def test_a_riders_file_naming_no_card_is_refused_by_line(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(STANDARD_CARDS, cards)
    riders = cards / "riders.csv"
    riders.write_text(
        riders.read_text().replace("secretariat-1973,turcotte", "secretariat-1973,turcote")
    )
    said = refused(
        tmp_path,
        "stretch",
        "new",
        str(tmp_path / "r.toml"),
        "--cards",
        str(cards),
        "-e",
        "secretariat-1973",
        "-e",
        "citation-1948",
    )
    assert said.endswith("riders.csv: line 2: jockey 'turcote' has no card in jockeys.csv")
    # every jockey named: the file is not read
    result = RUNNER.invoke(
        app,
        ["stretch", "new", str(tmp_path / "s.toml"), "--cards", str(cards)]
        + ["-e", "secretariat-1973@turcotte", "-e", "citation-1948@arcaro"],
    )
    assert result.exit_code == 0, result.output
    with pytest.raises(HomestretchError, match="line 2: jockey 'turcote'"):
        race_from_picks(
            {"name": "M", "furlongs": 8.0, "entries": [{"horse": "secretariat-1973"}] * 2},
            load_card_set(cards),
        )
