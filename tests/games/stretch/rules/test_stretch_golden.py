"""Golden races: seeded runs of the two rulebook races in both versions, the race call
as a person reads it and every scoresheet line, compared line by line (plain text, so a
new version of the table library cannot break them).

If a chart or rule changes on purpose, regenerate the files and read the diff:

    .venv/bin/python tests/games/stretch/rules/test_stretch_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import Mode, RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_call

GOLDEN = Path(__file__).parent / "golden"
RACES = [
    ("2009-champagne-stakes", "full", 1),
    ("2009-champagne-stakes", "quick", 2),
    ("2009-breeders-cup-ladies-classic", "full", 3),
    ("2009-breeders-cup-ladies-classic", "quick", 4),
]


def rendered(race: str, mode: Mode, seed: int) -> list[str]:
    state = play(RaceGame(load_race(race), mode).new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState)
    data = state.result()
    lines = [f"{heading}. {words}" for heading, words in race_call(state)]
    lines += [json.dumps(entry, sort_keys=True) for entry in data["entries"]]
    lines.append(f"final time {data['final_time']}; dice {' '.join(map(str, data['dice']))}")
    return lines


def golden_file(race: str, mode: str, seed: int) -> Path:
    return GOLDEN / f"{race}-{mode}-seed-{seed}.txt"


@pytest.mark.parametrize(("race", "mode", "seed"), RACES)
def test_golden_race_is_unchanged(race: str, mode: Mode, seed: int) -> None:
    expected = golden_file(race, mode, seed).read_text(encoding="utf-8").splitlines()
    got = rendered(race, mode, seed)
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have.rstrip() == want.rstrip(), f"line {number} differs"
    assert len(got) == len(expected)


if __name__ == "__main__":
    for race, mode, seed in RACES:
        lines = rendered(race, mode, seed)  # type: ignore[arg-type]
        golden_file(race, mode, seed).write_text("\n".join(lines) + "\n", encoding="utf-8")
